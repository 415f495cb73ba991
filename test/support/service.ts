/**
 * Test harness for the service: a fresh data folder, the real store and the real Fastify app.
 * `buildTestApp` gives an app for `inject()` with no workers running (jobs stay queued);
 * tests of the job system use `startService` with real worker processes instead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../electron/service/app';
import { accountOpening, type CreateAccountOptions } from '../../electron/service/admin/accounts-admin';
import { MemoryRateLimiter } from '../../electron/service/auth/rate-limiter';
import { openStore, type SqliteStore } from '../../electron/service/context';
import type { UploadLimits } from '../../electron/service/files/uploads';
import { DownloadSlots, type DownloadLimits } from '../../electron/service/files/download-slots';

export function tempDataDir(label = 'rigdesk-test'): string {
  return mkdtempSync(path.join(os.tmpdir(), `${label}-`));
}

export interface TestApp {
  app: FastifyInstance;
  store: SqliteStore;
  dataDir: string;
  /** Moves the app's clock forward (rate-limit windows, subscription periods). */
  advance(ms: number): void;
  notified: number;
  /** The capacity the app sees; tests change it to provoke 503 backend_unavailable. */
  capacity: { maxQueueDepth: number; healthy: boolean };
  account(o?: Partial<CreateAccountOptions>): { id: string; key: string; auth: Record<string, string> };
  close(): Promise<void>;
}

export async function buildTestApp(options: { allowPrivateUrls?: boolean; downloads?: DownloadLimits; uploads?: UploadLimits } = {}): Promise<TestApp> {
  const dataDir = tempDataDir();
  const store = openStore(dataDir);
  let offset = 0;
  const t: TestApp = {
    app: undefined as unknown as FastifyInstance,
    store,
    dataDir,
    notified: 0,
    capacity: { maxQueueDepth: 100, healthy: true },
    advance: (ms) => void (offset += ms),
    account(o = {}) {
      // Synchronous, so tests set up accounts in one line; the same opening as createAccount.
      const { key, args } = accountOpening({ plan: 'pro', ...o }, Date.now());
      const account = store.syncTx.createAccount(...args);
      return { id: account.id, key: key.api_key, auth: { authorization: `Bearer ${key.api_key}` } };
    },
    async close() {
      await t.app.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  t.app = await buildApp({
    store,
    limiter: new MemoryRateLimiter(),
    clock: () => Date.now() + offset,
    capacity: {
      get maxQueueDepth() {
        return t.capacity.maxQueueDepth;
      },
      workersHealthy: () => t.capacity.healthy,
    },
    notifyJobs: () => void t.notified++,
    allowPrivateUrls: options.allowPrivateUrls ?? false,
    downloads: new DownloadSlots(options.downloads ?? { perAccount: 2, overall: 4 }),
    studioDir: null,
    uploads: options.uploads,
  });
  return t;
}
