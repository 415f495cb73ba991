/**
 * Structural retargeting on Rigdesk's own rigs (rigMesh output, not the templates): a clip on a rigged
 * synthetic character, its skeleton renamed to meaningless names and shuffled, maps back onto that rig
 * joint for joint; and a quadruped clip on a rigged biped fails naming the chains it could not place.
 */
import { describe, expect, it } from 'vitest';
import { builtinClips } from '../../../shared/anim/library';
import { retargetClip, RetargetError } from '../../../shared/anim/retarget';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { syntheticCharacter } from '../../../shared/rig/synthetic/characters';
import type { RigResult, RigType } from '../../../shared/rig/types';
import { MEANINGLESS_NAMINGS, renameShuffled } from '../../support/rename-skeleton';

const rigs = new Map<RigType, RigResult>();
function rigOf(plan: RigType): RigResult {
  if (!rigs.has(plan)) rigs.set(plan, rigMesh(syntheticCharacter(plan, { pose: plan === 'biped' ? 'A' : 'T', accessories: false }).mesh, { rigType: plan, engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' }));
  return rigs.get(plan)!;
}

const CASES: [RigType, string][] = [['biped', 'walk'], ['quadruped', 'walk'], ['avian', 'flap']];

describe('rigMesh skeletons renamed to meaningless names and shuffled', () => {
  for (const [plan, clipName] of CASES)
    for (const [label, nameOf] of MEANINGLESS_NAMINGS)
      it(`${plan} ${clipName}, renamed ${label}, maps back onto the same rig joint for joint`, () => {
        const rig = rigOf(plan);
        const builtin = builtinClips(plan as never).find((c) => c.clip.name === clipName)!;
        // The clip as it plays on this rig (names settle it), then the rig and clip made anonymous.
        const onRig = retargetClip({ skeleton: builtin.skeleton, clip: builtin.clip }, rig.skeleton);
        expect(onRig.mappedBy).toBe('names');
        const renamed = renameShuffled(rig.skeleton, onRig.clip, nameOf, 11 + plan.length);
        const out = retargetClip({ skeleton: renamed.skeleton, clip: renamed.clip }, rig.skeleton);
        expect(out.mappedBy).toBe('structure');
        const expected: Record<string, string> = {};
        rig.skeleton.names.forEach((n, k) => {
          if (!/_end$/i.test(rig.skeleton.roles?.[k] || n)) expected[n] = renamed.newName.get(n)!;
        });
        expect(Object.keys(expected).length).toBeGreaterThanOrEqual(plan === 'biped' ? 22 : 15);
        expect(out.mapping).toEqual(expected);
      }, 60_000);
});

describe('a clip of another body plan on a rigged biped', () => {
  it('fails naming the chains: 4 legs, a tail and a head, and no arms', () => {
    const builtin = builtinClips('quadruped').find((c) => c.clip.name === 'walk')!;
    const renamed = renameShuffled(builtin.skeleton, builtin.clip, (i) => `Bone.${i}`, 5);
    const run = (): unknown => retargetClip({ skeleton: renamed.skeleton, clip: renamed.clip }, rigOf('biped').skeleton);
    expect(run).toThrow(RetargetError);
    expect(run).toThrow(/does not fit this skeleton's body plan: the clip has 4 legs.* and no arms; a biped needs 2 arms, 2 legs and a head/);
    expect(run).toThrow(/Clip chains not placed \(ending at\): Bone\.\d+/);
  }, 60_000);
});
