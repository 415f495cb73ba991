/**
 * bench:catalog — 100,000 generated assets in a real service's SQLite catalog, queried over loopback
 * HTTP one request at a time (latency, not throughput): substring queries of several lengths,
 * category filters, and paging to the end of the unfiltered list by offset. Prints medians and p95,
 * with `GET /healthz` as the in-run baseline.
 * Usage: npm run bench:catalog [-- --assets 100000 --samples 200]
 */
import { rmSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { createAccount } from '../../electron/service/admin/accounts-admin';
import { searchText } from '../../electron/service/catalog/store-pack';
import { createCatalogWrites } from '../../electron/service/store/catalog-writes';
import { newFileToken } from '../../electron/service/files/blob-store';
import { startService } from '../../electron/service/start';
import { tempDataDir } from '../support/service';

const { values } = parseArgs({ options: { assets: { type: 'string', default: '100000' }, samples: { type: 'string', default: '200' } } });
const assetCount = Number(values.assets);
const samples = Number(values.samples);

const dataDir = tempDataDir('rigdesk-bench-catalog');
const service = await startService({ dataDir, port: 0, workers: 1, studioDir: null, studioKey: false, installCatalog: false });
const { key } = await createAccount(service.store, { plan: 'pro', rateLimitPerMinute: 100_000_000 });
const headers = { authorization: `Bearer ${key.api_key}` };

const kinds = ['crate', 'barrel', 'chest', 'rock', 'tree', 'lamp', 'chair', 'table', 'wall', 'floor', 'pillar', 'fence', 'bottle', 'torch', 'stairs', 'bush'];
const looks = ['oak', 'iron', 'mossy', 'old', 'painted', 'stone', 'gold', 'rusty', 'small', 'large', 'broken', 'tall'];
const started = Date.now();
seed(assetCount);
console.log(`seeded ${assetCount} assets in ${((Date.now() - started) / 1000).toFixed(1)} s`);

async function timed(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(service.baseUrl + url, { headers });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  await res.arrayBuffer();
  return performance.now() - t0;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p95: s[Math.floor(s.length * 0.95)] };
};

async function measure(label: string, urls: () => string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 20; i++) await timed(urls()); // warm-up
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push(await timed(urls()));
  const { median, p95 } = stats(times);
  return { case: label, 'median ms': median.toFixed(2), 'p95 ms': p95.toFixed(2) };
}

let i = 0;
const pick = <T>(xs: T[]) => xs[i++ % xs.length];
const total = ((await (await fetch(`${service.baseUrl}/v1/assets?limit=1`, { headers })).json()) as { total: number }).total;
const rows = [
  await measure('GET /healthz (baseline)', () => '/healthz'),
  await measure('query, 3-6 letters (e.g. "oak", "barrel")', () => `/v1/assets?query=${pick(['oak', 'barrel', 'mossy', 'torch', 'rock', 'stair'])}`),
  await measure('query, long and rare (e.g. "rusty_pillar_0123")', () => `/v1/assets?query=${pick(kinds)}_0${String(i % 999).padStart(3, '0')}`),
  await measure('query, 2 letters (scan)', () => `/v1/assets?query=${pick(['oa', 'ir', 'ta', 'wa'])}`),
  await measure('category filter', () => `/v1/assets?category=${pick(kinds)}`),
  await measure('unfiltered, first page', () => '/v1/assets?limit=50&offset=0'),
  await measure('unfiltered, last page (offset = total - 50)', () => `/v1/assets?limit=50&offset=${total - 50}`),
  await measure('query + deep offset', () => `/v1/assets?query=oak&limit=50&offset=${Math.floor(total / looks.length / 2)}`),
];
console.log(`bench:catalog on ${os.cpus()[0]?.model} (${os.availableParallelism()} cores), Node ${process.version}; ${total} assets, ${samples} sequential requests per case after 20 warm-up`);
console.table(rows);
console.log(JSON.stringify({ bench: 'catalog', assets: total, rows }));
await service.close();
rmSync(dataDir, { recursive: true, force: true });

function seed(count: number) {
  const db = service.store.db;
  const blob = service.store.blobs.put(new Uint8Array([137, 80, 78, 71]));
  const now = Date.now();
  const packs = ['bench-dungeon', 'bench-nature', 'bench-town', 'bench-castle'];
  const pack = db.prepare("INSERT INTO asset_packs (id, name, license, builtin, updated_at) VALUES (?, ?, 'CC0-1.0', 0, ?)");
  const file = db.prepare('INSERT INTO files (token, sha256, filename, content_type, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  const asset = db.prepare('INSERT INTO assets (id, pack_id, name, category, search_text, model_token, thumbnail_token) VALUES (?, ?, ?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (const p of packs) pack.run(p, p, now);
    for (let n = 0; n < count; n++) {
      const kind = kinds[n % kinds.length];
      const look = looks[Math.floor(n / kinds.length) % looks.length];
      const name = `${look}_${kind}_${String(n).padStart(6, '0')}`;
      const id = `${packs[n % packs.length]}/${name}`;
      const display = name.replace(/_/g, ' ');
      const tok = newFileToken();
      file.run(tok, blob.sha256, `${name}.glb`, 'model/gltf-binary', blob.bytes, now);
      asset.run(id, packs[n % packs.length], display, kind, searchText(id, display), tok, tok);
    }
    createCatalogWrites(db).renumber(); // inside this transaction, so synchronous SQLite
  })();
}
