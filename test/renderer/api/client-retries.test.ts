import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../renderer/api/api-error';
import { createApiClient, type RetryNotice } from '../../../renderer/api/client';

/** Scripted answers per path, to drive the client's error handling over real HTTP. */
let script: ((req: IncomingMessage, res: ServerResponse) => void)[] = [];
const seen: { method: string; url: string; auth: string | undefined; body: string }[] = [];
let baseUrl = '';
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, body });
    const next = script.shift();
    if (next) next(req, res);
    else res.writeHead(500).end();
  });
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => void server.close());

function client() {
  const waits: number[] = [];
  const notices: RetryNotice[] = [];
  const api = createApiClient({
    baseUrl,
    key: 'rk_live_test',
    sleep: async (ms) => void waits.push(ms),
    onRetry: (n) => notices.push(n),
  });
  seen.length = 0;
  return { api, waits, notices };
}

describe('api client over HTTP', () => {
  it('sends the bearer key and JSON, and parses the answer', async () => {
    const { api } = client();
    script = [json(202, { id: 'j1', object: 'job', status: 'queued', output: null, error: null, created_at: '2026-01-01T00:00:00.000Z' })];
    const job = await api.submitRig({ model_base64: 'AAAA', filename: 'a.glb', rig_type: 'biped' });
    expect(job.id).toBe('j1');
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/rigs', auth: 'Bearer rk_live_test' });
    expect(JSON.parse(seen[0].body)).toEqual({ model_base64: 'AAAA', filename: 'a.glb', rig_type: 'biped' });
  });

  it('retries a 429 after retry_after_seconds, then succeeds', async () => {
    const { api, waits, notices } = client();
    script = [
      json(429, { error: { code: 'rate_limited', message: 'Slow down', retry_after_seconds: 3 } }, { 'retry-after': '3' }),
      json(200, { object: 'list', total: 0, jobs: [] }),
    ];
    expect((await api.listJobs({ status: 'failed', limit: 5 })).total).toBe(0);
    expect(waits).toEqual([3000]);
    expect(notices[0]).toMatchObject({ status: 429, code: 'rate_limited', attempt: 1 });
    expect(seen.map((s) => s.url)).toEqual(['/v1/jobs?status=failed&limit=5', '/v1/jobs?status=failed&limit=5']);
  });

  it('retries a refused submission on 503 with backoff (nothing was charged)', async () => {
    const { api, waits } = client();
    const busy = json(503, { error: { code: 'backend_unavailable', message: 'Queue full' } });
    script = [busy, busy, json(202, { id: 'j2', object: 'job', status: 'queued' })];
    expect((await api.submitRig({ from_job: 'x' })).id).toBe('j2');
    expect(waits).toEqual([1000, 2000]);
  });

  it('gives up after five attempts with the service message', async () => {
    const { api, waits } = client();
    const busy = json(503, { error: { code: 'backend_unavailable', message: 'Rigger at capacity' } });
    script = [busy, busy, busy, busy, busy];
    const err = await api.getJob('j3').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, code: 'backend_unavailable', message: 'Rigger at capacity' });
    expect(waits).toHaveLength(4);
  });

  it('does not retry client errors and keeps extra error fields', async () => {
    const { api, waits } = client();
    script = [json(402, { error: { code: 'subscription_required', message: 'Subscribe', plan: 'free', subscription_status: 'canceled' } })];
    const err = (await api.account().catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('subscription_required');
    expect(err.details).toEqual({ plan: 'free', subscription_status: 'canceled' });
    expect(waits).toEqual([]);
  });

  it('names the status when the body is not an error envelope', async () => {
    const { api } = client();
    script = [(_q, res) => res.writeHead(502, 'Bad Gateway').end('<html>')];
    await expect(api.listKeys()).rejects.toThrow(/HTTP 502/);
  });

  it('reports an unreachable service without retrying a POST', async () => {
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:1', key: 'k', sleep: async () => {} });
    const err = (await api.createKey('x').catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('network_error');
    expect(err.message).toMatch(/Cannot reach the Rigdesk service at http:\/\/127\.0\.0\.1:1/);
  });
});
