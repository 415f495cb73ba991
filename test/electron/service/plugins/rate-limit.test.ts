import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../support/service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('rate limit (spec part 8)', () => {
  it('counts every authenticated request (free routes, polling, refusals) per key over a trailing minute', async () => {
    const a = await t.account();
    const urls = ['/v1/account', '/v1/formats', '/v1/jobs', '/v1/assets', '/v1/jobs/00000000-0000-0000-0000-000000000000'];
    for (let i = 0; i < 60; i++) {
      const res = await t.app.inject({ method: 'GET', url: urls[i % urls.length], headers: a.auth });
      expect(res.statusCode).not.toBe(429);
      expect(res.headers['x-ratelimit-limit']).toBe('60');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(59 - i));
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    }
    const limited = await t.app.inject({ method: 'GET', url: '/v1/formats', headers: a.auth });
    expect(limited.statusCode).toBe(429);
    const err = limited.json().error;
    expect(err.code).toBe('rate_limited');
    expect(err.retry_after_seconds).toBeGreaterThan(0);
    expect(err.retry_after_seconds).toBeLessThanOrEqual(60);
    expect(limited.headers['retry-after']).toBe(String(err.retry_after_seconds));
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');

    // Another key of another account is not affected.
    const b = await t.account();
    expect((await t.app.inject({ method: 'GET', url: '/v1/formats', headers: b.auth })).statusCode).toBe(200);

    // After the window has passed, requests are allowed again.
    t.advance(61_000);
    expect((await t.app.inject({ method: 'GET', url: '/v1/formats', headers: a.auth })).statusCode).toBe(200);
  });

  it('counts requests of accounts without a subscription too', async () => {
    const free = await t.account({ plan: 'free', rateLimitPerMinute: 2 });
    expect((await t.app.inject({ method: 'GET', url: '/v1/account', headers: free.auth })).statusCode).toBe(402);
    expect((await t.app.inject({ method: 'GET', url: '/v1/account', headers: free.auth })).statusCode).toBe(402);
    expect((await t.app.inject({ method: 'GET', url: '/v1/account', headers: free.auth })).statusCode).toBe(429);
  });

  it('uses the per-account limit', async () => {
    const fast = await t.account({ rateLimitPerMinute: 1000 });
    const res = await t.app.inject({ method: 'GET', url: '/v1/account', headers: fast.auth });
    expect(res.headers['x-ratelimit-limit']).toBe('1000');
    expect(res.json().rate_limit).toMatchObject({ limit: 1000, remaining: 999, window_seconds: 60 });
  });
});
