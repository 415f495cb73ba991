/**
 * Where an import reads a pack from: a folder on disk or a .zip (read with limits). Both expose
 * the same listing + read interface, so scanning and importing never care which it was.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { readZipPack, type ZipLimits } from './zip-pack';

export interface PackSource {
  /** Folder or zip file name; the pack id is derived from it. */
  name: string;
  /** Relative paths with '/' separators. */
  files: string[];
  read(relativePath: string): Promise<Uint8Array | null>;
}

const MAX_FILES = 20_000;

export async function packSourceFromDirectory(dir: string): Promise<PackSource> {
  const root = path.resolve(dir);
  const files: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    for (const entry of await readdir(path.join(root, rel), { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) {
        files.push(child);
        if (files.length > MAX_FILES) throw new Error(`pack-source: ${dir} has more than ${MAX_FILES} files`);
      }
    }
  };
  await walk('');
  files.sort();
  const known = new Set(files);
  return {
    name: path.basename(root),
    files,
    read: async (rel) => (known.has(rel) ? new Uint8Array(await readFile(path.join(root, rel))) : null),
  };
}

export function packSourceFromZip(data: Uint8Array, zipName: string, limits?: Partial<ZipLimits>): PackSource {
  const entries = readZipPack(data, limits);
  // A zip whose entries all sit in one top folder names the pack after that folder's parent zip.
  const files = [...entries.keys()].sort();
  return { name: path.basename(zipName), files, read: async (rel) => entries.get(rel) ?? null };
}

export async function packSourceFromPath(p: string): Promise<PackSource> {
  const s = await stat(p);
  if (s.isDirectory()) return packSourceFromDirectory(p);
  if (/\.zip$/i.test(p)) return packSourceFromZip(new Uint8Array(await readFile(p)), p);
  throw new Error(`pack-source: ${p} is neither a folder nor a .zip`);
}
