/**
 * Corpus helpers for mesh tests: list files by extension and read one with a resolver that
 * serves companion files (textures, MTL, .bin) from the file's own folder, refusing paths that
 * leave it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { corpusDir } from './corpus';

export function listCorpus(sub: string, ext: string): string[] {
  const root = path.join(corpusDir, sub);
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.toLowerCase().endsWith(ext)) out.push(p);
    }
  };
  walk(root);
  return out;
}

export function folderResolver(file: string): (uri: string) => Uint8Array | null {
  const dir = path.dirname(file);
  return (uri) => {
    const p = path.resolve(dir, uri);
    if (!p.startsWith(dir + path.sep) || !existsSync(p)) return null;
    return readFileSync(p);
  };
}
