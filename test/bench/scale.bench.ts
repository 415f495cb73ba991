/**
 * bench:scale — server mode on one PostgreSQL (a throwaway cluster, test/support/throwaway-postgres.ts):
 * 200 fast rigs of the synthetic A-pose biped (a GLB, the mesh of bench:rig) submitted at once to two
 * `rigdesk serve --database --workers 0` API processes, finished by
 * 1 and then by 2 `rigdesk worker` hosts (one worker process each); then GET /v1/jobs/{id} throughput
 * with two API processes, each driven by its own wrk (1 thread, 32 connections, 5 s). Real processes.
 *
 *   npm run bench:scale [-- --jobs 200]
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { createAccount } from '../../electron/service/admin/accounts-admin';
import { openPostgresStore } from '../../electron/service/store/postgres/pg-store';
import { projectRoot } from '../support/corpus';
import { writeGlb } from '../../shared/mesh/write-glb';
import { syntheticCharacter } from '../../shared/rig/synthetic/characters';
import { sceneFromSynthetic } from '../support/synthetic-scene';
import { tempDataDir } from '../support/service';
import { startThrowawayPostgres } from '../support/throwaway-postgres';

const { values } = parseArgs({ options: { jobs: { type: 'string', default: '200' } } });
const JOBS = Number(values.jobs);
if (!Number.isInteger(JOBS) || JOBS < 1) throw new Error(`bench:scale: --jobs must be a whole number >= 1, got ${values.jobs}`);
const BIN = path.join(projectRoot, 'bin/rigdesk.mjs');
const children: ChildProcess[] = [];

/** Starts a long-running rigdesk command; resolves with its first JSON line. */
function start(args: string[]): Promise<{ child: ChildProcess; info: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args, '--json'], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, info: JSON.parse(line) });
    });
    child.once('exit', (code) => reject(new Error(`bench:scale: ${args[0]} exited (${code})`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise((r) => {
    child.once('exit', r);
    child.kill('SIGTERM');
  });
}

const pg = await startThrowawayPostgres();
const blobs = tempDataDir('rigdesk-scale-blobs');
try {
  const admin = await openPostgresStore(pg.url, blobs, { maxConnections: 2 });
  const { key } = await createAccount(admin, { plan: 'pro', planCredits: 0, credits: JOBS * 20 * 2, rateLimitPerMinute: 100_000_000 });
  const auth = `Bearer ${key.api_key}`;
  // The default queue depth (100) would refuse most of an at-once batch with 503.
  const serveArgs = ['serve', '--database', pg.url, '--blobs', blobs, '--port', '0', '--workers', '0', '--queue-depth', String(JOBS * 2)];
  const [apiA, apiB] = await Promise.all([start(serveArgs), start(serveArgs)]);
  const bases = [apiA.info.base_url as string, apiB.info.base_url as string];
  // A character, not a box: a 12-triangle box is a degenerate input that takes the fast engine seconds
  // (voxelising and weighting a shape with no limbs), which would time the rigger, not the server.
  const glb = await writeGlb(sceneFromSynthetic(syntheticCharacter('biped', { pose: 'A', accessories: false })));
  const body = JSON.stringify({ model_base64: Buffer.from(glb).toString('base64'), filename: 'hero.glb', engine: 'fast' });
  const finished = async () => Number((await admin.pool.query("SELECT COUNT(*) AS n FROM jobs WHERE state IN ('succeeded', 'failed')")).rows[0].n);

  const rows: Record<string, string | number>[] = [];
  let lastJob = '';
  for (const workers of [1, 2]) {
    const hosts = await Promise.all(Array.from({ length: workers }, () => start(['worker', '--database', pg.url, '--blobs', blobs, '--concurrency', '1'])));
    const before = await finished();
    const t0 = performance.now();
    // "At once": every request in flight together, spread over both API processes.
    const answers = await Promise.all(Array.from({ length: JOBS }, (_, i) =>
      fetch(`${bases[i % 2]}/v1/rigs`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body }).then(async (r) => ({ status: r.status, json: (await r.json()) as { id: string } }))));
    const refused = answers.filter((a) => a.status !== 202);
    if (refused.length) throw new Error(`bench:scale: ${refused.length} submissions refused: ${JSON.stringify(refused[0].json)}`);
    lastJob = answers[0].json.id;
    const accepted = performance.now() - t0;
    while ((await finished()) < before + JOBS) await new Promise((r) => setTimeout(r, 100));
    const total = performance.now() - t0;
    const failed = Number((await admin.pool.query("SELECT COUNT(*) AS n FROM jobs WHERE state = 'failed'")).rows[0].n);
    rows.push({ case: `${JOBS} fast rigs (biped, ${glb.byteLength} B GLB), ${workers} worker process${workers > 1 ? 'es' : ''}`, 'accepted in s': +(accepted / 1000).toFixed(2), 'finished in s': +(total / 1000).toFixed(1), 'rigs/s': +(JOBS / (total / 1000)).toFixed(2), failed });
    await Promise.all(hosts.map((h) => stop(h.child)));
  }

  // GET /v1/jobs/{id}: one wrk per API process, at the same time; the sum is the service's throughput.
  const wrk = (base: string) =>
    promisify(execFile)('wrk', ['-t', '1', '-c', '32', '-d', '5s', '--latency', '-H', `Authorization: ${auth}`, `${base}/v1/jobs/${lastJob}`], { encoding: 'utf8' });
  await Promise.all(bases.map((b) => wrk(b))); // warm-up
  const outs = await Promise.all(bases.map((b) => wrk(b)));
  for (const [i, { stdout }] of outs.entries()) {
    const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(stdout);
    if (non2xx) throw new Error(`bench:scale: ${non2xx[1]} error responses from API ${i + 1}`);
  }
  const rps = outs.map(({ stdout }) => Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)![1]));
  const p99 = outs.map(({ stdout }) => /\s99%\s+([\d.]+\w+)/.exec(stdout)![1]);
  rows.push({ case: 'GET /v1/jobs/{id}, 2 API processes', 'req/s': Math.round(rps[0] + rps[1]), 'per process': rps.map(Math.round).join(' + '), p99: p99.join(', ') });

  console.log(`bench:scale on ${os.cpus()[0]?.model} (${os.availableParallelism()} cores), Node ${process.version}, PostgreSQL throwaway cluster on loopback`);
  console.table(rows);
  console.log(JSON.stringify({ bench: 'scale', machine: { cpu: os.cpus()[0]?.model, cores: os.availableParallelism() }, rows }));
  await admin.close();
} finally {
  await Promise.all(children.map(stop));
  await pg.stop();
  rmSync(blobs, { recursive: true, force: true });
}
