import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from '../../../../electron/service/admin/accounts-admin';
import { buildTestApp, type TestApp } from '../../../support/service';
import { sqlRows } from '../../../support/store-sql';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('authentication (spec part 5)', () => {
  it('answers missing, malformed, revoked and unknown keys with a byte-identical 401', async () => {
    const revoked = await t.account();
    await revokeApiKey(t.store, revoked.key);
    const headers: (Record<string, string> | undefined)[] = [
      undefined,
      { authorization: 'Basic abc' },
      { authorization: 'Bearer not-a-key' },
      { authorization: `Bearer ${revoked.key}` },
      { authorization: `Bearer rk_live_${'A'.repeat(43)}` },
    ];
    const bodies = new Set<string>();
    for (const h of headers) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/account', headers: h });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
  });

  it('requires an active Standard or Pro subscription on every /v1 route, reporting plan and status', async () => {
    const free = await t.account({ plan: 'free' });
    const pastDue = await t.account({ plan: 'standard', status: 'past_due' });
    for (const url of ['/v1/account', '/v1/jobs', '/v1/assets', '/v1/formats', '/v1/animations', '/v1/assets/categories']) {
      const res = await t.app.inject({ method: 'GET', url, headers: free.auth });
      expect(res.statusCode, url).toBe(402);
      expect(res.json().error).toMatchObject({ code: 'subscription_required', plan: 'free', subscription_status: 'active' });
    }
    const res = await t.app.inject({ method: 'GET', url: '/v1/jobs', headers: pastDue.auth });
    expect(res.json().error).toMatchObject({ code: 'subscription_required', plan: 'standard', subscription_status: 'past_due' });
  });

  it('sends Access-Control-Allow-Origin: * on every response and answers preflights', async () => {
    const a = await t.account();
    const ok = await t.app.inject({ method: 'GET', url: '/v1/formats', headers: a.auth });
    const unauth = await t.app.inject({ method: 'GET', url: '/v1/formats' });
    const missing = await t.app.inject({ method: 'GET', url: '/v1/nope', headers: a.auth });
    for (const r of [ok, unauth, missing]) expect(r.headers['access-control-allow-origin']).toBe('*');
    const pre = await t.app.inject({ method: 'OPTIONS', url: '/v1/rigs', headers: { origin: 'http://example.test', 'access-control-request-method': 'POST' } });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-headers']).toMatch(/Authorization/);
  });

  it('ignores cookies: a cookie never authenticates and none is set', async () => {
    const a = await t.account();
    const res = await t.app.inject({ method: 'GET', url: '/v1/account', headers: { cookie: `authorization=Bearer ${a.key}; session=1` } });
    expect(res.statusCode).toBe(401);
    const ok = await t.app.inject({ method: 'GET', url: '/v1/account', headers: { ...a.auth, cookie: 'session=x' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['set-cookie']).toBeUndefined();
  });

  it('answers unknown routes with the not_found envelope', async () => {
    const a = await t.account();
    for (const [method, url] of [['GET', '/v1/unknown'], ['POST', '/v1/jobs'], ['GET', '/nothing-here']] as const) {
      const res = await t.app.inject({ method, url, headers: a.auth });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    }
  });

  it('revoking a key takes effect on the next request', async () => {
    const a = await t.account();
    expect((await t.app.inject({ method: 'GET', url: '/v1/account', headers: a.auth })).statusCode).toBe(200);
    await revokeApiKey(t.store, a.key);
    expect((await t.app.inject({ method: 'GET', url: '/v1/account', headers: a.auth })).statusCode).toBe(401);
  });

  it('stores only a hash of each key', async () => {
    const a = await t.account();
    const rows = await sqlRows(t, 'SELECT * FROM api_keys');
    expect(JSON.stringify(rows)).not.toContain(a.key);
    expect(a.key).toMatch(/^rk_live_[A-Za-z0-9_-]{43}$/);
  });
});
