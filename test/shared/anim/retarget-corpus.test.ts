import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { retargetClip } from '../../../shared/anim/retarget';
import { templateSkeleton } from '../../../shared/anim/template-skeleton';
import { readModel } from '../../../shared/mesh/read-model';
import { corpusPath, describeWithCorpus } from '../../support/corpus';

const CORE = ['Hips', 'Spine', 'Head', 'LeftArm', 'LeftForeArm', 'LeftHand', 'RightUpLeg', 'RightLeg', 'RightFoot'];

describeWithCorpus('retargeting real skeletons onto the biped template', () => {
  it.each([
    ['KayKit', 'characters/kaykit/Knight.glb', 'Walking_A', 'upperleg.r'],
    ['Mesh2Motion UE-style', 'animations/mesh2motion/human-addon-animations@8b0c86a.glb', null, 'thigh_r'],
    ['Mesh2Motion Rigify DEF-', 'animations/mesh2motion/human-base-animations@5222701.glb', null, 'DEF-thigh.R'],
  ])('%s', async (_label, rel, clipName, rightThigh) => {
    const file = corpusPath(rel);
    const { model } = await readModel(new Uint8Array(readFileSync(file)), path.basename(file));
    const clip = clipName ? model.clips.find((c) => c.name === clipName)! : model.clips[0];
    const out = retargetClip({ skeleton: model.skeleton!, clip }, templateSkeleton('biped'));
    for (const k of CORE) expect(out.mapping[k], k).toBeDefined();
    expect(out.mapping.RightUpLeg).toBe(rightThigh);
    expect(out.clip.name).toBe(clip.name);
    expect(out.clip.duration).toBeCloseTo(clip.duration, 6);
    for (const tr of out.clip.tracks) for (const v of tr.values) expect(Number.isFinite(v)).toBe(true);
  }, 60_000);
});
