import type { JobStatus } from '../../../shared/api/constants';
import { statementCache, type Db } from './database';

export interface JobRow {
  seq: number;
  id: string;
  account_id: string;
  operation: string;
  state: JobStatus;
  params: string;
  input_sha: string | null;
  input_name: string | null;
  cost: number;
  attempts: number;
  progress: number | null;
  stage: string | null;
  output: string | null;
  error: string | null;
  refunded_at: number | null;
  created_at: number;
  started_at: number | null;
  completed_at: number | null;
}

export interface JobFilter {
  accountId: string;
  operation?: string;
  status?: string;
  limit: number;
  offset: number;
}

export type JobsRepo = ReturnType<typeof createJobsRepo>;

export function createJobsRepo(db: Db) {
  const prepared = statementCache(db);
  const byId = db.prepare('SELECT * FROM jobs WHERE id = ?');
  const insert = db.prepare(`INSERT INTO jobs (id, account_id, operation, state, params, input_sha, input_name, cost, created_at)
    VALUES (@id, @account_id, @operation, 'queued', @params, @input_sha, @input_name, @cost, @created_at)`);
  const countQueued = db.prepare("SELECT COUNT(*) FROM jobs WHERE state = 'queued'").pluck();
  // Claim the oldest queued job atomically; `attempts` counts how often a worker started it.
  const claim = db.prepare(`UPDATE jobs SET state = 'processing', attempts = attempts + 1, started_at = ?, progress = 0, stage = 'starting'
    WHERE seq = (SELECT seq FROM jobs WHERE state = 'queued' ORDER BY seq LIMIT 1) RETURNING *`);
  const progress = db.prepare("UPDATE jobs SET progress = ?, stage = ? WHERE id = ? AND state = 'processing'");
  const succeed = db.prepare(`UPDATE jobs SET state = 'succeeded', output = ?, progress = 1, stage = 'done', completed_at = ?
    WHERE id = ? AND state = 'processing'`);
  const fail = db.prepare(`UPDATE jobs SET state = 'failed', error = ?, stage = 'failed', completed_at = ?
    WHERE id = ? AND state IN ('queued', 'processing')`);
  const requeue = db.prepare("UPDATE jobs SET state = 'queued', progress = NULL, stage = NULL, started_at = NULL WHERE id = ? AND state = 'processing'");
  // Graceful shutdown: back to the queue, and the interrupted start does not count as an attempt.
  const release = db.prepare("UPDATE jobs SET state = 'queued', attempts = MAX(0, attempts - 1), progress = NULL, stage = NULL, started_at = NULL WHERE id = ? AND state = 'processing'");
  const processing = db.prepare("SELECT * FROM jobs WHERE state = 'processing' ORDER BY seq");
  const markRefunded = db.prepare('UPDATE jobs SET refunded_at = ? WHERE id = ? AND refunded_at IS NULL');

  return {
    get: (id: string) => byId.get(id) as JobRow | undefined,
    insert: (row: Pick<JobRow, 'id' | 'account_id' | 'operation' | 'params' | 'input_sha' | 'input_name' | 'cost' | 'created_at'>) =>
      void insert.run(row),
    queuedCount: () => countQueued.get() as number,
    claimNext: (now: number) => claim.get(now) as JobRow | undefined,
    setProgress: (id: string, fraction: number, stage: string) => void progress.run(fraction, stage, id),
    succeed: (id: string, output: unknown, now: number) => succeed.run(JSON.stringify(output), now, id).changes === 1,
    fail: (id: string, error: string, now: number) => fail.run(error, now, id).changes === 1,
    release: (id: string) => release.run(id).changes === 1,
    requeue: (id: string) => requeue.run(id).changes === 1,
    listProcessing: () => processing.all() as JobRow[],
    markRefunded: (id: string, at: number) => markRefunded.run(at, id).changes === 1,
    list(filter: JobFilter): { total: number; rows: JobRow[] } {
      const where = ['account_id = @accountId'];
      if (filter.operation) where.push('operation = @operation');
      if (filter.status) where.push('state = @status');
      const clause = where.join(' AND ');
      const params = { accountId: filter.accountId, operation: filter.operation, status: filter.status };
      const total = prepared(`SELECT COUNT(*) FROM jobs WHERE ${clause}`).pluck().get(params) as number;
      const rows = prepared(`SELECT * FROM jobs WHERE ${clause} ORDER BY seq DESC LIMIT @limit OFFSET @offset`)
        .all({ ...params, limit: filter.limit, offset: filter.offset }) as JobRow[];
      return { total, rows };
    },
  };
}
