import type { Store } from '../context';

/**
 * After a restart, jobs left `processing` were interrupted: each is retried once, then failed,
 * so a job that crashes the whole service cannot crash it forever. Queued jobs simply run.
 */
export function recoverInterruptedJobs(store: Store, now = Date.now()): { retried: string[]; failed: string[] } {
  const retried: string[] = [];
  const failed: string[] = [];
  store.db.transaction(() => {
    for (const job of store.jobs.listProcessing()) {
      if (job.attempts < 2) {
        store.jobs.requeue(job.id);
        retried.push(job.id);
      } else {
        store.jobs.fail(job.id, 'The service stopped twice while this job was processing, so it was not retried again. Submit it again; if it keeps failing, report it with this job id.', now);
        failed.push(job.id);
      }
    }
  }).immediate();
  return { retried, failed };
}
