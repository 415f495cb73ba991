/**
 * The store's atomic units (store/transactions.ts) in PostgreSQL, for several API processes on one
 * database. Every unit that reads a balance first locks the account's row (`FOR UPDATE`): two
 * processes reserving for one account then run one after the other, and the second sees the first's
 * ledger rows, so credits are never overspent. A refund also locks the job's row, so one job is
 * refunded once. The rules are the domain's, passed in as in SQLite mode; a rule that throws rolls
 * its transaction back.
 */
import type { Pool, PoolClient } from 'pg';
import type { LedgerChange } from '../../billing/credit-rules';
import { newAccountRow, type AccountRow } from '../accounts-repo';
import type { JobRow } from '../jobs-repo';
import type { LedgerEntry } from '../ledger-repo';
import { BALANCES_SQL, INSERT_LEDGER_SQL } from './pg-ledger-repo';
import { inTransaction } from './pg-pool';
import type { AsyncStoreTransactions } from '../transactions';

export type { AsyncStoreTransactions };

export interface PostgresTransactionOptions {
  /** Runs inside the submitting transaction after the job row is inserted: the queue's send (pg-job-queue.ts). */
  onJobInserted?: (client: PoolClient, job: JobRow) => Promise<void>;
}

export function createPostgresTransactions(pool: Pool, o: PostgresTransactionOptions = {}): AsyncStoreTransactions {
  const transaction = <T>(fn: (c: PoolClient) => Promise<T>): Promise<T> => inTransaction(pool, fn);
  const lockAccount = async (c: PoolClient, id: string) =>
    (await c.query<AccountRow>('SELECT * FROM accounts WHERE id = $1 FOR UPDATE', [id])).rows[0] as AccountRow | undefined;
  const balances = async (c: PoolClient, accountId: string) =>
    (await c.query<{ subscription: number; purchased: number }>(BALANCES_SQL, [accountId])).rows[0];
  const append = async (c: PoolClient, accountId: string, rows: LedgerChange[], now: number) => {
    for (const r of rows) {
      await c.query(INSERT_LEDGER_SQL, [accountId, r.bucket, r.delta, r.reason, r.job_id, r.note, now]);
    }
  };
  const requireAccount = (account: AccountRow | undefined, id: string): AccountRow => {
    if (!account) throw new Error(`store: no account ${id}`);
    return account;
  };

  return {
    submitJob: (row, decide) =>
      transaction(async (c) => {
        requireAccount(await lockAccount(c, row.account_id), row.account_id);
        const queued = Number((await c.query("SELECT COUNT(*) AS n FROM jobs WHERE state = 'queued'")).rows[0].n);
        await append(c, row.account_id, decide({ queued, balances: await balances(c, row.account_id) }), row.created_at);
        const { rows } = await c.query<JobRow>(
          `INSERT INTO jobs (id, account_id, operation, state, params, input_sha, input_name, cost, created_at)
           VALUES ($1, $2, $3, 'queued', $4, $5, $6, $7, $8) RETURNING *`,
          [row.id, row.account_id, row.operation, row.params, row.input_sha, row.input_name, row.cost, row.created_at],
        );
        await o.onJobInserted?.(c, rows[0]);
        return rows[0];
      }),

    settlePeriod: (accountId, now, decide) =>
      transaction(async (c) => {
        const account = requireAccount(await lockAccount(c, accountId), accountId);
        const rollover = decide(account, (await balances(c, accountId)).subscription);
        if (!rollover) return account;
        await append(c, accountId, rollover.ledger, now);
        if (rollover.status) {
          await c.query('UPDATE accounts SET subscription_status = $1, cancel_at_period_end = $2 WHERE id = $3', [
            rollover.status.status, rollover.status.cancelAtPeriodEnd ? 1 : 0, accountId,
          ]);
        }
        if (rollover.period) {
          await c.query('UPDATE accounts SET current_period_start = $1, current_period_end = $2 WHERE id = $3', [rollover.period.start, rollover.period.end, accountId]);
        }
        return (await c.query<AccountRow>('SELECT * FROM accounts WHERE id = $1', [accountId])).rows[0];
      }),

    refundJob: (jobId, now, decide) =>
      transaction(async (c) => {
        const job = (await c.query<JobRow>('SELECT * FROM jobs WHERE id = $1 FOR UPDATE', [jobId])).rows[0] as JobRow | undefined;
        const account = job ? await lockAccount(c, job.account_id) : undefined;
        const ledger = job ? (await c.query<LedgerEntry>('SELECT * FROM credit_ledger WHERE job_id = $1 ORDER BY seq', [jobId])).rows : [];
        const rows = decide(job, ledger, account);
        await append(c, job!.account_id, rows, now);
        await c.query('UPDATE jobs SET refunded_at = $1 WHERE id = $2 AND refunded_at IS NULL', [now, jobId]);
        return rows;
      }),

    createAccount: (a, opening, firstKey, now) =>
      transaction(async (c) => {
        const r = newAccountRow(a, now);
        const { rows } = await c.query<AccountRow>(
          `INSERT INTO accounts (id, name, plan, subscription_status, current_period_start, current_period_end, rate_limit_per_minute, is_owner, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
          [r.id, r.name, r.plan, r.subscription_status, r.current_period_start, r.current_period_end, r.rate_limit_per_minute, r.is_owner, r.created_at],
        );
        await append(c, r.id, opening(rows[0]), now);
        await c.query('INSERT INTO api_keys (id, account_id, key_hash, prefix, label, created_at, studio) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
          firstKey.id, r.id, firstKey.key_hash, firstKey.prefix, firstKey.label, firstKey.created_at, firstKey.studio ? 1 : 0,
        ]);
        return rows[0];
      }),

    appendLedger: (accountId, rows, now) =>
      transaction(async (c) => {
        requireAccount(await lockAccount(c, accountId), accountId);
        await append(c, accountId, rows, now);
      }),

    recoverInterrupted: (now, decide) =>
      transaction(async (c) => {
        const retried: string[] = [];
        const failed: string[] = [];
        const { rows } = await c.query<JobRow>("SELECT * FROM jobs WHERE state = 'processing' ORDER BY seq FOR UPDATE");
        for (const job of rows) {
          const d = decide(job);
          if (d.retry) {
            await c.query("UPDATE jobs SET state = 'queued', progress = NULL, stage = NULL, started_at = NULL WHERE id = $1", [job.id]);
            retried.push(job.id);
          } else {
            await c.query("UPDATE jobs SET state = 'failed', error = $1, stage = 'failed', completed_at = $2 WHERE id = $3", [d.error, now, job.id]);
            failed.push(job.id);
          }
        }
        return { retried, failed };
      }),
  };
}
