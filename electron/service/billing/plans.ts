import type { Plan, SubscriptionStatus } from '../../../shared/api/constants';
import { ApiError } from '../../../shared/api/api-error';
import type { AccountRow } from '../store/accounts-repo';

/** Credits included with each plan per period; they expire at the end of the period. */
export const PLAN_MONTHLY_CREDITS: Record<Plan, number> = { free: 0, standard: 1000, pro: 3000 };
export const PERIOD_MS = 30 * 24 * 3600 * 1000;

/** Spec part 5 rule 4: every /v1 route needs an active Standard or Pro subscription. */
export function requireActiveSubscription(account: AccountRow): void {
  const paid = account.plan === 'standard' || account.plan === 'pro';
  if (!paid || account.subscription_status !== 'active') {
    throw new ApiError(
      'subscription_required',
      paid
        ? `Your ${account.plan} subscription is ${account.subscription_status}; an active Standard or Pro subscription is required.`
        : 'An active Standard or Pro subscription is required for the API; this account is on the free plan.',
      { plan: account.plan, subscription_status: account.subscription_status },
    );
  }
}

/** Spec part 5 rule 5: engine `pro` needs plan `pro`. */
export function requirePlanForEngine(account: AccountRow, engine: string): void {
  if (engine === 'pro' && account.plan !== 'pro') {
    throw new ApiError('plan_required', `engine: 'pro' needs the Pro plan (this account is on ${account.plan}); use engine 'fast' or upgrade.`, {
      plan: account.plan,
      required_plan: 'pro',
    });
  }
}

export function isPlan(value: string): value is Plan {
  return value === 'free' || value === 'standard' || value === 'pro';
}

export function isSubscriptionStatus(value: string): value is SubscriptionStatus {
  return value === 'active' || value === 'past_due' || value === 'canceled';
}
