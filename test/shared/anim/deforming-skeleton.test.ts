/**
 * deformingSkeleton (shared/anim/deforming-skeleton.ts): a control rig hanging from the root (an IK
 * target chain with no weight) is dropped, an unweighted end marker under a weighted bone is kept, and
 * the mesh's joint indices follow the new order.
 */
import { describe, expect, it } from 'vitest';
import { deformingSkeleton } from '../../../shared/anim/deforming-skeleton';
import type { Skeleton } from '../../../shared/rig/skeleton';

const names = ['root', 'hips', 'ik-roll', 'ik-foot', 'leg', 'leg_end'];
const parents = [-1, 0, 0, 2, 1, 4];
const skel: Skeleton = {
  names,
  parents: Int32Array.from(parents),
  restLocal: Float32Array.from(names.flatMap((_, i) => [i, 0, 0, 0, 0, 0, 1, 1, 1, 1])),
};
/** Two vertices: one on hips, one on leg (old indices 1 and 4). */
const part = () => ({
  positions: new Float32Array(6),
  skinJoints: Uint16Array.from([1, 0, 0, 0, 4, 0, 0, 0]),
  skinWeights: Float32Array.from([1, 0, 0, 0, 1, 0, 0, 0]),
});

describe('deformingSkeleton', () => {
  it('drops the unweighted IK chain, keeps the end marker, remaps the mesh', () => {
    const out = deformingSkeleton(skel, [part()]);
    expect(out.skeleton.names).toEqual(['root', 'hips', 'leg', 'leg_end']);
    expect(Array.from(out.skeleton.parents)).toEqual([-1, 0, 1, 2]);
    // Rest transforms travel with their joints (leg's x was 4).
    expect(out.skeleton.restLocal[2 * 10]).toBe(4);
    expect(Array.from(out.parts[0].skinJoints!)).toEqual([1, 0, 0, 0, 2, 0, 0, 0]);
  });

  it('leaves a clip without skin weights as it is', () => {
    const out = deformingSkeleton(skel, []);
    expect(out.skeleton).toBe(skel);
  });
});
