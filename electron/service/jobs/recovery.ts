import type { Store } from '../context';

const FAILED_TWICE =
  'The service stopped twice while this job was processing, so it was not retried again. Submit it again; if it keeps failing, report it with this job id.';

/**
 * After a restart, jobs left `processing` were interrupted: each is retried once, then failed,
 * so a job that crashes the whole service cannot crash it forever. Queued jobs simply run.
 */
export function recoverInterruptedJobs(store: Store, now = Date.now()): Promise<{ retried: string[]; failed: string[] }> {
  return store.tx.recoverInterrupted(now, (job) => (job.attempts < 2 ? { retry: true } : { retry: false, error: FAILED_TWICE }));
}
