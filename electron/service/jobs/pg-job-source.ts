import type { Delivery, PgJobQueue } from '../store/postgres/pg-job-queue';
import type { PgJobsRepo } from '../store/postgres/pg-jobs-repo';
import type { JobSource } from './job-source';

/**
 * Server mode: jobs come as pg-boss deliveries. A delivery starts its job only through the
 * compare-and-set `startDelivered`, so a stale or duplicate delivery is dropped, never run twice.
 * A job handed back at a stop is failed in pg-boss, which retries it at once on any host: unlike
 * SQLite mode that uses up its one retry (pg-boss has no "release without counting").
 */
export function pgJobSource(queue: PgJobQueue, jobs: Pick<PgJobsRepo, 'startDelivered'>): JobSource {
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
      if (d) await queue.failDelivery(d);
    },
  };
}
