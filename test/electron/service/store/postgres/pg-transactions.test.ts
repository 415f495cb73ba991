import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPeriodRollover, planRefund, planReservation } from '../../../../../electron/service/billing/credit-rules';
import { PERIOD_MS } from '../../../../../electron/service/billing/plans';
import { migratePostgres } from '../../../../../electron/service/store/postgres/pg-migrate';
import { openPostgresPool } from '../../../../../electron/service/store/postgres/pg-pool';
import { createPostgresTransactions, type AsyncStoreTransactions } from '../../../../../electron/service/store/postgres/pg-transactions';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../../support/throwaway-postgres';

/**
 * Two pools stand for two API processes on one database (separate server connections). The rules are
 * the domain's own (credit-rules.ts), run inside each unit as the service runs them.
 */
describe('PostgreSQL store transactions across API processes', () => {
  let server: ThrowawayPostgres;
  let pools: Pool[];
  let a: AsyncStoreTransactions;
  let b: AsyncStoreTransactions;
  let n = 0;
  beforeAll(async () => {
    server = await startThrowawayPostgres();
    pools = [await openPostgresPool(server.url, { max: 8 }), await openPostgresPool(server.url, { max: 8 })];
    await migratePostgres(pools[0]);
    [a, b] = pools.map((p) => createPostgresTransactions(p));
  });
  afterAll(async () => {
    await Promise.all((pools ?? []).map((p) => p.end()));
    await server?.stop();
  });

  const account = (purchased: number, now = Date.now()) =>
    a.createAccount(
      { plan: 'standard', status: 'active', periodStart: now, periodEnd: now + PERIOD_MS },
      () => (purchased > 0 ? [{ bucket: 'purchased', delta: purchased, reason: 'grant', job_id: null, note: 'initial' }] : []),
      { id: `key_${++n}`, key_hash: `hash_${n}`, prefix: 'rk_live_x', label: 'first key', created_at: now },
      now,
    );
  const balance = async (accountId: string) =>
    Number((await pools[0].query('SELECT COALESCE(SUM(delta), 0) AS total FROM credit_ledger WHERE account_id = $1', [accountId])).rows[0].total);
  const submit = (tx: AsyncStoreTransactions, accountId: string, cost: number) => {
    const id = `job_${++n}`;
    return tx.submitJob(
      { id, account_id: accountId, operation: 'rig', params: '{}', input_sha: null, input_name: null, cost, created_at: Date.now() },
      ({ balances }) => planReservation(balances, id, cost),
    );
  };

  it('creates an account with its opening credits and first key in one transaction', async () => {
    const acct = await account(100);
    expect(acct).toMatchObject({ plan: 'standard', subscription_status: 'active', cancel_at_period_end: 0, rate_limit_per_minute: 60 });
    expect(typeof acct.created_at).toBe('number');
    expect(await balance(acct.id)).toBe(100);
    const { rows } = await pools[0].query('SELECT label FROM api_keys WHERE account_id = $1', [acct.id]);
    expect(rows).toEqual([{ label: 'first key' }]);
  });

  it('never overspends: 30 submissions at once from two processes against 100 credits accept exactly 5 of cost 20', async () => {
    const acct = await account(100);
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => submit(i % 2 ? a : b, acct.id, 20)));
    const accepted = results.filter((r) => r.status === 'fulfilled');
    expect(accepted).toHaveLength(5);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'insufficient_credits' });
    expect(await balance(acct.id)).toBe(0);
    const jobs = await pools[0].query("SELECT COUNT(*) AS n FROM jobs WHERE account_id = $1 AND state = 'queued'", [acct.id]);
    expect(jobs.rows[0].n).toBe(5);
  });

  it('a refused submission leaves neither a job nor a ledger row', async () => {
    const acct = await account(10);
    await expect(submit(a, acct.id, 20)).rejects.toMatchObject({ code: 'insufficient_credits' });
    const { rows } = await pools[0].query('SELECT (SELECT COUNT(*) FROM jobs WHERE account_id = $1) AS jobs, (SELECT COUNT(*) FROM credit_ledger WHERE account_id = $1) AS ledger', [acct.id]);
    expect(rows[0]).toEqual({ jobs: 0, ledger: 1 });
  });

  it('rolls a period over once when two processes settle it at the same moment', async () => {
    const start = Date.now() - PERIOD_MS - 1000;
    const acct = await account(0, start);
    await a.appendLedger(acct.id, [{ bucket: 'subscription', delta: 40, reason: 'grant', job_id: null, note: '' }], start);
    const now = Date.now();
    const settled = await Promise.all([a, b, a, b].map((tx) => tx.settlePeriod(acct.id, now, (fresh, left) => planPeriodRollover(fresh, left, now))));
    expect(new Set(settled.map((s) => s.current_period_end)).size).toBe(1);
    const { rows } = await pools[0].query("SELECT reason, delta FROM credit_ledger WHERE account_id = $1 AND reason IN ('expire', 'grant') ORDER BY seq", [acct.id]);
    expect(rows).toEqual([{ reason: 'grant', delta: 40 }, { reason: 'expire', delta: -40 }, { reason: 'grant', delta: 1000 }]);
  });

  it('refunds a failed job once, even when two processes refund it together', async () => {
    const acct = await account(50);
    const job = await submit(a, acct.id, 20);
    await pools[0].query("UPDATE jobs SET state = 'failed' WHERE id = $1", [job.id]);
    const refund = (tx: AsyncStoreTransactions) =>
      tx.refundJob(job.id, Date.now(), (j, ledger, acc) => {
        if (!j || !acc) throw new Error('refund: no job');
        if (j.refunded_at !== null) throw new Error(`refund: job ${j.id} was already refunded`);
        return planRefund(ledger, acc, j.id, j.created_at);
      });
    const results = await Promise.allSettled([refund(a), refund(b)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: expect.objectContaining({ message: expect.stringMatching(/already refunded/) }) });
    expect(await balance(acct.id)).toBe(50);
  });
});
