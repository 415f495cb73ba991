import type { Pool } from 'pg';
import type { Promisified } from '../async-repo';
import type { JobRow, JobsRepo } from '../jobs-repo';

export interface PgJobsRepo extends Promisified<JobsRepo> {
  /**
   * Starts a job the queue delivered: a compare-and-set on `attempts`, so only the delivery the queue
   * meant (0 the first, 1 the retry) starts it and a duplicate delivery cannot run a job twice.
   * Returns the started row, or undefined when the job is not startable at that attempt.
   */
  startDelivered(id: string, retryCount: number, now: number): Promise<JobRow | undefined>;
}

export function createPgJobsRepo(pool: Pool): PgJobsRepo {
  const rows = async (sql: string, params: unknown[] = []) => (await pool.query<JobRow>(sql, params)).rows;
  const changed = async (sql: string, params: unknown[]) => (await pool.query(sql, params)).rowCount === 1;
  return {
    get: async (id) => (await rows('SELECT * FROM jobs WHERE id = $1', [id]))[0],
    insert: async (r) => {
      await pool.query(
        `INSERT INTO jobs (id, account_id, operation, state, params, input_sha, input_name, cost, created_at)
         VALUES ($1, $2, $3, 'queued', $4, $5, $6, $7, $8)`,
        [r.id, r.account_id, r.operation, r.params, r.input_sha, r.input_name, r.cost, r.created_at],
      );
    },
    queuedCount: async () => Number((await pool.query("SELECT COUNT(*) AS n FROM jobs WHERE state = 'queued'")).rows[0].n),
    // SQLite mode's claim; in server mode the queue delivers and startDelivered starts.
    claimNext: async (now) =>
      (await rows(
        `UPDATE jobs SET state = 'processing', attempts = attempts + 1, started_at = $1, progress = 0, stage = 'starting'
         WHERE seq = (SELECT seq FROM jobs WHERE state = 'queued' ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING *`,
        [now],
      ))[0],
    startDelivered: async (id, retryCount, now) =>
      (await rows(
        `UPDATE jobs SET state = 'processing', attempts = attempts + 1, started_at = $1, progress = 0, stage = 'starting'
         WHERE id = $2 AND attempts = $3 AND state IN ('queued', 'processing') RETURNING *`,
        [now, id, retryCount],
      ))[0],
    setProgress: async (id, fraction, stage) => {
      await pool.query("UPDATE jobs SET progress = $1, stage = $2 WHERE id = $3 AND state = 'processing'", [fraction, stage, id]);
    },
    succeed: (id, output, now) =>
      changed("UPDATE jobs SET state = 'succeeded', output = $1, progress = 1, stage = 'done', completed_at = $2 WHERE id = $3 AND state = 'processing'", [
        JSON.stringify(output), now, id,
      ]),
    fail: (id, error, now) =>
      changed("UPDATE jobs SET state = 'failed', error = $1, stage = 'failed', completed_at = $2 WHERE id = $3 AND state IN ('queued', 'processing')", [error, now, id]),
    release: (id) =>
      changed("UPDATE jobs SET state = 'queued', attempts = GREATEST(0, attempts - 1), progress = NULL, stage = NULL, started_at = NULL WHERE id = $1 AND state = 'processing'", [id]),
    requeue: (id) => changed("UPDATE jobs SET state = 'queued', progress = NULL, stage = NULL, started_at = NULL WHERE id = $1 AND state = 'processing'", [id]),
    listProcessing: () => rows("SELECT * FROM jobs WHERE state = 'processing' ORDER BY seq"),
    markRefunded: (id, at) => changed('UPDATE jobs SET refunded_at = $1 WHERE id = $2 AND refunded_at IS NULL', [at, id]),
    list: async (f) => {
      const where = ['account_id = $1'];
      const params: unknown[] = [f.accountId];
      if (f.operation) where.push(`operation = $${params.push(f.operation)}`);
      if (f.status) where.push(`state = $${params.push(f.status)}`);
      const clause = where.join(' AND ');
      const total = Number((await pool.query(`SELECT COUNT(*) AS n FROM jobs WHERE ${clause}`, params)).rows[0].n);
      const page = await rows(`SELECT * FROM jobs WHERE ${clause} ORDER BY seq DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, f.limit, f.offset]);
      return { total, rows: page };
    },
  };
}
