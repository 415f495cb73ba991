/**
 * File URLs are built from the Host header only when it is a plain host[:port]; a missing one
 * (HTTP/1.0) or an odd one falls back to the address the connection reached, so no URL comes out
 * as `http:///files/...` (issue #12, item 8). Raw sockets, since clients always send a sound Host.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrlOf } from '../../../../electron/service/routes/base-url';
import { buildTestApp, type TestApp } from '../../../support/service';
import { rawRequest } from '../../../support/raw-http';

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await buildTestApp();
  // Outside /v1, so the answer shows what any route building file URLs would build.
  t.app.get('/test-only/base-url', async (request) => ({ base: baseUrlOf(request) }));
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

async function baseFor(head: string): Promise<string> {
  const res = await rawRequest(port, head);
  expect(res.status, res.raw.slice(0, 300)).toBe(200);
  return JSON.parse(res.body).base;
}

describe('baseUrlOf', () => {
  it('uses a plain Host header as given (names, IPv4, bracketed IPv6, with or without a port)', async () => {
    for (const host of ['localhost:7878', 'rig-box.local', '192.168.1.20:7878', '[::1]:7878', 'example.test.']) {
      expect(await baseFor(`GET /test-only/base-url HTTP/1.1\r\nHost: ${host}\r\nConnection: close`)).toBe(`http://${host}`);
    }
  });

  it('falls back to the address the connection reached when Host is missing (HTTP/1.0 and 1.1)', async () => {
    expect(await baseFor('GET /test-only/base-url HTTP/1.0')).toBe(`http://127.0.0.1:${port}`);
    expect(await baseFor('GET /test-only/base-url HTTP/1.1\r\nConnection: close')).toBe(`http://127.0.0.1:${port}`);
  });

  it('falls back likewise when Host is not a valid host[:port]', async () => {
    for (const host of ['', 'evil.test/path', 'user@evil.test', 'a b', 'host:port', 'x:99999999', '[zz]:1', 'evil.test#x']) {
      expect(await baseFor(`GET /test-only/base-url HTTP/1.1\r\nHost: ${host}\r\nConnection: close`), host).toBe(`http://127.0.0.1:${port}`);
    }
  });
});
