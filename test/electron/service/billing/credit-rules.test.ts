import { describe, expect, it } from 'vitest';
import { planPeriodRollover, planRefund, planReservation } from '../../../../electron/service/billing/credit-rules';
import { PERIOD_MS } from '../../../../electron/service/billing/plans';
import type { AccountRow } from '../../../../electron/service/store/accounts-repo';

const account = (o: Partial<AccountRow> = {}): AccountRow => ({
  id: 'acct_1', name: '', plan: 'standard', subscription_status: 'active', cancel_at_period_end: 0,
  current_period_start: 0, current_period_end: PERIOD_MS, rate_limit_per_minute: 60, is_owner: 0, created_at: 0, ...o,
});

describe('credit rules (pure)', () => {
  it('reserves from subscription credits first, then purchased, and refuses what the balance cannot cover', () => {
    expect(planReservation({ subscription: 5, purchased: 30 }, 'j', 20)).toEqual([
      { bucket: 'subscription', delta: -5, reason: 'reserve', job_id: 'j', note: '' },
      { bucket: 'purchased', delta: -15, reason: 'reserve', job_id: 'j', note: '' },
    ]);
    expect(planReservation({ subscription: 50, purchased: 0 }, 'j', 20)).toEqual([{ bucket: 'subscription', delta: -20, reason: 'reserve', job_id: 'j', note: '' }]);
    expect(() => planReservation({ subscription: 5, purchased: 14 }, 'j', 20)).toThrow(expect.objectContaining({ code: 'insufficient_credits', message: expect.stringMatching(/costs 20 credits but the balance is 19/) }));
  });

  it('refunds to the bucket charged, but expired subscription credits come back as purchased', () => {
    const rows = [
      { bucket: 'subscription' as const, delta: -5, reason: 'reserve' as const },
      { bucket: 'purchased' as const, delta: -15, reason: 'reserve' as const },
      { bucket: 'purchased' as const, delta: 3, reason: 'grant' as const },
    ];
    expect(planRefund(rows, account(), 'j', 10).map((r) => [r.bucket, r.delta, r.reason])).toEqual([['subscription', 5, 'refund'], ['purchased', 15, 'refund']]);
    const renewed = account({ current_period_start: PERIOD_MS });
    expect(planRefund(rows, renewed, 'j', 10).map((r) => r.bucket)).toEqual(['purchased', 'purchased']);
  });

  it('rolls a period over: nothing while it lasts; expiry and the plan grant for the period containing now', () => {
    expect(planPeriodRollover(account(), 40, PERIOD_MS - 1)).toBeNull();
    const r = planPeriodRollover(account(), 40, 2.5 * PERIOD_MS)!;
    expect(r.ledger.map((l) => [l.reason, l.delta])).toEqual([['expire', -40], ['grant', 1000]]);
    expect(r.period).toEqual({ start: 2 * PERIOD_MS, end: 3 * PERIOD_MS });
    expect(r.status).toBeUndefined();
  });

  it('ends a subscription set to cancel at period end, and grants nothing to one not active', () => {
    expect(planPeriodRollover(account({ cancel_at_period_end: 1 }), 0, PERIOD_MS)).toEqual({ ledger: [], status: { status: 'canceled', cancelAtPeriodEnd: false } });
    expect(planPeriodRollover(account({ subscription_status: 'past_due' }), 7, PERIOD_MS)).toEqual({
      ledger: [{ bucket: 'subscription', delta: -7, reason: 'expire', job_id: null, note: 'period ended' }],
    });
  });
});
