import { execFile, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTBEAT_EVERY_MS } from '../../../electron/service/store/postgres/pg-worker-heartbeats';
import { projectRoot } from '../../support/corpus';
import { boxObjBase64 } from '../../support/meshes';
import { startRigdesk, stopRigdesk } from '../../support/rigdesk-process';
import { tempDataDir } from '../../support/service';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../support/throwaway-postgres';

const run = promisify(execFile);
const BIN = path.join(projectRoot, 'bin/rigdesk.mjs');

/**
 * Server mode end to end with real processes: two `rigdesk serve --database --workers 0` API processes
 * and one `rigdesk worker` on a throwaway PostgreSQL and a shared blob folder; the account made with
 * `rigdesk accounts create --database`.
 */
describe('server mode (rigdesk serve --database, rigdesk worker)', () => {
  let pg: ThrowawayPostgres;
  let blobs: string;
  let adminDir: string;
  const children: ChildProcess[] = [];
  let apis: string[] = [];
  let key = '';

  /** Starts a long-running command; resolves with its first JSON line. */
  const start = async (args: string[]) => {
    const p = await startRigdesk(args);
    children.push(p.child);
    return p.info;
  };

  beforeAll(async () => {
    pg = await startThrowawayPostgres();
    blobs = tempDataDir('rigdesk-server-blobs');
    adminDir = tempDataDir('rigdesk-server-admin');
    const created = await run(process.execPath, [BIN, 'accounts', 'create', '--database', pg.url, '--plan', 'pro', '--plan-credits', '0', '--credits', '45', '--rate-limit', '1000', '--data', adminDir, '--json']);
    key = JSON.parse(created.stdout.trim().split('\n').at(-1)!).api_key;
    const serveArgs = ['serve', '--database', pg.url, '--blobs', blobs, '--port', '0', '--workers', '0'];
    const [a, b] = await Promise.all([start(serveArgs), start(serveArgs), start(['worker', '--database', pg.url, '--blobs', blobs, '--concurrency', '1'])]);
    apis = [a.base_url as string, b.base_url as string];
  }, 120_000);
  afterAll(async () => {
    await Promise.all(children.map(stopRigdesk));
    await pg?.stop();
    for (const dir of [blobs, adminDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers, checked by the assertions
  const call = async (base: string, method: string, url: string, body?: unknown): Promise<{ status: number; json: any }> => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json() };
  };

  it('a rig accepted by one API process is run by the worker on another host and served by the other API', async () => {
    const accepted = await call(apis[0], 'POST', '/v1/rigs', { model_base64: boxObjBase64(), filename: 'box.obj' });
    expect(accepted.status).toBe(202);
    let job = accepted.json;
    const end = Date.now() + 90_000;
    while (job.status !== 'succeeded' && job.status !== 'failed' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 250));
      job = (await call(apis[1], 'GET', `/v1/jobs/${job.id}`)).json;
    }
    expect(job).toMatchObject({ status: 'succeeded', error: null });
    expect(job.output.model_url.startsWith(apis[1])).toBe(true);
    const model = await fetch(job.output.model_url);
    expect(model.status).toBe(200);
    expect((await model.arrayBuffer()).byteLength).toBeGreaterThan(100);
    expect((await call(apis[0], 'GET', '/v1/account')).json.balance.total).toBe(25);
  });

  it('refuses what the shared balance cannot pay, through either API', async () => {
    const second = await call(apis[1], 'POST', '/v1/rigs', { model_base64: boxObjBase64(), filename: 'box.obj' });
    expect(second.status).toBe(202);
    const third = await call(apis[0], 'POST', '/v1/rigs', { model_base64: boxObjBase64(), filename: 'box.obj' });
    expect(third.status).toBe(402);
    expect(third.json.error.code).toBe('insufficient_credits');
  });

  it('without local workers, answers 503 while no worker host runs, and accepts once one does', async () => {
    // A database of its own, so the worker host started in beforeAll is not seen.
    const lonely = await pg.createDatabase('lonely');
    const created = await run(process.execPath, [BIN, 'accounts', 'create', '--database', lonely, '--plan', 'pro', '--credits', '100', '--data', adminDir, '--json']);
    const auth = `Bearer ${JSON.parse(created.stdout.trim().split('\n').at(-1)!).api_key}`;
    const api = (await start(['serve', '--database', lonely, '--blobs', blobs, '--port', '0', '--workers', '0'])).base_url as string;
    const submit = () => fetch(`${api}/v1/rigs`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ model_base64: boxObjBase64(), filename: 'box.obj' }),
    }).then(async (r) => ({ status: r.status, json: (await r.json()) as { error?: unknown } }));
    const none = await submit();
    expect(none.status).toBe(503);
    expect(none.json.error).toMatchObject({ code: 'backend_unavailable', message: expect.stringMatching(/No job worker/) });
    const worker = await startRigdesk(['worker', '--database', lonely, '--blobs', blobs, '--concurrency', '1']);
    children.push(worker.child);
    expect((await submit()).status).toBe(202); // at once: a cached "no worker" is looked at again
    await stopRigdesk(worker.child); // a stopping host removes its heartbeat; the API's next look sees it
    await new Promise((r) => setTimeout(r, HEARTBEAT_EVERY_MS + 1000));
    expect((await submit()).status).toBe(503);
  }, 120_000);

  it('refuses bad server-mode flags with a clear error', async () => {
    const noBlobs = await run(process.execPath, [BIN, 'serve', '--database', pg.url, '--port', '0']).catch((e) => e);
    expect(noBlobs.stderr).toMatch(/--database needs --blobs DIR/);
    const zero = await run(process.execPath, [BIN, 'serve', '--workers', '0', '--data', adminDir, '--port', '0']).catch((e) => e);
    expect(zero.stderr).toMatch(/0 only with --database/);
    const badUrl = await run(process.execPath, [BIN, 'worker', '--database', 'mysql://x@h/db', '--blobs', blobs]).catch((e) => e);
    expect(badUrl.stderr).toMatch(/not a postgresql:\/\/ URL/);
  });
});
