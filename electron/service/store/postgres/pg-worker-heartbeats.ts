/**
 * Whether any worker can run jobs, seen from an API process without local workers (`serve --workers 0`):
 * each worker host stamps a `worker_heartbeats` row while its pool is healthy, and deletes it when it
 * stops; the API reads "any row fresher than `staleMs`" on a timer, since the capacity check that
 * answers 503 backend_unavailable is synchronous (jobs/submit-job.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';

/** How often a host stamps its row, and how old a row may be before its host counts as gone. */
export const HEARTBEAT_EVERY_MS = 5_000;
export const HEARTBEAT_STALE_MS = 20_000;

export interface Heartbeat {
  stop(): Promise<void>;
}

/** Stamps this host's row now and every `everyMs` while `healthy()`; removes it when unhealthy or stopped. */
export async function startHeartbeat(pool: Pool, slots: number, healthy: () => boolean, everyMs = HEARTBEAT_EVERY_MS): Promise<Heartbeat> {
  const hostId = randomUUID();
  const beat = () =>
    healthy()
      ? pool.query('INSERT INTO worker_heartbeats (host_id, slots) VALUES ($1, $2) ON CONFLICT (host_id) DO UPDATE SET seen_at = now(), slots = $2', [hostId, slots])
      : pool.query('DELETE FROM worker_heartbeats WHERE host_id = $1', [hostId]);
  await beat();
  let last = Promise.resolve();
  const timer = setInterval(() => {
    last = beat().then(() => undefined, (err: Error) => console.error(`worker: heartbeat not recorded (${err.message})`));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await last;
      await pool.query('DELETE FROM worker_heartbeats WHERE host_id = $1', [hostId]);
    },
  };
}

export interface WorkersSeen {
  /** True when some worker host's row was fresh at the last look. */
  healthy(): boolean;
  /** Looks again now. */
  lookNow(): Promise<void>;
  stop(): Promise<void>;
}

/** Looks for fresh heartbeats now and every `everyMs`. */
export async function watchWorkers(pool: Pool, o: { everyMs?: number; staleMs?: number } = {}): Promise<WorkersSeen> {
  const staleMs = o.staleMs ?? HEARTBEAT_STALE_MS;
  let seen = false;
  const look = async () => {
    const { rows } = await pool.query<{ seen: boolean }>("SELECT EXISTS (SELECT 1 FROM worker_heartbeats WHERE seen_at > now() - $1 * interval '1 millisecond') AS seen", [staleMs]);
    seen = rows[0].seen;
  };
  await look();
  let last = Promise.resolve();
  const timer = setInterval(() => {
    // A failed look keeps the last answer: a database outage fails the submission itself anyway.
    last = look().catch((err: Error) => console.error(`server-mode: worker heartbeats not read (${err.message})`));
  }, o.everyMs ?? HEARTBEAT_EVERY_MS);
  timer.unref();
  return {
    healthy: () => seen,
    lookNow: look,
    async stop() {
      clearInterval(timer);
      await last;
    },
  };
}
