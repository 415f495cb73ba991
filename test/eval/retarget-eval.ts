/**
 * `npm run eval:retarget` (issue 15): every animated character of the corpus, rig stripped, its bare mesh
 * rigged by Rigdesk (fast engine, the plan from corpus-list.ts), its own idle / walk / run clips (or its
 * first clip when none is named so) retargeted onto that rig by the rig job's own code
 * (`retargetJobClips`, what `animation_url` runs), skinned with Rigdesk's weights and compared with the
 * artist's rig playing the same clip, at 30 fps over the whole clip.
 *
 * Per clip: `error` is the mean vertex distance, `shape` the same after taking away each frame's mean
 * translation (the whole-body offset: root travel scaled by a different leg length, a hips joint placed
 * elsewhere), and `offset` the length of that mean translation; all % of the mesh height. A clip the
 * retargeter refuses gets a row `fails: <message>`.
 * Options: --models Knight,Eagle (corpus file names containing these), --out FILE (JSON), --show-mapping
 * (prints each clip's joint correspondence), --anonymous (every clip bone renamed joint0..N first:
 * structure alone).
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rigMesh } from '../../shared/rig/rig-mesh';
import type { RigResult } from '../../shared/rig/types';
import { bindClip, sampleBound } from '../../shared/anim/sample-clip';
import { forwardKinematics, newWorldPose, restPose } from '../../shared/anim/pose';
import { retargetJobClips } from '../../electron/workers/operations/retarget-clips';
import { readCorpusRig } from './corpus-gltf';
import type { CorpusRig } from './corpus-gltf';
import { CORPUS_CHARACTERS } from './corpus-list';
import { heightOf } from './metrics';
import { poseMatrices, restWorldMatrices, skinPredicted } from './deform';
import { corpusDir } from '../support/corpus-dir';
import { anonymousClipFile } from './anonymous-clip';

const args = process.argv.slice(2);
const flag = (n: string): string | undefined => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : undefined;
};
const modelFilter = flag('--models')?.split(',');
const showMapping = args.includes('--show-mapping');
const anonymous = args.includes('--anonymous');
const outFile = flag('--out') ?? path.join(os.tmpdir(), `rigdesk-retarget-eval-${Date.now()}.json`);

/** The character's own idle, walk and run (names vary: `Armature|Female_Walk`, `ZombieRun`, `sprint`). */
const CLIP_PATTERNS = [/idle$/i, /walk(ing)?(_a)?$/i, /(run|running|sprint)(_a)?$/i];

interface ClipRow { model: string; plan: string; clip: string; error?: number; shape?: number; offset?: number; mappedBy?: string; fails?: string }
const rows: ClipRow[] = [];
const notes: string[] = [];

function chooseClips(gt: CorpusRig): string[] {
  const last = (c: { name: string }): string => c.name.split('|').pop()!;
  // The plainest name matching (KayKit: `Idle` rather than `2H_Melee_Idle`).
  const named = CLIP_PATTERNS.map((re) => gt.clips.filter((c) => re.test(last(c))).sort((x, y) => last(x).length - last(y).length)[0]).filter((c) => c !== undefined);
  return (named.length ? named : gt.clips.slice(0, 1)).map((c) => c.name);
}

/** Mean over the clip of: vertex distance, distance with the frame's mean translation removed, that translation's length. */
function compare(gt: CorpusRig, r: RigResult, clip: Parameters<typeof bindClip>[1], gtClip: CorpusRig['clips'][number]): { error: number; shape: number; offset: number } {
  const rest = restWorldMatrices(r.skeleton);
  const n = r.skeleton.names.length;
  const pose = restPose(r.skeleton);
  const world = newWorldPose(n);
  const bound = bindClip(r.skeleton, clip);
  const a = new Float32Array(gt.positions.length), b = new Float32Array(gt.positions.length);
  const nv = gt.positions.length / 3;
  const frames = Math.max(2, Math.round(gtClip.duration * 30) + 1);
  let error = 0, shape = 0, offset = 0;
  for (let f = 0; f < frames; f++) {
    const t = (f / (frames - 1)) * gtClip.duration;
    sampleBound(bound, Math.min(t, clip.duration), pose);
    forwardKinematics(r.skeleton, pose, world);
    const mats = poseMatrices(world, n);
    gt.skinOf(gtClip.sample(t), a);
    skinPredicted(gt.positions, r.joints, r.weights, rest, mats, b);
    const d = [0, 0, 0];
    for (let i = 0; i < nv; i++) for (let c = 0; c < 3; c++) d[c] += (b[i * 3 + c] - a[i * 3 + c]) / nv;
    let e = 0, s = 0;
    for (let i = 0; i < nv; i++) {
      const x = b[i * 3] - a[i * 3], y = b[i * 3 + 1] - a[i * 3 + 1], z = b[i * 3 + 2] - a[i * 3 + 2];
      e += Math.hypot(x, y, z);
      s += Math.hypot(x - d[0], y - d[1], z - d[2]);
    }
    error += e / nv;
    shape += s / nv;
    offset += Math.hypot(d[0], d[1], d[2]);
  }
  return { error: error / frames, shape: shape / frames, offset: offset / frames };
}

const modelName = (rel: string): string => path.basename(rel).replace(/\.(glb|fbx)$/, '').replace(/^character-/, 'kenney-');

if (!existsSync(path.join(corpusDir, 'README.md'))) {
  console.log(`corpus: ${corpusDir} not found; retarget evaluation skipped`);
  process.exit(0);
}
// Mesh2Motion's rigged characters are in the list for eval:rig; those without clips are noted, not measured.
for (const { file: rel, plan } of CORPUS_CHARACTERS) {
  if (modelFilter && !modelFilter.some((m) => rel.includes(m))) continue;
  const file = path.join(corpusDir, rel);
  const model = modelName(rel);
  const gt = await readCorpusRig(file);
  if (!gt.clips.length) {
    notes.push(`${model}: no clips in the file`);
    continue;
  }
  const H = heightOf(gt.positions);
  let r: RigResult;
  try {
    r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: plan, engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
  } catch (err) {
    for (const clip of chooseClips(gt)) rows.push({ model, plan, clip, fails: `rig failed: ${(err as Error).message}` });
    continue;
  }
  const raw = new Uint8Array(readFileSync(file));
  const bytes = anonymous ? await anonymousClipFile(raw, path.basename(file)) : raw;
  const clipFile = anonymous ? 'anonymous.glb' : path.basename(file);
  for (const name of chooseClips(gt)) {
    const gtClip = gt.clips.find((c) => c.name === name)!;
    try {
      const out = await retargetJobClips([{ field: 'animation_url', sha256: 'corpus', filename: clipFile, clip_name: name }], r.skeleton, () => bytes);
      if (showMapping) console.log(`\n${model} ${name}:`, JSON.stringify(out.mappings[out.clips[0].name]));
      const m = compare(gt, r, out.clips[0], gtClip);
      rows.push({ model, plan, clip: name, error: m.error / H, shape: m.shape / H, offset: m.offset / H, mappedBy: out.mappedBy[out.clips[0].name] });
    } catch (err) {
      rows.push({ model, plan, clip: name, fails: (err as Error).message });
    }
    process.stdout.write('.');
  }
}
process.stdout.write('\n');
// Mesh2Motion rigged files outside the list (none today) would be missed: say which hold clips.
const m2m = path.join(corpusDir, 'characters/mesh2motion/rigged');
if (existsSync(m2m) && !modelFilter)
  for (const f of readdirSync(m2m).filter((x) => /\.(glb|fbx)$/.test(x)))
    if (!CORPUS_CHARACTERS.some((c) => c.file.endsWith(`/${f}`))) notes.push(`${f}: not in corpus-list.ts, not measured`);

const pct = (v: number | undefined): string => (v === undefined ? '-' : `${(v * 100).toFixed(2)}`);
console.log('\nOwn clips retargeted by animation_url\'s code onto the fast rig of the stripped mesh; % of height, mean over the clip at 30 fps');
console.log('| character | plan | clip | error | shape | offset | mapped by |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(r.fails !== undefined
    ? `| ${r.model} | ${r.plan} | ${r.clip.replace(/\|/g, '\\|')} | fails: ${r.fails.replace(/\|/g, '\\|')} | | | |`
    : `| ${r.model} | ${r.plan} | ${r.clip.replace(/\|/g, '\\|')} | ${pct(r.error)} | ${pct(r.shape)} | ${pct(r.offset)} | ${r.mappedBy} |`);
const ok = rows.filter((r) => r.fails === undefined);
const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / (xs.length || 1);
const chars = [...new Set(rows.map((r) => r.model))];
const charsAll = chars.filter((c) => rows.filter((r) => r.model === c).every((r) => r.fails === undefined));
console.log(`\nSummary: ${ok.length} of ${rows.length} clips map (${charsAll.length} of ${chars.length} characters with every clip mapped); on those that map: error ${pct(mean(ok.map((r) => r.error!)))}%, shape ${pct(mean(ok.map((r) => r.shape!)))}%, offset ${pct(mean(ok.map((r) => r.offset!)))}% of height; shape <= 2%: ${ok.filter((r) => r.shape! <= 0.02).length} of ${ok.length}`);
for (const n of notes) console.log(`note: ${n}`);
writeFileSync(outFile, JSON.stringify({ machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version }, rows, notes }, null, 2));
console.log(`JSON written to ${outFile}`);
