/**
 * `rigdesk serve` as a user runs it: a real process, its stdout, its data folder on disk.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isRunning, spawnServe, type ServeProcess } from '../../support/serve-process';
import { tempDataDir } from '../../support/service';
import { openStore } from '../../../electron/service/context';

const started: ServeProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) await s.crash();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function serve(dataDir: string, o: Parameters<typeof spawnServe>[1] = {}): Promise<ServeProcess> {
  const s = await spawnServe(dataDir, o);
  if (!isRunning(s)) throw new Error(`serve exited ${s.code}: ${s.stderr}`);
  started.push(s);
  return s;
}

function newDir(label: string): string {
  const d = tempDataDir(label);
  dirs.push(d);
  return d;
}

const account = (baseUrl: string, key: string) => fetch(`${baseUrl}/v1/account`, { headers: { authorization: `Bearer ${key}` } });

function redeem(studioUrl: string): Promise<Response> {
  const code = /#code=([^&/]+)/.exec(studioUrl)?.[1];
  expect(code, `studio_url ${studioUrl} carries a one-time code`).toBeTruthy();
  return fetch(new URL('/studio/session', studioUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
}

const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);

describe('rigdesk serve', () => {
  it('answers the studio at the URL it prints (building it first when missing or stale)', async () => {
    const s = await serve(newDir('rigdesk-studio'));
    const res = await fetch(s.info.studio_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toMatch(/<div id="root">/);
    await s.crash();
  }, 300_000);

  it('prints no key; the studio link works once; a crashed run\'s studio key is revoked at the next start', async () => {
    const dataDir = newDir('rigdesk-crash');
    const first = await serve(dataDir);
    const res = await redeem(first.info.studio_url);
    expect(res.status).toBe(200);
    const { api_key: studioKey } = (await res.json()) as { api_key: string };
    expect(studioKey).toMatch(/^rk_live_/);
    expect((await redeem(first.info.studio_url)).status).toBe(401);
    expect((await account(first.info.base_url, studioKey)).status).toBe(200);
    await first.crash();

    const second = await serve(dataDir);
    expect((await account(second.info.base_url, studioKey)).status).toBe(401);
    // Neither run printed a key anywhere a log keeps.
    for (const s of [first, second]) expect(s.stdout() + s.stderr()).not.toMatch(/rk_live_/);

    // The revocation is safe because a second service on the same folder is refused.
    const third = await spawnServe(dataDir);
    expect(isRunning(third)).toBe(false);
    if (!isRunning(third)) {
      expect(third.code).toBe(1);
      expect(third.stdout).toMatch(/"error":"another Rigdesk service is already running on the data folder/);
    }
    expect((await redeem(second.info.studio_url)).status).toBe(200);
    await second.crash();
  }, 300_000);

  it('makes the data folder 0700 and the database, WAL, SHM and blobs 0600 whatever the umask; tightens an open folder', async () => {
    const parent = newDir('rigdesk-modes');
    const fresh = path.join(parent, 'fresh');
    const open = path.join(parent, 'open');
    mkdirSync(open);
    chmodSync(open, 0o755);
    for (const [dataDir, label] of [[fresh, 'new'], [open, 'existing']] as const) {
      const s = await serve(dataDir, { umask: '000' });
      expect(mode(dataDir), `${label} data folder`).toBe('700');
      for (const f of ['rigdesk.sqlite', 'rigdesk.sqlite-wal', 'rigdesk.sqlite-shm', 'rigdesk.lock']) expect(mode(path.join(dataDir, f)), f).toBe('600');
      if (label === 'existing') expect(s.stderr()).toMatch(/was open to other users \(mode 755\); its mode is now 700/);
      // The built-in catalog installer (a real child process) stores blobs as it goes.
      const blobs = path.join(dataDir, 'blobs');
      let blobFiles: string[] = [];
      for (let i = 0; i < 600 && blobFiles.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        blobFiles = existsSync(blobs) ? readdirSync(blobs).filter((d) => d.length === 2).flatMap((d) => readdirSync(path.join(blobs, d)).map((f) => path.join(blobs, d, f))) : [];
      }
      expect(blobFiles.length).toBeGreaterThan(0);
      expect(mode(blobs)).toBe('700');
      expect(mode(path.dirname(blobFiles[0]))).toBe('700');
      for (const f of blobFiles) expect(mode(f), f).toBe('600');
      await s.crash();
    }
  }, 300_000);

  it('refuses a damaged database with what to do, and leaves the file untouched', async () => {
    const made = newDir('rigdesk-made');
    await (await serve(made)).crash();
    // The last connection's close checkpoints the WAL into the file, as a clean stop does.
    openStore(made).close();
    const damaged = newDir('rigdesk-damaged');
    const file = path.join(damaged, 'rigdesk.sqlite');
    copyFileSync(path.join(made, 'rigdesk.sqlite'), file);
    // Garbage over every other page of the middle third: b-tree pages of real tables and indexes.
    const bytes = readFileSync(file);
    const pages = bytes.length / 4096;
    expect(pages).toBeGreaterThan(6);
    for (let p = Math.floor(pages / 3); p < Math.floor((2 * pages) / 3); p += 2) bytes.fill(0xa5, p * 4096 + 8, p * 4096 + 4000);
    writeFileSync(file, bytes);
    const before = createHash('sha256').update(readFileSync(file)).digest('hex');

    const result = await spawnServe(damaged);
    expect(isRunning(result)).toBe(false);
    if (isRunning(result)) return;
    expect(result.code).toBe(1);
    const { error } = JSON.parse(result.stdout.trim().split('\n').pop()!) as { error: string };
    expect(error).toContain(`the database ${file} is damaged`);
    expect(error).toMatch(/restore .* from a backup, or move it aside/);
    expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(before);
  }, 300_000);
});
