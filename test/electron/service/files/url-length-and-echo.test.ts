/**
 * Oversized values never come back whole, and oversized or dropped URLs get a message a person can
 * act on (issue #12, item 8): a model_url over 8 KB is refused before any fetch, naming the field
 * and the limit; a server closing the connection mid-request is described, not reported as
 * "write EPIPE"; echoed values are cut to 200 characters with an ellipsis.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../support/service';
import { boxObjBase64 } from '../../../support/meshes';

let t: TestApp;
let auth: Record<string, string>;
let server: Server;
let port = 0;
let hits = 0;
beforeAll(async () => {
  // Private URLs allowed so a loopback server can stand in for a hostile or broken remote one.
  t = await buildTestApp({ allowPrivateUrls: true });
  auth = (await t.account({ rateLimitPerMinute: 10_000 })).auth;
  // Hangs up on every request without answering, as servers do with request lines they refuse.
  server = createServer((req) => {
    hits++;
    req.socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await t.close();
});

const post = (url: string, body: unknown) => t.app.inject({ method: 'POST', url, headers: auth, payload: body as object });

describe('long values and dropped connections', () => {
  it.each([
    ['/v1/rigs', 'model_url'],
    ['/v1/rigs', 'animation_url'],
    ['/v1/models', 'image_url'],
  ])('%s refuses a %s over 8 KB before fetching it, naming the field and the limit', async (route, field) => {
    const long = `http://127.0.0.1:${port}/${'a'.repeat(900_000)}.glb`;
    const body = field === 'animation_url' ? { model_base64: boxObjBase64(), filename: 'box.obj', animation_url: long } : { [field]: long };
    const res = await post(route, body);
    expect(res.statusCode).toBe(400);
    const message: string = res.json().error.message;
    expect(message).toMatch(new RegExp(`^${field}: the URL is ${long.length} characters long; at most 8192 \\(8 KB\\) are accepted`));
    expect(message.length).toBeLessThan(300);
    expect(hits).toBe(0);
  });

  it('describes a server that closes the connection instead of reporting a bare socket error', async () => {
    const res = await post('/v1/rigs', { model_url: `http://127.0.0.1:${port}/${'b'.repeat(7000)}.glb` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(new RegExp(`^model_url: could not be fetched \\(127\\.0\\.0\\.1:${port} closed the connection before answering`));
    expect(hits).toBeGreaterThan(0);
  });

  it('cuts an echoed from_job id to 200 characters with an ellipsis', async () => {
    const id = 'j'.repeat(900_000);
    const res = await post('/v1/rigs', { from_job: id });
    expect(res.statusCode).toBe(400);
    const message: string = res.json().error.message;
    expect(message).toContain(`'${'j'.repeat(200)}… (900000 characters)'`);
    expect(message.length).toBeLessThan(300);
  });

  it('cuts an echoed unknown path the same way', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/nothing/${'p'.repeat(10_000)}` });
    expect(res.statusCode).toBe(404);
    const message: string = res.json().error.message;
    expect(message).toMatch(/^No endpoint GET \/nothing\/p+… \(10009 characters\)\.$/);
    expect(message.length).toBeLessThan(300);
  });
});
