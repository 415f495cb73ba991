/**
 * Skeletons with meaningless bone names for structural retargeting tests: every joint renamed and the
 * joints listed in a random order that keeps parents first (a deterministic order, so a failure replays).
 */
import type { Clip } from '../../shared/anim/clip';
import { REST_STRIDE, type Skeleton } from '../../shared/rig/skeleton';

/** A deterministic generator, so a failing order can be replayed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/**
 * The skeleton and clip with joints renamed by `nameOf(newIndex)` and listed in a random order that keeps
 * parents first. Returns the new name of each old joint and `order` (new index -> old index); roles, when
 * `keepRoles` is set and the skeleton has them, are kept on their joints.
 */
export function renameShuffled(skel: Skeleton, clip: Clip, nameOf: (i: number) => string, seed: number, keepRoles = false): { skeleton: Skeleton; clip: Clip; newName: Map<string, string>; order: number[] } {
  const n = skel.names.length;
  const rand = rng(seed);
  const order: number[] = [];
  const placed = new Set<number>();
  while (order.length < n) {
    const ready = [...Array(n).keys()].filter((j) => !placed.has(j) && (skel.parents[j] < 0 || placed.has(skel.parents[j])));
    const j = ready[Math.floor(rand() * ready.length)];
    order.push(j);
    placed.add(j);
  }
  const newIndex = new Map(order.map((j, i) => [j, i]));
  const names = order.map((_, i) => nameOf(i));
  const parents = Int32Array.from(order.map((j) => (skel.parents[j] < 0 ? -1 : newIndex.get(skel.parents[j])!)));
  const restLocal = new Float32Array(n * REST_STRIDE);
  order.forEach((j, i) => restLocal.set(skel.restLocal.subarray(j * REST_STRIDE, (j + 1) * REST_STRIDE), i * REST_STRIDE));
  const newName = new Map(order.map((j, i) => [skel.names[j], names[i]]));
  const tracks = clip.tracks.filter((t) => newName.has(t.joint)).map((t) => ({ ...t, joint: newName.get(t.joint)! }));
  // Roles (a rig's own semantic labels, not names) travel with their joints when asked; by default they
  // are dropped, so that a renamed rig says nothing about itself.
  const roles = keepRoles && skel.roles ? order.map((j) => skel.roles![j]) : undefined;
  return { skeleton: { names, parents, restLocal, ...(roles ? { roles } : {}) }, clip: { ...clip, tracks }, newName, order };
}

/** Namings that say nothing: Blender's defaults and numbered joints. */
export const MEANINGLESS_NAMINGS: [string, (i: number) => string][] = [
  ['Bone.001', (i) => (i === 0 ? 'Bone' : `Bone.${String(i).padStart(3, '0')}`)],
  ['joint0..N', (i) => `joint${i}`],
];
