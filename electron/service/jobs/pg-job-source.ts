import { handBackDelivery } from '../store/postgres/pg-hand-back';
import type { Delivery, PgJobQueue } from '../store/postgres/pg-job-queue';
import type { PostgresStore } from '../store/postgres/pg-store';
import type { JobSource } from './job-source';

/**
 * Server mode: jobs come as pg-boss deliveries. A delivery starts its job only through the
 * compare-and-set `startDelivered`, so a stale or duplicate delivery is dropped, never run twice.
 * A job handed back at a stop is queued again at once for any host, without using up its retry
 * (store/postgres/pg-hand-back.ts), as in SQLite mode.
 */
export function pgJobSource(queue: PgJobQueue, store: Pick<PostgresStore, 'jobs' | 'pool'>): JobSource {
  const { jobs } = store;
  const running = new Map<string, Delivery>();
  return {
    async next(now) {
      for (;;) {
        const d = await queue.fetch();
        if (!d) return undefined;
        const row = await jobs.startDelivered(d.jobId, d.retryCount, now);
        if (row) {
          running.set(row.id, d);
          return row;
        }
        await queue.complete(d); // the job already ended, or this delivery is not the current one
      }
    },
    async settled(jobId) {
      const d = running.get(jobId);
      running.delete(jobId);
      if (d) await queue.complete(d);
    },
    async giveBack(jobId) {
      const d = running.get(jobId);
      running.delete(jobId);
      if (d) await handBackDelivery(store.pool, queue, d);
    },
  };
}
