import type { PgJobQueue } from '../store/postgres/pg-job-queue';
import type { PgJobsRepo } from '../store/postgres/pg-jobs-repo';

/** What a job says when the worker host running it died twice (server mode's counterpart of recovery.ts). */
export const DIED_TWICE =
  'The worker running this job stopped twice before finishing (its machine or process ended), so it was not retried again. Submit it again; if it keeps failing, report it with this job id.';

/**
 * Fails the store jobs whose queue delivery expired twice (pg-job-queue.ts dead letters): the queue
 * retried each once already. Every `serve` and `worker` calls this on an interval; each dead letter is
 * handed to one caller only, and failing a job that already ended changes nothing.
 */
export async function failDeadJobs(queue: PgJobQueue, jobs: Pick<PgJobsRepo, 'fail'>, now = Date.now()): Promise<string[]> {
  const failed: string[] = [];
  for (const id of await queue.fetchDead()) if (await jobs.fail(id, DIED_TWICE, now)) failed.push(id);
  return failed;
}
