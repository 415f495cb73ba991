import { describe, expect, it } from 'vitest';
import { builtinClips } from '../../../shared/anim/library';
import { retargetClip, RetargetError } from '../../../shared/anim/retarget';
import { templateSkeleton } from '../../../shared/anim/template-skeleton';
import { bindClip, sampleBound } from '../../../shared/anim/sample-clip';
import { forwardKinematics, newWorldPose, restPose } from '../../../shared/anim/pose';
import type { Skeleton } from '../../../shared/rig/skeleton';
import type { Clip } from '../../../shared/anim/clip';
import { orientSkeleton } from '../../../shared/rig/orient';
import { buildPlan } from '../../../shared/rig/synthetic/plans';
import { templateFor } from '../../../shared/rig/templates';

function jointPositions(skel: Skeleton, clip: Clip, t: number): Float64Array {
  const pose = restPose(skel);
  sampleBound(bindClip(skel, clip), t, pose);
  return forwardKinematics(skel, pose, newWorldPose(skel.names.length)).position;
}

/** The biped template skeleton built from the synthetic biped in a pose, scaled, with another naming. */
function bipedSkeleton(pose: 'T' | 'A', scale: number, rename: (k: string) => string = (k) => k): Skeleton {
  const t = templateFor('biped', false);
  const b = buildPlan('biped', pose);
  const keys = t.joints.map((j) => j.key);
  const idx = new Map(keys.map((k, i) => [k, i]));
  const pos = new Float64Array(keys.length * 3);
  keys.forEach((k, i) => pos.set(b.joints[k].map((v) => v * scale), i * 3));
  return orientSkeleton(keys.map(rename), Int32Array.from(t.joints.map((j) => (j.parent ? idx.get(j.parent)! : -1))), pos, new Map(), keys.map(() => ''));
}

const walk = builtinClips('biped').find((c) => c.clip.name === 'walk')!;

describe('retargetClip', () => {
  it('onto the same skeleton reproduces the clip', () => {
    const out = retargetClip({ skeleton: walk.skeleton, clip: walk.clip }, walk.skeleton);
    expect(out.clip.duration).toBe(walk.clip.duration);
    for (const t of [0, 0.31, 0.77]) {
      const a = jointPositions(walk.skeleton, walk.clip, t), b = jointPositions(walk.skeleton, out.clip, t);
      for (let i = 0; i < a.length; i++) expect(Math.abs(a[i] - b[i])).toBeLessThan(2e-3);
    }
  });

  it('maps Mixamo-prefixed and Unreal names, scales root motion by leg length, fixes T vs A rest pose', () => {
    const mixamo = bipedSkeleton('T', 1, (k) => `mixamorig:${k}`);
    const unrealNames: Record<string, string> = { Hips: 'pelvis', Spine: 'spine_01', Spine1: 'spine_02', Spine2: 'spine_03', Neck: 'neck_01', Head: 'head', Shoulder: 'clavicle', Arm: 'upperarm', ForeArm: 'lowerarm', Hand: 'hand', UpLeg: 'thigh', Leg: 'calf', Foot: 'foot', ToeBase: 'ball' };
    const toUnreal = (k: string): string => {
      const side = /^(Left|Right)/.exec(k)?.[1];
      const rest = side ? k.slice(side.length) : k;
      return unrealNames[rest] ? `${unrealNames[rest]}${side ? `_${side[0].toLowerCase()}` : ''}` : `${k}_end`;
    };
    const target = bipedSkeleton('A', 0.5, toUnreal);
    const clip: Clip = { ...walk.clip, tracks: walk.clip.tracks.map((t) => ({ ...t, joint: `mixamorig:${t.joint}` })) };
    const out = retargetClip({ skeleton: mixamo, clip }, target);
    expect(out.mapping.thigh_l).toBe('mixamorig:LeftUpLeg');
    // Same motion at half size: every joint at half the source position.
    for (const t of [0.2, 0.6]) {
      const a = jointPositions(mixamo, clip, t), b = jointPositions(target, out.clip, t);
      for (const k of ['LeftFoot', 'RightHand', 'Head']) {
        const i = mixamo.names.indexOf(`mixamorig:${k}`), j = target.names.indexOf(toUnreal(k));
        for (let c = 0; c < 3; c++) expect(Math.abs(a[i * 3 + c] * 0.5 - b[j * 3 + c]), `${k} at ${t}`).toBeLessThan(5e-3);
      }
    }
  });

  it('fails naming the bones it could not match', () => {
    const spider = builtinClips('octopod')[0];
    expect(() => retargetClip({ skeleton: spider.skeleton, clip: spider.clip }, templateSkeleton('biped'))).toThrow(RetargetError);
    expect(() => retargetClip({ skeleton: spider.skeleton, clip: spider.clip }, templateSkeleton('biped'))).toThrow(/LeftLeg1Hip/);
  });
});

describe('retargetClip options', () => {
  it('head placement and spine blending keep an identity retarget exact', () => {
    const out = retargetClip({ skeleton: walk.skeleton, clip: walk.clip }, walk.skeleton, { placeHead: true, blendSpine: true });
    for (const t of [0.13, 0.52, 0.9]) {
      const a = jointPositions(walk.skeleton, walk.clip, t), b = jointPositions(walk.skeleton, out.clip, t);
      for (let i = 0; i < a.length; i++) expect(Math.abs(a[i] - b[i])).toBeLessThan(2e-3);
    }
  });
});
