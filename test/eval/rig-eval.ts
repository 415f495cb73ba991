/**
 * `npm run eval:rig`: rigs the synthetic characters (all body plans, T/A pose, scales 0.01-100, rotated,
 * with accessories) and the rigged corpus characters (rig stripped, mesh rigged, compared with their own
 * skeleton), with both engines; prints tables per model and per body plan, writes JSON.
 * Options: --out FILE (default: OS temp dir), --engines fast,pro, --no-corpus, --no-synthetic,
 * --plans biped,hexapod (subset of body plans), --models Knight,Mage (corpus file names containing these),
 * --joints (print each semantic joint's error per corpus biped, to see which joints are off),
 * --breakdown (deformation error per body region, and weights-only vs joints-only; see deform-breakdown.ts).
 */
import { writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as THREE from 'three';
import { rigMesh } from '../../shared/rig/rig-mesh';
import { RIG_TYPES } from '../../shared/rig/types';
import type { RigEngine, RigResult, RigType } from '../../shared/rig/types';
import { syntheticCharacter } from '../../shared/rig/synthetic/characters';
import { chamferJ2B, chamferJ2J, heightOf, longestSide } from './metrics';
import { readCorpusRig } from './corpus-gltf';
import type { JointId } from './corpus-gltf';
import { corpusRole, SEMANTIC_ROLES } from './roles';
import { meanDistance, restWorldMatrices, rolePoses, skinPredicted, transferFrame } from './deform';
import { corpusDir } from '../support/corpus-dir';
import { clipTransferErrors, formatClipDetails } from './clip-transfer';
import { bleeding, printBreakdown } from './deform-breakdown';

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
const outFile = flag('--out') ?? path.join(os.tmpdir(), `rigdesk-rig-eval-${Date.now()}.json`);

interface Row { set: string; model: string; plan: string; engine: RigEngine; cdJ2J: number; cdJ2B: number; semantic?: number; deformation?: number; bleed?: number; ms: number; warnings: string[] }
const rows: Row[] = [];
const pct = (v: number | undefined): string => (v === undefined ? '   -  ' : `${(v * 100).toFixed(2)}%`.padStart(6));

function predicted(r: RigResult): { pos: Float64Array; parents: number[] } {
  return { pos: new Float64Array(r.report.joints.flatMap((j) => j.position)), parents: Array.from(r.skeleton.parents) };
}

// ---------- 1. synthetic
if (!args.includes('--no-synthetic')) {
  const configs: [number, number][] = [[0.01, 90], [1, 0], [100, -90]];
  for (const plan of RIG_TYPES.filter((p) => !planFilter || planFilter.includes(p)))
    for (const pose of ['T', 'A'] as const)
      for (const [scale, rot] of configs)
        for (const engine of engines) {
          const c = syntheticCharacter(plan, { pose, scale, rotationY: rot, accessories: true });
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
  process.stdout.write('\n');
}

// ---------- 2. corpus
const CORPUS: [string, RigType][] = [
  ['characters/kaykit/Knight.glb', 'biped'], ['characters/kaykit/Barbarian.glb', 'biped'], ['characters/kaykit/Mage.glb', 'biped'],
  ['characters/mesh2motion/rigged/human-male.glb', 'biped'], ['characters/mesh2motion/rigged/kaiju-base.glb', 'biped'],
  ['characters/mesh2motion/rigged/fox-fox.glb', 'quadruped'], ['characters/mesh2motion/rigged/fox-horse.glb', 'quadruped'],
  ['characters/mesh2motion/rigged/bird-base.glb', 'avian'], ['characters/mesh2motion/rigged/fish-shark.glb', 'aquatic'],
];
const DEFORM_CLIPS = ['Idle', 'Walking_A', 'Running_A'];
const clipRows: { model: string; errs: Record<string, number> }[] = [];
if (!args.includes('--no-corpus')) {
  if (!existsSync(path.join(corpusDir, 'README.md'))) console.log(`corpus: ${corpusDir} not found; corpus evaluation skipped`);
  else
    for (const [rel, plan] of CORPUS) {
      if (planFilter && !planFilter.includes(plan)) continue;
      if (modelFilter && !modelFilter.some((m) => rel.includes(m))) continue;
      const gt = await readCorpusRig(path.join(corpusDir, rel));
      const gtPos = new Float64Array(gt.restWorld.flatMap((m) => new THREE.Vector3().setFromMatrixPosition(m).toArray()));
      const gtParents = gt.joints.map((j) => j.parent);
      const L = longestSide(gt.positions);
      const H = heightOf(gt.positions);
      const roleNode = new Map<string, JointId>();
      for (const j of gt.joints) {
        const role = corpusRole(j.name);
        if (role && !roleNode.has(role)) roleNode.set(role, j.node);
      }
      const isBiped = plan === 'biped' && roleNode.has('hips') && roleNode.has('left_upper_arm');
      for (const engine of engines) {
        const t = performance.now();
        const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: plan, engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
        const ms = performance.now() - t;
        const p = predicted(r);
        const row: Row = {
          set: 'corpus', model: path.basename(rel, '.glb'), plan, engine, ms, warnings: r.report.warnings,
          cdJ2J: chamferJ2J(p.pos, gtPos) / L, cdJ2B: chamferJ2B(p.pos, p.parents, gtPos, gtParents) / L,
        };
        if (isBiped) {
          if (showJoints || showBreakdown) console.log(`\n${path.basename(rel)} ${engine} (height ${H.toFixed(3)})`);
          row.semantic = semanticError(r, roleNode, gt.restWorldOf()) / H;
          row.deformation = deformationError(r, gt, roleNode) / H;
          row.bleed = bleeding(r, gt).share;
        }
        if (engine === 'fast' && rel.includes('kaykit')) {
          const errs = await clipTransferErrors(path.join(corpusDir, rel), r, gt, DEFORM_CLIPS, H);
          clipRows.push({ model: path.basename(rel, '.glb'), errs });
        }
        rows.push(row);
        process.stdout.write('.');
      }
    }
  process.stdout.write('\n');
}

function semanticError(r: RigResult, roleNode: Map<string, JointId>, rest: Map<JointId, THREE.Matrix4>): number {
  let sum = 0, n = 0;
  for (const role of SEMANTIC_ROLES) {
    const g = roleNode.get(role);
    const j = r.report.joints.find((q) => q.role === role);
    if (g === undefined || !j) continue;
    const gp = new THREE.Vector3().setFromMatrixPosition(rest.get(g)!);
    const d = gp.distanceTo(new THREE.Vector3(...j.position));
    if (showJoints) {
      const f = (v: number[]): string => v.map((x) => x.toFixed(3).padStart(7)).join(' ');
      console.log(`  ${role.padEnd(16)} err ${d.toFixed(3)}  truth ${f(gp.toArray())}  rig ${f(j.position)}`);
    }
    sum += d;
    n++;
  }
  return n ? sum / n : NaN;
}

function deformationError(r: RigResult, gt: Awaited<ReturnType<typeof readCorpusRig>>, roleNode: Map<string, JointId>): number {
  const rest = restWorldMatrices(r.skeleton);
  const map = r.skeleton.roles!.map((role) => roleNode.get(role) ?? null);
  const gtRest = gt.restWorldOf();
  const hips = roleNode.get('hips')!;
  const predHips = r.report.joints.find((j) => j.role === 'hips')!.position[1];
  const gtHips = new THREE.Vector3().setFromMatrixPosition(gtRest.get(hips)!).y;
  const legRatio = gtHips > 0 ? predHips / gtHips : 1;
  let frames: Map<JointId, THREE.Matrix4>[] = [];
  const clips = gt.clips.filter((c) => DEFORM_CLIPS.includes(c.name));
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
console.log('\nPer model (CD as % of the longest bbox side; semantic and deformation as % of height; bleed: share of all skin weight on bones more than one hierarchy step from the vertex’s own ground-truth bone, see deform-breakdown.ts)');
console.log('set        model                          plan        engine  CD-J2J  CD-J2B  semantic deform   bleed    ms');
for (const r of rows)
  console.log(`${r.set.padEnd(10)} ${r.model.padEnd(30)} ${r.plan.padEnd(11)} ${r.engine.padEnd(6)} ${pct(r.cdJ2J)}  ${pct(r.cdJ2B)}  ${pct(r.semantic)}  ${pct(r.deformation)} ${pct(r.bleed)} ${r.ms.toFixed(0).padStart(5)}`);
console.log('\nPer body plan (mean; max CD-J2J in brackets)');
const groups = new Map<string, Row[]>();
for (const r of rows) {
  const k = `${r.set}|${r.plan}|${r.engine}`;
  groups.set(k, [...(groups.get(k) ?? []), r]);
}
const mean = (xs: (number | undefined)[]): number | undefined => {
  const v = xs.filter((x): x is number => x !== undefined && !Number.isNaN(x));
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : undefined;
};
const summary: Record<string, unknown>[] = [];
for (const [k, rs] of groups) {
  const [set, plan, engine] = k.split('|');
  const s = { set, plan, engine, n: rs.length, cdJ2J: mean(rs.map((r) => r.cdJ2J)), cdJ2JMax: Math.max(...rs.map((r) => r.cdJ2J)), cdJ2B: mean(rs.map((r) => r.cdJ2B)), semantic: mean(rs.map((r) => r.semantic)), deformation: mean(rs.map((r) => r.deformation)), ms: mean(rs.map((r) => r.ms)) };
  summary.push(s);
  console.log(`${set.padEnd(10)} ${plan.padEnd(11)} ${engine.padEnd(5)} n=${String(rs.length).padEnd(3)} CD-J2J ${pct(s.cdJ2J)} [${pct(s.cdJ2JMax)}]  CD-J2B ${pct(s.cdJ2B)}  semantic ${pct(s.semantic)}  deform ${pct(s.deformation)}  ${s.ms!.toFixed(0)} ms`);
}
const bipeds = rows.filter((r) => r.set === 'corpus' && r.semantic !== undefined);
for (const e of engines) {
  const b = bipeds.filter((r) => r.engine === e);
  console.log(`real bipeds ${e}: semantic ${pct(mean(b.map((r) => r.semantic)))}  deformation ${pct(mean(b.map((r) => r.deformation)))}  bleed ${pct(mean(b.map((r) => r.bleed)))}`);
}
if (clipRows.length) {
  console.log('\nClip transfer (issue 6): own clips retargeted by shared/anim onto the fast rig; mean vertex distance over all frames, % of height (target <= 3%)');
  for (const c of clipRows) console.log(`${c.model.padEnd(12)} ${DEFORM_CLIPS.map((n) => `${n} ${pct(c.errs[n])}`).join('  ')}\n${formatClipDetails(c.model, c.errs, DEFORM_CLIPS)}`);
}
writeFileSync(outFile, JSON.stringify({ machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model }, rows, summary, clipTransfer: clipRows }, null, 2));
console.log(`\nJSON written to ${outFile}`);
