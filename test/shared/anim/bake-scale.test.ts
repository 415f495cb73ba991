/**
 * bakeJointScale (shared/anim/bake-scale.ts): a scaled joint's children land where a scaling engine puts
 * them, in rest and in the clip's translation keys, and unit-scale skeletons pass through untouched.
 */
import { describe, expect, it } from 'vitest';
import { bakeJointScale } from '../../../shared/anim/bake-scale';
import { restWorld } from '../../../shared/anim/pose';
import type { Clip } from '../../../shared/anim/clip';
import type { Skeleton } from '../../../shared/rig/skeleton';

/** Hips scaled by `s` (centimetre bones under a metre armature), a 1-unit thigh and a 1-unit shin below. */
function scaledLeg(s: number): Skeleton {
  return {
    names: ['Hips', 'Thigh', 'Shin'],
    parents: Int32Array.from([-1, 0, 1]),
    // prettier-ignore
    restLocal: Float32Array.from([
      0, 4, 0, 0, 0, 0, 1, s, s, s,
      0, -1, 0, 0, 0, 0, 1, 1, 1, 1,
      0, -1, 0, 0, 0, 0, 1, 1, 1, 1,
    ]),
  };
}

const clip: Clip = {
  name: 'bob',
  duration: 1,
  tracks: [
    { joint: 'Hips', path: 'translation', interpolation: 'LINEAR', times: Float32Array.from([0, 1]), values: Float32Array.from([0, 4, 0, 0, 5, 0]) },
    { joint: 'Shin', path: 'translation', interpolation: 'LINEAR', times: Float32Array.from([0, 1]), values: Float32Array.from([0, -1, 0, 0, -2, 0]) },
  ],
};

describe('bakeJointScale', () => {
  it('puts the children of a joint scaled x100 where the scale puts them', () => {
    const { skeleton, clip: baked } = bakeJointScale(scaledLeg(100), clip);
    const w = restWorld(skeleton);
    expect(Array.from(w.position.slice(3, 9))).toEqual([0, -96, 0, 0, -196, 0]);
    for (let j = 0; j < 3; j++) expect(Array.from(skeleton.restLocal.slice(j * 10 + 7, j * 10 + 10))).toEqual([1, 1, 1]);
    // The root's keys are in model space: unchanged; the shin's are under the scaled hips: x100.
    expect(Array.from(baked.tracks[0].values)).toEqual([0, 4, 0, 0, 5, 0]);
    expect(Array.from(baked.tracks[1].values)).toEqual([0, -100, 0, 0, -200, 0]);
  });

  it('returns a unit-scale skeleton and its clip as they are', () => {
    const skel = scaledLeg(1);
    const out = bakeJointScale(skel, clip);
    expect(out.skeleton).toBe(skel);
    expect(out.clip).toBe(clip);
  });
});
