/**
 * Joint scales baked into the translations below them. The pose code (pose.ts) carries rotations and
 * translations only, so a skeleton whose joints are scaled came out the wrong size: Quaternius' Zombie
 * scales its Hips by 107 (centimetres under a metre armature), its legs measured 3.4 units instead of 365
 * and its root travel, scaled by the ratio of leg lengths, put the body 3 to 9 heights away.
 * Each joint's rest and keyed translations are multiplied by its parent's world scale (rest scales,
 * taken as uniform: the mean of the three axes); every rest scale becomes 1. Scale keys stay as they are:
 * the retargeter ignores them (and says so).
 */
import type { Clip } from './clip';
import { REST_STRIDE, type Skeleton } from '../rig/skeleton';

/** Scales this close to 1 everywhere leave the skeleton and clip as they are. */
const UNIT = 1e-4;

/**
 * @example const { skeleton, clip } = bakeJointScale(model.skeleton, model.clips[0]); // Zombie: Hips x107 baked
 */
export function bakeJointScale(skel: Skeleton, clip: Clip): { skeleton: Skeleton; clip: Clip } {
  const n = skel.names.length;
  const world = new Float64Array(n);
  let unit = true;
  for (let j = 0; j < n; j++) {
    const o = j * REST_STRIDE;
    const s = (Math.abs(skel.restLocal[o + 7]) + Math.abs(skel.restLocal[o + 8]) + Math.abs(skel.restLocal[o + 9])) / 3 || 1;
    world[j] = (skel.parents[j] < 0 ? 1 : world[skel.parents[j]]) * s;
    if (Math.abs(s - 1) > UNIT) unit = false;
  }
  if (unit) return { skeleton: skel, clip };
  const restLocal = Float32Array.from(skel.restLocal);
  const above = (j: number): number => (skel.parents[j] < 0 ? 1 : world[skel.parents[j]]);
  for (let j = 0; j < n; j++) {
    const o = j * REST_STRIDE, k = above(j);
    for (let c = 0; c < 3; c++) restLocal[o + c] *= k;
    restLocal.set([1, 1, 1], o + 7);
  }
  const index = new Map(skel.names.map((name, j) => [name, j]));
  const tracks = clip.tracks.map((t) => {
    const j = index.get(t.joint);
    if (t.path !== 'translation' || j === undefined || above(j) === 1) return t;
    const k = above(j);
    return { ...t, values: t.values.map((v) => v * k) };
  });
  return { skeleton: { ...skel, restLocal }, clip: { ...clip, tracks } };
}
