/**
 * Structural retargeting (shared/anim/structural-map.ts): skeletons whose bone names say nothing still
 * map joint for joint, and a clip of another body plan fails naming its chains.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readModel } from '../../../shared/mesh/read-model';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { builtinClips } from '../../../shared/anim/library';
import { retargetClip, RetargetError } from '../../../shared/anim/retarget';
import { templateSkeleton, type TemplatePlan } from '../../../shared/anim/template-skeleton';
import { MEANINGLESS_NAMINGS, renameShuffled } from '../../support/rename-skeleton';

const NAMINGS = MEANINGLESS_NAMINGS;

const CASES: [TemplatePlan, string][] = [
  ['biped', 'walk'], ['quadruped', 'walk'], ['avian', 'flap'], ['aquatic', 'swim'], ['serpentine', 'slither'], ['hexapod', 'walk'], ['octopod', 'walk'],
];

describe('structural mapping of skeletons with meaningless bone names', () => {
  for (const [plan, clipName] of CASES)
    for (const [label, nameOf] of NAMINGS)
      it(`${plan} ${clipName}, bones renamed ${label} and shuffled, maps joint for joint`, () => {
        const builtin = builtinClips(plan).find((c) => c.clip.name === clipName) ?? builtinClips(plan)[0];
        const skel = templateSkeleton(plan);
        const renamed = renameShuffled(skel, builtin.clip, nameOf, 7 + plan.length);
        const out = retargetClip({ skeleton: renamed.skeleton, clip: renamed.clip }, skel);
        expect(out.mappedBy).toBe('structure');
        // Every deforming template joint driven by its own renamed self.
        const expected: Record<string, string> = {};
        for (const [k, r] of skel.names.map((n, i) => [n, skel.roles![i]] as const)) if (!/_end$/.test(r)) expected[k] = renamed.newName.get(k)!;
        expect(out.mapping).toEqual(expected);
      });
});

describe('a clip of another body plan', () => {
  it('fails on a quadruped clip on a biped, naming what the clip has and what a biped needs', () => {
    const builtin = builtinClips('quadruped').find((c) => c.clip.name === 'walk')!;
    const renamed = renameShuffled(templateSkeleton('quadruped'), builtin.clip, (i) => `joint${i}`, 3);
    const run = (): unknown => retargetClip({ skeleton: renamed.skeleton, clip: renamed.clip }, templateSkeleton('biped'));
    expect(run).toThrow(RetargetError);
    expect(run).toThrow(/the clip has .*4 legs.* and no arms; a biped needs 2 arms, 2 legs and a head/);
  });
});

describeWithCorpus('structural mapping of real skeletons', () => {
  it('maps the Quaternius dragon (Blender .L/.R names no convention knows) onto the avian template, limb by limb', async () => {
    const file = corpusPath('characters', 'quaternius', 'Dragon.fbx');
    const { model } = await readModel(new Uint8Array(readFileSync(file)), 'Dragon.fbx');
    const clip = model.clips.find((c) => /Flying/.test(c.name))!;
    const out = retargetClip({ skeleton: model.skeleton!, clip }, templateSkeleton('avian'));
    expect(out.mappedBy).toBe('structure');
    for (const s of ['Left', 'Right']) {
      const side = s[0];
      for (const k of ['Wing1', 'Wing2', 'Wing3']) expect(out.mapping[`${s}${k}`], `${s}${k}`).toMatch(new RegExp(`^(Shoulder|Wing\\d)\\.${side}$`));
      expect(out.mapping[`${s}UpLeg`]).toBe(`UpperLeg.${side}`);
      expect(out.mapping[`${s}Foot`]).toBe(`Feet.${side}`);
    }
    expect(out.mapping.Tail).toMatch(/^Tail\d$/);
    expect(out.mapping.Neck).toBe('Neck');
  }, 60_000);
});
