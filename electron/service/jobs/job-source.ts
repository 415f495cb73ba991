import type { Store } from '../context';
import type { JobRow } from '../store/jobs-repo';

/**
 * Where the worker pool gets its jobs: the SQLite queue of the desktop (the `jobs` table itself), or
 * pg-boss deliveries in server mode (pg-job-source.ts). The pool's child-process handling is the same.
 */
export interface JobSource {
  /** The next job to run, already marked processing; undefined when none waits. */
  next(now: number): Promise<JobRow | undefined>;
  /** The job reached a terminal state (its row is written). */
  settled(jobId: string): Promise<void>;
  /** The pool stops while the job runs: hand it back to the queue. */
  giveBack(jobId: string): Promise<void>;
}

/** SQLite mode: claim the oldest queued row; a graceful stop puts a job back without using up its retry. */
export function sqliteJobSource(store: Store): JobSource {
  return {
    next: (now) => store.jobs.claimNext(now),
    settled: async () => undefined,
    giveBack: async (jobId) => void (await store.jobs.release(jobId)),
  };
}
