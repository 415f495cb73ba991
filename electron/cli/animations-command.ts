/**
 * `animations import FILE_OR_FOLDER`: adds the clips of GLB/glTF/FBX files to the clip catalog when the
 * licence file beside them grants CC0 (same check as asset packs); anything else is refused with the
 * reason. Each clip is stored as its own GLB (the file's skeleton and preview mesh with that one clip)
 * plus a preview image of its pose a quarter of the way in.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { clipPoseAt } from '../../shared/anim/clip-model';
import { skeletonRoles } from '../../shared/anim/retarget';
import { checkPackLicense, licenseCandidates } from '../../shared/catalog/license';
import { MeshFormatError } from '../../shared/mesh/errors';
import { readModel } from '../../shared/mesh/read-model';
import { writeGlb } from '../../shared/mesh/write-glb';
import type { Skeleton } from '../../shared/rig/skeleton';
import { encodePng } from '../../shared/render/encode-png';
import { renderThumbnail } from '../../shared/render/render-thumbnail';
import { storeClips, type ClipToStore } from '../service/catalog/store-clips';
import type { Store } from '../service/context';
import { withCatalogStore } from './catalog-store';
import type { Command } from './commands';

const CLIP_FILE = /\.(glb|gltf|fbx)$/i;
const MAX_FILES = 500;

export interface AnimationsImportResult {
  imported: number;
  files: { file: string; clips: number; rig_type: string }[];
  failed: { file: string; reason: string }[];
  license_file: string;
}

/** Body plan of a clip file: from the skeleton's roles, else from words in the file name. */
export function guessRigType(skeleton: Skeleton, fileName: string): string {
  const roles = new Set(skeletonRoles(skeleton));
  if (['hips', 'left_upper_leg', 'right_upper_leg', 'left_upper_arm'].every((r) => roles.has(r))) return 'biped';
  const n = fileName.toLowerCase();
  const words: [RegExp, string][] = [[/fox|horse|dog|cat|wolf|deer|cow/, 'quadruped'], [/bird|eagle|crow|avian/, 'avian'], [/spider|octo/, 'octopod'], [/ant|insect|beetle/, 'hexapod'], [/snake|serpent|worm/, 'serpentine'], [/shark|fish|whale|dolphin/, 'aquatic'], [/human|kaiju|knight|mage|barbarian|biped/, 'biped']];
  for (const [re, plan] of words) if (re.test(n)) return plan;
  return 'others';
}

function listFiles(target: string): { files: string[]; licenseDir: string } {
  const st = statSync(target);
  if (st.isFile()) return { files: [target], licenseDir: path.dirname(target) };
  const files: string[] = [];
  const walk = (dir: string, depth: number): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() && depth < 4) walk(p, depth + 1);
      else if (e.isFile() && CLIP_FILE.test(e.name) && files.length < MAX_FILES) files.push(p);
    }
  };
  walk(target, 0);
  return { files: files.sort(), licenseDir: target };
}

const slug = (s: string): string => s.toLowerCase().replace(/@[0-9a-f]+$/, '').replace(/[^a-z0-9.]+/g, '-').replace(/^-+|-+$/g, '') || 'clip';

/** Imports into `store`: the data folder's SQLite store, or the server's PostgreSQL store (--database). */
export async function importAnimations(store: Store, target: string, onProgress?: (done: number, total: number) => void): Promise<AnimationsImportResult> {
  const { files, licenseDir } = listFiles(target);
  if (files.length === 0) throw new Error(`animations import: no .glb, .gltf or .fbx file in ${target}`);
  // Each file's licence is the nearest licence file in its folder or a parent, up to the import root.
  const verdicts = new Map<string, ReturnType<typeof checkPackLicense>>();
  const licenseOf = (dir: string): ReturnType<typeof checkPackLicense> => {
    const hit = verdicts.get(dir);
    if (hit) return hit;
    const candidates = licenseCandidates(readdirSync(dir)).map((n) => ({ path: path.join(dir, n), text: readFileSync(path.join(dir, n), 'utf8') }));
    const parent = path.dirname(dir);
    const v = candidates.length === 0 && dir !== licenseDir && parent !== dir ? licenseOf(parent) : checkPackLicense(candidates);
    verdicts.set(dir, v);
    return v;
  };
  const refused = files.map((f) => ({ f, v: licenseOf(path.dirname(f)) })).filter((x) => !x.v.ok);
  if (refused.length === files.length) throw new Error(`animations import: refused: ${refused[0].v.reason}`);
  const result: AnimationsImportResult = {
    imported: 0, files: [], license_file: [...new Set([...verdicts.values()].filter((v) => v.ok).map((v) => v.file))].join(', '),
    failed: refused.map((x) => ({ file: x.f, reason: `refused: ${x.v.reason}` })),
  };
  for (const [i, file] of files.entries()) {
    if (!licenseOf(path.dirname(file)).ok) continue;
    const base = path.basename(file).replace(CLIP_FILE, '');
    let read;
    try {
      read = await readModel(new Uint8Array(readFileSync(file)), path.basename(file));
    } catch (err) {
      if (err instanceof MeshFormatError) { result.failed.push({ file, reason: err.message }); continue; }
      throw err;
    }
    const { model } = read;
    if (!model.skeleton || model.clips.length === 0) { result.failed.push({ file, reason: 'no animation clip on a skeleton' }); continue; }
    const rigType = guessRigType(model.skeleton, base);
    const rows: ClipToStore[] = [];
    const used = new Set<string>();
    for (const clip of model.clips) {
      let id = `${slug(base)}/${slug(clip.name)}`;
      for (let k = 2; used.has(id); k++) id = `${slug(base)}/${slug(clip.name)}-${k}`;
      used.add(id);
      const one = { ...model, clips: [clip] };
      const png = model.parts.length > 0
        ? await encodePng(renderThumbnail(one, { width: 192, height: 192, pose: clipPoseAt(model.skeleton, clip, clip.duration * 0.25) }))
        : null;
      rows.push({
        id, name: clip.name, rigType, durationSeconds: clip.duration, fps: 30, loop: /loop|idle|walk|run|cycle/i.test(clip.name),
        source: file, builtin: false, glb: await writeGlb(one), previewPng: png,
      });
    }
    await storeClips(store, rows);
    result.imported += rows.length;
    result.files.push({ file, clips: rows.length, rig_type: rigType });
    onProgress?.(i + 1, files.length);
  }
  return result;
}

export const animationsCommand: Command = {
  name: 'animations',
  sub: 'import',
  usage: 'animations import FILE_OR_FOLDER [--database URL --blobs DIR]',
  options: { database: { type: 'string' }, blobs: { type: 'string' } },
  help: 'Import animation clips from GLB/FBX files whose licence file (beside them) grants CC0; each clip becomes a catalog clip usable as animation_url.',
  run: async (ctx) => {
    const target = ctx.positionals[0];
    if (!target) throw new Error('missing FILE_OR_FOLDER');
    return withCatalogStore(ctx, (store) =>
      importAnimations(store, target, (done, total) => {
        if (!ctx.json) process.stderr.write(`\r  ${done}/${total} files`);
      }),
    );
  },
  format: (r: AnimationsImportResult) =>
    `\nimported ${r.imported} clips (CC0-1.0, from ${r.license_file})\n${r.files.map((f) => `  ${f.file}: ${f.clips} clips (${f.rig_type})`).join('\n')}${r.failed.length ? `\nnot imported:\n${r.failed.map((f) => `  ${f.file}: ${f.reason}`).join('\n')}` : ''}`,
};
