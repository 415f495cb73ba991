/**
 * Reads a pack's .zip with fflate under hard limits, so a hostile or broken archive fails with a
 * clear error instead of exhausting memory: entry count, declared size per entry and in total,
 * and compression ratio (zip bombs declare small compressed sizes for huge outputs). fflate
 * inflates each entry into a buffer of exactly its declared size, so declared sizes bound memory.
 * Only files an import can use are extracted (models, their buffers, textures, MTL, licence/README).
 */
import { unzipSync } from 'fflate';

export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  /** Uncompressed / compressed, for entries above 1 MB uncompressed. */
  maxRatio: number;
}

export const ZIP_LIMITS: ZipLimits = {
  maxEntries: 20_000,
  maxEntryBytes: 256 * 1024 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxRatio: 200,
};

const USEFUL = /\.(?:glb|gltf|bin|fbx|obj|mtl|dae|3ds|stl|png|jpe?g|webp|tga|bmp|txt|md|markdown|rst)$|(?:^|\/)(?:licen[cs]e|copying|readme)[^/]*$/i;

export function readZipPack(data: Uint8Array, limits: Partial<ZipLimits> = {}): Map<string, Uint8Array> {
  const L = { ...ZIP_LIMITS, ...limits };
  let entries = 0;
  let total = 0;
  let problem: string | null = null;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(data, {
      filter: (f) => {
        if (problem) return false;
        entries++;
        if (entries > L.maxEntries) { problem = `more than ${L.maxEntries} entries`; return false; }
        if (f.name.endsWith('/') || !USEFUL.test(f.name)) return false;
        if (f.originalSize > L.maxEntryBytes) { problem = `${f.name} is ${f.originalSize} bytes uncompressed, above ${L.maxEntryBytes}`; return false; }
        if (f.originalSize > 1024 * 1024 && f.originalSize > f.size * L.maxRatio) {
          problem = `${f.name} expands ${Math.round(f.originalSize / Math.max(1, f.size))}x (zip bomb?)`;
          return false;
        }
        total += f.originalSize;
        if (total > L.maxTotalBytes) { problem = `more than ${L.maxTotalBytes} bytes uncompressed in total`; return false; }
        return true;
      },
    });
  } catch (err) {
    throw new Error(`zip-pack: not a readable zip archive (${(err as Error).message})`);
  }
  if (problem) throw new Error(`zip-pack: refused, ${problem}`);
  const out = new Map<string, Uint8Array>();
  for (const [name, bytes] of Object.entries(files)) out.set(name.replace(/\\/g, '/'), bytes);
  return out;
}
