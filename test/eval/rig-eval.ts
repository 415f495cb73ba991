/**
 * `npm run eval:rig`: rigs the synthetic characters (all body plans, T/A pose, scales 0.01-100, rotated,
 * with accessories; winged insects as hexapods; creatures the corpus lacks: a manta, an anglerfish, a chick,
 * a frog, a beetle, synthetic/creatures.ts) and the rigged corpus characters (rig stripped, mesh
 * rigged, compared with their own
 * skeleton), with both engines; prints tables per model and per body plan, writes JSON.
 * Options: --out FILE (default: OS temp dir), --engines fast,pro, --no-corpus, --no-synthetic,
 * --plans biped,hexapod (subset of body plans), --models Knight,Mage (corpus file names containing these),
 * --joints (print each semantic joint's error per corpus biped, to see which joints are off),
 * --role-offsets (each semantic role's mean signed offset from the artists' joints per split and engine, over
 * the corpus bipeds: role-bias.ts, as eval:rig-games' --joints),
 * --breakdown (deformation error per body region, and weights-only vs joints-only; see deform-breakdown.ts),
 * --fingers (also rig, fast, with fingers each corpus biped whose artist rigs fingers; see finger-eval.ts;
 * the plain rows are unchanged, the finger rows go to the JSON's `fingerRows`).
 */
import { writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as THREE from 'three';
import { rigMesh } from '../../shared/rig/rig-mesh';
import { RIG_TYPES } from '../../shared/rig/types';
import type { RigEngine, RigResult, RigType } from '../../shared/rig/types';
import { characterFromBuild, syntheticCharacter, type SyntheticCharacter } from '../../shared/rig/synthetic/characters';
import { buildInsect } from '../../shared/rig/synthetic/insect';
import { CREATURES, CREATURE_PLAN, buildCreature } from '../../shared/rig/synthetic/creatures';
import { chamferJ2B, chamferJ2J, heightOf, longestSide, maxDefined, meanDefined } from './metrics';
import { plainestClip, readCorpusRig } from './corpus-gltf';
import type { JointId } from './corpus-gltf';
import { corpusRole, deformingRoleNode } from './roles';
import { corpusModelName, corpusRoleNodes, corpusSemanticError, formatSemanticJoint, hasSemanticBiped } from './corpus-semantic';
import { turnJointsBack } from './turn-back';
import { CORPUS_CHARACTERS } from './corpus-list';
import type { Split } from './corpus-list';
import type { CorpusRig } from './corpus-gltf';
import { insideTester, outsideJoints } from './inside-volume';
import { meanDistance, restWorldMatrices, rolePoses, skinPredicted, transferFrame } from './deform';
import { corpusDir } from '../support/corpus-dir';
import { clipTransferErrors, formatClipDetails } from './clip-transfer';
import { bleeding, printBreakdown } from './deform-breakdown';
import { guideChamfer, guideTruthJoints } from './guide-chamfer';
import { artistFingerJoints, fingerFigures, ourFingerJoints, printFingerRows } from './finger-eval';
import type { FingerRow } from './finger-eval';
import { roleOffsets } from './role-bias';

const args = process.argv.slice(2);
const flag = (n: string): string | undefined => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : undefined;
};
const engines = (flag('--engines') ?? 'fast,pro').split(',') as RigEngine[];
const planFilter = flag('--plans')?.split(',');
const modelFilter = flag('--models')?.split(',');
const showJoints = args.includes('--joints');
const showBreakdown = args.includes('--breakdown');
const offsets = args.includes('--role-offsets') ? roleOffsets() : null;
const withFingers = args.includes('--fingers');
const splitFilter = flag('--split') as Split | undefined;
const outFile = flag('--out') ?? path.join(os.tmpdir(), `rigdesk-rig-eval-${Date.now()}.json`);

interface Row { set: string; split?: Split; verdict?: string; outside?: string[]; clips?: number; failed?: boolean; model: string; plan: string; engine: RigEngine; cdJ2J: number; cdJ2JGuide?: number; cdJ2B: number; semantic?: number; deformation?: number; bleed?: number; ms: number; warnings: string[] }
const rows: Row[] = [];
const pct = (v: number | undefined): string => (v === undefined ? '   -  ' : `${(v * 100).toFixed(2)}%`.padStart(6));

/**
 * The rig's joints for the chamfer distances. `deformOnly` (corpus characters, whose ground truth is the
 * artist's weighted joints) keeps the joints that carry weight, each bone's parent its nearest weighted
 * ancestor: the leaf ends (HeadTop_End, Toe_End, Tail_End, wing tips) carry none and have no counterpart.
 */
function predicted(r: RigResult, deformOnly = false): { pos: Float64Array; parents: number[] } {
  const all = r.report.joints;
  if (!deformOnly) return { pos: new Float64Array(all.flatMap((j) => j.position)), parents: Array.from(r.skeleton.parents) };
  const keep = all.map((j, i) => (j.deform ? i : -1)).filter((i) => i >= 0);
  const index = new Map(keep.map((j, k) => [j, k]));
  const parents = keep.map((j) => {
    let p = r.skeleton.parents[j];
    while (p >= 0 && !index.has(p)) p = r.skeleton.parents[p];
    return p >= 0 ? index.get(p)! : -1;
  });
  return { pos: new Float64Array(keep.flatMap((j) => all[j].position)), parents };
}

/** Rigs a synthetic character (turned by `rot`, as it was built) and adds its row: CD against its own truth. */
function measureSynthetic(c: SyntheticCharacter, plan: RigType, engine: RigEngine, rot: number): void {
  const t = performance.now();
  const r = rigMesh(c.mesh, { rigType: plan, engine, fingers: false, rotationY: rot, boneNaming: 'mixamo' });
  const ms = performance.now() - t;
  const L = longestSide(r.rotatedPositions ?? c.mesh.positions);
  const p = predicted(r);
  rows.push({
    set: 'synthetic', model: c.name, plan, engine, ms, warnings: r.report.warnings,
    cdJ2J: chamferJ2J(p.pos, c.truth.positions) / L,
    cdJ2B: chamferJ2B(p.pos, p.parents, c.truth.positions, c.truth.parents) / L,
  });
  process.stdout.write('.');
}

// ---------- 1. synthetic
if (!args.includes('--no-synthetic')) {
  const configs: [number, number][] = [[0.01, 90], [1, 0], [100, -90]];
  for (const plan of RIG_TYPES.filter((p) => !planFilter || planFilter.includes(p)))
    for (const pose of ['T', 'A'] as const)
      for (const [scale, rot] of configs)
        for (const engine of engines) {
          const c = syntheticCharacter(plan, { pose, scale, rotationY: rot, accessories: true });
          measureSynthetic(c, plan, engine, rot);
        }
  // Winged six-legged insects (synthetic/insect.ts), measured with the hexapod plan: a wasp's wings reach
  // 1.4 times as far out as its legs and it has antennae; broad wings (butterflies, dragonflies) 2.3 times.
  if (!planFilter || planFilter.includes('hexapod'))
    for (const [name, reach, antennae] of [['insect-wasp', 0.62, 0.25], ['insect-broadwing', 1.0, 0]] as const)
      for (const [scale, rot] of configs)
        for (const engine of engines) {
          const c = characterFromBuild(`${name}-x${scale}-r${rot}-acc`, 'hexapod', buildInsect(reach, antennae), { scale, rotationY: rot, accessories: true });
          measureSynthetic(c, 'hexapod', engine, rot);
        }
  // Creatures of classes the corpus lacks (synthetic/creatures.ts): a manta and an anglerfish (aquatic), a
  // chick (avian), a frog (quadruped), a beetle (hexapod).
  for (const name of CREATURES) {
    const plan = CREATURE_PLAN[name];
    if (planFilter && !planFilter.includes(plan)) continue;
    for (const [scale, rot] of configs)
      for (const engine of engines) {
        const c = characterFromBuild(`creature-${name}-x${scale}-r${rot}-acc`, plan, buildCreature(name), { scale, rotationY: rot, accessories: true });
        measureSynthetic(c, plan, engine, rot);
      }
  }
  process.stdout.write('\n');
}

// ---------- 2. corpus
// Every rigged corpus character (corpus-list.ts), each in the half of the split it belongs to.
const DEFORM_CLIPS = ['Idle', 'Walking_A', 'Running_A'];
/** The character's own idle, walk and run clips (names vary: `Armature|Female_Walk`, `ZombieRun`, `sprint`). */
const DEFORM_PATTERNS = [/idle$/i, /walk(ing)?(_a)?$/i, /(run|running|sprint)(_a)?$/i];
const clipRows: { model: string; errs: Record<string, number> }[] = [];
const fingerRows: FingerRow[] = [];
if (!args.includes('--no-corpus')) {
  if (!existsSync(path.join(corpusDir, 'README.md'))) console.log(`corpus: ${corpusDir} not found; corpus evaluation skipped`);
  else
    for (const { file: rel, plan, split, rotationY = 0 } of CORPUS_CHARACTERS) {
      if (planFilter && !planFilter.includes(plan)) continue;
      if (modelFilter && !modelFilter.some((m) => rel.includes(m))) continue;
      if (splitFilter && splitFilter !== split) continue;
      const gt = await readCorpusRig(path.join(corpusDir, rel));
      const gtPos = new Float64Array(gt.restWorld.flatMap((m) => new THREE.Vector3().setFromMatrixPosition(m).toArray()));
      const gtParents = gt.joints.map((j) => j.parent);
      const L = longestSide(gt.positions);
      const H = heightOf(gt.positions);
      const roleNode = corpusRoleNodes(gt);
      const isBiped = hasSemanticBiped(plan, roleNode);
      const model = corpusModelName(rel);
      const inside = insideTester(gt.positions, gt.indices);
      const guideTruth = guideTruthJoints(gt);
      for (const engine of engines) {
        const t = performance.now();
        let r: RigResult;
        try {
          r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: plan, engine, fingers: false, rotationY, boneNaming: 'mixamo' });
          if (rotationY !== 0) {
            if (isBiped) throw new Error('a turned biped would need its rest matrices turned back too (deformation error)');
            turnJointsBack(r, rotationY);
          }
        } catch (err) {
          console.log(`\n${model} ${engine}: rig failed: ${(err as Error).message}`);
          rows.push({ set: 'corpus', split, model, plan, engine, ms: 0, warnings: [(err as Error).message], cdJ2J: NaN, cdJ2B: NaN, failed: true });
          continue;
        }
        const ms = performance.now() - t;
        const p = predicted(r, true);
        const row: Row = {
          set: 'corpus', split, model, plan, engine, ms, warnings: r.report.warnings, verdict: r.report.verdict,
          cdJ2J: chamferJ2J(p.pos, gtPos) / L, cdJ2B: chamferJ2B(p.pos, p.parents, gtPos, gtParents) / L,
          cdJ2JGuide: guideChamfer(r, guideTruth, L),
          outside: outsideJoints(r, inside),
        };
        if (isBiped) {
          if (showJoints || showBreakdown) console.log(`\n${model} ${engine} (height ${H.toFixed(3)})`);
          const sem = corpusSemanticError(r, roleNode, gt.restWorldOf());
          if (showJoints) for (const j of sem.joints) console.log(formatSemanticJoint(j));
          for (const j of sem.joints) offsets?.add(`${split} ${engine}`, j.role, j.rig, j.truth, H, 0);
          row.semantic = sem.mean / H;
          const clips = DEFORM_PATTERNS.map((re) => plainestClip(gt.clips, re)).filter((c) => c !== undefined);
          row.deformation = deformationError(r, gt, deformingRoleNode(gt, roleNode), clips) / H;
          row.clips = clips.length;
          row.bleed = bleeding(r, gt).share;
        }
        if (engine === 'fast' && rel.includes('characters/kaykit/')) {
          const errs = await clipTransferErrors(path.join(corpusDir, rel), r, gt, DEFORM_CLIPS, H);
          clipRows.push({ model, errs });
        }
        if (row.outside!.length) console.log(`\n${model} ${engine}: joints outside the volume: ${row.outside!.join(', ')}`);
        rows.push(row);
        process.stdout.write('.');
      }
      const artistFingers = withFingers && plan === 'biped' ? artistFingerJoints(gt) : null;
      if (artistFingers?.length) {
        const t = performance.now();
        const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: plan, engine: 'fast', fingers: true, rotationY: 0, boneNaming: 'mixamo' });
        const ms = performance.now() - t;
        const p = predicted(r, true);
        fingerRows.push({ model, split, engine: 'fast', cdJ2J: chamferJ2J(p.pos, gtPos) / L, ...fingerFigures(artistFingers, ourFingerJoints(r), H), artistJoints: artistFingers.length / 3, ms });
      }
    }
  process.stdout.write('\n');
}

function deformationError(r: RigResult, gt: Awaited<ReturnType<typeof readCorpusRig>>, roleNode: Map<string, JointId>, clips: CorpusRig['clips']): number {
  const rest = restWorldMatrices(r.skeleton);
  const map = r.skeleton.roles!.map((role) => roleNode.get(role) ?? null);
  const gtRest = gt.restWorldOf();
  // Root motion from the hips, or the first upper leg / upper arm of skeletons without one (Kenney, KayKit's
  // arms-down character), scaled by the ratio of the two rigs' hips heights.
  const hips = roleNode.get('hips') ?? roleNode.get('left_upper_leg') ?? roleNode.get('left_upper_arm')!;
  const predHips = r.report.joints.find((j) => j.role === 'hips')!.position[1];
  const gtHips = roleNode.has('hips') ? new THREE.Vector3().setFromMatrixPosition(gtRest.get(hips)!).y : predHips;
  const legRatio = gtHips > 0 ? predHips / gtHips : 1;
  let frames: Map<JointId, THREE.Matrix4>[] = [];
  if (clips.length) for (const c of clips) for (let k = 0; k < 12; k++) frames.push(c.sample((c.duration * k) / 12));
  else frames = rolePoses(gt.order, gt.parentOf, gtRest, (n) => corpusRole(gt.nameOf(n)));
  const a = new Float32Array(gt.positions.length), b = new Float32Array(gt.positions.length);
  let sum = 0;
  const pairs = frames.map((f) => ({ gt: f, pred: transferFrame(r.skeleton, rest, map, gtRest, f, hips, legRatio) }));
  for (const f of pairs) {
    gt.skinOf(f.gt, a);
    skinPredicted(gt.positions, r.joints, r.weights, rest, f.pred, b);
    sum += meanDistance(a, b);
  }
  if (showBreakdown) printBreakdown({ r, gt, frames: pairs, height: heightOf(gt.positions) });
  return sum / frames.length;
}

// ---------- report
const mean = meanDefined;
const max = maxDefined;
console.log('\nPer model (CD as % of the longest bbox side; semantic and deformation as % of height; bleed: share of all skin weight on bones more than one hierarchy step from the vertex’s own ground-truth bone, see deform-breakdown.ts; out: joints outside the volume)');
console.log('set        split   model                          plan        engine  CD-J2J  CD-J2B  semantic deform   bleed  out verdict    ms');
for (const r of rows)
  console.log(`${r.set.padEnd(10)} ${(r.split ?? '').padEnd(7)} ${r.model.padEnd(30)} ${r.plan.padEnd(11)} ${r.engine.padEnd(6)} ${pct(r.cdJ2J)}  ${pct(r.cdJ2B)}  ${pct(r.semantic)}  ${pct(r.deformation)} ${pct(r.bleed)} ${String(r.outside?.length ?? '-').padStart(3)} ${(r.failed ? 'FAILED' : r.verdict ?? '').padEnd(7)} ${r.ms.toFixed(0).padStart(5)}`);
console.log('\nPer body plan and split (mean; max in brackets)');
const groups = new Map<string, Row[]>();
for (const r of rows) {
  const k = `${r.set}|${r.split ?? 'all'}|${r.plan}|${r.engine}`;
  groups.set(k, [...(groups.get(k) ?? []), r]);
}
const summary: Record<string, unknown>[] = [];
for (const [k, rs] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
  const [set, split, plan, engine] = k.split('|');
  const s = { set, split, plan, engine, n: rs.length, failed: rs.filter((r) => r.failed).length, cdJ2J: mean(rs.map((r) => r.cdJ2J)), cdJ2JMax: max(rs.map((r) => r.cdJ2J)), cdJ2B: mean(rs.map((r) => r.cdJ2B)), semantic: mean(rs.map((r) => r.semantic)), semanticMax: max(rs.map((r) => r.semantic)), deformation: mean(rs.map((r) => r.deformation)), deformationMax: max(rs.map((r) => r.deformation)), outside: rs.reduce((a, r) => a + (r.outside?.length ?? 0), 0), ms: mean(rs.map((r) => r.ms)) };
  summary.push(s);
  console.log(`${set.padEnd(10)} ${split.padEnd(7)} ${plan.padEnd(11)} ${engine.padEnd(5)} n=${String(rs.length).padEnd(3)} CD-J2J ${pct(s.cdJ2J)} [${pct(s.cdJ2JMax)}]  CD-J2B ${pct(s.cdJ2B)}  semantic ${pct(s.semantic)} [${pct(s.semanticMax)}]  deform ${pct(s.deformation)} [${pct(s.deformationMax)}]  outside ${s.outside}  ${s.failed ? `failed ${s.failed}  ` : ''}${(s.ms ?? 0).toFixed(0)} ms`);
}
console.log('\nIssue 13 targets on the corpus (per split and engine): biped semantic max <= 3% and mean <= 2%, no joint outside, every plan mean CD-J2J <= 3.5% (in brackets: with the GUIDE joint sets, weighted joints and their ancestors on both sides, guide-chamfer.ts), deformation with own clips <= 2%');
for (const split of ['tune', 'holdout', undefined] as const)
  for (const e of engines) {
    const rs = rows.filter((r) => r.set === 'corpus' && r.engine === e && (split === undefined || r.split === split));
    if (!rs.length) continue;
    const b = rs.filter((r) => r.semantic !== undefined);
    const plans = [...new Set(rs.map((r) => r.plan))].map((pl) => `${pl} ${pct(mean(rs.filter((r) => r.plan === pl).map((r) => r.cdJ2J)))} (${pct(mean(rs.filter((r) => r.plan === pl).map((r) => r.cdJ2JGuide))).trim()})`);
    const withClips = b.filter((r) => (r.clips ?? 0) > 0);
    console.log(`${(split ?? 'both').padEnd(7)} ${e.padEnd(4)} bipeds n=${b.length}: semantic mean ${pct(mean(b.map((r) => r.semantic)))} max ${pct(max(b.map((r) => r.semantic)))}; deformation (own clips, n=${withClips.length}) mean ${pct(mean(withClips.map((r) => r.deformation)))} max ${pct(max(withClips.map((r) => r.deformation)))}; joints outside ${rs.reduce((a, r) => a + (r.outside?.length ?? 0), 0)}; failed ${rs.filter((r) => r.failed).length}; CD-J2J ${plans.join(', ')}`);
  }
if (clipRows.length) {
  console.log('\nClip transfer (issue 6): own clips retargeted by shared/anim onto the fast rig; mean vertex distance over all frames, % of height (target <= 3%)');
  for (const c of clipRows) console.log(`${c.model.padEnd(12)} ${DEFORM_CLIPS.map((n) => `${n} ${pct(c.errs[n])}`).join('  ')}\n${formatClipDetails(c.model, c.errs, DEFORM_CLIPS)}`);
}
if (withFingers) printFingerRows(fingerRows, (m) => rows.find((r) => r.set === 'corpus' && r.model === m && r.engine === 'fast')?.cdJ2J);
if (offsets) console.log(`\n${offsets.table().join('\n')}`);
writeFileSync(outFile, JSON.stringify({ machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model }, rows, summary, clipTransfer: clipRows, ...(withFingers ? { fingerRows } : {}) }, null, 2));
console.log(`\nJSON written to ${outFile}`);
