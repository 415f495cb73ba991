/**
 * Server mode (store/SERVER-MODE.md): `rigdesk serve --database URL` and `rigdesk worker --database URL`.
 * PostgreSQL holds the store, pg-boss the queue, `--blobs DIR` (a volume every host mounts) the files.
 * No data-folder lock, owner account or studio key: several API and worker processes share a database,
 * and accounts and keys are made with the CLI (`rigdesk accounts create --database URL`).
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { DEADLINES_MS, DEFAULT_DOWNLOADS_OVERALL, DEFAULT_DOWNLOADS_PER_ACCOUNT, DEFAULT_HOST, DEFAULT_MAX_QUEUE_DEPTH, DEFAULT_PORT, DEFAULT_WORKER_MEMORY_MB, defaultWorkerCount } from './config';
import { DownloadSlots } from './files/download-slots';
import { sweepExpiredUploads, UPLOAD_DEFAULTS } from './files/uploads';
import { failDeadJobs } from './jobs/dead-jobs';
import { pgJobSource } from './jobs/pg-job-source';
import { WorkerPool } from './jobs/worker-pool';
import { deadlineFor, type ServiceOptions } from './start';
import { PgJobQueue } from './store/postgres/pg-job-queue';
import { PostgresRateLimiter } from './store/postgres/pg-rate-limiter';
import { untilQuiet } from './store/postgres/pg-pool';
import { openPostgresStore, type PostgresStore } from './store/postgres/pg-store';
import { startHeartbeat, watchWorkers, type Heartbeat } from './store/postgres/pg-worker-heartbeats';
import { builtinOperations } from '../workers/operations/registry';

export interface ServerModeOptions extends Omit<ServiceOptions, 'dataDir' | 'studioKey' | 'installCatalog' | 'studioDir'> {
  database: string;
  /** The shared folder of blobs and uploads. */
  blobs: string;
  /** How often this process looks for jobs whose worker host died twice. Default 15 s. */
  deadLetterIntervalMs?: number;
}

interface Host {
  store: PostgresStore;
  queue: PgJobQueue;
  pool: WorkerPool | null;
  close(): Promise<void>;
}

/** A pg-boss delivery may stay active this long: the longest deadline plus a grace for a slow host. */
function expirySeconds(deadlines: typeof DEADLINES_MS): number {
  return Math.ceil(Math.max(...Object.values(deadlines)) / 1000) + 60;
}

async function openHost(o: ServerModeOptions, workers: number): Promise<Host> {
  const deadlines = { ...DEADLINES_MS, ...o.deadlinesMs };
  const queue = await PgJobQueue.open(o.database, { expireInSeconds: expirySeconds(deadlines) });
  let store: PostgresStore;
  try {
    store = await openPostgresStore(o.database, o.blobs, { onJobInserted: (client, job) => queue.sendInTransaction(client, job.id) });
  } catch (err) {
    await queue.close();
    throw err;
  }
  const pool = workers > 0
    ? new WorkerPool(store, {
      size: workers,
      operations: { ...builtinOperations(), ...o.operations },
      workerMemoryMb: o.workerMemoryMb ?? DEFAULT_WORKER_MEMORY_MB,
      deadlineMs: (job) => deadlineFor(job, deadlines),
      source: pgJobSource(queue, store),
    })
    : null;
  pool?.start();
  // Announced to API processes without local workers (serve --workers 0), which answer 503 without one.
  let heartbeat: Heartbeat | null = null;
  try {
    heartbeat = pool ? await startHeartbeat(store.pool, workers, () => pool.healthy) : null;
  } catch (err) {
    await pool?.stop();
    await queue.close();
    await store.close();
    throw err;
  }
  const sweep = setInterval(() => {
    failDeadJobs(queue, store.jobs).catch((err: Error) => console.error(`server-mode: dead jobs could not be failed (${err.message})`));
  }, o.deadLetterIntervalMs ?? 15_000);
  sweep.unref();
  return {
    store,
    queue,
    pool,
    async close() {
      clearInterval(sweep);
      await heartbeat?.stop().catch((err: Error) => console.error(`worker: heartbeat not removed (${err.message}); it goes stale by itself`));
      await pool?.stop();
      await queue.close();
      await store.close();
    },
  };
}

export interface RunningServer {
  baseUrl: string;
  store: PostgresStore;
  /** This process's local workers; null with --workers 0. */
  pool: WorkerPool | null;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** `serve --database`: the /v1 API on PostgreSQL, with `workers` local workers (0: only remote ones). */
export async function startServerMode(o: ServerModeOptions): Promise<RunningServer> {
  const host = await openHost(o, o.workers ?? defaultWorkerCount());
  const uploads = { ...UPLOAD_DEFAULTS, ...o.uploads };
  let app: FastifyInstance;
  let remoteWorkers: Awaited<ReturnType<typeof watchWorkers>> | null = null;
  try {
    // Without local workers, a job can run only if some worker host's heartbeat is fresh.
    remoteWorkers = host.pool ? null : await watchWorkers(host.store.pool);
    app = await buildApp({
      store: host.store,
      limiter: new PostgresRateLimiter(host.store.pool),
      clock: Date.now,
      capacity: {
        maxQueueDepth: o.maxQueueDepth ?? DEFAULT_MAX_QUEUE_DEPTH,
        workersHealthy: () => host.pool?.healthy ?? remoteWorkers!.healthy(),
        recheckWorkers: remoteWorkers?.lookNow,
      },
      notifyJobs: () => host.pool?.notify(),
      allowPrivateUrls: o.allowPrivateUrls ?? false,
      downloads: new DownloadSlots({ perAccount: o.downloadsPerAccount ?? DEFAULT_DOWNLOADS_PER_ACCOUNT, overall: o.downloadsOverall ?? DEFAULT_DOWNLOADS_OVERALL }),
      logger: o.logger,
      studioDir: null,
      uploads,
    });
    await sweepExpiredUploads(host.store, Date.now());
    await app.listen({ host: o.host ?? DEFAULT_HOST, port: o.port ?? DEFAULT_PORT });
  } catch (err) {
    await remoteWorkers?.stop();
    await host.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : o.port ?? DEFAULT_PORT;
  const name = o.host && o.host !== '0.0.0.0' && o.host !== '::' ? o.host : '127.0.0.1';
  let closed = false;
  return {
    baseUrl: `http://${name.includes(':') ? `[${name}]` : name}:${port}`,
    store: host.store,
    pool: host.pool,
    app,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      // Handlers of requests whose client hung up may still be using the database.
      await untilQuiet(host.store.pool);
      await remoteWorkers?.stop();
      await host.close();
    },
  };
}

/** `rigdesk worker`: `concurrency` worker processes fed by the database's queue, until close(). */
export async function startWorkerHost(o: ServerModeOptions & { concurrency?: number }): Promise<{ close(): Promise<void> }> {
  const concurrency = o.concurrency ?? defaultWorkerCount();
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`worker: --concurrency must be a whole number >= 1, got ${concurrency}`);
  const host = await openHost(o, concurrency);
  return { close: () => host.close() };
}
