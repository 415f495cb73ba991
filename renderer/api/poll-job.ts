/**
 * Follows a job until it is terminal (spec 4.3). A failed job is a normal result, not an
 * exception. The job keeps running on the service whatever happens to one poll, so overload
 * (429, 5xx, an unreachable service) only slows polling down; other HTTP errors throw.
 */
import { ApiError } from './api-error';
import type { ApiClient } from './client';
import { defaultSleep } from './client';
import type { Job } from './types';

export const TERMINAL = new Set(['succeeded', 'failed']);

export function isTerminal(job: Pick<Job, 'status'>): boolean {
  return TERMINAL.has(job.status);
}

export interface PollOptions {
  /** Interval between polls. The studio polls its own machine, so faster than the spec's 5 s. */
  intervalMs?: number;
  signal?: AbortSignal;
  onUpdate?: (job: Job) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Give up after this long (the spec recommends a 300 s client deadline). */
  deadlineMs?: number;
}

export async function pollJob(api: Pick<ApiClient, 'getJob'>, id: string, o: PollOptions = {}): Promise<Job> {
  const interval = o.intervalMs ?? 1500;
  const sleep = o.sleep ?? defaultSleep;
  const deadline = Date.now() + (o.deadlineMs ?? 30 * 60_000);
  let waitMs = interval;
  for (;;) {
    let job: Job;
    try {
      job = await api.getJob(id, o.signal);
      waitMs = interval;
    } catch (err) {
      const transient = err instanceof ApiError && (err.status === 0 || err.status === 429 || err.status >= 500);
      if (!transient || Date.now() > deadline || o.signal?.aborted) throw err;
      const retryAfter = Number((err as ApiError).details.retry_after_seconds);
      waitMs = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : Math.min(waitMs * 2, 30_000);
      await sleep(waitMs, o.signal);
      continue;
    }
    o.onUpdate?.(job);
    if (isTerminal(job)) return job;
    if (Date.now() > deadline) throw new Error(`poll-job: job ${id} is still ${job.status} after the deadline`);
    await sleep(interval, o.signal);
  }
}
