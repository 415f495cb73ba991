import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type SqliteStore } from '../../../../electron/service/context';
import { planReservation } from '../../../../electron/service/billing/credit-rules';
import { PERIOD_MS } from '../../../../electron/service/billing/plans';
import type { Promisified } from '../../../../electron/service/store/async-repo';
import type { AccountsRepo } from '../../../../electron/service/store/accounts-repo';
import type { FilesRepo } from '../../../../electron/service/store/files-repo';
import type { JobsRepo } from '../../../../electron/service/store/jobs-repo';
import type { KeysRepo } from '../../../../electron/service/store/keys-repo';
import type { LedgerRepo } from '../../../../electron/service/store/ledger-repo';
import type { UploadsRepo } from '../../../../electron/service/store/uploads-repo';
import { createPgAccountsRepo } from '../../../../electron/service/store/postgres/pg-accounts-repo';
import { createPgFilesRepo } from '../../../../electron/service/store/postgres/pg-files-repo';
import { createPgJobsRepo } from '../../../../electron/service/store/postgres/pg-jobs-repo';
import { createPgKeysRepo } from '../../../../electron/service/store/postgres/pg-keys-repo';
import { createPgLedgerRepo } from '../../../../electron/service/store/postgres/pg-ledger-repo';
import { migratePostgres } from '../../../../electron/service/store/postgres/pg-migrate';
import { openPostgresPool } from '../../../../electron/service/store/postgres/pg-pool';
import { createPgUploadsRepo } from '../../../../electron/service/store/postgres/pg-uploads-repo';
import { createPostgresTransactions, type AsyncStoreTransactions } from '../../../../electron/service/store/postgres/pg-transactions';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../support/throwaway-postgres';
import { tempDataDir } from '../../../support/service';

interface Repos {
  accounts: Promisified<AccountsRepo>;
  keys: Promisified<KeysRepo>;
  ledger: Promisified<LedgerRepo>;
  jobs: Promisified<JobsRepo>;
  files: Promisified<FilesRepo>;
  uploads: Promisified<UploadsRepo>;
  tx: AsyncStoreTransactions;
  close(): Promise<void>;
}

/** The same repository contract in both modes: SQLite (the desktop) and PostgreSQL (server mode). */
const backends: { name: string; open: () => Promise<Repos> }[] = [
  {
    name: 'SQLite',
    open: async () => {
      const s: SqliteStore = openStore(tempDataDir('rigdesk-repos'));
      return {
        accounts: s.accounts, keys: s.keys, ledger: s.ledger, jobs: s.jobs, files: s.files, uploads: s.uploads, tx: s.tx,
        close: () => s.close(),
      };
    },
  },
  {
    name: 'PostgreSQL',
    open: async () => {
      const server: ThrowawayPostgres = await startThrowawayPostgres();
      const pool: Pool = await openPostgresPool(server.url, { max: 4 });
      await migratePostgres(pool);
      return {
        accounts: createPgAccountsRepo(pool), keys: createPgKeysRepo(pool), ledger: createPgLedgerRepo(pool), jobs: createPgJobsRepo(pool),
        files: createPgFilesRepo(pool), uploads: createPgUploadsRepo(pool), tx: createPostgresTransactions(pool),
        close: async () => {
          await pool.end();
          await server.stop();
        },
      };
    },
  },
];

describe.each(backends)('repositories, $name', ({ open }) => {
  let r: Repos;
  let n = 0;
  beforeAll(async () => {
    r = await open();
  });
  afterAll(() => r?.close());

  const newAccount = (o: { credits?: number; owner?: boolean } = {}) => {
    const now = Date.now();
    return r.tx.createAccount(
      { plan: 'standard', status: 'active', periodStart: now, periodEnd: now + PERIOD_MS, isOwner: o.owner, rateLimitPerMinute: 120 },
      () => (o.credits ? [{ bucket: 'purchased', delta: o.credits, reason: 'grant', job_id: null, note: 'initial' }] : []),
      { id: `key_${++n}`, key_hash: `hash_${n}`, prefix: 'rk_live_ab', label: 'first key', created_at: now },
      now,
    );
  };
  const submit = (accountId: string, cost: number, at = Date.now()) => {
    const id = `job_${++n}`;
    return r.tx.submitJob({ id, account_id: accountId, operation: 'rig', params: '{"engine":"fast"}', input_sha: null, input_name: 'a.obj', cost, created_at: at }, ({ balances }) =>
      planReservation(balances, id, cost));
  };

  it('accounts: created with the same row shape; owner, plan, status, period and rate limit change', async () => {
    const a = await newAccount({ owner: true });
    expect(a).toEqual({
      id: expect.stringMatching(/^acct_[0-9a-f]{20}$/), name: '', plan: 'standard', subscription_status: 'active', cancel_at_period_end: 0,
      current_period_start: expect.any(Number), current_period_end: a.current_period_start + PERIOD_MS, rate_limit_per_minute: 120, is_owner: 1, created_at: expect.any(Number),
    });
    expect(Math.abs(a.created_at - a.current_period_start)).toBeLessThan(1000); // the creation time, read once or twice
    expect((await r.accounts.owner())!.id).toBe(a.id);
    await r.accounts.setPlan(a.id, 'pro', 'past_due', true);
    await r.accounts.setPeriod(a.id, 5, 6);
    await r.accounts.setRateLimit(a.id, 7);
    expect(await r.accounts.get(a.id)).toMatchObject({ plan: 'pro', subscription_status: 'past_due', cancel_at_period_end: 1, current_period_start: 5, current_period_end: 6, rate_limit_per_minute: 7 });
    await r.accounts.setStatus(a.id, 'canceled', false);
    expect(await r.accounts.get(a.id)).toMatchObject({ subscription_status: 'canceled', cancel_at_period_end: 0 });
    expect((await r.accounts.list()).map((x) => x.id)).toContain(a.id);
    expect(await r.accounts.get('acct_missing')).toBeUndefined();
  });

  it('keys: found by hash, listed newest first, revoked once; studio keys revoked together', async () => {
    const a = await newAccount();
    await r.keys.insert({ id: `key_s${n}`, account_id: a.id, key_hash: `hs${n}`, prefix: 'rk_live_st', label: 'studio session', created_at: Date.now() + 5, studio: true });
    const listed = await r.keys.listForAccount(a.id);
    expect(listed.map((k) => k.label)).toEqual(['studio session', 'first key']);
    expect(await r.keys.findByHash(listed[1].key_hash)).toEqual({ ...listed[1], revoked_at: null, studio: 0 });
    expect(await r.keys.revoke(listed[1].id, 42)).toBe(true);
    expect(await r.keys.revoke(listed[1].id, 43)).toBe(false);
    expect((await r.keys.get(listed[1].id))!.revoked_at).toBe(42);
    expect(await r.keys.revokeStudioKeys(44)).toBeGreaterThanOrEqual(1);
    expect((await r.keys.get(listed[0].id))!.revoked_at).toBe(44);
  });

  it('ledger and jobs: a reservation, the job through its states, a refund, and usage by UTC day', async () => {
    const a = await newAccount({ credits: 50 });
    const day = Date.UTC(2026, 10, 24, 12);
    const job = await submit(a.id, 20, day);
    expect(job).toMatchObject({ state: 'queued', attempts: 0, progress: null, cost: 20, created_at: day, refunded_at: null });
    expect(await r.ledger.balances(a.id)).toEqual({ subscription: 0, purchased: 30 });
    expect(await r.jobs.queuedCount()).toBeGreaterThanOrEqual(1);
    await r.jobs.setProgress(job.id, 0.5, 'fitting'); // not processing: ignored
    expect((await r.jobs.get(job.id))!.progress).toBeNull();
    expect(await r.jobs.fail(job.id, 'boom', day + 1000)).toBe(true);
    expect(await r.jobs.succeed(job.id, {}, day + 2000)).toBe(false);
    expect(await r.jobs.get(job.id)).toMatchObject({ state: 'failed', error: 'boom', stage: 'failed', completed_at: day + 1000 });
    const rows = await r.tx.refundJob(job.id, day + 3000, (_j, ledger) => ledger.filter((e) => e.reason === 'reserve').map((e) => ({ bucket: e.bucket, delta: -e.delta, reason: 'refund' as const, job_id: job.id, note: 'refund' })));
    expect(rows).toHaveLength(1);
    expect(await r.jobs.markRefunded(job.id, day + 4000)).toBe(false); // the refund marked it
    expect((await r.ledger.forJob(job.id)).map((e) => [e.reason, e.delta])).toEqual([['reserve', -20], ['refund', 20]]);
    await submit(a.id, 10, day + 60_000);
    expect(await r.ledger.usageSince(a.id, day - 1)).toEqual([{ date: '2026-11-24', credits: 10, jobs: 2 }]);
  });

  it('jobs: listed newest first with filters and paging; processing, release and requeue', async () => {
    const a = await newAccount({ credits: 100 });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await submit(a.id, 1)).id);
    await r.jobs.fail(ids[0], 'x', Date.now());
    const page = await r.jobs.list({ accountId: a.id, status: 'queued', limit: 1, offset: 1 });
    expect(page.total).toBe(2);
    expect(page.rows.map((j) => j.id)).toEqual([ids[1]]);
    expect((await r.jobs.list({ accountId: a.id, operation: 'rig', limit: 10, offset: 0 })).rows.map((j) => j.id)).toEqual([...ids].reverse());
    let started = await r.jobs.claimNext(Date.now());
    while (started && started.account_id !== a.id) started = await r.jobs.claimNext(Date.now()); // earlier tests' queued jobs first
    expect(started).toMatchObject({ id: ids[1], state: 'processing', attempts: 1, progress: 0, stage: 'starting' });
    await r.jobs.setProgress(ids[1], 0.25, 'fitting');
    expect(await r.jobs.get(ids[1])).toMatchObject({ progress: 0.25, stage: 'fitting' });
    expect((await r.jobs.listProcessing()).map((j) => j.id)).toContain(ids[1]);
    expect(await r.jobs.release(ids[1])).toBe(true);
    expect(await r.jobs.get(ids[1])).toMatchObject({ state: 'queued', attempts: 0, progress: null, started_at: null });
    const again = await r.jobs.claimNext(Date.now());
    expect(again!.id).toBe(ids[1]);
    expect(await r.jobs.requeue(ids[1])).toBe(true);
    expect((await r.jobs.get(ids[1]))!.attempts).toBe(1);
    await r.jobs.claimNext(Date.now());
    expect(await r.jobs.succeed(ids[1], { files: [] }, 99)).toBe(true);
    expect(await r.jobs.get(ids[1])).toMatchObject({ state: 'succeeded', output: '{"files":[]}', progress: 1, stage: 'done', completed_at: 99 });
  });

  it('files and uploads: stored, found, expired and deleted', async () => {
    const a = await newAccount();
    const file = { token: `tok_${++n}`, sha256: 'a'.repeat(64), filename: 'm.glb', content_type: 'model/gltf-binary', bytes: 1234, created_at: 5 };
    await r.files.insert(file);
    expect(await r.files.get(file.token)).toEqual(file);
    expect(await r.files.get('nope')).toBeUndefined();
    const up = { id: `upl_${++n}`, account_id: a.id, sha256: 'b'.repeat(64), filename: 'u.fbx', bytes: 10, created_at: 1, expires_at: 100 };
    await r.uploads.insert(up);
    expect(await r.uploads.get(up.id)).toEqual(up);
    expect((await r.uploads.expired(99)).map((u) => u.id)).not.toContain(up.id);
    expect((await r.uploads.expired(100)).map((u) => u.id)).toContain(up.id);
    await r.uploads.delete(up.id);
    expect(await r.uploads.get(up.id)).toBeUndefined();
  });
});
