import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { retargetClip, RetargetError } from '../../../shared/anim/retarget';
import { footSlide } from '../../../shared/anim/foot-slide';
import { templateSkeleton, type TemplatePlan } from '../../../shared/anim/template-skeleton';
import { restWorld } from '../../../shared/anim/pose';
import { readModel } from '../../../shared/mesh/read-model';
import type { Skeleton } from '../../../shared/rig/skeleton';
import { corpusPath, describeWithCorpus } from '../../support/corpus';

async function pack(name: string): Promise<Awaited<ReturnType<typeof readModel>>['model']> {
  const file = corpusPath('animations', 'mesh2motion', `${name}-animations.glb`);
  return (await readModel(new Uint8Array(readFileSync(file)), `${name}-animations.glb`)).model;
}

function legLength(s: Skeleton, upper: string, lower: string, foot: string): number {
  const w = restWorld(s).position;
  const d = (a: string, b: string): number => {
    const i = s.names.indexOf(a) * 3, j = s.names.indexOf(b) * 3;
    return Math.hypot(w[i] - w[j], w[i + 1] - w[j + 1], w[i + 2] - w[j + 2]);
  };
  return d(upper, lower) + d(lower, foot);
}

describeWithCorpus('retargeting Mesh2Motion creature clips onto the body-plan templates', () => {
  it.each([
    ['fox', 'Walk', 'quadruped', ['LeftFrontUpperLeg', 'LeftFrontFoot', 'RightBackLowerLeg', 'RightBackToe', 'Tail', 'Tail1', 'Tail2', 'Tail3', 'Head']],
    ['horse', 'Trot', 'quadruped', ['LeftFrontUpperLeg', 'RightBackFoot', 'Tail1', 'Tail3']],
    ['bird', 'Flap', 'avian', ['LeftWing1', 'LeftWing3', 'RightWing2', 'Tail', 'LeftFoot']],
    ['shark', 'Swim Horizontal', 'aquatic', ['Body', 'Tail1', 'Tail4', 'LeftFin', 'RightFin', 'Head']],
    ['snake', 'Side winding', 'serpentine', ['Spine01', 'Spine05', 'Spine10', 'Head']],
    ['spider', 'Walk', 'octopod', ['LeftLeg1Hip', 'LeftLeg4Ankle', 'RightLeg3Knee', 'Abdomen', 'Body']],
  ] as const)('%s %s maps onto the %s template', async (name, clipName, plan, joints) => {
    const model = await pack(name);
    const clip = model.clips.find((c) => c.name === clipName)!;
    const target = templateSkeleton(plan as TemplatePlan);
    const out = retargetClip({ skeleton: model.skeleton!, clip }, target);
    for (const j of joints) expect(out.mapping[j], j).toBeDefined();
    expect(out.clip.duration).toBeCloseTo(clip.duration, 6);
    for (const tr of out.clip.tracks) for (const v of tr.values) expect(Number.isFinite(v)).toBe(true);
  }, 30_000);

  it('plants the fox walk: target feet slide no more than the source feet do (scaled), far less than without IK', async () => {
    const model = await pack('fox');
    const clip = model.clips.find((c) => c.name === 'Walk')!;
    const target = templateSkeleton('quadruped');
    const on = retargetClip({ skeleton: model.skeleton!, clip }, target, { fps: 60 });
    const off = retargetClip({ skeleton: model.skeleton!, clip }, target, { fps: 60, footIk: 'off' });
    expect(on.feet).toHaveLength(4);
    const leg = legLength(target, 'LeftBackUpperLeg', 'LeftBackLowerLeg', 'LeftBackFoot');
    const after = footSlide(target, on.clip, on.feet, on.groundVelocity);
    const before = footSlide(target, off.clip, on.feet, on.groundVelocity);
    const g: [number, number] = [on.groundVelocity[0] / on.legScale, on.groundVelocity[1] / on.legScale];
    const source = footSlide(model.skeleton!, clip, on.feet.map((f) => ({ joint: f.source, planted: f.planted })), g);
    expect(after.contacts).toBeGreaterThanOrEqual(4);
    expect(after.mean).toBeLessThan(source.mean * on.legScale + 0.005 * leg);
    expect(before.mean).toBeGreaterThan(3 * after.mean);
  }, 30_000);

  it('refuses a quadruped clip on a biped, naming the bones it could not match', async () => {
    const model = await pack('fox');
    const clip = model.clips.find((c) => c.name === 'Walk')!;
    const run = (): unknown => retargetClip({ skeleton: model.skeleton!, clip }, templateSkeleton('biped'));
    expect(run).toThrow(RetargetError);
    expect(run).toThrow(/Front_Leg_Upper_L.*another body plan/s);
  }, 30_000);
});
