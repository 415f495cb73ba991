/**
 * Trailing-window rate limiter, one log of request times per key.
 *
 * Notes: a fixed per-minute counter lets a client send 2x the limit across a minute boundary,
 * so each key keeps the times of its last `limit` requests in a ring buffer; a request is allowed
 * when the oldest of those is more than a window old. O(1) per request, memory bounded by the limit.
 * Refused requests are not recorded, so a client that backs off regains capacity on schedule.
 */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds (rounded up) until the oldest request in the window leaves it, freeing one slot; 0 when the window is empty. */
  resetSeconds: number;
}

interface KeyLog {
  times: Float64Array;
  head: number; // index of the oldest entry
  count: number;
}

export class RateLimiter {
  private readonly logs = new Map<string, KeyLog>();

  constructor(private readonly windowMs = 60_000) {}

  hit(key: string, limit: number, now: number): RateDecision {
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
    if (log.count >= limit) {
      const retryMs = log.times[log.head] + this.windowMs - now;
      return { allowed: false, limit, remaining: 0, resetSeconds: Math.max(1, Math.ceil(retryMs / 1000)) };
    }
    log.times[(log.head + log.count) % limit] = now;
    log.count++;
    const resetSeconds = Math.max(1, Math.ceil((log.times[log.head] + this.windowMs - now) / 1000));
    return { allowed: true, limit, remaining: limit - log.count, resetSeconds };
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
