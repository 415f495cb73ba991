/**
 * The atomic units of the service: each runs one transaction in the store and asks a pure rule from
 * the domain (billing/credit-rules.ts, jobs/) what to write, so the rules exist once and each backend
 * only supplies atomicity (store/SERVER-MODE.md). This is the SQLite backend: IMMEDIATE transactions,
 * so the CLI, the service and concurrent requests serialise on the database file. A rule that throws
 * aborts its unit with nothing written.
 */
import type { Balances, LedgerChange, PeriodRollover } from '../billing/credit-rules';
import type { AccountRow, AccountsRepo, NewAccount } from './accounts-repo';
import type { Db } from './database';
import type { Promisified } from './async-repo';
import type { JobRow, JobsRepo } from './jobs-repo';
import type { ApiKeyRow, KeysRepo } from './keys-repo';
import type { LedgerEntry, LedgerRepo } from './ledger-repo';

/** What a submission's rule decides on, read inside the submitting transaction. */
export interface SubmitState {
  /** Jobs waiting in the whole queue. */
  queued: number;
  balances: Balances;
}

export type NewJobRow = Pick<JobRow, 'id' | 'account_id' | 'operation' | 'params' | 'input_sha' | 'input_name' | 'cost' | 'created_at'>;
export type NewKeyRow = Omit<ApiKeyRow, 'account_id' | 'revoked_at' | 'studio'> & { studio?: boolean };
export type RecoveryDecision = { retry: true } | { retry: false; error: string };

export interface StoreTransactions {
  /** Inserts a job once `decide` approved it, with the ledger rows it returned (its reservation). */
  submitJob(row: NewJobRow, decide: (state: SubmitState) => LedgerChange[]): JobRow;
  /** Applies the roll-over `decide` finds for the account as it is inside the transaction; returns the account after. */
  settlePeriod(accountId: string, now: number, decide: (account: AccountRow, subscriptionLeft: number) => PeriodRollover | null): AccountRow;
  /** Refunds a job: `decide` checks the job and returns the refund rows; the job is marked refunded at `now`. */
  refundJob(jobId: string, now: number, decide: (job: JobRow | undefined, jobLedger: LedgerEntry[], account: AccountRow | undefined) => LedgerChange[]): LedgerChange[];
  /** Creates an account with its opening ledger rows and first key. */
  createAccount(a: NewAccount, opening: (account: AccountRow) => LedgerChange[], firstKey: NewKeyRow, now: number): AccountRow;
  appendLedger(accountId: string, rows: LedgerChange[], now: number): void;
  /** After a restart: each job left processing is retried or failed, as `decide` says. */
  recoverInterrupted(now: number, decide: (job: JobRow) => RecoveryDecision): { retried: string[]; failed: string[] };
}

/** StoreTransactions with every result a promise: the shape the service uses, whatever the backend. */
export type AsyncStoreTransactions = Promisified<StoreTransactions>;

export function createSqliteTransactions(db: Db, r: { accounts: AccountsRepo; keys: KeysRepo; ledger: LedgerRepo; jobs: JobsRepo }): StoreTransactions {
  const append = (accountId: string, rows: LedgerChange[], now: number) => {
    for (const row of rows) r.ledger.append({ ...row, account_id: accountId, created_at: now });
  };
  const immediate = <T>(fn: () => T): T => db.transaction(fn).immediate();
  return {
    submitJob: (row, decide) =>
      immediate(() => {
        append(row.account_id, decide({ queued: r.jobs.queuedCount(), balances: r.ledger.balances(row.account_id) }), row.created_at);
        r.jobs.insert(row);
        return r.jobs.get(row.id)!;
      }),
    settlePeriod: (accountId, now, decide) =>
      immediate(() => {
        const account = r.accounts.get(accountId)!;
        const rollover = decide(account, r.ledger.balances(accountId).subscription);
        if (rollover) {
          append(accountId, rollover.ledger, now);
          if (rollover.status) r.accounts.setStatus(accountId, rollover.status.status, rollover.status.cancelAtPeriodEnd);
          if (rollover.period) r.accounts.setPeriod(accountId, rollover.period.start, rollover.period.end);
        }
        return r.accounts.get(accountId)!;
      }),
    refundJob: (jobId, now, decide) =>
      immediate(() => {
        const job = r.jobs.get(jobId);
        const rows = decide(job, job ? r.ledger.forJob(jobId) : [], job ? r.accounts.get(job.account_id) : undefined);
        append(job!.account_id, rows, now);
        r.jobs.markRefunded(jobId, now);
        return rows;
      }),
    createAccount: (a, opening, firstKey, now) =>
      immediate(() => {
        const account = r.accounts.create(a);
        append(account.id, opening(account), now);
        r.keys.insert({ ...firstKey, account_id: account.id });
        return account;
      }),
    appendLedger: (accountId, rows, now) => immediate(() => append(accountId, rows, now)),
    recoverInterrupted: (now, decide) =>
      immediate(() => {
        const retried: string[] = [];
        const failed: string[] = [];
        for (const job of r.jobs.listProcessing()) {
          const d = decide(job);
          if (d.retry) {
            r.jobs.requeue(job.id);
            retried.push(job.id);
          } else {
            r.jobs.fail(job.id, d.error, now);
            failed.push(job.id);
          }
        }
        return { retried, failed };
      }),
  };
}
