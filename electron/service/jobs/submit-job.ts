import { randomUUID } from 'node:crypto';
import { ApiError } from '../../../shared/api/api-error';
import { insufficientCredits, planReservation } from '../billing/credit-rules';
import type { Store } from '../context';
import type { AccountRow } from '../store/accounts-repo';
import type { JobRow } from '../store/jobs-repo';

/** What the job system needs to know about capacity, from the worker pool and configuration. */
export interface Capacity {
  maxQueueDepth: number;
  workersHealthy: () => boolean;
  /** Server mode without local workers: reads the workers' heartbeats again (workersHealthy is a cached answer). */
  recheckWorkers?: () => Promise<void>;
}

export interface NewJob {
  account: AccountRow;
  operation: string;
  params: Record<string, unknown>;
  /** Input already in the blob store, by hash, or bytes to store. */
  input: { sha256: string; name: string | null } | { data: Uint8Array; name: string | null } | null;
  cost: number;
}

/** 503 before any work when the queue is full or no worker can start (spec 7: overload, not excess traffic). */
export async function checkCapacity(store: Store, capacity: Capacity): Promise<void> {
  // A cached "no worker" is checked again before refusing, so a worker host that just started counts at once.
  if (!capacity.workersHealthy()) await capacity.recheckWorkers?.();
  requireCapacity(capacity, await store.jobs.queuedCount());
}

function requireCapacity(capacity: Capacity, queued: number): void {
  if (!capacity.workersHealthy()) {
    throw new ApiError('backend_unavailable', 'No job worker could be started; the rigger is temporarily unavailable. Retry with exponential backoff.');
  }
  if (queued >= capacity.maxQueueDepth) {
    throw new ApiError('backend_unavailable', `The job queue is full (${capacity.maxQueueDepth} jobs waiting). Retry with exponential backoff.`);
  }
}

/** The early, cheap balance check, so a doomed request does not download a file first. */
export async function checkBalance(store: Store, accountId: string, cost: number): Promise<void> {
  const { total } = await store.credits.balance(accountId);
  if (total < cost) throw insufficientCredits(cost, total);
}

/**
 * Accepts a job: stores its input durably, then in one store transaction re-checks capacity,
 * reserves the credits and inserts the job, so concurrent submissions can never overspend and a
 * refused submission leaves nothing behind (spec 7 rule 1).
 */
export async function submitJob(store: Store, capacity: Capacity, job: NewJob, now = Date.now()): Promise<JobRow> {
  let input: { sha256: string; name: string | null } | null = null;
  if (job.input && 'data' in job.input) input = { sha256: store.blobs.put(job.input.data).sha256, name: job.input.name };
  else if (job.input) input = job.input;
  const id = randomUUID();
  const row = {
    id,
    account_id: job.account.id,
    operation: job.operation,
    params: JSON.stringify(job.params),
    input_sha: input?.sha256 ?? null,
    input_name: input?.name ?? null,
    cost: job.cost,
    created_at: now,
  };
  return await store.tx.submitJob(row, ({ queued, balances }) => {
    requireCapacity(capacity, queued);
    return planReservation(balances, id, job.cost);
  });
}
