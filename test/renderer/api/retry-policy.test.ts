import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, parseRetryAfter, retryDelayMs } from '../../../renderer/api/retry-policy';

describe('retry policy (spec part 7)', () => {
  it('waits retry_after_seconds on 429', () => {
    expect(retryDelayMs(429, 1, 12)).toBe(12_000);
    expect(retryDelayMs(429, 1, 0.2)).toBe(200);
    expect(retryDelayMs(429, 1, null)).toBe(1000);
  });
  it('backs off exponentially on 500 and 503, about 5 attempts in all', () => {
    expect([1, 2, 3, 4].map((a) => retryDelayMs(503, a))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(500, 2)).toBe(2000);
    expect(retryDelayMs(503, MAX_ATTEMPTS)).toBeNull();
    expect(MAX_ATTEMPTS).toBe(5);
  });
  it('never retries other errors', () => {
    for (const s of [400, 401, 402, 403, 404]) expect(retryDelayMs(s, 1, 5)).toBeNull();
  });
  it('reads Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('7')).toBe(7);
    expect(parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(30);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});
