/**
 * Builds the studio (dist/renderer) and the preload bundle when they are missing or older than
 * their sources, so `npm install && npm start` works on a fresh clone. Plain Node, no Electron.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildPreload } from './build-preload';
import { APP_ROOT, PRELOAD_BUNDLE } from './paths';

export const STUDIO_DIR = path.join(APP_ROOT, 'dist/renderer');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, name.name);
    newest = Math.max(newest, name.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** True when dist/renderer is missing or older than renderer/ (or shared/api/). */
export function studioIsStale(): boolean {
  const index = path.join(STUDIO_DIR, 'index.html');
  if (!existsSync(index)) return true;
  const sources = [path.join(APP_ROOT, 'renderer'), path.join(APP_ROOT, 'shared/api')].filter(existsSync);
  if (sources.length === 0) return false; // packaged app: only the build ships
  return Math.max(...sources.map(newestMtime)) > statSync(index).mtimeMs;
}

/** Runs `vite build` (about a minute on 2 cores) when needed; returns whether it built. */
export async function ensureStudioBuilt(log: (line: string) => void = (l) => console.error(l)): Promise<boolean> {
  let built = false;
  if (studioIsStale()) {
    log('Building the Rigdesk studio (first start or changed sources)...');
    // vite's package exports do not include its bin; find it next to its package.json.
    const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
    execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: APP_ROOT, stdio: 'inherit' });
    built = true;
  }
  if (!existsSync(PRELOAD_BUNDLE)) await buildPreload();
  return built;
}
