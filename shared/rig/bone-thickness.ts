/**
 * A bone's thickness as skinning measures distances (skin-weights.ts): geodesic distances from a thick bone
 * count less, so a wide torso's flank follows the spine rather than the upper arm beside it. That stretch
 * is across the bone only: past the planes through its end joints the distance counts in full, because
 * there the next part begins (a neck, a head, a thigh) and the thick part's surface is behind.
 *
 * Rests on the artists' weights (the corpus bipeds' own skeletons, their bones thicker than the skeleton's
 * median, radius the median inside radius along the bone on the fast grid): of their weight, 60% lies more
 * than one radius from the bone's axis across it (39-87% per character), but 5.2% more than one radius past
 * its end planes (0.2-16.6%; 1.2% past two radii). With the stretch in every direction the Zombie's chest
 * (factor 0.5) took 31% of its forward-leaning head past the Neck joint.
 */
import type { Volume } from './volume';
import type { BoneSegment } from './skin-weights';

/** Thickness factors are clamped to [1 / MAX_SCALE, MAX_SCALE] (see skin-weights.ts). */
const MAX_SCALE = 2;

/**
 * Per bone, the factor turning voxel distances into thickness units: the median radius over all bones
 * divided by the bone's own median inside radius along its seeds (radii under one voxel count as one), so
 * the factors stay near 1 and `epsilon` keeps its meaning.
 */
export function thicknessScales(vol: Volume, seeds: number[][]): Float32Array {
  const radius = seeds.map((sd) => {
    const r = sd.map((v) => vol.dt[v]).sort((a, b) => a - b);
    return Math.max(1, r.length ? r[r.length >> 1] : 1);
  });
  const ref = [...radius].sort((a, b) => a - b)[radius.length >> 1];
  return Float32Array.from(radius, (r) => Math.min(MAX_SCALE, Math.max(1 / MAX_SCALE, ref / r)));
}

/** A bone's axis for `pastEnds`: start point, unit direction, length (normalised units). */
export interface BoneAxis {
  a: [number, number, number];
  u: [number, number, number];
  len: number;
}

export function boneAxis(bone: BoneSegment): BoneAxis {
  const d = [bone.b[0] - bone.a[0], bone.b[1] - bone.a[1], bone.b[2] - bone.a[2]];
  const len = Math.hypot(d[0], d[1], d[2]);
  const f = len > 0 ? 1 / len : 0;
  return { a: [bone.a[0], bone.a[1], bone.a[2]], u: [d[0] * f, d[1] * f, d[2] * f], len };
}

/** How far the point lies past the planes through the bone's end joints, along the bone (0 between them). */
export function pastEnds(ax: BoneAxis, x: number, y: number, z: number): number {
  const t = (x - ax.a[0]) * ax.u[0] + (y - ax.a[1]) * ax.u[1] + (z - ax.a[2]) * ax.u[2];
  return t < 0 ? -t : t > ax.len ? t - ax.len : 0;
}

/**
 * The scaled distance of a voxel at geodesic distance `d` from a bone with factor `k`, `past` of it past the
 * bone's end planes (all in voxels): a thick bone (k < 1) stretches only the part across it.
 */
export function thicknessDistance(d: number, k: number, past: number): number {
  return k < 1 ? k * d + (1 - k) * Math.min(d, past) : k * d;
}
