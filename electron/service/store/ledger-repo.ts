import type { CreditBucket } from '../../../shared/api/constants';
import type { Db } from './database';

export type LedgerReason = 'grant' | 'reserve' | 'refund' | 'expire';

export interface LedgerEntry {
  account_id: string;
  bucket: CreditBucket;
  delta: number;
  reason: LedgerReason;
  job_id: string | null;
  note: string;
  created_at: number;
}

export type LedgerRepo = ReturnType<typeof createLedgerRepo>;

/** The append-only credit ledger (triggers in the schema refuse UPDATE and DELETE). */
export function createLedgerRepo(db: Db) {
  const balances = db.prepare(`SELECT
      COALESCE(SUM(CASE WHEN bucket = 'subscription' THEN delta END), 0) AS subscription,
      COALESCE(SUM(CASE WHEN bucket = 'purchased' THEN delta END), 0) AS purchased
    FROM credit_ledger WHERE account_id = ?`);
  const append = db.prepare(`INSERT INTO credit_ledger (account_id, bucket, delta, reason, job_id, note, created_at)
    VALUES (@account_id, @bucket, @delta, @reason, @job_id, @note, @created_at)`);
  const forJob = db.prepare('SELECT * FROM credit_ledger WHERE job_id = ? ORDER BY seq');
  // Credits per day of submission, net of refunds (a refunded job cost nothing, whenever it was refunded).
  // Per job first: a reservation may span both buckets, so a refund must not be counted once per row.
  const usage = db.prepare(`WITH per_job AS (
      SELECT job_id, MIN(CASE WHEN reason = 'reserve' THEN created_at END) AS at, -SUM(delta) AS net
      FROM credit_ledger WHERE account_id = ? AND job_id IS NOT NULL AND reason IN ('reserve', 'refund')
      GROUP BY job_id)
    SELECT date(at / 1000, 'unixepoch') AS date, SUM(net) AS credits, COUNT(*) AS jobs
    FROM per_job WHERE at >= ? GROUP BY date ORDER BY date`);

  return {
    balances: (accountId: string) => balances.get(accountId) as { subscription: number; purchased: number },
    append: (e: LedgerEntry) => void append.run(e),
    forJob: (jobId: string) => forJob.all(jobId) as (LedgerEntry & { seq: number })[],
    usageSince: (accountId: string, since: number) =>
      usage.all(accountId, since) as { date: string; credits: number; jobs: number }[],
  };
}
