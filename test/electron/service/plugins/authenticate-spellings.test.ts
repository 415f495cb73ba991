/**
 * Every /v1 route needs a key however its path is spelled (issue #12, item 1): the router decodes
 * percent escapes and takes absolute-form targets, so the check must follow the matched route, and
 * an unmatched path is judged by its normalised form. Raw sockets against a real listening server,
 * because HTTP clients (and inject) tidy such targets before sending them.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../support/service';
import { rawHttp } from '../../../support/raw-http';

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await buildTestApp();
  // A route outside /v1 reading the account: the fail-closed case when no key was checked.
  t.app.get('/test-only/reads-account', async (request) => ({ id: request.account.id }));
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Every registered route as [method, path], read from the router (`printRoutes`), so a new route cannot be forgotten. */
function registeredRoutes(): [string, string][] {
  const routes: [string, string][] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^(.*?)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2];
    stack[depth] = path;
    for (const method of m[3]?.split(', ') ?? []) routes.push([method, path]);
  }
  return routes;
}

const encodeChar = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** The ways of writing one path that the router (or a normalising reader) takes for it. */
function spellings(path: string): string[] {
  const segs = path.slice(1).split('/');
  const rest = segs.slice(1).join('/');
  return [
    path,
    `/${segs.map((s) => encodeChar(s[0]) + s.slice(1)).join('/')}`, // first letter of every segment escaped
    `/${segs.map((s) => [...s].map(encodeChar).join('')).join('/')}`, // every character escaped
    `/%2576${path.slice(2)}`, // escaped escape
    `//${path.slice(1)}`,
    `/v1/./${rest}`,
    `/v1/nothing/../${rest}`,
    `/V1/${rest.toUpperCase()}`,
    `${path}/`,
    `/v1%2F${rest}`,
    `http://127.0.0.1${path}`, // absolute-form
    `http://attacker.test/%761/${rest}`,
  ];
}

describe('authentication follows the matched route, not the raw target', () => {
  const routes = () => registeredRoutes().filter(([method, path]) => method !== 'OPTIONS' && /^\/v1(\/|$)/i.test(path));

  it('finds the /v1 routes in the router', () => {
    const found = routes().map(([m, p]) => `${m} ${p}`);
    expect(found.length).toBeGreaterThanOrEqual(20);
    for (const r of ['POST /v1/rigs', 'GET /v1/rigs/:id', 'GET /v1/formats', 'HEAD /v1/account', 'DELETE /v1/keys/:id', 'POST /v1/assets/import']) expect(found).toContain(r);
  });

  it('answers 401 without a key for every /v1 route under every spelling', async () => {
    const failures: string[] = [];
    for (const [method, pattern] of routes()) {
      const path = pattern.replace(/:\w+/g, 'job_0123456789');
      for (const target of spellings(path)) {
        const body = method === 'POST' ? '{}' : '';
        const res = await rawHttp(port, method, target, body ? { 'Content-Type': 'application/json' } : {}, body);
        const code = method === 'HEAD' ? 'unauthorized' : (JSON.parse(res.body || '{}').error?.code as string | undefined);
        if (res.status !== 401 || code !== 'unauthorized' || res.headers['x-ratelimit-limit'] !== undefined) {
          failures.push(`${method} ${target} -> ${res.status} ${res.body.slice(0, 80)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('with a key, an oddly spelled known route is served and an unknown /v1 path is a 404 that counts', async () => {
    const a = await t.account();
    const auth = { Authorization: a.auth.authorization };
    const ok = await rawHttp(port, 'GET', '/%761/formats', auth);
    expect(ok.status).toBe(200);
    expect(ok.headers['x-ratelimit-limit']).toBe('60');
    for (const target of ['//v1/formats', '/V1/formats', '/v1/nope']) {
      const res = await rawHttp(port, 'GET', target, auth);
      expect(res.status, target).toBe(404);
      expect(JSON.parse(res.body).error.code).toBe('not_found');
      expect(res.headers['x-ratelimit-remaining'], target).toMatch(/^\d+$/);
    }
  });

  it('leaves the routes outside /v1 open (health, OpenAPI, preflight)', async () => {
    expect((await rawHttp(port, 'GET', '/healthz')).status).toBe(200);
    expect((await rawHttp(port, 'GET', '/openapi.json')).status).toBe(200);
    expect((await rawHttp(port, 'OPTIONS', '/%761/rigs')).status).toBe(204);
  });

  it('fails closed: a handler reading the account of a request that was not authenticated gets 401, not 500', async () => {
    const res = await rawHttp(port, 'GET', '/test-only/reads-account');
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).error.code).toBe('unauthorized');
  });
});
