/**
 * The studio's typed client against the real service app (lead's routes, real SQLite): the
 * shapes the pages rely on are what the service sends. No workers run, so jobs stay queued.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../renderer/api/api-error';
import { createApiClient, type ApiClient } from '../../../renderer/api/client';
import { boxObjBase64 } from '../../support/meshes';
import { buildTestApp, type TestApp } from '../../support/service';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { key } = await t.account({ plan: 'pro' });
  api = createApiClient({ baseUrl: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, key, sleep: async () => {} });
});
afterAll(async () => {
  await t.close();
});

describe('studio client against the real service', () => {
  it('reads the account the Account page shows', async () => {
    const a = await api.account();
    expect(a.object).toBe('account');
    expect(a.plan).toBe('pro');
    expect(a.subscription_status).toBe('active');
    expect(typeof a.cancel_at_period_end).toBe('boolean');
    expect(a.balance).toEqual({ total: expect.any(Number), subscription: expect.any(Number), purchased: expect.any(Number) });
    expect(a.rate_limit).toMatchObject({ limit: expect.any(Number), remaining: expect.any(Number), window_seconds: 60 });
    expect(Array.isArray(a.usage.days)).toBe(true);
  });

  it('creates, lists and revokes keys', async () => {
    const created = await api.createKey('Unity project');
    expect(created.key).toMatch(/^rk_live_/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const listed = await api.listKeys();
    expect(listed.keys.find((k) => k.id === created.id)).toMatchObject({ label: 'Unity project', revoked_at: null });
    const revoked = await api.revokeKey(created.id);
    expect(revoked.revoked_at).toEqual(expect.any(String));
    // The revoked key no longer authenticates.
    const other = createApiClient({ baseUrl: api.baseUrl, key: created.key, sleep: async () => {} });
    await expect(other.account()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('submits a rig from an inline file and finds the job in the list', async () => {
    const job = await api.submitRig({ model_base64: boxObjBase64(), filename: 'box.obj', rig_type: 'others' });
    expect(job).toMatchObject({ object: 'job', operation: 'rig', status: 'queued', output: null, error: null, rig_type: 'others', engine: 'fast' });
    expect((await api.getJob(job.id)).id).toBe(job.id);
    const list = await api.listJobs({ operation: 'rig', limit: 10 });
    expect(list.jobs.map((j) => j.id)).toContain(job.id);
  });

  it('surfaces a refused submission with its code and message', async () => {
    const err = (await api.submitRig({ model_base64: Buffer.from('hello').toString('base64'), filename: 'x.glb' }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.code).toBe('unsupported_format');
    expect(err.message.length).toBeGreaterThan(5);
  });

  it('pages the catalog and the clip library', async () => {
    const assets = await api.listAssets({ query: 'barrel', limit: 5, offset: 0 });
    expect(assets).toMatchObject({ object: 'list', limit: 5, offset: 0, license: 'CC0-1.0' });
    expect(typeof assets.total).toBe('number');
    const cats = await api.assetCategories();
    expect(cats.object).toBe('asset_categories');
    const clips = await api.listAnimations({ rig_type: 'biped', limit: 10 });
    expect(clips).toMatchObject({ object: 'list', limit: 10, offset: 0 });
  });
});

describe('studio client: the free rig pre-check', () => {
  it('checks a dropped file and gets the typed answer the Rig page preselects from', async () => {
    const r = await api.checkRig({ model_base64: boxObjBase64(), filename: 'box.obj' });
    expect(r).toMatchObject({ object: 'rig_check', triangles: 12, vertices: 8, parts: 1, rotation_y: 0 });
    expect(r.suggested_rig_type === null || typeof r.suggested_rig_type === 'string').toBe(true);
    expect(Array.isArray(r.warnings)).toBe(true);
    await expect(api.checkRig({ filename: 'box.obj' })).rejects.toMatchObject({ status: 400, code: 'invalid_request' });
  });
});
