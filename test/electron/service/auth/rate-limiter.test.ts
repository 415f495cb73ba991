import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter, type RateLimiter } from '../../../../electron/service/auth/rate-limiter';
import { migratePostgres } from '../../../../electron/service/store/postgres/pg-migrate';
import { openPostgresPool } from '../../../../electron/service/store/postgres/pg-pool';
import { PostgresRateLimiter } from '../../../../electron/service/store/postgres/pg-rate-limiter';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../support/throwaway-postgres';

let server: ThrowawayPostgres | undefined;
const pools: Pool[] = [];
async function postgresPool(): Promise<Pool> {
  server ??= await startThrowawayPostgres();
  const pool = await openPostgresPool(server.url, { max: 10 });
  pools.push(pool);
  await migratePostgres(pool);
  return pool;
}
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await server?.stop();
});

/** Both implementations must answer alike: the desktop's in-memory one and server mode's shared one. */
const backends: { name: string; open: () => Promise<(windowMs: number) => RateLimiter> }[] = [
  { name: 'memory', open: async () => (windowMs) => new MemoryRateLimiter(windowMs) },
  {
    name: 'PostgreSQL',
    open: async () => {
      const pool = await postgresPool();
      return (windowMs) => new PostgresRateLimiter(pool, windowMs);
    },
  },
];

describe.each(backends)('RateLimiter (trailing window), $name', ({ open }) => {
  let make: (windowMs: number) => RateLimiter;
  let n = 0;
  // The PostgreSQL windows outlive a limiter object: each test counts under keys of its own.
  const key = (k: string) => `${k}-${++n}`;
  beforeAll(async () => {
    make = await open();
  });

  it('allows `limit` requests in any trailing minute and frees slots as old requests leave', async () => {
    const r = make(60_000);
    const k = key('k');
    const t0 = 1_000_000;
    for (let i = 0; i < 60; i++) expect((await r.hit(k, 60, t0 + i * 500)).allowed).toBe(true);
    // 30 s in, the window is full.
    const refused = await r.hit(k, 60, t0 + 30_000);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.resetSeconds).toBe(30);
    // A fixed per-minute counter would reset at t0+60 s and allow a burst; the trailing window
    // frees exactly one slot when the first request is 60 s old.
    expect((await r.hit(k, 60, t0 + 59_999)).allowed).toBe(false);
    expect((await r.hit(k, 60, t0 + 60_000)).allowed).toBe(true);
    expect((await r.hit(k, 60, t0 + 60_001)).allowed).toBe(false);
    expect((await r.hit(k, 60, t0 + 60_500)).allowed).toBe(true);
  });

  it('keeps keys apart and reports remaining and reset', async () => {
    const r = make(60_000);
    const [a, b] = [key('a'), key('b')];
    expect(await r.hit(a, 3, 0)).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
    expect((await r.hit(b, 3, 0)).remaining).toBe(2);
    await r.hit(a, 3, 10_000);
    expect((await r.hit(a, 3, 20_000)).remaining).toBe(0);
    expect(await r.hit(a, 3, 20_001)).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 40 });
  });

  it('keeps the window when an account limit changes', async () => {
    const r = make(60_000);
    const k = key('k');
    for (let i = 0; i < 5; i++) await r.hit(k, 10, i);
    expect((await r.hit(k, 6, 10)).remaining).toBe(0);
    expect((await r.hit(k, 6, 11)).allowed).toBe(false);
    // Raised again: the five earlier requests still count.
    expect((await r.hit(k, 10, 12)).remaining).toBe(3);
  });
});

describe('PostgresRateLimiter across API processes', () => {
  it('two processes on one database never let a key exceed its limit, even all at once', async () => {
    // Two pools are two sets of server connections, as two API processes would hold.
    const [a, b] = [new PostgresRateLimiter(await postgresPool()), new PostgresRateLimiter(await postgresPool())];
    const now = Date.now();
    const hits = Array.from({ length: 80 }, (_, i) => (i % 2 ? a : b).hit('shared-key', 25, now));
    const decisions = await Promise.all(hits);
    expect(decisions.filter((d) => d.allowed)).toHaveLength(25);
    expect(decisions.filter((d) => d.allowed).map((d) => d.remaining).sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    // A process started later (or restarted) sees the same window.
    const c = new PostgresRateLimiter(await postgresPool());
    expect(await c.hit('shared-key', 25, now + 1000)).toMatchObject({ allowed: false, resetSeconds: 59 });
    expect((await c.hit('shared-key', 25, now + 60_000)).allowed).toBe(true);
  });
});
