import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const ALLOWED = [/^electron\/main\//, /^electron\/preload\/index\.ts$/, /^test\//];

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|mts|mjs)$/.test(name)) out.push(p);
  }
  return out;
}

describe('module boundaries', () => {
  it('only electron/main and the preload entry import electron', () => {
    const offenders = ['electron', 'shared', 'renderer', 'bin']
      .flatMap((d) => { try { return walk(join(root, d)); } catch { return []; } })
      .map((p) => relative(root, p).split('\\').join('/'))
      .filter((rel) => !ALLOWED.some((re) => re.test(rel)))
      .filter((rel) => /from\s+['"]electron['"]|require\(\s*['"]electron['"]\s*\)|import\(\s*['"]electron['"]\s*\)/.test(readFileSync(join(root, rel), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the renderer imports no Node built-ins', () => {
    const offenders = (() => { try { return walk(join(root, 'renderer')); } catch { return []; } })()
      .filter((p) => /from\s+['"](node:|fs['"]|path['"]|child_process)/.test(readFileSync(p, 'utf8')))
      .map((p) => relative(root, p));
    expect(offenders).toEqual([]);
  });
});
