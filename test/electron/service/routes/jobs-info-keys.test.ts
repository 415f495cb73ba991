import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxObjBase64 } from '../../../support/meshes';
import { refundJob } from '../../../../electron/service/admin/accounts-admin';
import { buildTestApp, type TestApp } from '../../../support/service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (auth: Record<string, string>, url: string) => t.app.inject({ method: 'GET', url, headers: auth });

describe('GET /v1/jobs and /v1/jobs/{id} (spec 4.3, 4.4)', () => {
  it('lists jobs newest first with filters, paging and the list envelope', async () => {
    const a = await t.account();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/rigs', headers: { ...a.auth, 'content-type': 'application/json' }, payload: JSON.stringify({ model_base64: boxObjBase64(), filename: 'b.obj' }) });
      ids.push(res.json().id);
    }
    await t.store.jobs.claimNext(Date.now()); // oldest becomes processing
    const all = (await get(a.auth, '/v1/jobs')).json();
    expect(all).toMatchObject({ object: 'list', total: 5 });
    expect(all.jobs.map((j: { id: string }) => j.id)).toEqual([...ids].reverse());
    const page = (await get(a.auth, '/v1/jobs?limit=2&offset=1')).json();
    expect(page.total).toBe(5);
    expect(page.jobs.map((j: { id: string }) => j.id)).toEqual([ids[3], ids[2]]);
    const processing = (await get(a.auth, '/v1/jobs?status=processing')).json();
    expect(processing.total).toBe(1);
    expect(processing.jobs[0]).toMatchObject({ id: ids[0], status: 'processing' });
    expect((await get(a.auth, '/v1/jobs?operation=generate_model')).json().total).toBe(0);
    expect((await get(a.auth, '/v1/jobs?operation=rig&status=queued')).json().total).toBe(4);
    expect((await get(a.auth, '/v1/jobs?limit=1000')).json().jobs).toHaveLength(5);
  });

  it.each(['limit=0', 'limit=-1', 'limit=abc', 'offset=-3', 'status=done', 'operation=convert', 'colour=red'])('refuses ?%s with 400', async (q) => {
    const a = await t.account();
    const res = await get(a.auth, `/v1/jobs?${q}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
    expect(res.json().error.message).toMatch(new RegExp(q.split('=')[0]));
  });

  it('404 for an unknown job, 403 for another account’s job', async () => {
    const a = await t.account();
    const b = await t.account();
    const job = (await t.app.inject({ method: 'POST', url: '/v1/rigs', headers: { ...a.auth, 'content-type': 'application/json' }, payload: JSON.stringify({ model_base64: boxObjBase64(), filename: 'b.obj' }) })).json();
    expect((await get(b.auth, `/v1/jobs/${job.id}`)).json().error.code).toBe('forbidden');
    expect((await get(b.auth, `/v1/jobs/${job.id}`)).statusCode).toBe(403);
    expect((await get(b.auth, `/v1/rigs/${job.id}`)).statusCode).toBe(403);
    expect((await get(a.auth, '/v1/jobs/9b0f6a2e-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(a.auth, '/v1/jobs/9b0f6a2e-0000-4000-8000-000000000000')).json().error.code).toBe('not_found');
    // Another account's jobs never show in a list.
    expect((await get(b.auth, '/v1/jobs')).json().total).toBe(0);
  });
});

describe('free routes', () => {
  it('GET /v1/account reports plan, status, cancel_at_period_end, balance, rate limit and usage', async () => {
    const a = await t.account({ plan: 'standard', credits: 50 });
    await t.app.inject({ method: 'POST', url: '/v1/rigs', headers: { ...a.auth, 'content-type': 'application/json' }, payload: JSON.stringify({ model_base64: boxObjBase64(), filename: 'b.obj' }) });
    const res = await get(a.auth, '/v1/account');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      object: 'account',
      plan: 'standard',
      subscription_status: 'active',
      cancel_at_period_end: false,
      balance: { subscription: 980, purchased: 50, total: 1030 },
      rate_limit: { limit: 60, remaining: 58, window_seconds: 60 },
      prices: { rig_fast: 20, rig_pro: 31, retarget_clip: 10, rig_correction: 1 },
      usage: { credits_30d: 20, jobs_30d: 1 },
    });
    expect(body.usage.days).toEqual([{ date: new Date().toISOString().slice(0, 10), credits: 20, jobs: 1 }]);
    expect(body.current_period_end).toMatch(/Z$/);
  });

  it('usage is net of refunds: a refunded job cost nothing, even when its reservation spanned both buckets', async () => {
    const a = await t.account({ plan: 'standard', credits: 50 });
    // Let 990 subscription credits expire, so the first reservation takes 10 + 10 from both buckets.
    await t.store.ledger.append({ account_id: a.id, bucket: 'subscription', delta: -990, reason: 'expire', job_id: null, note: 'test', created_at: Date.now() });
    const submit = () => t.app.inject({ method: 'POST', url: '/v1/rigs', headers: { ...a.auth, 'content-type': 'application/json' }, payload: JSON.stringify({ model_base64: boxObjBase64(), filename: 'b.obj' }) });
    const first = (await submit()).json().id as string;
    const second = (await submit()).json().id as string;
    await t.store.jobs.fail(first, 'test: worker crashed', Date.now());
    await refundJob(t.store, first);
    expect((await t.store.ledger.forJob(first)).filter((e) => e.reason === 'reserve').length).toBe(2);
    const usage = (await get(a.auth, '/v1/account')).json().usage;
    expect(usage).toMatchObject({ credits_30d: 20, jobs_30d: 2 });
    expect((await t.store.ledger.forJob(second)).length).toBe(1);
  });

  it('GET /v1/formats lists formats, ply and vrm as recognised but not riggable, and the face limit', async () => {
    const body = (await get((await t.account()).auth, '/v1/formats')).json();
    expect(body.object).toBe('formats');
    const byName = Object.fromEntries(body.input.map((f: { format: string }) => [f.format, f]));
    for (const f of ['glb', 'gltf', 'fbx', 'obj', 'stl']) expect(byName[f].riggable).toBe(true);
    expect(byName.ply.riggable).toBe(false);
    expect(byName.vrm.riggable).toBe(false);
    expect(byName.stl.notes).toMatch(/binary STL only when the URL or filename ends in \.stl/);
    expect(body.output.map((f: { format: string }) => f.format)).toEqual(['glb', 'fbx']);
    expect(body.max_triangles).toBeGreaterThan(0);
  });

  it('catalog and clip routes answer their envelopes', async () => {
    const a = await t.account();
    expect((await get(a.auth, '/v1/assets')).json()).toEqual({ object: 'list', total: 0, limit: 50, offset: 0, license: 'CC0-1.0', assets: [], library: { state: 'ready' } });
    expect((await get(a.auth, '/v1/assets?limit=500&offset=3')).json()).toMatchObject({ limit: 200, offset: 3 });
    expect((await get(a.auth, '/v1/assets/categories')).json()).toEqual({ object: 'asset_categories', total_assets: 0, categories: [], packs: [] });
    expect((await get(a.auth, '/v1/animations?rig_type=biped')).json()).toMatchObject({ object: 'list', total: 0, animations: [] });
    expect((await get(a.auth, '/v1/animations?rig_type=dragon')).statusCode).toBe(400);
  });
});

describe('query parameters', () => {
  it('refuses unknown ones on every route, naming them, and still coerces the known ones', async () => {
    const a = await t.account();
    for (const url of ['/v1/account?x=1', '/v1/formats?verbose=true', '/v1/assets/categories?x=1', '/v1/jobs?limt=5']) {
      const res = await get(a.auth, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/^unknown query parameter '\w+'$/) });
    }
    expect((await get(a.auth, '/v1/jobs?limit=2')).statusCode).toBe(200);
    expect((await get(a.auth, '/v1/jobs?limit=two')).statusCode).toBe(400);
  });
});

describe('unknown /v1 paths', () => {
  it('authenticate and count like every /v1 route: 401 without a key, 404 with the rate-limit headers with one', async () => {
    const a = await t.account();
    expect((await t.app.inject({ method: 'GET', url: '/v1/nope' })).statusCode).toBe(401);
    const res = await get(a.auth, '/v1/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
    expect(res.headers['x-ratelimit-remaining']).toBeDefined();
  });
});

describe('API keys (Rigdesk extension)', () => {
  it('creates a key shown once, lists keys without secrets, revokes', async () => {
    const a = await t.account();
    const created = await t.app.inject({ method: 'POST', url: '/v1/keys', headers: { ...a.auth, 'content-type': 'application/json' }, payload: '{"label":"unity"}' });
    expect(created.statusCode).toBe(201);
    const key = created.json();
    expect(key.key).toMatch(/^rk_live_/);
    const list = (await get(a.auth, '/v1/keys')).json();
    expect(list.keys).toHaveLength(2);
    expect(JSON.stringify(list)).not.toContain(key.key);
    expect((await get({ authorization: `Bearer ${key.key}` }, '/v1/account')).statusCode).toBe(200);
    const other = await t.account();
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/keys/${key.id}`, headers: other.auth })).statusCode).toBe(403);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/v1/keys/${key.id}`, headers: a.auth });
    expect(revoked.json().revoked_at).toMatch(/Z$/);
    expect((await get({ authorization: `Bearer ${key.key}` }, '/v1/account')).statusCode).toBe(401);
  });
});

describe('OpenAPI document', () => {
  it('is served without a key as OpenAPI 3.1 and documents every /v1 route and error code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const paths = Object.keys(doc.paths);
    for (const p of ['/v1/rigs', '/v1/rigs/{id}', '/v1/jobs', '/v1/jobs/{id}', '/v1/assets', '/v1/assets/categories', '/v1/animations', '/v1/formats', '/v1/account']) {
      expect(paths).toContain(p);
    }
    // 403: a correction (`from_job` + `joints`, issue 14) naming another account's rig job.
    expect(Object.keys(doc.paths['/v1/rigs'].post.responses).sort()).toEqual(['202', '400', '401', '402', '403', '429', '503']);
    expect(doc.info.description).toMatch(/\*\*Rig corrections \(Rigdesk extension\)\.\*\*.*1 credit/s);
    expect(doc.info.description).toMatch(/X-RateLimit-Reset.*whole seconds/s);
    const rigBody = JSON.stringify({ body: doc.paths['/v1/rigs'].post.requestBody, components: doc.components });
    for (const f of ['model_url', 'model_base64', 'from_job', 'rig_type', 'engine', 'output_format', 'rotation_y', 'rig_fingers', 'animation_url', 'joints', 'in_place', 'root_bone']) {
      expect(rigBody).toContain(f);
    }
    // The rig report's clip mapping (issue 15) is documented with the job's files.
    expect(JSON.stringify(doc.components ?? doc.paths['/v1/jobs/{id}'])).toMatch(/bone_mapping.*clip_bone_mapping.*mapped_by/);
  });
});
