import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERIOD_MS } from '../../../../electron/service/billing/plans';
import { boxObjBase64 } from '../../../support/meshes';
import { buildTestApp, type TestApp } from '../../../support/service';
import { sqlRows } from '../../../support/store-sql';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const rig = (auth: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/v1/rigs', headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify({ model_base64: boxObjBase64(), filename: 'b.obj' }) });

describe('credits (spec part 8)', () => {
  it('spends expiring subscription credits before purchased ones', async () => {
    const a = await t.account({ plan: 'standard', credits: 100 });
    expect(await t.store.credits.balance(a.id)).toEqual({ subscription: 1000, purchased: 100, total: 1100 });
    await rig(a.auth);
    expect(await t.store.credits.balance(a.id)).toEqual({ subscription: 980, purchased: 100, total: 1080 });
  });

  it('splits a charge across buckets when subscription credits run short', async () => {
    const a = await t.account({ plan: 'standard', status: 'past_due' });
    await t.store.accounts.setPlan(a.id, 'standard', 'active', false);
    await t.store.credits.grant(a.id, 5, 'subscription');
    await t.store.credits.grant(a.id, 30, 'purchased');
    await rig(a.auth);
    expect(await t.store.credits.balance(a.id)).toEqual({ subscription: 0, purchased: 15, total: 15 });
  });

  it('expires subscription credits at the period end and grants the next period; purchased credits stay', async () => {
    const a = await t.account({ plan: 'pro', credits: 40 });
    await rig(a.auth);
    expect(await t.store.credits.balance(a.id)).toEqual({ subscription: 2980, purchased: 40, total: 3020 });
    t.advance(PERIOD_MS + 1000);
    const res = await t.app.inject({ method: 'GET', url: '/v1/account', headers: a.auth });
    expect(res.json().balance).toEqual({ subscription: 3000, purchased: 40, total: 3040 });
    const reasons = await sqlRows(t, 'SELECT reason, delta FROM credit_ledger WHERE account_id = ? ORDER BY seq', [a.id]);
    expect(reasons).toContainEqual({ reason: 'expire', delta: -2980 });
    t.advance(-(PERIOD_MS + 1000));
  });

  it('ends a subscription set to cancel at period end: credits expire and the API answers 402', async () => {
    const a = await t.account({ plan: 'standard', credits: 7 });
    await t.store.accounts.setPlan(a.id, 'standard', 'active', true);
    const before = await t.app.inject({ method: 'GET', url: '/v1/account', headers: a.auth });
    expect(before.json()).toMatchObject({ cancel_at_period_end: true, subscription_status: 'active' });
    t.advance(PERIOD_MS + 1000);
    const after = await t.app.inject({ method: 'GET', url: '/v1/account', headers: a.auth });
    expect(after.statusCode).toBe(402);
    expect(after.json().error).toMatchObject({ code: 'subscription_required', plan: 'standard', subscription_status: 'canceled' });
    expect(await t.store.credits.balance(a.id)).toEqual({ subscription: 0, purchased: 7, total: 7 });
    t.advance(-(PERIOD_MS + 1000));
  });

  it('keeps the ledger append-only', async () => {
    const a = await t.account();
    await expect(sqlRows(t, 'UPDATE credit_ledger SET delta = 999999 WHERE account_id = ?', [a.id])).rejects.toThrow(/append-only/);
    await expect(sqlRows(t, 'DELETE FROM credit_ledger WHERE account_id = ?', [a.id])).rejects.toThrow(/append-only/);
  });
});
