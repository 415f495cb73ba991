/**
 * Issue #12 item 2: 20 parallel 160 MB model_url downloads keep a real service process within a
 * stated memory ceiling, because each download streams to a temp file in the blob folder and the
 * probe reads only the parts it checks. Measured on the service process (VmRSS polled from /proc),
 * once with the default download limits (most requests get 503 at once) and once with the limits
 * raised to 20, so that all 20 downloads run at the same time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../../electron/service/admin/accounts-admin';
import { openStore } from '../../../../electron/service/context';
import { projectRoot } from '../../../support/corpus';
import { tempDataDir } from '../../../support/service';
import { tinyGlb } from '../../../support/tiny-glb';

const BODY_PADDING = 160 * 1024 * 1024;
/** Memory the service may add over its idle RSS while 20 downloads run (holding them whole took 1.9 GB). */
const CEILING_BYTES = 400 * 1024 * 1024;
const PARALLEL = 20;

const children: ChildProcess[] = [];
let server: Server;
let origin: string;
/** Bodies being sent right now, and the most at once (proves the downloads overlapped). */
let sending = 0;
let mostAtOnce = 0;
afterAll(async () => {
  children.forEach((c) => c.kill('SIGKILL'));
  await new Promise((r) => server?.close(r));
});

/** A valid one-triangle GLB whose BIN chunk is padded to 160 MB, streamed from one reused zero buffer. */
beforeAll(async () => {
  const glb = tinyGlb({ padBin: BODY_PADDING });
  const head = Buffer.from(glb.subarray(0, glb.length - BODY_PADDING));
  const zeros = Buffer.alloc(1024 * 1024);
  server = createServer((_req, res) => {
    mostAtOnce = Math.max(mostAtOnce, ++sending);
    res.once('close', () => sending--);
    res.writeHead(200, { 'content-type': 'model/gltf-binary', 'content-length': String(glb.length) });
    res.write(head);
    let left = BODY_PADDING;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, zeros.length);
        left -= n;
        if (!res.write(n === zeros.length ? zeros : zeros.subarray(0, n))) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m![1]) * 1024;
}

async function startService(options: object): Promise<{ child: ChildProcess; baseUrl: string; pid: number; key: string; accountId: string; dataDir: string }> {
  const dataDir = tempDataDir('rigdesk-download-memory');
  const setup = openStore(dataDir);
  const { account, key } = await createAccount(setup, { plan: 'pro', credits: 1000, rateLimitPerMinute: 10_000 });
  setup.close();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'test/fixtures/serve-with-options.ts'), dataDir, JSON.stringify({ allowPrivateUrls: true, ...options })], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  for await (const line of createInterface({ input: child.stdout! })) {
    if (line.startsWith('{')) {
      const info = JSON.parse(line);
      return { child, baseUrl: info.base_url, pid: info.pid, key: key.api_key, accountId: account.id, dataDir };
    }
  }
  throw new Error('service process exited before listening');
}

/** Sends 20 parallel model_url rigs while polling the service's RSS; returns status codes and the peak growth. */
async function parallelDownloads(options: object): Promise<{ codes: number[]; growth: number; messages: string[] }> {
  const svc = await startService(options);
  mostAtOnce = 0;
  try {
    await new Promise((r) => setTimeout(r, 500)); // let start-up garbage settle
    const idle = rssBytes(svc.pid);
    let peak = idle;
    const poller = setInterval(() => (peak = Math.max(peak, rssBytes(svc.pid))), 20);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, async (_, i) => {
        const res = await fetch(`${svc.baseUrl}/v1/rigs`, {
          method: 'POST',
          headers: { authorization: `Bearer ${svc.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model_url: `${origin}/big-${i}.glb`, filename: 'sleep-600000.glb' }),
        });
        return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
      }),
    );
    clearInterval(poller);
    peak = Math.max(peak, rssBytes(svc.pid));
    return { codes: results.map((r) => r.status).sort(), growth: peak - idle, messages: results.map((r) => r.body.error?.message ?? '') };
  } finally {
    svc.child.kill('SIGTERM');
    await new Promise((r) => svc.child.once('exit', r));
    rmSync(svc.dataDir, { recursive: true, force: true });
  }
}

describe('memory under parallel model_url downloads', () => {
  it('default limits (2 per account, 4 overall): 2 accepted, 18 refused with 503 at once, memory bounded', async () => {
    const { codes, growth, messages } = await parallelDownloads({});
    expect(codes.filter((c) => c === 202)).toHaveLength(2);
    expect(codes.filter((c) => c === 503)).toHaveLength(18);
    expect(mostAtOnce).toBe(2);
    expect(messages.filter((m) => /URL downloads are at capacity/.test(m))).toHaveLength(18);
    expect(growth).toBeLessThan(CEILING_BYTES);
  }, 60_000);

  it('limits raised to 20: all 20 downloads run at once and the service stays under the ceiling', async () => {
    const { codes, growth } = await parallelDownloads({ downloadsPerAccount: 20, downloadsOverall: 20 });
    expect(codes).toEqual(Array(PARALLEL).fill(202));
    expect(mostAtOnce).toBe(PARALLEL);
    expect(growth).toBeLessThan(CEILING_BYTES);
    console.log(`peak RSS growth with 20 parallel 160 MB downloads: ${(growth / 1024 / 1024).toFixed(0)} MB`);
  }, 90_000);
});
