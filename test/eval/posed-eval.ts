/**
 * `npm run eval:rig-posed`: pose robustness on real meshes. Every corpus biped that `eval:rig` measures the
 * semantic error of is re-posed with its own artist skeleton and weights (linear blend skinning, posed.ts),
 * rigged with both engines, and compared with the artist's joints in that pose:
 * - `rest`: the file's own pose (the same figures as `eval:rig`);
 * - `arms-45`, `arms-70`: each arm (the upper-arm joint's subtree) turned about the upper-arm joint, about
 *   the forward axis, until upper-arm joint -> hand points 45 / 70 degrees below horizontal (an arm already
 *   at or below that angle, or held forward so that no such turn reaches it, is left as is, and said so);
 * - `idle`: the first frame of the character's own idle clip (the shortest name ending in `idle`: `Idle`; the first
 *   frame that moves a vertex when frame 0 is the bind pose), the hips' horizontal drift removed.
 * Semantic error and the worst joint are % of the REST height (so variants compare). `out`: the rig's
 * weighted joints outside the posed mesh; `AD`: the rig's report carries an `arms_down` check; `pre`: the
 * precheck's pose and arm angle of the posed mesh; `armIn`: share of a lowered arm's distal vertices
 * (beyond 30% of the arm) inside the rest body and nearer its surface than the arm's own rest surface: the
 * arm sank into the torso (LBS about the shoulder of a wide torso), which makes the variant harder than a
 * real arms-down character; the summary also gives the figures without rows above 25%. `gtOut`: artist
 * joints outside the posed mesh; `gap`: change of the hand joint's distance to its arm's skin.
 * Options: --models a,b  --variants rest,arms-45,arms-70,idle  --engines fast,pro  --split tune|holdout
 * --joints (each semantic joint's error)  --out FILE (default: OS temp dir).
 */
import { writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as THREE from 'three';
import { rigMesh } from '../../shared/rig/rig-mesh';
import { precheckMesh } from '../../shared/rig/precheck';
import type { RigEngine, RigResult } from '../../shared/rig/types';
import { heightOf, maxDefined, meanDefined } from './metrics';
import { plainestClip, readCorpusRig } from './corpus-gltf';
import type { CorpusRig, JointId } from './corpus-gltf';
import { deformingRoleNode } from './roles';
import { CORPUS_CHARACTERS } from './corpus-list';
import type { Split } from './corpus-list';
import { insideTester, outsideJoints } from './inside-volume';
import type { InsideTest } from './inside-volume';
import { corpusModelName, corpusRoleNodes, corpusSemanticError, formatSemanticJoint, hasSemanticBiped } from './corpus-semantic';
import { anchoredFrame, armsFrame, armsOf, dominantJoints, elevationDeg, lowering, nearestVertex, nearestVertexDistance } from './posed';
import type { Arm, Frame } from './posed';
import { corpusDir } from '../support/corpus-dir';

const args = process.argv.slice(2);
const flag = (n: string): string | undefined => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : undefined;
};
const VARIANTS = ['rest', 'arms-45', 'arms-70', 'idle'] as const;
type Variant = (typeof VARIANTS)[number];
const engines = (flag('--engines') ?? 'fast,pro').split(',') as RigEngine[];
const variants = (flag('--variants')?.split(',') ?? [...VARIANTS]) as Variant[];
for (const v of variants) if (!VARIANTS.includes(v)) throw new Error(`unknown variant ${v} (${VARIANTS.join(', ')})`);
const modelFilter = flag('--models')?.split(',');
const splitFilter = flag('--split') as Split | undefined;
const showJoints = args.includes('--joints');
const outFile = flag('--out') ?? path.join(os.tmpdir(), `rigdesk-rig-posed-eval-${Date.now()}.json`);

interface Row {
  model: string; split: Split; variant: Variant; engine: RigEngine; failed?: boolean;
  /** Mean semantic joint error / rest height. */
  semantic?: number;
  worst?: { role: string; error: number };
  joints?: { role: string; error: number }[];
  outside?: string[]; verdict?: string; armsDownCheck?: boolean; ms: number; warnings: string[];
  /** Per-variant facts (same for both engines). */
  pose: PoseFacts;
}
interface PoseFacts {
  /** Arm angles below horizontal (degrees, upper-arm joint to hand) after posing, per side. */
  armAngles: Record<string, number>;
  precheckPose?: string; precheckAngle?: number | null;
  /** Rest height and posed height (model units). */
  height: number; posedHeight: number;
  /** Artist's weighted joints outside the posed mesh (the same test as the rig's). */
  gtOutside: string[];
  /** Largest change (share of rest height) of the distance from a hand (or upper-arm) joint to the nearest vertex of its arm. */
  handGapChange: number;
  /** Lowered arms: largest share per side of the arm's distal vertices inside the rest body. */
  armIn?: number;
  clip?: string;
}

const rows: Row[] = [];
/** armIn above this: the lowered arm sank into the body (see the notes above); the summary also shows the figures without those rows. */
const SUNK = 0.25;
const skipped: string[] = [];
const pct = (v: number | undefined): string => (v === undefined || Number.isNaN(v) ? '   -  ' : `${(v * 100).toFixed(2)}%`.padStart(6));
const v3 = (m: THREE.Matrix4): THREE.Vector3 => new THREE.Vector3().setFromMatrixPosition(m);

if (!existsSync(path.join(corpusDir, 'README.md'))) {
  console.log(`corpus: ${corpusDir} not found`);
  process.exit(1);
}
for (const { file: rel, plan, split } of CORPUS_CHARACTERS) {
  if (modelFilter && !modelFilter.some((m) => rel.includes(m) || corpusModelName(rel).includes(m))) continue;
  if (splitFilter && splitFilter !== split) continue;
  if (plan !== 'biped') continue;
  const gt = await readCorpusRig(path.join(corpusDir, rel));
  const roleNode = corpusRoleNodes(gt);
  if (!hasSemanticBiped(plan, roleNode)) continue;
  const model = corpusModelName(rel);
  const rest = gt.restWorldOf();
  const H = heightOf(gt.positions);
  const restInside = insideTester(gt.positions, gt.indices);
  const restBody = insideTester(gt.positions, gt.indices, 0);
  const dominant = dominantJoints(gt);
  const arms = armsOf(gt, roleNode, rest, dominant);
  const handNodes = arms.map((a) => a.endNode ?? a.node);
  const onArm = arms.map((a) => (v: number): boolean => a.subtree.has(dominant[v]));
  const restGaps = handNodes.map((n, k) => nearestVertexDistance(gt.positions, v3(rest.get(n)!), onArm[k]));
  console.log(`\n${model} (${split}, height ${H.toFixed(3)}): rest arm angles ${arms.map((a) => `${a.side} ${a.angle.toFixed(0)}°${a.endNode !== null ? '' : ' (to the far end of the arm)'}`).join(', ')}`);

  for (const variant of variants) {
    let frame: Frame | null = rest;
    let lowered: Arm[] = [];
    let clip: string | undefined;
    if (variant === 'arms-45' || variant === 'arms-70') {
      const target = variant === 'arms-45' ? 45 : 70;
      const turns: { arm: Arm; radians: number }[] = [];
      for (const arm of arms) {
        const radians = arm.angle < target ? lowering(arm, target) : null;
        if (radians !== null) turns.push({ arm, radians });
        else if (arm.angle >= target) skipped.push(`${model} ${variant} ${arm.side} arm left as is: it already hangs ${arm.angle.toFixed(0)}° below horizontal`);
        else skipped.push(`${model} ${variant} ${arm.side} arm left as is: held forward, a turn in the frontal plane cannot bring it to ${target}° (now ${arm.angle.toFixed(0)}°)`);
      }
      lowered = turns.map((t) => t.arm);
      if (!turns.length) {
        frame = null;
        skipped.push(`${model} ${variant}: skipped, no arm to lower`);
      } else frame = armsFrame(gt, rest, turns);
    } else if (variant === 'idle') {
      // The plainest-named idle, as eval:rig's deformation clips: KayKit's `Idle`, not `2H_Melee_Idle`.
      const c = plainestClip(gt.clips, /idle$/i);
      if (!c) {
        frame = null;
        skipped.push(`${model} idle: skipped, no idle clip`);
      } else {
        const anchor = deformingRoleNode(gt, roleNode).get('hips') ?? gt.order.find((n) => gt.parentOf(n) === null)!;
        // Some FBX clips (Quaternius Female_Dress, Animated_Woman, Robot) open on the bind pose: then the
        // first frame (at 30 fps) that moves a vertex.
        let t = 0;
        for (let k = 1; k <= 30 && k / 30 <= c.duration && moved(gt, c.sample(t)) < 1e-4 * H; k++) t = k / 30;
        frame = anchoredFrame(c.sample(t), rest, anchor);
        clip = t > 0 ? `${c.name} at ${t.toFixed(3)} s (frame 0 is the rest pose)` : c.name;
        if (t > 0) skipped.push(`${model} idle: frame 0 of ${c.name} is the rest pose; the frame at ${t.toFixed(3)} s is used`);
      }
    }
    if (!frame) continue;
    // The rest variant rigs the file's own positions (exactly what eval:rig rigs).
    let positions = gt.positions;
    if (variant !== 'rest') {
      positions = new Float32Array(gt.positions.length);
      gt.skinOf(frame, positions);
    }
    const inside = variant === 'rest' ? restInside : insideTester(positions, gt.indices);
    const facts = poseFacts(gt, frame, positions, inside, arms, lowered, handNodes, onArm, restGaps, restBody, dominant, H);
    if (clip) facts.clip = clip;
    const pre = precheckMesh({ positions, indices: gt.indices, partOffsets: gt.partOffsets });
    facts.precheckPose = pre.pose;
    facts.precheckAngle = pre.armAngle;
    for (const engine of engines) {
      const t = performance.now();
      let r: RigResult;
      try {
        r = rigMesh({ positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: plan, engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      } catch (err) {
        console.log(`${model} ${variant} ${engine}: rig failed: ${(err as Error).message}`);
        rows.push({ model, split, variant, engine, failed: true, ms: 0, warnings: [(err as Error).message], pose: facts });
        continue;
      }
      const ms = performance.now() - t;
      const sem = corpusSemanticError(r, roleNode, frame);
      const worst = sem.joints.reduce((a, b) => (b.error > a.error ? b : a), sem.joints[0]);
      if (showJoints) {
        console.log(`${model} ${variant} ${engine}`);
        for (const j of sem.joints) console.log(formatSemanticJoint(j));
      }
      const row: Row = {
        model, split, variant, engine, ms, warnings: r.report.warnings, verdict: r.report.verdict,
        semantic: sem.mean / H, worst: worst && { role: worst.role, error: worst.error / H },
        joints: sem.joints.map((j) => ({ role: j.role, error: j.error / H })),
        outside: outsideJoints(r, inside), armsDownCheck: r.report.checks.some((c) => c.code === 'arms_down'), pose: facts,
      };
      if (row.outside!.length) console.log(`${model} ${variant} ${engine}: joints outside the posed volume: ${row.outside!.join(', ')}`);
      rows.push(row);
      process.stdout.write('.');
    }
  }
}
process.stdout.write('\n');

/** What the pose did to the mesh and the artist's joints (see PoseFacts). */
function poseFacts(gt: CorpusRig, frame: Frame, positions: Float32Array, inside: InsideTest, arms: Arm[], lowered: Arm[], handNodes: JointId[], onArm: ((v: number) => boolean)[], restGaps: number[], restBody: InsideTest, dominant: Int32Array, H: number): PoseFacts {
  const armAngles: Record<string, number> = {};
  for (const a of arms) {
    const pivot = v3(frame.get(a.node)!);
    // Without a hand joint the far end turns with the upper arm.
    const end = a.endNode !== null ? v3(frame.get(a.endNode)!) : a.end.clone().applyMatrix4(frame.get(a.node)!.clone().multiply(gt.restWorldOf().get(a.node)!.clone().invert()));
    armAngles[a.side] = Math.round(elevationDeg(pivot, end) * 10) / 10;
  }
  const gtOutside = gt.joints.filter((j) => !inside(v3(frame.get(j.node)!).toArray())).map((j) => j.name);
  let handGapChange = 0;
  handNodes.forEach((n, k) => {
    handGapChange = Math.max(handGapChange, Math.abs(nearestVertexDistance(positions, v3(frame.get(n)!), onArm[k]) - restGaps[k]) / H);
  });
  const facts: PoseFacts = { armAngles, height: H, posedHeight: heightOf(positions), gtOutside, handGapChange };
  if (lowered.length) {
    facts.armIn = 0;
    for (const a of lowered) {
      const reach = a.pivot.distanceTo(a.end);
      let n = 0, inBody = 0;
      const p = new THREE.Vector3();
      for (let v = 0; v < dominant.length; v++) {
        if (!a.subtree.has(dominant[v])) continue;
        p.set(gt.positions[v * 3], gt.positions[v * 3 + 1], gt.positions[v * 3 + 2]);
        if (p.distanceTo(a.pivot) < 0.3 * reach) continue;
        n++;
        // Inside the rest mesh, and nearer the rest body's surface than the arm's own rest surface: sunk into
        // the body (the arm's rest volume near the shoulder, which it partly still fills, does not count).
        const q = [positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]];
        if (restBody(q) && !a.subtree.has(dominant[nearestVertex(gt.positions, q).index])) inBody++;
      }
      if (n) facts.armIn = Math.max(facts.armIn, inBody / n);
    }
  }
  return facts;
}

/** Largest distance a vertex moves from rest in a frame. */
function moved(gt: CorpusRig, frame: Frame): number {
  const out = new Float32Array(gt.positions.length);
  gt.skinOf(frame, out);
  let m = 0;
  for (let i = 0; i < out.length; i += 3) m = Math.max(m, Math.hypot(out[i] - gt.positions[i], out[i + 1] - gt.positions[i + 1], out[i + 2] - gt.positions[i + 2]));
  return m;
}

// ---------- report
const mean = meanDefined;
const max = maxDefined;
if (skipped.length) console.log(`\nSkipped and notes:\n${skipped.map((s) => `  ${s}`).join('\n')}`);
console.log('\nPer character, variant and engine (semantic and worst joint as % of the REST height; arms: upper arm -> hand angle below horizontal after posing, L/R; out: rig joints outside the posed mesh; AD: the rig reports an arms_down check; pre: precheck pose and arm angle; armIn: lowered arm vertices inside the rest body; gtOut: artist joints outside the posed mesh; gap: change of the distance from the hand joint to the nearest vertex of its arm, % H)');
console.log('model                          split   variant  engine semantic worst joint              arms L/R    out verdict AD  pre              armIn gtOut   gap     ms');
for (const r of rows) {
  const f = r.pose;
  const armsLR = `${f.armAngles.left?.toFixed(0) ?? '-'}/${f.armAngles.right?.toFixed(0) ?? '-'}`;
  const worst = r.worst ? `${r.worst.role} ${pct(r.worst.error)}` : '';
  const pre = `${f.precheckPose ?? ''} ${f.precheckAngle ?? ''}`;
  console.log(`${r.model.padEnd(30)} ${r.split.padEnd(7)} ${r.variant.padEnd(8)} ${r.engine.padEnd(6)} ${pct(r.semantic)}  ${worst.padEnd(24)} ${armsLR.padEnd(9)} ${String(r.outside?.length ?? '-').padStart(5)} ${(r.failed ? 'FAILED' : r.verdict ?? '').padEnd(7)} ${r.armsDownCheck ? 'yes' : 'no '} ${pre.padEnd(16)} ${f.armIn === undefined ? '   -  ' : pct(f.armIn)} ${String(f.gtOutside.length).padStart(5)} ${pct(f.handGapChange)} ${r.ms.toFixed(0).padStart(6)}`);
}
console.log(`\nPer variant, split and engine: semantic mean and max (% of rest height), characters over 3%, rig joints outside, arms_down checks, failures; then the same without rows whose lowered arm sank into the body (armIn > ${SUNK * 100}%)`);
const summary: Record<string, unknown>[] = [];
for (const variant of variants)
  for (const split of ['tune', 'holdout', 'both'] as const)
    for (const engine of engines) {
      const rs = rows.filter((r) => r.variant === variant && r.engine === engine && (split === 'both' || r.split === split));
      if (!rs.length) continue;
      const sem = rs.map((r) => r.semantic);
      const over = rs.filter((r) => (r.semantic ?? 0) > 0.03 || r.failed).length;
      const s = { variant, split, engine, n: rs.length, semantic: mean(sem), semanticMax: max(sem), over3: over, outside: rs.reduce((a, r) => a + (r.outside?.length ?? 0), 0), armsDown: rs.filter((r) => r.armsDownCheck).length, failed: rs.filter((r) => r.failed).length };
      // Without the rows whose lowered arm sank into the body (LBS about the shoulder of a wide torso).
      const fair = rs.filter((r) => (r.pose.armIn ?? 0) <= SUNK);
      const fairS = { n: fair.length, semantic: mean(fair.map((r) => r.semantic)), semanticMax: max(fair.map((r) => r.semantic)), over3: fair.filter((r) => (r.semantic ?? 0) > 0.03 || r.failed).length };
      summary.push({ ...s, notSunk: fairS });
      const sunk = rs.length - fair.length;
      console.log(`${variant.padEnd(8)} ${split.padEnd(7)} ${engine.padEnd(4)} n=${String(s.n).padEnd(3)} semantic mean ${pct(s.semantic)} max ${pct(s.semanticMax)}  >3%: ${String(over).padStart(2)}  outside ${s.outside}  arms_down ${String(s.armsDown).padStart(2)}${s.failed ? `  failed ${s.failed}` : ''}${sunk ? `  | without ${sunk} sunk: n=${fairS.n} mean ${pct(fairS.semantic)} max ${pct(fairS.semanticMax)} >3%: ${fairS.over3}` : ''}`);
    }
writeFileSync(outFile, JSON.stringify({ machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model }, variants, engines, skipped, rows, summary }, null, 2));
console.log(`\nJSON written to ${outFile}`);
