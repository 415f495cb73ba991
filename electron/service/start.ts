/**
 * Starts the whole local service: data folder, database, job workers, HTTP server.
 * Used by `rigdesk serve`, `npm start` (headless) and the Electron main process.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { createAccount, createApiKey } from './admin/accounts-admin';
import { MemoryRateLimiter } from './auth/rate-limiter';
import { DEADLINES_MS, DEFAULT_DOWNLOADS_OVERALL, DEFAULT_DOWNLOADS_PER_ACCOUNT, DEFAULT_HOST, DEFAULT_MAX_QUEUE_DEPTH, DEFAULT_PORT, DEFAULT_WORKER_MEMORY_MB, defaultWorkerCount, resolveDataDir } from './config';
import { openStore, type SqliteStore } from './context';
import { sweepExpiredUploads, UPLOAD_DEFAULTS, type UploadLimits } from './files/uploads';
import { DownloadSlots } from './files/download-slots';
import { recoverInterruptedJobs } from './jobs/recovery';
import { WorkerPool } from './jobs/worker-pool';
import type { JobRow } from './store/jobs-repo';
import { builtinOperations } from '../workers/operations/registry';
import type { FastifyInstance } from 'fastify';
import { builtinCatalogInstalled } from './catalog/builtin-catalog';
import { startCatalogInstaller } from './catalog/catalog-installer-process';
import { builtinClipsInstalled } from './catalog/builtin-clips';
import { StudioLinks } from './auth/studio-links';
import { lockDataFolder } from './store/data-folder-lock';
import { ensurePrivateDir } from './files/private-modes';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ServiceOptions {
  dataDir?: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Folder of the built studio; default dist/renderer. */
  studioDir?: string | null;
  workers?: number;
  workerMemoryMb?: number;
  maxQueueDepth?: number;
  /** Extra or replacement operation modules (operation name -> module path). */
  operations?: Record<string, string>;
  /** Replacement deadlines in ms (for tests of the deadline, or slow machines). */
  deadlinesMs?: Partial<typeof DEADLINES_MS>;
  logger?: boolean;
  /** Create a studio key for the owner account (revoked at close, or at the next start after a crash). Default true. */
  studioKey?: boolean;
  /** Install the built-in CC0 packs in the background when missing or outdated. Default true. */
  installCatalog?: boolean;
  /** Let model_url, image_url and animation_url reach loopback and private networks. Default false. */
  allowPrivateUrls?: boolean;
  /** URL downloads running at once per account (default 2) and in all (default 4); beyond them, 503. */
  downloadsPerAccount?: number;
  downloadsOverall?: number;
  /** POST /v1/uploads: largest file (default 200 MB) and lifetime (default 24 h). */
  uploads?: Partial<UploadLimits>;
}

export interface RunningService {
  baseUrl: string;
  /** The studio's address with a one-time code (`/#code=...`) that the studio trades for `studioKey`. */
  studioUrl: string;
  /** The session key itself: for this process (the desktop window's bridge), never printed. */
  studioKey: string;
  dataDir: string;
  store: SqliteStore;
  pool: WorkerPool;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  const dataDir = resolveDataDir(options.dataDir);
  ensurePrivateDir(dataDir);
  const lock = lockDataFolder(dataDir);
  let store: SqliteStore;
  try {
    store = openStore(dataDir);
  } catch (err) {
    lock.release();
    throw err;
  }
  // The studio polls and browses with the owner's key: a desktop's own account gets a roomier limit.
  const owner = (await store.accounts.owner()) ?? (await createAccount(store, { plan: 'pro', name: 'This computer', isOwner: true, rateLimitPerMinute: 600 })).account;
  await recoverInterruptedJobs(store);
  // Studio keys of earlier runs: a clean exit revoked its own, a crash did not. The lock above
  // guarantees no other service on this folder still uses one.
  await store.keys.revokeStudioKeys(Date.now());
  const studio = options.studioKey === false ? null : await createApiKey(store, owner.id, 'studio session', { studio: true });
  const studioLinks = studio ? new StudioLinks(studio.api_key) : undefined;

  const library = { installing: false };
  const deadlines = { ...DEADLINES_MS, ...options.deadlinesMs };
  const pool = new WorkerPool(store, {
    size: options.workers ?? defaultWorkerCount(),
    operations: { ...builtinOperations(), ...options.operations },
    workerMemoryMb: options.workerMemoryMb ?? DEFAULT_WORKER_MEMORY_MB,
    deadlineMs: (job: JobRow) => deadlineFor(job, deadlines),
  });
  const app = await buildApp({
    store,
    limiter: new MemoryRateLimiter(),
    clock: Date.now,
    capacity: { maxQueueDepth: options.maxQueueDepth ?? DEFAULT_MAX_QUEUE_DEPTH, workersHealthy: () => pool.healthy },
    notifyJobs: () => pool.notify(),
    allowPrivateUrls: options.allowPrivateUrls ?? false,
    downloads: new DownloadSlots({
      perAccount: options.downloadsPerAccount ?? DEFAULT_DOWNLOADS_PER_ACCOUNT,
      overall: options.downloadsOverall ?? DEFAULT_DOWNLOADS_OVERALL,
    }),
    logger: options.logger,
    studioDir: options.studioDir === undefined ? path.resolve(here, '../../dist/renderer') : options.studioDir,
    studioLinks,
    libraryInstalling: () => library.installing,
    uploads: { ...UPLOAD_DEFAULTS, ...options.uploads },
  });
  pool.start();
  // Expired uploads leave the disk at start and every hour (and before each new upload).
  await sweepExpiredUploads(store, Date.now());
  const uploadSweep = setInterval(() => {
    sweepExpiredUploads(store, Date.now()).catch((err: Error) => console.error(`uploads: the hourly sweep failed (${err.message})`));
  }, 3600_000);
  uploadSweep.unref();
  const installer = options.installCatalog !== false && (!(await builtinCatalogInstalled(store)) || !(await builtinClipsInstalled(store))) ? startCatalogInstaller(dataDir) : null;
  library.installing = installer !== null;
  installer?.once('exit', () => (library.installing = false));
  try {
    await app.listen({ host: options.host ?? DEFAULT_HOST, port: options.port ?? DEFAULT_PORT });
  } catch (err) {
    clearInterval(uploadSweep);
    installer?.kill('SIGTERM');
    await pool.stop();
    if (studio) await store.keys.revoke(studio.key_id, Date.now());
    await store.close();
    lock.release();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port ?? DEFAULT_PORT;
  const host = options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1';
  const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closed = false;
  return {
    baseUrl,
    studioUrl: studioLinks ? `${baseUrl}/#code=${studioLinks.issue()}` : `${baseUrl}/`,
    studioKey: studio?.api_key ?? '',
    dataDir,
    store,
    pool,
    app,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(uploadSweep);
      installer?.kill('SIGTERM');
      await app.close();
      await pool.stop();
      if (studio) await store.keys.revoke(studio.key_id, Date.now());
      await store.close();
      lock.release();
    },
  };
}

export function deadlineFor(job: JobRow, d: typeof DEADLINES_MS): number {
  if (job.operation === 'rig') return (JSON.parse(job.params) as { engine: string }).engine === 'pro' ? d.rig_pro : d.rig_fast;
  if (job.operation === 'generate_model') return d.generate_model;
  return d.other;
}
