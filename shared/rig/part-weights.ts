/**
 * Per-island fixes after sampling (mesh-islands.ts: pieces of surface connected through triangles):
 * separate pieces follow the bone they belong to.
 * - An island none of whose vertices was reached (floating, e.g. a halo) takes the bone nearest its centre.
 * - Unreached vertices of a reached island take the island's average weights.
 * - Small islands (under a quarter of the vertices) dominated by one bone (>= 75% average weight) are
 *   bound 100% to that bone, so helmets, eyes, weapons and a robot's plates move rigidly with it instead
 *   of bending (the Quaternius Robot's artist binds 84% of its vertices, on 61 of its 63 islands, 100% to
 *   one bone). Of the vertices on islands an artist binds at least 75% to one bone, the share bound 100%
 *   to it: all 12 Kenney characters, KayKit Knight, Mage and the arms-down character 100%, Goblin 100%,
 *   Robot 97%, Barbarian 89%, Alien 84%, human-male 64%, Female_Dress 47%. Their average weights (the
 *   rule before) moved such a piece along a blend of two bones: deformation with own clips, fast / pro,
 *   tune 1.67 / 1.62 -> 1.62 / 1.57%, holdout 1.70 / 1.71 -> 1.69 / 1.69% (Kenney female-a 1.37 / 0.98
 *   -> 1.12 / 0.74%); no corpus character worse.
 * - Other small islands keep only influences of bones within two steps of their dominant bone in the
 *   hierarchy: a chibi's head or helmet resting on the shoulders touches the arms closer than a voxel, and
 *   geodesic binding gave the KayKit Knight's head 40% arm and shoulder weight (head + helmet were 1.1 of
 *   its 2.8% deformation error).
 * These rules ran per part (mesh primitive) until islands were found; a rigid piece inside a bigger mesh
 * object was then blended like skin.
 */
import type { BoneSegment } from './skin-weights';
import type { MeshIslands } from './mesh-islands';
import { accumulate, ensureScratch, writeTopFour } from './sample-weights';

/** An island is a piece of its dominant bone when its bounding-box diagonal is at most this many bone lengths. */
const COMPACT_OF_BONE = 1.5;

const avgJ = new Uint16Array(4);
const avgW = new Float32Array(4);

export function fixPartWeights(positions: Float32Array, islands: MeshIslands, bones: BoneSegment[], jointCount: number, joints: Uint16Array, weights: Float32Array, parents?: Int32Array): void {
  ensureScratch(jointCount);
  const total = positions.length / 3;
  const { order, offsets } = islands;
  const parts = offsets.length - 1;
  for (let p = 0; p < parts; p++) {
    const v0 = offsets[p], v1 = offsets[p + 1];
    if (v1 <= v0) continue;
    let nt = 0;
    let reached = 0;
    let cx = 0, cy = 0, cz = 0;
    let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
    for (let i = v0; i < v1; i++) {
      const v = order[i];
      const x = positions[v * 3], y = positions[v * 3 + 1], z = positions[v * 3 + 2];
      cx += x; cy += y; cz += z;
      if (x < x0) x0 = x;
      if (y < y0) y0 = y;
      if (z < z0) z0 = z;
      if (x > x1) x1 = x;
      if (y > y1) y1 = y;
      if (z > z1) z1 = z;
      if (weights[v * 4] <= 0) continue;
      reached++;
      for (let k = 0; k < 4; k++) nt = accumulate(joints[v * 4 + k], weights[v * 4 + k], nt);
    }
    const count = v1 - v0;
    if (reached === 0) {
      const b = nearestBone(bones, cx / count, cy / count, cz / count);
      for (let i = v0; i < v1; i++) {
        const v = order[i];
        joints.fill(0, v * 4, v * 4 + 4);
        weights.fill(0, v * 4, v * 4 + 4);
        joints[v * 4] = b;
        weights[v * 4] = 1;
      }
      continue;
    }
    writeTopFour(nt, 0, avgJ, avgW);
    // A piece no bigger than its dominant bone: an island spanning a limb and more (the Quaternius Alien's
    // sides are single islands from the shoulder to the foot) is skin, whatever its weights say.
    const compact = Math.hypot(x1 - x0, y1 - y0, z1 - z0) <= COMPACT_OF_BONE * boneLength(bones, avgJ[0]);
    const small = parts > 1 && count < 0.25 * total && compact;
    const rigid = small && avgW[0] >= 0.75;
    if (!rigid && parents && small) keepNearDominant(order, v0, v1, avgJ[0], parents, joints, weights);
    // A rigid island goes to its dominant bone alone, not to its average blend: artists bind such islands
    // 100% to one bone (see the header), and a blend moves the piece along an average of two bones' motions.
    if (rigid) {
      avgJ.fill(0, 1);
      avgW.fill(0);
      avgW[0] = 1;
    }
    for (let i = v0; i < v1; i++) {
      const v = order[i];
      if (!rigid && weights[v * 4] > 0) continue;
      for (let k = 0; k < 4; k++) {
        joints[v * 4 + k] = avgJ[k];
        weights[v * 4 + k] = avgW[k];
      }
    }
  }
}

/** Drops influences of bones more than two hierarchy steps from `dominant`, renormalising each vertex. */
function keepNearDominant(order: Uint32Array, v0: number, v1: number, dominant: number, parents: Int32Array, joints: Uint16Array, weights: Float32Array): void {
  const n = parents.length;
  const near = new Uint8Array(n);
  for (let j = 0; j < n; j++) near[j] = withinTwoSteps(parents, dominant, j) ? 1 : 0;
  for (let i = v0; i < v1; i++) {
    const v = order[i];
    if (weights[v * 4] <= 0) continue;
    let sum = 0;
    for (let k = 0; k < 4; k++) {
      if (!near[joints[v * 4 + k]]) weights[v * 4 + k] = 0;
      sum += weights[v * 4 + k];
    }
    if (sum <= 0) {
      joints.fill(0, v * 4, v * 4 + 4);
      weights.fill(0, v * 4, v * 4 + 4);
      joints[v * 4] = dominant;
      weights[v * 4] = 1;
      continue;
    }
    for (let k = 0; k < 4; k++) weights[v * 4 + k] /= sum;
  }
}

function boneLength(bones: BoneSegment[], joint: number): number {
  for (const b of bones) if (b.joint === joint) return Math.hypot(b.b[0] - b.a[0], b.b[1] - b.a[1], b.b[2] - b.a[2]);
  return 0;
}

function nearestBone(bones: BoneSegment[], x: number, y: number, z: number): number {
  let best = 0;
  let bestD = Infinity;
  for (const b of bones) {
    const d = pointSegmentDistance(x, y, z, b.a, b.b);
    if (d < bestD) {
      bestD = d;
      best = b.joint;
    }
  }
  return best;
}

export function pointSegmentDistance(x: number, y: number, z: number, a: ArrayLike<number>, b: ArrayLike<number>): number {
  const dx = b[0] - a[0], dy = b[1] - a[1], dz = b[2] - a[2];
  const l2 = dx * dx + dy * dy + dz * dz;
  let t = l2 > 0 ? ((x - a[0]) * dx + (y - a[1]) * dy + (z - a[2]) * dz) / l2 : 0;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(x - a[0] - t * dx, y - a[1] - t * dy, z - a[2] - t * dz);
}

/** Whether joints `a` and `b` are at most two steps apart in the hierarchy (siblings included). */
export function withinTwoSteps(parents: Int32Array, a: number, b: number): boolean {
  const pa = parents[a], pb = parents[b];
  if (a === b || pa === b || pb === a) return true;
  return (pa >= 0 && (pa === pb || parents[pa] === b)) || (pb >= 0 && parents[pb] === a);
}
