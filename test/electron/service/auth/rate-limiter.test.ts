import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../../electron/service/auth/rate-limiter';

describe('RateLimiter (trailing window)', () => {
  it('allows `limit` requests in any trailing minute and frees slots as old requests leave', () => {
    const r = new RateLimiter(60_000);
    const t0 = 1_000_000;
    for (let i = 0; i < 60; i++) expect(r.hit('k', 60, t0 + i * 500).allowed).toBe(true);
    // 30 s in, the window is full.
    const refused = r.hit('k', 60, t0 + 30_000);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.resetSeconds).toBe(30);
    // A fixed per-minute counter would reset at t0+60 s and allow a burst; the trailing window
    // frees exactly one slot when the first request is 60 s old.
    expect(r.hit('k', 60, t0 + 59_999).allowed).toBe(false);
    expect(r.hit('k', 60, t0 + 60_000).allowed).toBe(true);
    expect(r.hit('k', 60, t0 + 60_001).allowed).toBe(false);
    expect(r.hit('k', 60, t0 + 60_500).allowed).toBe(true);
  });

  it('keeps keys apart and reports remaining and reset', () => {
    const r = new RateLimiter(60_000);
    const a = r.hit('a', 3, 0);
    expect(a).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
    expect(r.hit('b', 3, 0).remaining).toBe(2);
    r.hit('a', 3, 10_000);
    expect(r.hit('a', 3, 20_000).remaining).toBe(0);
    expect(r.hit('a', 3, 20_001)).toMatchObject({ allowed: false, resetSeconds: 40 });
  });

  it('keeps the window when an account limit changes', () => {
    const r = new RateLimiter(60_000);
    for (let i = 0; i < 5; i++) r.hit('k', 10, i);
    expect(r.hit('k', 6, 10).remaining).toBe(0);
    expect(r.hit('k', 6, 11).allowed).toBe(false);
  });
});
