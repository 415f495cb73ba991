import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../shared/api/api-error';
import { createAccount } from '../../../../electron/service/admin/accounts-admin';
import { openStore, type SqliteStore } from '../../../../electron/service/context';
import { tempDataDir } from '../../../support/service';

/** The units' contract: the rule sees the state inside the transaction, and a rule that throws leaves nothing written. */
describe('store transactions (SQLite)', () => {
  let store: SqliteStore;
  beforeAll(() => {
    store = openStore(tempDataDir('rigdesk-tx'));
  });
  afterAll(() => store.close());

  const newJob = (accountId: string, id: string) => ({ id, account_id: accountId, operation: 'rig', params: '{}', input_sha: null, input_name: null, cost: 20, created_at: Date.now() });
  const ledgerRows = (accountId: string) => store.db.prepare('SELECT COUNT(*) FROM credit_ledger WHERE account_id = ?').pluck().get(accountId);

  it('submitJob shows the rule the queue and the balances, and writes its reservation with the job', async () => {
    const { account } = await createAccount(store, { plan: 'standard', credits: 7 });
    const seen: unknown[] = [];
    const job = await store.tx.submitJob(newJob(account.id, 'tx-1'), (state) => {
      seen.push(state);
      return [{ bucket: 'purchased', delta: -7, reason: 'reserve', job_id: 'tx-1', note: '' }];
    });
    expect(seen).toEqual([{ queued: expect.any(Number), balances: { subscription: 1000, purchased: 7 } }]);
    expect(job).toMatchObject({ id: 'tx-1', state: 'queued', cost: 20 });
    expect(await store.credits.balance(account.id)).toEqual({ subscription: 1000, purchased: 0, total: 1000 });
  });

  it('a rule that refuses leaves no job and no ledger row', async () => {
    const { account } = await createAccount(store, { plan: 'standard' });
    const before = ledgerRows(account.id);
    await expect(
      store.tx.submitJob(newJob(account.id, 'tx-2'), () => {
        throw new ApiError('insufficient_credits', 'no');
      }),
    ).rejects.toThrow('no');
    expect(await store.jobs.get('tx-2')).toBeUndefined();
    expect(ledgerRows(account.id)).toBe(before);
  });

  it('refundJob writes nothing and marks nothing when its rule refuses', async () => {
    const { account } = await createAccount(store, { plan: 'standard' });
    await store.tx.submitJob(newJob(account.id, 'tx-3'), () => [{ bucket: 'subscription', delta: -20, reason: 'reserve', job_id: 'tx-3', note: '' }]);
    const before = ledgerRows(account.id);
    await expect(store.tx.refundJob('tx-3', Date.now(), () => { throw new Error('refund: not failed'); })).rejects.toThrow('not failed');
    expect((await store.jobs.get('tx-3'))!.refunded_at).toBeNull();
    expect(ledgerRows(account.id)).toBe(before);
  });
});
