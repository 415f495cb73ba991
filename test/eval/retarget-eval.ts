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
 * (prints each clip's joint correspondence), --anonymous (every clip bone renamed joint0..N and listed in
 * a shuffled order first: structure alone), --target ours|artist|both (default ours).
 *
 * `--target artist` (artist-target.ts) plays each clip onto the character's own artist skeleton and skin
 * weights, its joints renamed `Bone.NNN` and shuffled (carrying only the roles its names give, as a
 * Rigdesk rig carries roles): a rig known to be right, so the error left is the retargeter's alone. Its
 * rows add `joints` (target joints driven by their own artist bone / by another / by none) and `floor`
 * (the artist's clip played on the same skeleton directly: the harness's own error, ~0).
 * Onto our rig, each character's rig is checked (rig-right.ts: semantic error <= 3% of height for bipeds
 * with named joints, else CD-J2J <= 3.5%): the summary gives the shape error on characters whose rig is
 * right, issue 15's target.
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
import { heightOf, longestSide } from './metrics';
import { poseMatrices, restWorldMatrices, skinPredicted } from './deform';
import { corpusDir } from '../support/corpus-dir';
import { readModel } from '../../shared/mesh/read-model';
import { bakeJointScale } from '../../shared/anim/bake-scale';
import { anonymousClipFile } from './anonymous-clip';
import { artistTarget } from './artist-target';
import { rigCheck, type RigCheck } from './rig-right';
import type { Skeleton } from '../../shared/rig/skeleton';

const args = process.argv.slice(2);
const flag = (n: string): string | undefined => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : undefined;
};
const modelFilter = flag('--models')?.split(',');
const showMapping = args.includes('--show-mapping');
const anonymous = args.includes('--anonymous');
type Target = 'ours' | 'artist';
const targetKind = (flag('--target') ?? 'ours') as Target | 'both';
if (!['ours', 'artist', 'both'].includes(targetKind)) throw new Error(`--target: ours, artist or both, not ${targetKind}`);
const outFile = flag('--out') ?? path.join(os.tmpdir(), `rigdesk-retarget-eval-${Date.now()}.json`);

/** The character's own idle, walk and run (names vary: `Armature|Female_Walk`, `ZombieRun`, `sprint`). */
const CLIP_PATTERNS = [/idle$/i, /walk(ing)?(_a)?$/i, /(run|running|sprint)(_a)?$/i];

interface ClipRow {
  model: string; plan: string; target: Target; clip: string; error?: number; shape?: number; offset?: number; mappedBy?: string; fails?: string;
  jointsRight?: number; jointsWrong?: number; jointsUnmapped?: number; floor?: number;
}
/** A skeleton with per-vertex skin (4 joints and weights per vertex) over the corpus reader's vertices. */
interface Skin { skeleton: Skeleton; joints: Uint16Array; weights: Float32Array }
const rows: ClipRow[] = [];
const rigChecks = new Map<string, RigCheck>();
const notes: string[] = [];

function chooseClips(gt: CorpusRig): string[] {
  const last = (c: { name: string }): string => c.name.split('|').pop()!;
  // The plainest name matching (KayKit: `Idle` rather than `2H_Melee_Idle`).
  const named = CLIP_PATTERNS.map((re) => gt.clips.filter((c) => re.test(last(c))).sort((x, y) => last(x).length - last(y).length)[0]).filter((c) => c !== undefined);
  return (named.length ? named : gt.clips.slice(0, 1)).map((c) => c.name);
}

/** Mean over the clip of: vertex distance, distance with the frame's mean translation removed, that translation's length. */
function compare(gt: CorpusRig, r: Skin, clip: Parameters<typeof bindClip>[1], gtClip: CorpusRig['clips'][number]): { error: number; shape: number; offset: number } {
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

/** The artist's clip sampled on the artist's skeleton as the target sees it (scales baked, unshuffled), skinned as the target is. */
function floorError(gt: CorpusRig, a: Skin & { order: number[] }, clipName: string): number {
  const gtClip = gt.clips.find((c) => c.name === clipName)!;
  const { model } = readCache.get(gt)!;
  const clip = model.clips.find((c) => c.name === clipName)!;
  const baked = bakeJointScale(model.skeleton!, clip).clip;
  // Joint indices of the shuffled target back to the named skeleton's.
  const joints = a.joints.map((j) => a.order[j]);
  return compare(gt, { skeleton: a.skeleton, joints, weights: a.weights }, baked, gtClip).error;
}
const readCache = new Map<CorpusRig, { model: Awaited<ReturnType<typeof readModel>>['model'] }>();

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
  // A snake lies along the ground: its height (the Mesh2Motion snake's is 6% of its length) measures
  // nothing, so a serpentine's errors are taken as % of its longest side (printed as "of height" below).
  const H = plan === 'serpentine' ? longestSide(gt.positions) : heightOf(gt.positions);
  const raw = new Uint8Array(readFileSync(file));
  readCache.set(gt, { model: (await readModel(raw, path.basename(file))).model });
  const anon = anonymous ? await anonymousClipFile(raw, path.basename(file)) : null;
  const bytes = anon ? anon.bytes : raw;
  const clipFile = anon ? 'anonymous.glb' : path.basename(file);
  // Clip bone name as the retargeter sees it -> the artist's bone.
  const sourceOriginal = new Map<string, string>(anon ? [...anon.newName].map(([o, n]) => [n, o]) : []);
  const targets: { kind: Target; skin: Skin; check?: RigCheck; originalName?: string[]; floorSkin?: { skeleton: Skeleton; joints: Uint16Array; weights: Float32Array; order: number[] } }[] = [];
  if (targetKind !== 'artist') {
    try {
      const r: RigResult = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: plan, engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      const check = rigCheck(r, gt, plan);
      rigChecks.set(model, check);
      targets.push({ kind: 'ours', skin: r, check });
    } catch (err) {
      for (const clip of chooseClips(gt)) rows.push({ model, plan, target: 'ours', clip, fails: `rig failed: ${(err as Error).message}` });
    }
  }
  if (targetKind !== 'ours') {
    const a = await artistTarget(file, 15);
    if (a.joints.length !== gt.positions.length / 3 * 4) throw new Error(`${model}: artist target has ${a.joints.length / 4} vertices, the corpus reader ${gt.positions.length / 3}`);
    targets.push({ kind: 'artist', skin: a, originalName: a.originalName, floorSkin: { skeleton: a.named, joints: a.joints, weights: a.weights, order: a.order } });
  }
  for (const target of targets)
    for (const name of chooseClips(gt)) {
      const gtClip = gt.clips.find((c) => c.name === name)!;
      try {
        const out = await retargetJobClips([{ field: 'animation_url', sha256: 'corpus', filename: clipFile, clip_name: name }], target.skin.skeleton, () => bytes);
        const mapping = out.mappings[out.clips[0].name];
        if (showMapping) console.log(`\n${model} ${target.kind} ${name}:`, JSON.stringify(target.originalName ? Object.fromEntries(Object.entries(mapping).map(([t, s]) => [target.originalName![target.skin.skeleton.names.indexOf(t)], sourceOriginal.get(s) ?? s])) : mapping));
        const m = compare(gt, target.skin, out.clips[0], gtClip);
        const row: ClipRow = { model, plan, target: target.kind, clip: name, error: m.error / H, shape: m.shape / H, offset: m.offset / H, mappedBy: out.mappedBy[out.clips[0].name] };
        if (target.originalName) {
          // Joint for joint against the truth: a target joint is right when its own artist bone drives it.
          const names = target.skin.skeleton.names;
          let right = 0, wrong = 0;
          names.forEach((t, k) => {
            if (/_end$/.test(target.skin.skeleton.roles?.[k] ?? '')) return;
            const s = mapping[t];
            if (s === undefined) return;
            if ((sourceOriginal.get(s) ?? s) === target.originalName![k]) right++;
            else wrong++;
          });
          const ends = target.skin.skeleton.roles?.filter((r) => /_end$/.test(r)).length ?? 0;
          Object.assign(row, { jointsRight: right, jointsWrong: wrong, jointsUnmapped: names.length - ends - right - wrong });
          row.floor = floorError(gt, target.floorSkin!, name) / H;
        }
        rows.push(row);
      } catch (err) {
        rows.push({ model, plan, target: target.kind, clip: name, fails: (err as Error).message });
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
const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / (xs.length || 1);
const esc = (x: string): string => x.replace(/\|/g, '\\|');
const summary = (rs: ClipRow[]): string => {
  const ok = rs.filter((r) => r.fails === undefined);
  return `${ok.length} of ${rs.length} clips map; error ${pct(mean(ok.map((r) => r.error!)))}%, shape ${pct(mean(ok.map((r) => r.shape!)))}%, offset ${pct(mean(ok.map((r) => r.offset!)))}% of height; shape <= 2%: ${ok.filter((r) => r.shape! <= 0.02).length} of ${ok.length}`;
};
for (const kind of ['artist', 'ours'] as const) {
  const rs = rows.filter((r) => r.target === kind);
  if (!rs.length) continue;
  const source = anonymous ? 'clip bones renamed joint0..N and shuffled' : 'clip bones with their own names';
  if (kind === 'artist') {
    console.log(`\nOwn clips retargeted by animation_url's code onto the artist's own skeleton and weights (bones renamed Bone.NNN, shuffled; roles from its names); ${source}; % of height, mean over the clip at 30 fps; joints: target joints driven by their own bone / another / none; floor: the clip played on the artist skeleton directly`);
    console.log('| character | plan | clip | error | shape | offset | joints right/wrong/none | floor | mapped by |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const r of rs)
      console.log(r.fails !== undefined
        ? `| ${r.model} | ${r.plan} | ${esc(r.clip)} | fails: ${esc(r.fails)} | | | | | |`
        : `| ${r.model} | ${r.plan} | ${esc(r.clip)} | ${pct(r.error)} | ${pct(r.shape)} | ${pct(r.offset)} | ${r.jointsRight}/${r.jointsWrong}/${r.jointsUnmapped} | ${pct(r.floor)} | ${r.mappedBy} |`);
  } else {
    console.log(`\nOwn clips retargeted by animation_url's code onto the fast rig of the stripped mesh; ${source}; % of height, mean over the clip at 30 fps; rig: the fast rig's semantic error (% of height) or CD-J2J (% of longest side), and whether it is right (rig-right.ts)`);
    console.log('| character | plan | rig | clip | error | shape | offset | mapped by |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of rs) {
      const c = rigChecks.get(r.model);
      const rig = c ? `${c.measure} ${pct(c.value)}${c.right ? '' : ' (wrong)'}` : '-';
      console.log(r.fails !== undefined
        ? `| ${r.model} | ${r.plan} | ${rig} | ${esc(r.clip)} | fails: ${esc(r.fails)} | | | |`
        : `| ${r.model} | ${r.plan} | ${rig} | ${esc(r.clip)} | ${pct(r.error)} | ${pct(r.shape)} | ${pct(r.offset)} | ${r.mappedBy} |`);
    }
  }
}
for (const kind of ['artist', 'ours'] as const) {
  const rs = rows.filter((r) => r.target === kind);
  if (!rs.length) continue;
  const chars = [...new Set(rs.map((r) => r.model))];
  const charsAll = chars.filter((c) => rs.filter((r) => r.model === c).every((r) => r.fails === undefined));
  console.log(`\nSummary, ${kind === 'artist' ? "artist's skeleton" : 'our fast rig'} as target: ${summary(rs)} (${charsAll.length} of ${chars.length} characters with every clip mapped)`);
  if (kind === 'artist') {
    const ok = rs.filter((r) => r.fails === undefined);
    const right = ok.reduce((s, r) => s + r.jointsRight!, 0), wrong = ok.reduce((s, r) => s + r.jointsWrong!, 0), none = ok.reduce((s, r) => s + r.jointsUnmapped!, 0);
    console.log(`  joints driven by their own bone ${right}, by another ${wrong}, by none ${none}; floor (harness) mean ${pct(mean(ok.map((r) => r.floor!)))}%`);
  } else {
    const rightChars = chars.filter((c) => rigChecks.get(c)?.right);
    console.log(`  characters whose rig is right (semantic <= 3% of height, or CD-J2J <= 3.5% without semantic joints): ${rightChars.length} of ${chars.length}; on their clips: ${summary(rs.filter((r) => rightChars.includes(r.model)))}`);
    console.log(`  rig not right: ${chars.filter((c) => !rigChecks.get(c)?.right).map((c) => { const k = rigChecks.get(c); return k ? `${c} (${k.measure} ${pct(k.value)})` : `${c} (rig failed)`; }).join(', ') || 'none'}`);
  }
}
for (const n of notes) console.log(`note: ${n}`);
writeFileSync(outFile, JSON.stringify({ machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version }, rows, rigChecks: Object.fromEntries(rigChecks), notes }, null, 2));
console.log(`JSON written to ${outFile}`);
