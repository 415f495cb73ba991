import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../../../electron/service/admin/accounts-admin';
import { buildApp } from '../../../../../electron/service/app';
import { DownloadSlots } from '../../../../../electron/service/files/download-slots';
import { openPostgresStore, type PostgresStore } from '../../../../../electron/service/store/postgres/pg-store';
import { PostgresRateLimiter } from '../../../../../electron/service/store/postgres/pg-rate-limiter';
import { boxObjBase64 } from '../../../../support/meshes';
import { tempDataDir } from '../../../../support/service';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../../support/throwaway-postgres';

/**
 * The unchanged routes on the PostgreSQL store: two API apps, each with its own store (its own
 * connections) and rate limiter, on one database and one shared blob folder, as two `serve`
 * processes would be. Real HTTP handling through inject(), real PostgreSQL.
 */
describe('two API processes on one PostgreSQL database', () => {
  let server: ThrowawayPostgres;
  let shared: string;
  const stores: PostgresStore[] = [];
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    server = await startThrowawayPostgres();
    shared = tempDataDir('rigdesk-shared-blobs');
    for (let i = 0; i < 2; i++) {
      const store = await openPostgresStore(server.url, shared, { maxConnections: 6 });
      stores.push(store);
      apps.push(await buildApp({
        store,
        limiter: new PostgresRateLimiter(store.pool),
        clock: Date.now,
        capacity: { maxQueueDepth: 1000, workersHealthy: () => true },
        notifyJobs: () => undefined,
        downloads: new DownloadSlots({ perAccount: 2, overall: 4 }),
        studioDir: null,
      }));
    }
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await Promise.all(stores.map((s) => s.close()));
    await server?.stop();
    if (shared) rmSync(shared, { recursive: true, force: true });
  });

  const rig = (app: FastifyInstance, key: string) =>
    app.inject({
      method: 'POST', url: '/v1/rigs',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ model_base64: boxObjBase64(), filename: 'box.obj' }),
    });

  it('a job accepted by one is seen, with its charge, by the other', async () => {
    const { account, key } = await createAccount(stores[0], { plan: 'pro', planCredits: 0, credits: 100, rateLimitPerMinute: 1000 });
    const accepted = await rig(apps[0], key.api_key);
    expect(accepted.statusCode).toBe(202);
    const job = accepted.json();
    const polled = await apps[1].inject({ method: 'GET', url: `/v1/jobs/${job.id}`, headers: { authorization: `Bearer ${key.api_key}` } });
    expect(polled.statusCode).toBe(200);
    expect(polled.json()).toMatchObject({ id: job.id, status: 'queued', operation: 'rig', engine: 'fast' });
    const acct = await apps[1].inject({ method: 'GET', url: '/v1/account', headers: { authorization: `Bearer ${key.api_key}` } });
    expect(acct.json()).toMatchObject({ id: account.id, balance: { total: 80, purchased: 80 } });
    const today = new Date().toISOString().slice(0, 10);
    expect(acct.json().usage.days).toEqual([{ date: today, credits: 20, jobs: 1 }]);
  });

  it('never overspends: 8 rigs at once through both against 50 credits accept exactly 2', async () => {
    const { key } = await createAccount(stores[1], { plan: 'pro', planCredits: 0, credits: 50, rateLimitPerMinute: 1000 });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => rig(apps[i % 2], key.api_key)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([202, 202, 402, 402, 402, 402, 402, 402]);
    for (const r of results.filter((x) => x.statusCode === 402)) expect(r.json().error.code).toBe('insufficient_credits');
    const acct = await apps[0].inject({ method: 'GET', url: '/v1/account', headers: { authorization: `Bearer ${key.api_key}` } });
    expect(acct.json().balance.total).toBe(10);
  });

  it("shares a key's rate-limit window: 6 requests a minute in all, across both", async () => {
    const { key } = await createAccount(stores[0], { plan: 'pro', rateLimitPerMinute: 6 });
    const auth = { authorization: `Bearer ${key.api_key}` };
    const results = await Promise.all(Array.from({ length: 14 }, (_, i) => apps[i % 2].inject({ method: 'GET', url: '/v1/formats', headers: auth })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(6);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(8);
    expect(refused[0].headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
  });

  it('revoking a key through one refuses it at once through the other', async () => {
    const { key } = await createAccount(stores[0], { plan: 'pro', rateLimitPerMinute: 100 });
    const auth = { authorization: `Bearer ${key.api_key}` };
    const other = await apps[0].inject({ method: 'POST', url: '/v1/keys', headers: auth, payload: {} });
    expect(other.statusCode).toBe(201);
    expect((await apps[1].inject({ method: 'DELETE', url: `/v1/keys/${key.key_id}`, headers: { authorization: `Bearer ${other.json().key}` } })).statusCode).toBe(200);
    expect((await apps[0].inject({ method: 'GET', url: '/v1/formats', headers: auth })).statusCode).toBe(401);
  });
});
