import type { CreditBucket } from '../../../shared/api/constants';
import type { Db } from '../store/database';
import type { AccountRow, AccountsRepo } from '../store/accounts-repo';
import type { LedgerRepo } from '../store/ledger-repo';
import { planPeriodRollover, planRefund, planReservation, type LedgerChange } from './credit-rules';

export interface Balance {
  subscription: number;
  purchased: number;
  total: number;
}

/**
 * Credit rules (spec part 8, the rules themselves in credit-rules.ts): reserve at acceptance, spend
 * expiring subscription credits first, never go below zero, refunds only by an administrator. Every
 * change is a ledger row.
 * All mutations run in IMMEDIATE transactions so the CLI and the service (separate processes)
 * and concurrent requests serialise on the database, never on luck.
 */
export class Credits {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountsRepo,
    private readonly ledger: LedgerRepo,
  ) {}

  balance(accountId: string): Balance {
    const b = this.ledger.balances(accountId);
    return { subscription: b.subscription, purchased: b.purchased, total: b.subscription + b.purchased };
  }

  grant(accountId: string, amount: number, bucket: CreditBucket, note = '', now = Date.now()): Balance {
    if (!Number.isInteger(amount) || amount <= 0) throw new Error(`credits: grant must be a positive whole number, got ${amount}`);
    this.db.transaction(() => {
      this.ledger.append({ account_id: accountId, bucket, delta: amount, reason: 'grant', job_id: null, note, created_at: now });
    }).immediate();
    return this.balance(accountId);
  }

  /**
   * Rolls the subscription period forward when it has ended (planPeriodRollover). Idempotent; cheap
   * when the period has not ended: the account is read again inside the transaction, so two requests
   * at the period end roll it over once.
   */
  settlePeriod(account: AccountRow, now = Date.now()): AccountRow {
    if (now < account.current_period_end) return account;
    this.db.transaction(() => {
      const fresh = this.accounts.get(account.id)!;
      const rollover = planPeriodRollover(fresh, this.ledger.balances(fresh.id).subscription, now);
      if (!rollover) return;
      this.appendAll(fresh.id, rollover.ledger, now);
      if (rollover.status) this.accounts.setStatus(fresh.id, rollover.status.status, rollover.status.cancelAtPeriodEnd);
      if (rollover.period) this.accounts.setPeriod(fresh.id, rollover.period.start, rollover.period.end);
    }).immediate();
    return this.accounts.get(account.id)!;
  }

  /**
   * Takes `cost` credits for a job inside the caller's transaction (which also inserts the job),
   * subscription credits first. Throws insufficient_credits, leaving nothing written.
   */
  reserveInTransaction(accountId: string, jobId: string, cost: number, now: number): void {
    this.appendAll(accountId, planReservation(this.ledger.balances(accountId), jobId, cost), now);
  }

  /** Gives back what a job reserved (planRefund), inside the caller's transaction. Returns the refunded amount. */
  refundJobInTransaction(accountId: string, jobId: string, reservedAt: number, now: number): number {
    const rows = planRefund(this.ledger.forJob(jobId), this.accounts.get(accountId)!, jobId, reservedAt);
    this.appendAll(accountId, rows, now);
    return rows.reduce((sum, r) => sum + r.delta, 0);
  }

  private appendAll(accountId: string, rows: LedgerChange[], now: number): void {
    for (const r of rows) this.ledger.append({ ...r, account_id: accountId, created_at: now });
  }
}
