import path from 'node:path';
import { rmSync } from 'node:fs';
import { createAccount } from '../../electron/service/admin/accounts-admin';
import type { Store } from '../../electron/service/context';
import type { WorkerPool } from '../../electron/service/jobs/worker-pool';
import { startServerMode } from '../../electron/service/server-mode';
import { startService, type ServiceOptions } from '../../electron/service/start';
import { projectRoot } from './corpus';
import { tempDataDir } from './service';
import { testDatabase } from './test-database';
import { freshTestDatabase } from './test-store';

export const CONTROLLED_OPERATION = path.join(projectRoot, 'test/fixtures/operations/controlled-operation.ts');

/** What tests use of either mode's running service. */
export interface LiveHandle {
  baseUrl: string;
  /** The data folder (SQLite) or the blob folder (server mode). */
  dataDir: string;
  store: Store;
  /** The local workers (null with 0 workers in server mode). */
  pool: WorkerPool | null;
  close(): Promise<void>;
}

export interface LiveService {
  service: LiveHandle;
  key: string;
  accountId: string;
  request(method: string, url: string, body?: unknown): Promise<{ status: number; json: any; headers: Headers }>;
  waitForJob(id: string, timeoutMs?: number): Promise<any>;
  close(): Promise<void>;
}

/**
 * The real service on a random loopback port with real worker processes: the desktop's service on
 * SQLite, or with RIGDESK_TEST_DATABASE=postgres `serve --database` (pg-boss queue, local workers) on
 * a fresh database with the data folder as its blob folder.
 */
export async function startLiveService(options: ServiceOptions = {}): Promise<LiveService> {
  const dataDir = options.dataDir ?? tempDataDir('rigdesk-live');
  let service: LiveHandle;
  if (testDatabase() === 'postgres') {
    const database = await freshTestDatabase();
    const { dataDir: _data, studioKey: _key, installCatalog: _install, studioDir: _studio, ...rest } = options;
    const server = await startServerMode({ port: 0, workers: 1, ...rest, database: database.url, blobs: dataDir });
    service = { ...server, dataDir, close: () => server.close().then(database.drop) };
  } else {
    service = await startService({ port: 0, workers: 1, studioDir: null, installCatalog: false, ...options, dataDir });
  }
  const { account, key } = await createAccount(service.store, { plan: 'pro', credits: 1000, rateLimitPerMinute: 100_000 });
  const live: LiveService = {
    service,
    key: key.api_key,
    accountId: account.id,
    async request(method, url, body) {
      const res = await fetch(service.baseUrl + url, {
        method,
        headers: { authorization: `Bearer ${key.api_key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers };
    },
    async waitForJob(id, timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const { json } = await live.request('GET', `/v1/jobs/${id}`);
        if (json.status === 'succeeded' || json.status === 'failed') return json;
        if (Date.now() > until) throw new Error(`job ${id} still ${json.status} after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      await service.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return live;
}
