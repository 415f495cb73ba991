/**
 * Test harness for the service: a fresh data folder, the real store and the real Fastify app.
 * The store is SQLite, or PostgreSQL with RIGDESK_TEST_DATABASE=postgres (test-store.ts), so the
 * same contract tests cover both modes.
 * `buildTestApp` gives an app for `inject()` with no workers running (jobs stay queued);
 * tests of the job system use `startService` with real worker processes instead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../electron/service/app';
import { accountOpening, type CreateAccountOptions } from '../../electron/service/admin/accounts-admin';
import type { SqliteStore, Store } from '../../electron/service/context';
import type { UploadLimits } from '../../electron/service/files/uploads';
import { DownloadSlots, type DownloadLimits } from '../../electron/service/files/download-slots';
import { openTestStore } from './test-store';

export function tempDataDir(label = 'rigdesk-test'): string {
  return mkdtempSync(path.join(os.tmpdir(), `${label}-`));
}

export interface TestApp {
  app: FastifyInstance;
  store: Store;
  /** The SQLite store in SQLite mode, null in PostgreSQL mode: for tests that look inside the SQLite file. */
  sqlite: SqliteStore | null;
  dataDir: string;
  /** Moves the app's clock forward (rate-limit windows, subscription periods). */
  advance(ms: number): void;
  notified: number;
  /** The capacity the app sees; tests change it to provoke 503 backend_unavailable. */
  capacity: { maxQueueDepth: number; healthy: boolean };
  account(o?: Partial<CreateAccountOptions>): Promise<{ id: string; key: string; auth: Record<string, string> }>;
  close(): Promise<void>;
}

export async function buildTestApp(options: { allowPrivateUrls?: boolean; downloads?: DownloadLimits; uploads?: UploadLimits } = {}): Promise<TestApp> {
  const dataDir = tempDataDir();
  const backend = await openTestStore(dataDir);
  const { store } = backend;
  let offset = 0;
  const t: TestApp = {
    app: undefined as unknown as FastifyInstance,
    store,
    sqlite: backend.sqlite,
    dataDir,
    notified: 0,
    capacity: { maxQueueDepth: 100, healthy: true },
    advance: (ms) => void (offset += ms),
    async account(o = {}) {
      // The same opening as createAccount, keeping the key for the test.
      const { key, args } = accountOpening({ plan: 'pro', ...o }, Date.now());
      const account = await store.tx.createAccount(...args);
      return { id: account.id, key: key.api_key, auth: { authorization: `Bearer ${key.api_key}` } };
    },
    async close() {
      await t.app.close();
      await backend.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  t.app = await buildApp({
    store,
    limiter: backend.limiter,
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
