/**
 * scanPack: the pure part of `catalog import PATH`. From a pack's name and its relative file paths
 * (a folder tree or a zip's entries) it derives the pack id, picks one model file per asset (the
 * same asset shipped in several formats is imported once, in the best format), names the assets
 * and assigns categories from file and folder names.
 *
 * Notes: format folders ("GLB format", "fbx", "Models", "Assets") are ignored when grouping
 * duplicates and when reading categories, because Kenney ships `Models/GLB format/x.glb` beside
 * `Models/FBX format/x.fbx` and KayKit `Assets/gltf/x.gltf.glb` beside `Assets/fbx/x.fbx`.
 */
import { categorize, type Category } from './categories';
import { displayNameOf } from './pack-types';
import { licenseCandidates } from './license';

/** Model formats, best first: the preferred copy of an asset shipped in several formats. */
export const MODEL_FORMATS = ['glb', 'gltf', 'fbx', 'obj', 'dae', '3ds', 'stl'] as const;
export type ModelFormat = (typeof MODEL_FORMATS)[number];

export interface ScannedAsset {
  /** snake_case, unique in the pack. */
  name: string;
  displayName: string;
  category: Category;
  /** Relative path of the chosen model file. */
  file: string;
  format: ModelFormat;
  /** The same asset in other formats, not imported. */
  alternates: string[];
}

export interface PackScan {
  packId: string;
  packName: string;
  /** Licence files and READMEs, best first (see licenseCandidates). */
  licenseFiles: string[];
  assets: ScannedAsset[];
  /** Files skipped with a reason (hidden files, unsupported formats are not listed). */
  skipped: { file: string; reason: string }[];
}

const GENERIC_FOLDERS = /^(?:models?|assets?|meshes|mesh|3d|files|export(?:s|ed)?|source|src|formats?|(?:glb|gltf|fbx|obj|dae|3ds|stl|collada)(?:[ _-]?(?:format|files|models))?|textures?|prefabs?|props|pack|kit|\d+(?:\.\d+)*)$/i;

/** 'Kenney Mini-Arena 1.0' -> 'kenney-mini-arena-1-0'; never empty. */
export function packIdFrom(sourceName: string): string {
  const base = (sourceName.split(/[\\/]/).filter(Boolean).pop() ?? '').replace(/\.zip$/i, '');
  // Split camelCase only in names without separators ('QuaterniusNature', not 'KayKit Dungeon').
  const split = /[\s_.-]/.test(base) ? base : base.replace(/([a-z])([A-Z])/g, '$1-$2');
  const id = split.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return id || 'imported-pack';
}

/** 'barrel_large.gltf.glb' -> { stem: 'barrel_large', format: 'glb' }; null for non-model files. */
export function modelFileInfo(fileName: string): { stem: string; format: ModelFormat } | null {
  const m = /^(.*?)((?:\.(?:glb|gltf|fbx|obj|dae|3ds|stl))+)$/i.exec(fileName);
  if (!m || !m[1]) return null;
  const exts = m[2].toLowerCase().split('.').filter(Boolean);
  return { stem: m[1], format: exts[exts.length - 1] as ModelFormat };
}

export function snakeCase(s: string): string {
  return s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'asset';
}

function isHidden(parts: string[]): boolean {
  return parts.some((p) => p.startsWith('.') || p === '__MACOSX' || p === 'Thumbs.db');
}

export function scanPack(sourceName: string, filePaths: string[]): PackScan {
  const packId = packIdFrom(sourceName);
  const packName = displayNameOf(packId.replace(/-/g, '_'));
  const skipped: PackScan['skipped'] = [];
  interface Group { key: string; stem: string; folders: string[]; files: { file: string; format: ModelFormat }[] }
  const groups = new Map<string, Group>();
  for (const raw of filePaths) {
    const file = raw.replace(/\\/g, '/').replace(/^\.\//, '');
    const parts = file.split('/').filter(Boolean);
    if (parts.length === 0 || isHidden(parts)) continue;
    const info = modelFileInfo(parts[parts.length - 1]);
    if (!info) continue;
    const folders = parts.slice(0, -1).filter((f) => !GENERIC_FOLDERS.test(f.trim()));
    const key = [...folders, info.stem].map((s) => s.toLowerCase()).join('/');
    const g = groups.get(key) ?? { key, stem: info.stem, folders, files: [] };
    g.files.push({ file, format: info.format });
    groups.set(key, g);
  }
  const rank = (f: ModelFormat): number => MODEL_FORMATS.indexOf(f);
  const ordered = [...groups.values()].sort((a, b) => a.key.localeCompare(b.key));
  const stemCount = new Map<string, number>();
  for (const g of ordered) stemCount.set(snakeCase(g.stem), (stemCount.get(snakeCase(g.stem)) ?? 0) + 1);
  const used = new Set<string>();
  const assets: ScannedAsset[] = [];
  for (const g of ordered) {
    const files = g.files.slice().sort((a, b) => rank(a.format) - rank(b.format) || a.file.localeCompare(b.file));
    const chosen = files[0];
    // A .gltf and a .glb of the same asset are alternates; two files of one format are not.
    const sameFormat = files.filter((f) => f.format === chosen.format);
    for (const extra of sameFormat.slice(1)) skipped.push({ file: extra.file, reason: `duplicate of ${chosen.file}` });
    let name = snakeCase(g.stem);
    if ((stemCount.get(name) ?? 0) > 1 && g.folders.length > 0) name = snakeCase(`${g.folders[g.folders.length - 1]}_${g.stem}`);
    let unique = name;
    for (let i = 2; used.has(unique); i++) unique = `${name}_${i}`;
    used.add(unique);
    assets.push({
      name: unique,
      displayName: displayNameOf(unique),
      category: categorize(g.stem, g.folders.slice().reverse()),
      file: chosen.file,
      format: chosen.format,
      alternates: files.filter((f) => f.format !== chosen.format).map((f) => f.file),
    });
  }
  return { packId, packName, licenseFiles: licenseCandidates(filePaths), assets, skipped };
}
