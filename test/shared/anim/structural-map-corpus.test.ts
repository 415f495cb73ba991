/**
 * Structural retargeting of real corpus skeletons whose names say nothing: each clip file's skeleton,
 * prepared as the rig job's clip step prepares it (scales baked, control rig dropped, leaf ends from the
 * mesh), renamed `Bone.NNN` and shuffled, must map its limbs onto the biped template joint for joint.
 * Quaternius' IK feet hang from the root (Female_Dress, Robot) and the Robot's hands branch at the elbow;
 * both were refused before (4 legs; 8 arms). Female_Dress' hanging arms tied on the template's T-pose
 * hands and crossed sides before distances were squashed rather than cut.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { bakeJointScale } from '../../../shared/anim/bake-scale';
import { deformingSkeleton } from '../../../shared/anim/deforming-skeleton';
import { withLeafEnds } from '../../../shared/anim/leaf-ends';
import { retargetClip } from '../../../shared/anim/retarget';
import { templateSkeleton } from '../../../shared/anim/template-skeleton';
import type { Clip } from '../../../shared/anim/clip';
import type { Skeleton } from '../../../shared/rig/skeleton';
import { readModel } from '../../../shared/mesh/read-model';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { MEANINGLESS_NAMINGS, renameShuffled } from '../../support/rename-skeleton';

/** Template joint -> the file's own bone that must drive it. */
const LIMBS: Record<string, string> = {
  Head: 'Head',
  LeftArm: 'UpperArm.L', LeftForeArm: 'LowerArm.L', RightArm: 'UpperArm.R', RightForeArm: 'LowerArm.R',
  LeftUpLeg: 'UpperLeg.L', LeftLeg: 'LowerLeg.L', RightUpLeg: 'UpperLeg.R', RightLeg: 'LowerLeg.R',
};
/** The IK foot, hung from the root, drives the template's foot or toes (its joint sits at the floor, as both do). */
const FEET: [string, string[]][] = [['Foot.L', ['LeftFoot', 'LeftToeBase']], ['Foot.R', ['RightFoot', 'RightToeBase']]];
/** Each template arm joint on a joint of the same side's arm (the file's bones of that arm). */
const ARM_SIDES: [string, string[]][] = [
  ['Left', ['Shoulder.L', 'UpperArm.L', 'LowerArm.L', 'Palm.L', 'MiddleHand.L']],
  ['Right', ['Shoulder.R', 'UpperArm.R', 'LowerArm.R', 'Palm.R', 'MiddleHand.R']],
];

async function anonymousCorpusClip(rel: string, clipName: RegExp): Promise<{ skeleton: Skeleton; clip: Clip; newName: Map<string, string> }> {
  const file = corpusPath(rel);
  const { model } = await readModel(new Uint8Array(readFileSync(file)), path.basename(file));
  const clip = model.clips.find((c) => clipName.test(c.name))!;
  const baked = bakeJointScale(model.skeleton!, clip);
  const body = deformingSkeleton(baked.skeleton, model.parts);
  return renameShuffled(withLeafEnds(body.skeleton, body.parts), baked.clip, MEANINGLESS_NAMINGS[0][1], 7);
}

describeWithCorpus('corpus skeletons renamed to meaningless names and shuffled', () => {
  it('Robot (hands branching at the elbow, IK feet on the root) maps every arm, leg and foot joint and its head', async () => {
    const renamed = await anonymousCorpusClip('characters/quaternius/Robot.fbx', /Robot_Walking$/);
    const out = retargetClip({ skeleton: renamed.skeleton, clip: renamed.clip }, templateSkeleton('biped'));
    expect(out.mappedBy).toBe('structure');
    const got = Object.fromEntries(Object.keys(LIMBS).map((k) => [k, out.mapping[k]]));
    expect(got).toEqual(Object.fromEntries(Object.entries(LIMBS).map(([k, v]) => [k, renamed.newName.get(v)])));
    for (const [foot, joints] of FEET) expect(joints.map((k) => out.mapping[k]), foot).toContain(renamed.newName.get(foot));
  }, 60_000);

  it('Barbarian (hand slots holding an axe and a shield end its arms) is not refused, and its legs and feet map joint for joint', async () => {
    // Its arms and head do not yet map onto the template (the arm joints are skipped; the head drives the
    // neck); onto its own Rigdesk rig they do (eval:retarget --anonymous, shape 1.7-2.6%).
    const renamed = await anonymousCorpusClip('characters/kaykit/Barbarian.glb', /^Walking_A$/);
    const out = retargetClip({ skeleton: renamed.skeleton, clip: renamed.clip }, templateSkeleton('biped'));
    expect(out.mappedBy).toBe('structure');
    const own: Record<string, string> = {
      LeftUpLeg: 'upperleg.l', LeftLeg: 'lowerleg.l', LeftFoot: 'foot.l', RightUpLeg: 'upperleg.r', RightLeg: 'lowerleg.r', RightFoot: 'foot.r',
    };
    const got = Object.fromEntries(Object.keys(own).map((k) => [k, out.mapping[k]]));
    expect(got).toEqual(Object.fromEntries(Object.entries(own).map(([k, v]) => [k, renamed.newName.get(v)])));
  }, 60_000);

  it('Female_Dress (IK feet on the root, arms hanging) maps its legs, feet and head, and each arm on its own side', async () => {
    const renamed = await anonymousCorpusClip('characters/quaternius/Female_Dress.fbx', /Female_Walk$/);
    const out = retargetClip({ skeleton: renamed.skeleton, clip: renamed.clip }, templateSkeleton('biped'));
    expect(out.mappedBy).toBe('structure');
    for (const k of ['Head', 'LeftUpLeg', 'LeftLeg', 'RightUpLeg', 'RightLeg']) expect(out.mapping[k], k).toBe(renamed.newName.get(LIMBS[k]));
    for (const [foot, joints] of FEET) expect(joints.map((k) => out.mapping[k]), foot).toContain(renamed.newName.get(foot));
    for (const [side, bones] of ARM_SIDES) {
      const own = bones.map((b) => renamed.newName.get(b));
      for (const k of [`${side}Arm`, `${side}ForeArm`]) if (out.mapping[k]) expect(own, k).toContain(out.mapping[k]);
      expect(out.mapping[`${side}Arm`] ?? out.mapping[`${side}ForeArm`], side).toBeDefined();
    }
  }, 60_000);
});
