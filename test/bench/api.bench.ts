/**
 * bench:api — drives the real service over loopback with wrk (a C load generator, Debian package
 * `wrk`) and prints requests/s and p50/p99 latency for GET /v1/jobs/{id} and GET /v1/assets, with
 * GET /healthz (no key, no database) as the baseline measured in the same run.
 * Usage: npm run bench:api [-- --runs 5 --seconds 5 --connections 32]
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { rmSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { createAccount } from '../../electron/service/admin/accounts-admin';
import { newFileToken } from '../../electron/service/files/blob-store';
import { searchText } from '../../electron/service/catalog/store-pack';
import { createCatalogWrites } from '../../electron/service/store/catalog-writes';
import { startService } from '../../electron/service/start';
import { tempDataDir } from '../support/service';
import { boxObjBase64 } from '../support/meshes';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '32' } } });
const runs = Number(values.runs);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

try {
  execFileSync('wrk', ['--version'], { stdio: 'ignore' });
} catch (err) {
  // wrk prints its version and exits 1; only a missing binary throws ENOENT.
  if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
    console.error('bench:api needs wrk: apt-get install wrk');
    process.exit(2);
  }
}

const dataDir = tempDataDir('rigdesk-bench');
const service = await startService({ dataDir, port: 0, workers: 1, studioDir: null, studioKey: false, installCatalog: false });
const { key } = await createAccount(service.store, { plan: 'pro', credits: 100, rateLimitPerMinute: 100_000_000 });
const auth = `Bearer ${key.api_key}`;

// One real job to poll, and a catalog of 1,000 assets to list.
const job = (await (
  await fetch(`${service.baseUrl}/v1/rigs`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ model_base64: boxObjBase64(), filename: 'box.obj' }) })
).json()) as { id: string };
seedAssets(1000);

interface Sample { rps: number; p50: number; p99: number }

// wrk runs asynchronously: this process's event loop is the service being measured.
async function wrk(url: string, withKey: boolean, duration: number): Promise<Sample> {
  const args = ['-t', '1', '-c', String(connections), '-d', `${duration}s`, '--latency', ...(withKey ? ['-H', `Authorization: ${auth}`] : []), url];
  const { stdout: out } = await promisify(execFile)('wrk', args, { encoding: 'utf8' });
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  if (non2xx) throw new Error(`bench:api: ${non2xx[1]} error responses from ${url}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1]);
  return { rps, p50: latency(out, '50%'), p99: latency(out, '99%') };
}

function latency(out: string, pct: string): number {
  const m = new RegExp(`\\s${pct}\\s+([\\d.]+)(us|ms|s)`).exec(out)!;
  const v = Number(m[1]);
  return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const targets: [string, string, boolean][] = [
  ['GET /healthz (baseline)', `${service.baseUrl}/healthz`, false],
  ['GET /v1/jobs/{id}', `${service.baseUrl}/v1/jobs/${job.id}`, true],
  ['GET /v1/assets', `${service.baseUrl}/v1/assets`, true],
  ['GET /v1/assets?query=crate', `${service.baseUrl}/v1/assets?query=crate`, true],
];

console.log(`bench:api on ${os.cpus()[0]?.model ?? 'unknown CPU'} (${os.availableParallelism()} cores), Node ${process.version}; wrk 1 thread, ${connections} connections, ${runs} runs x ${seconds} s after a warm-up`);
const rows: Record<string, unknown>[] = [];
for (const [label, url, withKey] of targets) {
  await wrk(url, withKey, 2); // warm-up
  const samples: Sample[] = [];
  for (let i = 0; i < runs; i++) samples.push(await wrk(url, withKey, seconds));
  const rps = samples.map((s) => s.rps);
  rows.push({
    endpoint: label,
    'req/s (median)': Math.round(median(rps)),
    'req/s (min-max)': `${Math.round(Math.min(...rps))}-${Math.round(Math.max(...rps))}`,
    'p50 ms': median(samples.map((s) => s.p50)).toFixed(2),
    'p99 ms': median(samples.map((s) => s.p99)).toFixed(2),
  });
}
const base = rows[0]['req/s (median)'] as number;
for (const r of rows) r['vs baseline'] = `${(((r['req/s (median)'] as number) / base) * 100).toFixed(0)}%`;
console.table(rows);
console.log(JSON.stringify({ bench: 'api', machine: { cpu: os.cpus()[0]?.model, cores: os.availableParallelism() }, rows }));

await service.close();
rmSync(dataDir, { recursive: true, force: true });

function seedAssets(count: number) {
  const db = service.store.db;
  const thumb = service.store.blobs.put(new Uint8Array([137, 80, 78, 71]));
  const now = Date.now();
  db.prepare("INSERT INTO asset_packs (id, name, license, builtin, updated_at) VALUES ('bench-pack', 'Bench', 'CC0-1.0', 0, ?)").run(now);
  const file = db.prepare('INSERT INTO files (token, sha256, filename, content_type, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  const asset = db.prepare('INSERT INTO assets (id, pack_id, name, category, search_text, model_token, thumbnail_token) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const kinds = ['crate', 'barrel', 'chest', 'rock', 'tree', 'lamp', 'chair', 'table'];
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const name = `${kinds[i % kinds.length]}_${String(i).padStart(5, '0')}`;
      const tok = newFileToken();
      file.run(tok, thumb.sha256, `${name}.png`, 'image/png', thumb.bytes, now);
      asset.run(`bench-pack/${name}`, 'bench-pack', name.replace('_', ' '), kinds[i % kinds.length], searchText(`bench-pack/${name}`, name.replace('_', ' ')), tok, tok);
    }
    createCatalogWrites(db).renumber(); // inside this transaction, so synchronous SQLite
  })();
}
