import { describe, expect, it } from 'vitest';
import { builtinClips } from '../../../shared/anim/library';
import { retargetClip } from '../../../shared/anim/retarget';
import { footSlide } from '../../../shared/anim/foot-slide';
import { contactWeights, detectContacts } from '../../../shared/anim/foot-contacts';
import { solveTwoBone } from '../../../shared/anim/two-bone-ik';
import { newWorldPose, restWorld } from '../../../shared/anim/pose';
import type { Skeleton } from '../../../shared/rig/skeleton';
import { orientSkeleton } from '../../../shared/rig/orient';
import { buildPlan } from '../../../shared/rig/synthetic/plans';
import { templateFor } from '../../../shared/rig/templates';

/** The biped template at `scale`, knees moved along the leg so the thigh is `thigh` of hip-to-ankle. */
function bipedWithKnees(scale: number, thigh: number): Skeleton {
  const t = templateFor('biped', false);
  const b = buildPlan('biped', 'T');
  const keys = t.joints.map((j) => j.key);
  const idx = new Map(keys.map((k, i) => [k, i]));
  const pos = new Float64Array(keys.length * 3);
  keys.forEach((k, i) => pos.set(b.joints[k].map((v) => v * scale), i * 3));
  for (const S of ['Left', 'Right']) {
    const a = idx.get(`${S}UpLeg`)! * 3, k = idx.get(`${S}Leg`)! * 3, f = idx.get(`${S}Foot`)! * 3;
    for (let c = 0; c < 3; c++) pos[k + c] = pos[a + c] + (pos[f + c] - pos[a + c]) * thigh;
  }
  return orientSkeleton(keys, Int32Array.from(t.joints.map((j) => (j.parent ? idx.get(j.parent)! : -1))), pos, new Map(), keys.map(() => ''));
}

function legLength(s: Skeleton): number {
  const w = restWorld(s).position;
  const d = (a: string, b: string): number => {
    const i = s.names.indexOf(a) * 3, j = s.names.indexOf(b) * 3;
    return Math.hypot(w[i] - w[j], w[i + 1] - w[j + 1], w[i + 2] - w[j + 2]);
  };
  return d('LeftUpLeg', 'LeftLeg') + d('LeftLeg', 'LeftFoot');
}

describe('two-bone IK', () => {
  const chain = (): ReturnType<typeof newWorldPose> => {
    const w = newWorldPose(3);
    w.position.set([0, 1, 0, 0, 0.5, 0.05, 0, 0, 0]);
    for (let j = 0; j < 3; j++) w.rotation.set([0, 0, 0, 1], j * 4);
    w.rotation.set([0.2, 0.1, 0, 0.97], 8);
    return w;
  };

  it('puts the end joint on a reachable goal, knee on the pole side, end rotation kept', () => {
    const w = chain();
    const before = w.rotation.slice(8, 12);
    const miss = solveTwoBone(w, 0, 1, 2, [0.1, 0.3, 0.3], [0, 0, 1]);
    expect(miss).toBe(0);
    expect(Math.hypot(w.position[6] - 0.1, w.position[7] - 0.3, w.position[8] - 0.3)).toBeLessThan(1e-9);
    expect(w.position[5]).toBeGreaterThan(0.3); // knee forward (+Z), the pole side
    expect(Array.from(w.rotation.slice(8, 12))).toEqual(Array.from(before));
    // Bone lengths unchanged.
    expect(Math.hypot(w.position[3], w.position[4] - 1, w.position[5])).toBeCloseTo(Math.hypot(0.5, 0.05), 9);
  });

  it('reports the distance left for an unreachable goal and points straight at it', () => {
    const w = chain();
    const miss = solveTwoBone(w, 0, 1, 2, [0, -2, 0], [0, 0, 1]);
    expect(miss).toBeGreaterThan(1.9);
    expect(Math.abs(w.position[6]) + Math.abs(w.position[8])).toBeLessThan(1e-6);
  });
});

describe('foot contacts', () => {
  it('finds planted frames of an in-place gait and the treadmill speed under them', () => {
    const n = 41, times = Float32Array.from({ length: n }, (_, f) => f / 40);
    const foot = new Float64Array(n * 3);
    for (let f = 0; f < n; f++) {
      const ph = f / 40;
      // Stance for the first 60%: on the ground moving back at 1 m/s; swing: lifted and moving forward.
      const stance = ph < 0.6;
      foot[f * 3 + 1] = stance ? 0.08 : 0.08 + 0.1 * Math.sin((Math.PI * (ph - 0.6)) / 0.4);
      foot[f * 3 + 2] = stance ? 0.3 - ph : -0.3 + 1.5 * (ph - 0.6);
    }
    const c = detectContacts([foot], times, true, 0.9);
    expect(c.groundVelocity[1]).toBeCloseTo(-1, 1);
    for (const f of [2, 10, 20]) expect(c.planted[0][f]).toBe(1);
    for (const f of [30, 33, 36]) expect(c.planted[0][f]).toBe(0);
    const w = contactWeights(c.planted[0], true, 3);
    expect(w[10]).toBe(1);
    expect(w[32]).toBe(0);
  });
});

describe('foot planting after retargeting', () => {
  const walk = builtinClips('biped').find((c) => c.clip.name === 'walk')!;
  const run = builtinClips('biped').find((c) => c.clip.name === 'run')!;
  // Long thighs, short shins, smaller character: copying rotations alone drags planted feet.
  const target = bipedWithKnees(0.7, 0.62);
  const leg = legLength(target);

  it.each(['walk', 'run'])('%s: planted feet slide under 0.5%% of leg length (and several times more without IK)', (name) => {
    const c = name === 'walk' ? walk : run;
    const out = retargetClip({ skeleton: c.skeleton, clip: c.clip }, target);
    expect(out.feet.map((f) => f.joint).sort()).toEqual(['LeftFoot', 'RightFoot']);
    expect(out.feet.every((f) => f.planted.some((p) => p))).toBe(true);
    const slide = footSlide(target, out.clip, out.feet, out.groundVelocity);
    const off = retargetClip({ skeleton: c.skeleton, clip: c.clip }, target, { footIk: 'off' });
    const slideOff = footSlide(target, off.clip, out.feet, out.groundVelocity);
    expect(slide.contacts).toBeGreaterThanOrEqual(2);
    expect(slide.worst / leg).toBeLessThan(0.005);
    expect(slideOff.worst / leg).toBeGreaterThan(0.02);
    // Ground speed scales with the leg-length ratio.
    expect(-out.groundVelocity[1]).toBeCloseTo(c.groundSpeed! * out.legScale, 1);
  });
});
