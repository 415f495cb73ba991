/**
 * The credit rules (spec part 8) as pure functions: given what the ledger and the account say, which
 * ledger rows and account changes follow. They do no I/O, so each store backend (SQLite, PostgreSQL)
 * runs them inside its own transaction and the rules exist once (see store/SERVER-MODE.md).
 */
import { ApiError } from '../../../shared/api/api-error';
import type { CreditBucket, SubscriptionStatus } from '../../../shared/api/constants';
import type { AccountRow } from '../store/accounts-repo';
import type { LedgerEntry } from '../store/ledger-repo';
import { PERIOD_MS, PLAN_MONTHLY_CREDITS } from './plans';

export interface Balances {
  subscription: number;
  purchased: number;
}

/** A ledger row to append, before the account and the time are filled in. */
export type LedgerChange = Pick<LedgerEntry, 'bucket' | 'delta' | 'reason' | 'job_id' | 'note'>;

export function insufficientCredits(cost: number, balance: number): ApiError {
  return new ApiError('insufficient_credits', `This job costs ${cost} credits but the balance is ${balance}. Add credits and submit again.`, {
    required: cost,
    balance,
  });
}

/** Reserves `cost` for a job, expiring subscription credits first; throws insufficient_credits. */
export function planReservation(b: Balances, jobId: string, cost: number): LedgerChange[] {
  if (b.subscription + b.purchased < cost) throw insufficientCredits(cost, b.subscription + b.purchased);
  const fromSubscription = Math.min(cost, Math.max(0, b.subscription));
  const fromPurchased = cost - fromSubscription;
  const rows: LedgerChange[] = [];
  if (fromSubscription > 0) rows.push({ bucket: 'subscription', delta: -fromSubscription, reason: 'reserve', job_id: jobId, note: '' });
  if (fromPurchased > 0) rows.push({ bucket: 'purchased', delta: -fromPurchased, reason: 'reserve', job_id: jobId, note: '' });
  return rows;
}

/**
 * Gives back what a job reserved. Credits return to the bucket they came from, except that
 * subscription credits whose period has since ended come back as purchased credits, so a late
 * refund is not lost to expiry.
 */
export function planRefund(jobRows: Pick<LedgerEntry, 'bucket' | 'delta' | 'reason'>[], account: AccountRow, jobId: string, reservedAt: number): LedgerChange[] {
  return jobRows
    .filter((e) => e.reason === 'reserve')
    .map((e) => {
      const expired = e.bucket === 'subscription' && reservedAt < account.current_period_start;
      const bucket: CreditBucket = expired ? 'purchased' : e.bucket;
      return { bucket, delta: -e.delta, reason: 'refund' as const, job_id: jobId, note: 'refund' };
    });
}

export interface PeriodRollover {
  ledger: LedgerChange[];
  /** A new subscription status (a subscription set to cancel at period end ends). */
  status?: { status: SubscriptionStatus; cancelAtPeriodEnd: boolean };
  /** The period that contains `now`, for a renewing subscription. */
  period?: { start: number; end: number };
}

/**
 * What the end of a subscription period does, or null while it lasts: remaining subscription credits
 * expire; an active, renewing subscription gets its plan's credits for the period containing `now`;
 * one set to cancel at period end becomes canceled.
 */
export function planPeriodRollover(account: AccountRow, subscriptionLeft: number, now: number): PeriodRollover | null {
  if (now < account.current_period_end) return null;
  const ledger: LedgerChange[] = [];
  if (subscriptionLeft > 0) ledger.push({ bucket: 'subscription', delta: -subscriptionLeft, reason: 'expire', job_id: null, note: 'period ended' });
  if (account.cancel_at_period_end) return { ledger, status: { status: 'canceled', cancelAtPeriodEnd: false } };
  if (account.subscription_status !== 'active') return { ledger };
  const periods = Math.floor((now - account.current_period_end) / PERIOD_MS) + 1;
  const start = account.current_period_end + (periods - 1) * PERIOD_MS;
  const allowance = PLAN_MONTHLY_CREDITS[account.plan];
  if (allowance > 0) ledger.push({ bucket: 'subscription', delta: allowance, reason: 'grant', job_id: null, note: `${account.plan} plan credits` });
  return { ledger, period: { start, end: start + PERIOD_MS } };
}
