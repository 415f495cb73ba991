/**
 * End joints for leaf bones, estimated from the mesh the clip file carries. Coarse rigs (Kenney minis:
 * `leg-left`, `arm-right`, `head`, one bone each) have no end bones, so every chain of theirs ends where
 * it starts (a leg "ends" at the hip) and structure has nothing to match. The vertices a leaf bone carries
 * tell where its limb really ends: twice as far from the joint as their centroid (a limb's vertices sit
 * around its middle on average).
 * Notes: rejected the bone's own +Y axis (Kenney's joints all have identity rest rotations) and a fixed
 * fraction of the skeleton's size (a chibi's legs are a quarter of its height, an adult's half); rejected
 * the farthest vertex along the centroid's direction (a KayKit head's hat brim put its end far forward).
 */
import type { Skeleton } from '../rig/skeleton';
import { restWorld } from './pose';
import { qInvMul, qRotate } from './quat';

/** Skinned geometry in the skeleton's rest (bind) space. */
export interface SkinnedPart {
  positions: Float32Array;
  /** 4 joint indices per vertex. */
  skinJoints: Uint16Array | null;
  /** 4 weights per vertex. */
  skinWeights: Float32Array | null;
}

/** A vertex counts for the bone that carries at least this weight of it. */
const DOMINANT_WEIGHT = 0.5;
/** Fewer vertices than this say nothing about where a limb ends. */
const MIN_VERTICES = 8;
/** An end nearer its joint than this fraction of the skeleton's extent adds nothing. */
const MIN_REACH = 0.02;
/** A limb's vertices sit around its middle on average: its end lies this many times as far as their centroid. */
const END_FACTOR = 2;

/**
 * `skel` (joint scales baked out: bake-scale.ts) with an `<name>_end` child appended under every leaf bone whose vertices reach past it (the
 * input is returned as is when there is none). Joint indices of `skel` are kept; clips address joints by
 * name, so they play on the result unchanged.
 * @example const withEnds = withLeafEnds(model.skeleton, model.parts); // Kenney: 4 limbs + head get ends
 */
export function withLeafEnds(skel: Skeleton, parts: SkinnedPart[]): Skeleton {
  const n = skel.names.length;
  const hasChild = new Uint8Array(n);
  for (let j = 0; j < n; j++) if (skel.parents[j] >= 0) hasChild[skel.parents[j]] = 1;
  const rest = restWorld(skel);
  // Per leaf: the sum and count of the vertices it dominates.
  const sum = new Float64Array(n * 3), count = new Int32Array(n);
  for (const p of parts) {
    if (!p.skinJoints || !p.skinWeights) continue;
    for (let v = 0; v < p.positions.length / 3; v++)
      for (let i = 0; i < 4; i++) {
        const j = p.skinJoints[v * 4 + i];
        if (j >= n || hasChild[j] || p.skinWeights[v * 4 + i] < DOMINANT_WEIGHT) continue;
        for (let c = 0; c < 3; c++) sum[j * 3 + c] += p.positions[v * 3 + c];
        count[j]++;
      }
  }
  let lo = Infinity, hi = -Infinity;
  for (let j = 0; j < n; j++) { lo = Math.min(lo, rest.position[j * 3 + 1]); hi = Math.max(hi, rest.position[j * 3 + 1]); }
  for (const p of parts) for (let v = 1; v < p.positions.length; v += 3) { lo = Math.min(lo, p.positions[v]); hi = Math.max(hi, p.positions[v]); }
  const minReach = MIN_REACH * (hi - lo || 1);

  const names = [...skel.names], parents = Array.from(skel.parents), restLocal = Array.from(skel.restLocal);
  const roles = skel.roles ? [...skel.roles] : undefined;
  const d = new Float64Array(3), local = new Float64Array(3), inv = new Float64Array(4);
  for (let j = 0; j < n; j++) {
    if (hasChild[j] || count[j] < MIN_VERTICES) continue;
    for (let c = 0; c < 3; c++) d[c] = sum[j * 3 + c] / count[j] - rest.position[j * 3 + c];
    const len = Math.hypot(d[0], d[1], d[2]);
    if (2 * len < minReach) continue;
    // Local translation: the world offset taken into the leaf's frame (joint scales baked out beforehand:
    // bake-scale.ts).
    for (let c = 0; c < 3; c++) d[c] *= END_FACTOR;
    inv.set([0, 0, 0, 1]);
    qInvMul(inv, 0, rest.rotation, j * 4, inv, 0);
    qRotate(local, 0, inv, 0, d, 0);
    names.push(`${skel.names[j]}_end`);
    parents.push(j);
    restLocal.push(local[0], local[1], local[2], 0, 0, 0, 1, 1, 1, 1);
    roles?.push('');
  }
  if (names.length === n) return skel;
  return { names, parents: Int32Array.from(parents), restLocal: Float32Array.from(restLocal), ...(roles ? { roles } : {}) };
}
