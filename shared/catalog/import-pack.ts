/**
 * importPackAssets: a CC0 pack from a PackSource to catalog-ready assets (GLB with embedded
 * textures + PNG thumbnail each). Checks the licence first and refuses the whole pack when it is
 * not CC0; converts every model through readModel (external textures such as Kenney's
 * `Textures/colormap.png` are resolved relative to the model, then by file name anywhere in the
 * pack) and writeGlb. It writes nothing anywhere: the caller stores the results atomically, so a
 * refused or failed import leaves the catalog as it was.
 */
import { readModel } from '../mesh/read-model';
import { writeGlb } from '../mesh/write-glb';
import { decodeTextures } from '../render/decode-textures';
import { encodePng } from '../render/encode-png';
import { renderThumbnail } from '../render/render-thumbnail';
import type { Category } from './categories';
import { checkPackLicense } from './license';
import type { PackSource } from './pack-source';
import { scanPack } from './scan-pack';

export class PackRefusedError extends Error {
  override name = 'PackRefusedError';
}

export interface ImportedAsset {
  name: string;
  displayName: string;
  category: Category;
  sourceFile: string;
  glb: Uint8Array;
  thumbnailPng: Uint8Array;
  triangles: number;
  warnings: string[];
}

export interface ImportedPack {
  packId: string;
  packName: string;
  license: 'CC0-1.0';
  licenseFile: string;
  assets: ImportedAsset[];
  /** Model files that could not be converted, with the reader's message. */
  failed: { file: string; reason: string }[];
}

export interface ImportOptions {
  thumbnailSize?: number;
  onProgress?: (done: number, total: number, file: string) => void;
}

const TEXT_LIMIT = 256 * 1024;

function posixJoin(dir: string, rel: string): string {
  const out: string[] = dir ? dir.split('/') : [];
  for (const p of rel.replace(/\\/g, '/').split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..') out.pop();
    else out.push(p);
  }
  return out.join('/');
}

export async function importPackAssets(source: PackSource, options: ImportOptions = {}): Promise<ImportedPack> {
  const scan = scanPack(source.name, source.files);
  const texts = [];
  for (const file of scan.licenseFiles.slice(0, 6)) {
    const bytes = await source.read(file);
    if (bytes) texts.push({ path: file, text: new TextDecoder().decode(bytes.subarray(0, TEXT_LIMIT)) });
  }
  const verdict = checkPackLicense(texts);
  if (!verdict.ok) throw new PackRefusedError(`import: pack "${scan.packId}" refused: ${verdict.reason}`);
  if (scan.assets.length === 0) throw new PackRefusedError(`import: pack "${scan.packId}" has no model files (glb, gltf, fbx, obj, dae, 3ds, stl)`);

  const byLower = new Map(source.files.map((f) => [f.toLowerCase(), f]));
  const byBase = new Map<string, string[]>();
  for (const f of source.files) {
    const base = (f.split('/').pop() ?? f).toLowerCase();
    byBase.set(base, [...(byBase.get(base) ?? []), f]);
  }
  const assets: ImportedAsset[] = [];
  const failed: ImportedPack['failed'] = [];
  let done = 0;
  for (const a of scan.assets) {
    options.onProgress?.(done++, scan.assets.length, a.file);
    try {
      const data = await source.read(a.file);
      if (!data) throw new Error('file could not be read');
      const dir = a.file.includes('/') ? a.file.slice(0, a.file.lastIndexOf('/')) : '';
      const resolveResource = async (uri: string): Promise<Uint8Array | null> => {
        let decoded = uri;
        try { decoded = decodeURIComponent(uri); } catch { /* keep as is */ }
        const direct = byLower.get(posixJoin(dir, decoded).toLowerCase());
        if (direct) return source.read(direct);
        const sameName = byBase.get((decoded.split(/[\\/]/).pop() ?? decoded).toLowerCase()) ?? [];
        return sameName.length > 0 ? source.read(sameName[0]) : null;
      };
      const { model, report } = await readModel(data, a.file.split('/').pop() ?? a.file, { resolveResource });
      model.meta.license = 'CC0-1.0';
      model.meta.pack = scan.packId;
      const glb = await writeGlb(model);
      const textures = await decodeTextures(model, () => {});
      const size = options.thumbnailSize ?? 256;
      const thumbnailPng = await encodePng(renderThumbnail(model, { width: size, height: size, textures }));
      const triangles = model.parts.reduce((s, p) => s + Math.floor(p.indices.length / 3), 0);
      assets.push({ name: a.name, displayName: a.displayName, category: a.category, sourceFile: a.file, glb, thumbnailPng, triangles, warnings: report.warnings });
    } catch (err) {
      failed.push({ file: a.file, reason: (err as Error).message });
    }
  }
  options.onProgress?.(done, scan.assets.length, '');
  return { packId: scan.packId, packName: scan.packName, license: 'CC0-1.0', licenseFile: verdict.file as string, assets, failed };
}
