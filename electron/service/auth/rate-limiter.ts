/**
 * Trailing-window rate limit, one log of request times per key.
 *
 * Notes: a fixed per-minute counter lets a client send 2x the limit across a minute boundary,
 * so each key keeps the times of its last `limit` requests; a request is allowed when the oldest of
 * those is more than a window old. Refused requests are not recorded, so a client that backs off
 * regains capacity on schedule. Two implementations keep the same semantics: MemoryRateLimiter (one
 * service process: the desktop, SQLite mode) and PostgresRateLimiter (store/postgres: the window is
 * shared by every API process on one database).
 */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds (rounded up) until the oldest request in the window leaves it, freeing one slot; 0 when the window is empty. */
  resetSeconds: number;
}

export interface RateLimiter {
  /** Counts a request of `key` at `now` (ms) against `limit` requests per window, unless refused. */
  hit(key: string, limit: number, now: number): Promise<RateDecision>;
}

/**
 * The decision from the window after this request: `used` times in it (this one included when
 * allowed), the oldest at `oldest` (null when empty). Shared so both implementations answer alike.
 */
export function rateDecision(allowed: boolean, limit: number, used: number, oldest: number | null, now: number, windowMs: number): RateDecision {
  const resetSeconds = oldest === null ? 1 : Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
  return { allowed, limit, remaining: allowed ? limit - used : 0, resetSeconds };
}

interface KeyLog {
  times: Float64Array;
  head: number; // index of the oldest entry
  count: number;
}

/** O(1) per request in a ring buffer per key; memory bounded by the limit. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly logs = new Map<string, KeyLog>();

  constructor(private readonly windowMs = 60_000) {}

  async hit(key: string, limit: number, now: number): Promise<RateDecision> {
    let log = this.logs.get(key);
    if (!log || log.times.length !== limit) {
      log = resize(log, limit);
      this.logs.set(key, log);
    }
    // Drop entries that left the window.
    while (log.count > 0 && log.times[log.head] <= now - this.windowMs) {
      log.head = (log.head + 1) % limit;
      log.count--;
    }
    if (log.count >= limit) return rateDecision(false, limit, log.count, log.count > 0 ? log.times[log.head] : null, now, this.windowMs);
    log.times[(log.head + log.count) % limit] = now;
    log.count++;
    return rateDecision(true, limit, log.count, log.times[log.head], now, this.windowMs);
  }
}

function resize(old: KeyLog | undefined, limit: number): KeyLog {
  const log: KeyLog = { times: new Float64Array(Math.max(1, limit)), head: 0, count: 0 };
  if (old) {
    // Keep the newest entries that fit, so changing an account's limit does not reset its window.
    const keep = Math.min(old.count, limit);
    for (let i = old.count - keep; i < old.count; i++) log.times[log.count++] = old.times[(old.head + i) % old.times.length];
  }
  return log;
}
