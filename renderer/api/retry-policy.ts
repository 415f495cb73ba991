/**
 * When to retry a request (spec part 7): 429 after `retry_after_seconds` (or Retry-After),
 * 500 and 503 with exponential backoff, about 5 attempts in all. Pure, unit-tested.
 */

export const MAX_ATTEMPTS = 5;
const BASE_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/**
 * Delay before the next attempt, or null when the answer is final.
 * @param attempt 1 for the first request that failed.
 * @param retryAfterSeconds from the body's `retry_after_seconds` or the Retry-After header.
 */
export function retryDelayMs(status: number, attempt: number, retryAfterSeconds?: number | null): number | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  if (status === 429) {
    const s = retryAfterSeconds != null && Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 0 ? retryAfterSeconds : 1;
    return Math.min(Math.ceil(s * 1000), 120_000);
  }
  if (status === 500 || status === 503 || status === 0) {
    return Math.min(BASE_DELAY_MS * 2 ** (attempt - 1), MAX_DELAY_MS);
  }
  return null;
}

/** Reads Retry-After (delta seconds or an HTTP date) into seconds. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const n = Number(header);
  if (Number.isFinite(n)) return Math.max(0, n);
  const t = Date.parse(header);
  return Number.isFinite(t) ? Math.max(0, (t - now) / 1000) : null;
}
