import { ApiError } from '../../../shared/api/api-error';
import type { CreditBucket } from '../../../shared/api/constants';
import type { Db } from '../store/database';
import type { AccountRow, AccountsRepo } from '../store/accounts-repo';
import type { LedgerRepo } from '../store/ledger-repo';
import { PERIOD_MS, PLAN_MONTHLY_CREDITS } from './plans';

export interface Balance {
  subscription: number;
  purchased: number;
  total: number;
}

/**
 * Credit rules (spec part 8): reserve at acceptance, spend expiring subscription credits first,
 * never go below zero, refunds only by an administrator. Every change is a ledger row.
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
   * Rolls the subscription period forward when it has ended: remaining subscription credits
   * expire; an active, renewing subscription gets its plan's credits for the new period; one set to
   * cancel at period end becomes canceled. Idempotent; cheap when the period has not ended.
   */
  settlePeriod(account: AccountRow, now = Date.now()): AccountRow {
    if (now < account.current_period_end) return account;
    this.db.transaction(() => {
      const fresh = this.accounts.get(account.id)!;
      if (now < fresh.current_period_end) return;
      const left = this.ledger.balances(fresh.id).subscription;
      if (left > 0) {
        this.ledger.append({ account_id: fresh.id, bucket: 'subscription', delta: -left, reason: 'expire', job_id: null, note: 'period ended', created_at: now });
      }
      if (fresh.cancel_at_period_end) {
        this.accounts.setStatus(fresh.id, 'canceled', false);
        return;
      }
      if (fresh.subscription_status !== 'active') return;
      const periods = Math.floor((now - fresh.current_period_end) / PERIOD_MS) + 1;
      const start = fresh.current_period_end + (periods - 1) * PERIOD_MS;
      this.accounts.setPeriod(fresh.id, start, start + PERIOD_MS);
      const allowance = PLAN_MONTHLY_CREDITS[fresh.plan];
      if (allowance > 0) {
        this.ledger.append({ account_id: fresh.id, bucket: 'subscription', delta: allowance, reason: 'grant', job_id: null, note: `${fresh.plan} plan credits`, created_at: now });
      }
    }).immediate();
    return this.accounts.get(account.id)!;
  }

  /**
   * Takes `cost` credits for a job inside the caller's transaction (which also inserts the job),
   * subscription credits first. Throws insufficient_credits, leaving nothing written.
   */
  reserveInTransaction(accountId: string, jobId: string, cost: number, now: number): void {
    const b = this.ledger.balances(accountId);
    if (b.subscription + b.purchased < cost) {
      throw new ApiError(
        'insufficient_credits',
        `This job costs ${cost} credits but the balance is ${b.subscription + b.purchased}. Add credits and submit again.`,
        { required: cost, balance: b.subscription + b.purchased },
      );
    }
    const fromSubscription = Math.min(cost, Math.max(0, b.subscription));
    const fromPurchased = cost - fromSubscription;
    if (fromSubscription > 0) {
      this.ledger.append({ account_id: accountId, bucket: 'subscription', delta: -fromSubscription, reason: 'reserve', job_id: jobId, note: '', created_at: now });
    }
    if (fromPurchased > 0) {
      this.ledger.append({ account_id: accountId, bucket: 'purchased', delta: -fromPurchased, reason: 'reserve', job_id: jobId, note: '', created_at: now });
    }
  }

  /**
   * Gives back what a job reserved. Credits return to the bucket they came from, except that
   * subscription credits whose period has since ended come back as purchased credits, so a late
   * refund is not lost to expiry. Returns the refunded amount.
   */
  refundJobInTransaction(accountId: string, jobId: string, reservedAt: number, now: number): number {
    const account = this.accounts.get(accountId)!;
    let total = 0;
    for (const entry of this.ledger.forJob(jobId)) {
      if (entry.reason !== 'reserve') continue;
      const expired = entry.bucket === 'subscription' && reservedAt < account.current_period_start;
      const bucket: CreditBucket = expired ? 'purchased' : entry.bucket;
      this.ledger.append({ account_id: accountId, bucket, delta: -entry.delta, reason: 'refund', job_id: jobId, note: 'refund', created_at: now });
      total += -entry.delta;
    }
    return total;
  }
}
