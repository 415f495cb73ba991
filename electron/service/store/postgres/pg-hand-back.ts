import type { Pool } from 'pg';
import type { Delivery, PgJobQueue } from './pg-job-queue';
import { inTransaction } from './pg-pool';

/**
 * A worker host stopping (Ctrl+C, SIGTERM) hands its running job back without using up the job's one
 * retry, as SQLite mode's `release` does: in one transaction the row goes back to queued with its
 * attempt uncounted, and the delivery is replaced by one for that attempt. If the job already ended
 * (its row is not processing), the delivery is only completed.
 */
export async function handBackDelivery(pool: Pool, queue: PgJobQueue, d: Delivery): Promise<void> {
  await inTransaction(pool, async (c) => {
    const released = await c.query<{ attempts: number }>(
      `UPDATE jobs SET state = 'queued', attempts = GREATEST(0, attempts - 1), progress = NULL, stage = NULL, started_at = NULL
       WHERE id = $1 AND state = 'processing' RETURNING attempts`,
      [d.jobId],
    );
    if (released.rows.length) await queue.handBackInTransaction(c, d, released.rows[0].attempts);
    else await queue.completeInTransaction(c, d);
  });
}
