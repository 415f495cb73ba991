import type { Pool } from 'pg';
import { rateDecision, type RateDecision, type RateLimiter } from '../../auth/rate-limiter';

/**
 * The trailing-window rate limit of auth/rate-limiter.ts, kept in PostgreSQL so every API process on
 * one database counts a key's requests in the same window. One round trip per request: the function
 * `rate_limit_hit` (pg-migrations.ts, version 3) locks the key's row, so concurrent requests from any
 * process are counted one after another; the window is one row per allowed request, so the work per
 * request does not grow with the limit.
 */
export class PostgresRateLimiter implements RateLimiter {
  constructor(
    private readonly pool: Pool,
    private readonly windowMs = 60_000,
  ) {}

  async hit(key: string, limit: number, now: number): Promise<RateDecision> {
    const at = Math.floor(now); // a bigint column: clocks are whole milliseconds
    const { rows } = await this.pool.query<{ allowed: boolean; used: number; oldest: number | null }>(
      'SELECT allowed, used, oldest FROM rate_limit_hit($1, $2, $3, $4)',
      [key, limit, at, this.windowMs],
    );
    const r = rows[0];
    return rateDecision(r.allowed, limit, r.used, r.oldest, at, this.windowMs);
  }
}
