/**
 * The job queue of server mode, on pg-boss (SKIP LOCKED fetches, expiry, retries, dead letters), in
 * the same database as the store. pg-boss carries only job ids: the `jobs` table stays the record of a
 * job's state (store/SERVER-MODE.md, section 3).
 *
 * - A job is sent inside the transaction that accepts it (`sendInTransaction`), so it is queued
 *   exactly when its credits are reserved, never before and never lost.
 * - A fetched job belongs to one worker until it completes, fails or expires. A worker host that dies
 *   mid-job leaves it active; at expiry pg-boss retries it once (on any host), and a second expiry
 *   moves it to the dead-letter queue, whose reader fails the job's row with a message.
 */
import type PgBoss from 'pg-boss';
import type { PoolClient } from 'pg';
import { parseDatabaseUrl } from './pg-pool';

export const JOB_QUEUE = 'rigdesk-jobs';
export const DEAD_JOB_QUEUE = 'rigdesk-jobs-dead';
/** Arbitrary but fixed, distinct from the migration lock (pg-migrate.ts). */
const QUEUE_SETUP_LOCK = 0x52696751; // 'RigQ'

export interface QueueOptions {
  /** Seconds a fetched job may stay active before it counts as abandoned: the longest deadline plus a grace. */
  expireInSeconds: number;
  /** How often expiry is checked; pg-boss's maintenance runs in one process at a time. Default 30 s. */
  maintenanceIntervalSeconds?: number;
  /** Connections pg-boss itself may open. Default 4. */
  maxConnections?: number;
}

/** Tries a job gets in all: the first and one retry (as in SQLite mode). */
const TRIES = 2;

/**
 * A job handed to this worker: the store job id, and which attempt this delivery starts (0 the first,
 * 1 the retry): pg-boss's retry count plus the attempts already used when the job was handed back.
 */
export interface Delivery {
  queueId: string;
  jobId: string;
  retryCount: number;
}

/** The queued message: a handed-back job carries the attempts it had already used (`base`). */
interface JobMessage {
  jobId: string;
  base?: number;
}

export class PgJobQueue {
  private constructor(private readonly boss: PgBoss) {}

  /** Starts pg-boss on `url` (installing or migrating its `pgboss` schema) and creates the queues. */
  static async open(url: string, o: QueueOptions): Promise<PgJobQueue> {
    parseDatabaseUrl(url);
    if (!Number.isInteger(o.expireInSeconds) || o.expireInSeconds < 1) throw new Error(`job-queue: expireInSeconds must be a whole number of seconds >= 1, got ${o.expireInSeconds}`);
    const Boss = (await import('pg-boss')).default;
    const boss = new Boss({
      connectionString: url,
      max: o.maxConnections ?? 4,
      schedule: false,
      maintenanceIntervalSeconds: o.maintenanceIntervalSeconds ?? 30,
    });
    // pg-boss reports background errors (a lost connection during maintenance) as events; unhandled, they would end the process.
    boss.on('error', (err) => console.error(`job-queue: ${err.message}`));
    // Creating a queue is DDL on pg-boss's shared job table: two processes starting together deadlock
    // (seen with two hosts), so set-up runs under an advisory lock, one process after another.
    const pg = (await import('pg')).default;
    const lock = new pg.Client({ connectionString: url });
    await lock.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [QUEUE_SETUP_LOCK]);
      await boss.start();
      await boss.createQueue(DEAD_JOB_QUEUE);
      await boss.createQueue(JOB_QUEUE, { name: JOB_QUEUE, retryLimit: TRIES - 1, retryDelay: 0, expireInSeconds: o.expireInSeconds, deadLetter: DEAD_JOB_QUEUE });
    } catch (err) {
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      throw err;
    } finally {
      await lock.end(); // ending the session releases the lock
    }
    return new PgJobQueue(boss);
  }

  /** Queues a store job id on the client of the caller's open transaction: it commits or rolls back with it. */
  async sendInTransaction(client: PoolClient, jobId: string): Promise<void> {
    await this.boss.send(JOB_QUEUE, { jobId }, { db: { executeSql: (text, values) => client.query(text, values) } });
  }

  /** The next job for this worker, or null when none waits. */
  async fetch(): Promise<Delivery | null> {
    const [job] = await this.boss.fetch<JobMessage>(JOB_QUEUE, { batchSize: 1, includeMetadata: true });
    return job ? { queueId: job.id, jobId: job.data.jobId, retryCount: (job.data.base ?? 0) + job.retryCount } : null;
  }

  /** The job reached a terminal state in the store (succeeded, or failed in a way not worth retrying). */
  async complete(d: Delivery): Promise<void> {
    await this.boss.complete(JOB_QUEUE, d.queueId);
  }

  /**
   * Gives a delivery back without using up a try (a worker stopping), in the caller's transaction that
   * also puts the job row back to `attempts` = `used`: this delivery is completed and a new one queued
   * for the attempt `used`, with the tries the job has left.
   */
  async handBackInTransaction(client: PoolClient, d: Delivery, used: number): Promise<void> {
    const db = { executeSql: (text: string, values: unknown[]) => client.query(text, values) };
    await this.boss.complete(JOB_QUEUE, d.queueId, {}, { db });
    const message: JobMessage = { jobId: d.jobId, base: used };
    await this.boss.send(JOB_QUEUE, message, { db, retryLimit: Math.max(0, TRIES - 1 - used) });
  }

  /** Completes a delivery inside the caller's transaction (its job ended meanwhile). */
  async completeInTransaction(client: PoolClient, d: Delivery): Promise<void> {
    await this.boss.complete(JOB_QUEUE, d.queueId, {}, { db: { executeSql: (text: string, values: unknown[]) => client.query(text, values) } });
  }

  /** Store job ids whose retry also expired (each returned once). */
  async fetchDead(max = 50): Promise<string[]> {
    const jobs = await this.boss.fetch<{ jobId: string }>(DEAD_JOB_QUEUE, { batchSize: max });
    if (jobs.length) await this.boss.complete(DEAD_JOB_QUEUE, jobs.map((j) => j.id));
    return jobs.map((j) => j.data.jobId);
  }

  /** Fails active jobs past their expiry now (maintenance does this on its interval; tests call it directly). */
  async expireNow(): Promise<void> {
    await this.boss.expire();
  }

  /** Waiting jobs (created or to be retried), for the queue-depth 503. */
  async waiting(): Promise<number> {
    return this.boss.getQueueSize(JOB_QUEUE, { before: 'active' });
  }

  async close(): Promise<void> {
    await this.boss.stop({ graceful: false, wait: true });
  }
}
