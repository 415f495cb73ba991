/**
 * `serve --log` never writes a query string (a script may pass its key as `?key=`) nor a stored
 * file's token, which is a permission (issue #12, item 8). The real app with its logger on, over a
 * real listening socket, its log lines captured.
 */
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../electron/service/app';
import { MemoryRateLimiter } from '../../../../electron/service/auth/rate-limiter';
import { openStore, type Store } from '../../../../electron/service/context';
import { createAccount } from '../../../../electron/service/admin/accounts-admin';
import { DownloadSlots } from '../../../../electron/service/files/download-slots';
import { tempDataDir } from '../../../support/service';
import type { FastifyInstance } from 'fastify';

let store: Store;
let app: FastifyInstance;
let base = '';
const lines: string[] = [];
beforeAll(async () => {
  store = openStore(tempDataDir());
  const logStream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({
    store,
    limiter: new MemoryRateLimiter(),
    clock: Date.now,
    capacity: { maxQueueDepth: 10, workersHealthy: () => true },
    notifyJobs: () => undefined,
    allowPrivateUrls: false,
    downloads: new DownloadSlots({ perAccount: 2, overall: 4 }),
    studioDir: null,
    logger: true,
    logStream,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  store.close();
  rmSync(store.dataDir, { recursive: true, force: true });
});

describe('request log', () => {
  it('logs method and path, but neither query strings nor file tokens', async () => {
    const key = (await createAccount(store, { plan: 'pro' })).key.api_key;
    await fetch(`${base}/v1/formats?key=${key}&token=secret-token-1`);
    await fetch(`${base}/v1/jobs?limit=5&api_key=${key}`, { headers: { authorization: `Bearer ${key}` } });
    await fetch(`${base}/files/AAAAsecretFileTokenAAAAAAAAAAAAAAAAAAAAAAAA/result.glb`);
    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expect(text).not.toContain(key);
    expect(text).not.toContain('secret');
    const urls = lines.map((l) => JSON.parse(l).req?.url).filter(Boolean);
    expect(urls).toEqual(['/v1/formats?…', '/v1/jobs?…', '/files/…/result.glb']);
  });
});
