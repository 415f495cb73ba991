import type { Pool } from 'pg';
import type { Promisified } from '../async-repo';
import type { LedgerEntry, LedgerRepo } from '../ledger-repo';

/** An account's two balances ($1: the account), as the ledger repository and the store's units read them. */
export const BALANCES_SQL = `SELECT COALESCE(SUM(delta) FILTER (WHERE bucket = 'subscription'), 0)::bigint AS subscription,
    COALESCE(SUM(delta) FILTER (WHERE bucket = 'purchased'), 0)::bigint AS purchased
  FROM credit_ledger WHERE account_id = $1`;
export const INSERT_LEDGER_SQL = 'INSERT INTO credit_ledger (account_id, bucket, delta, reason, job_id, note, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)';

/** The append-only credit ledger (triggers refuse UPDATE, DELETE and TRUNCATE: pg-migrations.ts). */
export function createPgLedgerRepo(pool: Pool): Promisified<LedgerRepo> {
  return {
    balances: async (accountId) =>
      (await pool.query<{ subscription: number; purchased: number }>(BALANCES_SQL, [accountId])).rows[0],
    append: async (e) => {
      await pool.query(INSERT_LEDGER_SQL, [e.account_id, e.bucket, e.delta, e.reason, e.job_id, e.note, e.created_at]);
    },
    forJob: async (jobId) => (await pool.query<LedgerEntry & { seq: number }>('SELECT * FROM credit_ledger WHERE job_id = $1 ORDER BY seq', [jobId])).rows,
    // As ledger-repo.ts: per job first (a reservation may span both buckets), dated by its reservation, in UTC days.
    usageSince: async (accountId, since) =>
      (await pool.query<{ date: string; credits: number; jobs: number }>(
        `WITH per_job AS (
           SELECT job_id, MIN(CASE WHEN reason = 'reserve' THEN created_at END) AS at, -SUM(delta) AS net
           FROM credit_ledger WHERE account_id = $1 AND job_id IS NOT NULL AND reason IN ('reserve', 'refund')
           GROUP BY job_id)
         SELECT to_char(to_timestamp(at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, SUM(net)::bigint AS credits, COUNT(*) AS jobs
         FROM per_job WHERE at >= $2 GROUP BY 1 ORDER BY 1`,
        [accountId, since],
      )).rows,
  };
}
