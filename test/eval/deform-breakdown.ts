/**
 * Where a biped's deformation error comes from (`npm run eval:rig -- --breakdown`):
 * - per region: each vertex is assigned to its ground-truth dominant joint; a region's share is the sum of
 *   its vertices' errors over all vertices, so the shares add up to the total error;
 * - weights vs joints: the same frames skinned with (a) the ground-truth skeleton and the predicted weights
 *   mapped onto it by role (isolates the weights), and (b) the predicted skeleton with the ground-truth
 *   weights mapped onto it by role (isolates joint placement, orientation and transfer).
 * Joints without a role map to their nearest ancestor that has one, on both sides.
 */
import * as THREE from 'three';
import type { RigResult } from '../../shared/rig/types';
import type { CorpusRig, JointId } from './corpus-gltf';
import { corpusRole } from './roles';
import { restWorldMatrices, skinPredicted } from './deform';

export interface BreakdownInput {
  r: RigResult;
  gt: CorpusRig;
  /** GT world matrices per frame and the predicted world matrices transferred from them. */
  frames: { gt: Map<JointId, THREE.Matrix4>; pred: THREE.Matrix4[] }[];
  height: number;
}

/** Role correspondence between a predicted rig and a corpus rig, and each vertex's own GT joint. */
interface Correspondence {
  gtNodes: JointId[];
  gtIndex: Map<JointId, number>;
  /** Predicted joint -> GT joint index (nearest ancestor with a mapped role). */
  predToGt: number[];
  /** GT joint -> predicted joint (nearest GT ancestor with a role). */
  gtToPred: number[];
  /** Dominant GT joint of each vertex. */
  region: Int32Array;
  /** A GT joint without a role (fingers, KayKit hand.l) replaced by its nearest ancestor with one. */
  mappedRegion: (i: number) => number;
  gtW: [JointId, number][][];
}

function correspond(r: RigResult, gt: CorpusRig): Correspondence {
  const nv = gt.positions.length / 3;
  const gtW = gt.weightsOf();
  const gtNodes = gt.joints.map((j) => j.node);
  const gtIndex = new Map<JointId, number>(gtNodes.map((n, i) => [n, i]));
  const roleOfGt = (i: number): string => {
    for (let n: JointId | null = gtNodes[i]; n !== null; n = gt.parentOf(n)) {
      const role = corpusRole(gt.nameOf(n));
      if (role) return role;
    }
    return '';
  };
  const predRoles = r.skeleton.roles!;
  const predByRole = new Map<string, number>(predRoles.map((role, j) => [role, j]));
  const gtByRole = new Map<string, number>();
  for (let i = 0; i < gtNodes.length; i++) {
    const role = corpusRole(gt.nameOf(gtNodes[i]));
    if (role && !gtByRole.has(role)) gtByRole.set(role, i);
  }
  // A GT skeleton's weighted joints may lack a hips joint (the Quaternius Robot's pelvis carries no
  // weight; its Torso, legs and feet are roots of the weighted hierarchy): the lowest central joint stands in.
  const gtRoot = ['hips', 'spine', 'chest', 'upper_chest'].map((role) => gtByRole.get(role)).find((g) => g !== undefined) ?? 0;
  const predToGt = predRoles.map((_, j) => {
    for (let a = j; a >= 0; a = r.skeleton.parents[a]) {
      const g = gtByRole.get(predRoles[a]);
      if (g !== undefined) return g;
    }
    return gtRoot;
  });
  const gtToPred = gtNodes.map((_, i) => predByRole.get(roleOfGt(i)) ?? 0);
  const region = new Int32Array(nv);
  for (let v = 0; v < nv; v++) {
    let best = 0, bw = -1;
    for (const [node, w] of gtW[v]) if (w > bw) { bw = w; best = gtIndex.get(node) ?? 0; }
    region[v] = best;
  }
  return { gtNodes, gtIndex, predToGt, gtToPred, region, mappedRegion: (i) => gtByRole.get(roleOfGt(i)) ?? i, gtW };
}

/**
 * Bleeding: the share of all skin weight on predicted bones whose GT counterpart is more than one
 * hierarchy step from the vertex's own GT joint (Hips on a knee, an arm on the waist, one thigh on the
 * other), with the bones carrying most of it.
 */
export function bleeding(r: RigResult, gt: CorpusRig, c: Correspondence = correspond(r, gt)): { share: number; worst: string } {
  const nv = gt.positions.length / 3;
  const gtParent = gt.joints.map((j) => j.parent);
  const steps = (x: number, y: number): number => {
    const up = new Map<number, number>();
    for (let a = x, k = 0; a >= 0; a = gtParent[a], k++) up.set(a, k);
    for (let b = y, k = 0; b >= 0; b = gtParent[b], k++) if (up.has(b)) return up.get(b)! + k;
    return 99;
  };
  let bleed = 0;
  const bleedBy = new Map<string, number>();
  for (let v = 0; v < nv; v++) {
    const own = c.mappedRegion(c.region[v]);
    for (let k = 0; k < 4; k++) {
      const w = r.weights[v * 4 + k];
      if (w <= 0 || steps(c.predToGt[r.joints[v * 4 + k]], own) <= 1) continue;
      bleed += w;
      const name = r.skeleton.names[r.joints[v * 4 + k]];
      bleedBy.set(name, (bleedBy.get(name) ?? 0) + w);
    }
  }
  const worst = [...bleedBy].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([n, w]) => `${n} ${((100 * w) / nv).toFixed(2)}%`).join(', ');
  return { share: bleed / nv, worst };
}

export function printBreakdown({ r, gt, frames, height }: BreakdownInput): void {
  const nv = gt.positions.length / 3;
  const c = correspond(r, gt);
  const { gtNodes, gtIndex, predToGt, gtToPred, region, gtW } = c;
  const bleed = bleeding(r, gt, c);
  console.log(`  bleeding: ${(100 * bleed.share).toFixed(2)}% of all weight on bones > 1 step from the vertex's own bone (${bleed.worst})`);
  const full = new Float64Array(nv), wOnly = new Float64Array(nv), jOnly = new Float64Array(nv);
  const a = new Float32Array(nv * 3), b = new Float32Array(nv * 3);
  const rest = restWorldMatrices(r.skeleton);
  // Ground-truth weights expressed on the predicted skeleton (top 4 after merging by role).
  const gj = new Uint16Array(nv * 4), gw = new Float32Array(nv * 4);
  for (let v = 0; v < nv; v++) {
    const acc = new Map<number, number>();
    for (const [node, w] of gtW[v]) {
      const p = gtToPred[gtIndex.get(node) ?? 0];
      acc.set(p, (acc.get(p) ?? 0) + w);
    }
    const top = [...acc].sort((x, y) => y[1] - x[1]).slice(0, 4);
    const s = top.reduce((t, x) => t + x[1], 0);
    top.forEach(([j, w], k) => { gj[v * 4 + k] = j; gw[v * 4 + k] = w / s; });
  }
  const gtRest = gt.restWorldOf();
  const gtInvBind = gtNodes.map((n) => gtRest.get(n)!.clone().invert());
  for (const f of frames) {
    gt.skinOf(f.gt, a);
    skinPredicted(gt.positions, r.joints, r.weights, rest, f.pred, b);
    addDistances(a, b, full);
    skinPredicted(gt.positions, gj, gw, rest, f.pred, b);
    addDistances(a, b, jOnly);
    // GT skeleton posed, predicted weights mapped to GT joints (skinned from the rest positions).
    const skinM = gtNodes.map((n, i) => f.gt.get(n)!.clone().multiply(gtInvBind[i]).elements);
    for (let v = 0; v < nv; v++) {
      let x = 0, y = 0, z = 0;
      const px = gt.positions[v * 3], py = gt.positions[v * 3 + 1], pz = gt.positions[v * 3 + 2];
      for (let k = 0; k < 4; k++) {
        const w = r.weights[v * 4 + k];
        if (w <= 0) continue;
        const m = skinM[predToGt[r.joints[v * 4 + k]]];
        x += w * (m[0] * px + m[4] * py + m[8] * pz + m[12]);
        y += w * (m[1] * px + m[5] * py + m[9] * pz + m[13]);
        z += w * (m[2] * px + m[6] * py + m[10] * pz + m[14]);
      }
      b[v * 3] = x; b[v * 3 + 1] = y; b[v * 3 + 2] = z;
    }
    addDistances(a, b, wOnly);
  }
  const scale = 1 / (frames.length * height * nv);
  const pct = (x: number): string => `${(x * scale * 100).toFixed(2)}%`.padStart(7);
  const sum = (xs: Float64Array, pick?: (v: number) => boolean): number => {
    let s = 0;
    for (let v = 0; v < nv; v++) if (!pick || pick(v)) s += xs[v];
    return s;
  };
  console.log(`  total ${pct(sum(full))}   predicted weights on GT skeleton ${pct(sum(wOnly))}   GT weights on predicted skeleton ${pct(sum(jOnly))}`);
  if (process.env.BREAKDOWN_REGION) {
    const ri = gtNodes.findIndex((n) => gt.nameOf(n) === process.env.BREAKDOWN_REGION);
    const vs = [...Array(nv).keys()].filter((v) => region[v] === ri).sort((x, y) => full[y] - full[x]).slice(0, 25);
    for (const v of vs) {
      let part = 0;
      while (gt.partOffsets[part + 1] <= v) part++;
      const ws = [0, 1, 2, 3].filter((k) => r.weights[v * 4 + k] > 0).map((k) => `${r.skeleton.names[r.joints[v * 4 + k]]} ${r.weights[v * 4 + k].toFixed(2)}`).join(', ');
      console.log(`    v${v} part ${part} at ${[0, 1, 2].map((k) => gt.positions[v * 3 + k].toFixed(2)).join(',')} err ${(full[v] / frames.length / height * 100).toFixed(1)}%  ${ws}`);
    }
  }
  console.log('  region (GT dominant joint)   verts   full  weights-only joints-only');
  const rows = gtNodes.map((n, i) => ({ name: gt.nameOf(n), count: 0, i }));
  for (let v = 0; v < nv; v++) rows[region[v]].count++;
  for (const row of rows.filter((x) => x.count > 0).sort((x, y) => sum(full, (v) => region[v] === y.i) - sum(full, (v) => region[v] === x.i)))
    console.log(`  ${row.name.padEnd(28)} ${String(row.count).padStart(5)} ${pct(sum(full, (v) => region[v] === row.i))} ${pct(sum(wOnly, (v) => region[v] === row.i))} ${pct(sum(jOnly, (v) => region[v] === row.i))}   ${predictedShares(r, region, row.i)}`);
}

function addDistances(a: Float32Array, b: Float32Array, into: Float64Array): void {
  for (let v = 0; v < into.length; v++) into[v] += Math.hypot(a[v * 3] - b[v * 3], a[v * 3 + 1] - b[v * 3 + 1], a[v * 3 + 2] - b[v * 3 + 2]);
}

/** The predicted joints' share of the weight on the vertices of one GT region ("Head 92%, Neck 8%"). */
function predictedShares(r: RigResult, region: Int32Array, i: number): string {
  const acc = new Map<number, number>();
  let total = 0;
  for (let v = 0; v < region.length; v++) {
    if (region[v] !== i) continue;
    for (let k = 0; k < 4; k++) {
      const w = r.weights[v * 4 + k];
      if (w <= 0) continue;
      acc.set(r.joints[v * 4 + k], (acc.get(r.joints[v * 4 + k]) ?? 0) + w);
      total += w;
    }
  }
  return [...acc].sort((a, b) => b[1] - a[1]).filter(([, w]) => w / total >= 0.02).map(([j, w]) => `${r.skeleton.names[j]} ${Math.round((100 * w) / total)}%`).join(', ');
}
