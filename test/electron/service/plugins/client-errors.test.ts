/**
 * Refusals made before any route runs keep the `{error: {code, message}}` envelope (issue #12,
 * item 8): Node's parser (431, malformed HTTP) and Fastify's router (undecodable path, overlong
 * parameter). Raw sockets against a real listening server, since no client sends such requests.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../support/service';
import { rawHttp, rawRequest, type RawResponse } from '../../../support/raw-http';

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

function expectEnvelope(res: RawResponse, status: number, message: RegExp): void {
  expect(res.status, res.raw.slice(0, 200)).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['access-control-allow-origin']).toBe('*');
  const body = JSON.parse(res.body);
  expect(body).toEqual({ error: { code: 'invalid_request', message: expect.stringMatching(message) } });
}

describe('framework-level refusals use the error envelope', () => {
  it('answers headers over the size limit with 431 and the envelope', async () => {
    const res = await rawHttp(port, 'GET', '/v1/formats', { 'X-Padding': 'a'.repeat(40_000) });
    expectEnvelope(res, 431, /exceed 16 KB/);
  });

  it('answers a request line over the size limit with 431 and the envelope', async () => {
    const res = await rawHttp(port, 'GET', `/v1/formats?q=${'a'.repeat(40_000)}`);
    expectEnvelope(res, 431, /exceed 16 KB/);
  });

  it('answers malformed HTTP with 400 and the envelope', async () => {
    expectEnvelope(await rawRequest(port, 'GET /v1/formats HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header Without Colon'), 400, /not valid HTTP/);
    expectEnvelope(await rawRequest(port, 'POST /v1/rigs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nContent-Length: 7', '{}'), 400, /not valid HTTP/);
  });

  it('answers a path the router cannot decode with 400 and the envelope, without echoing it', async () => {
    const res = await rawHttp(port, 'GET', `/v1/jobs/%zz${'b'.repeat(5000)}`);
    expectEnvelope(res, 400, /a % must start an escape/);
    expect(res.body.length).toBeLessThan(400);
  });

  it('answers an overlong path parameter with 400 and the envelope', async () => {
    const res = await rawHttp(port, 'GET', `/v1/jobs/${'c'.repeat(500)}`, { Authorization: (await t.account()).auth.authorization });
    expectEnvelope(res, 400, /path parameter is longer/);
  });

  it('serves an HTTP/1.1 request without Host like any other, instead of a bare 400 from Node', async () => {
    const res = await rawRequest(port, 'GET /v1/formats HTTP/1.1\r\nConnection: close');
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).error.code).toBe('unauthorized');
  });
});
