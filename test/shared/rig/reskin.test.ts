import { describe, expect, it } from 'vitest';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { prepareSkinState, reskin, type EditedSkeleton } from '../../../shared/rig/reskin';
import type { RigOptions, RigResult } from '../../../shared/rig/types';
import { syntheticCharacter } from '../../../shared/rig/synthetic/characters';

const opts = (o: Partial<RigOptions> = {}): RigOptions => ({ rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo', ...o });

/** The skeleton as the studio gets it from a rig report. */
function skeletonOf(r: RigResult, moved: Record<string, [number, number, number]> = {}): EditedSkeleton {
  const names = r.report.joints.map((j) => j.name);
  const leafTips = new Map<number, [number, number, number]>();
  r.report.joints.forEach((j, i) => j.tip && leafTips.set(i, j.tip));
  return {
    positions: Float64Array.from(r.report.joints.flatMap((j) => moved[j.name] ?? j.position)),
    parents: Int32Array.from(r.report.joints.map((j) => (j.parent === null ? -1 : names.indexOf(j.parent)))),
    deform: r.report.joints.map((j) => j.deform),
    leafTips,
  };
}

describe('reskin: weights of an edited skeleton without refitting', () => {
  for (const rotationY of [0, 90])
    it(`gives the full rig's weights for the rig's own skeleton and for a moved knee (rotation_y ${rotationY})`, () => {
      const c = syntheticCharacter('biped', { pose: 'A', rotationY });
      const plain = rigMesh(c.mesh, opts({ rotationY }));
      const state = prepareSkinState(c.mesh, 'fast', rotationY);
      const same = reskin(state, skeletonOf(plain));
      expect(same.joints).toEqual(plain.joints);
      expect(same.weights).toEqual(plain.weights);
      // A moved knee drags nothing else, so the full rig with that knee given has exactly this skeleton.
      const p = plain.report.joints.find((j) => j.name === 'LeftLeg')!.position;
      const knee: [number, number, number] = [p[0], p[1] + 0.06, p[2] + 0.04];
      const edited = rigMesh(c.mesh, opts({ rotationY, givenJoints: { LeftLeg: knee } }));
      const re = reskin(state, skeletonOf(plain, { LeftLeg: knee }));
      expect(re.joints).toEqual(edited.joints);
      expect(re.weights).toEqual(edited.weights);
      expect(re.weights).not.toEqual(plain.weights);
    });

  it('refuses a skeleton whose arrays disagree', () => {
    const c = syntheticCharacter('biped', { pose: 'A' });
    const state = prepareSkinState(c.mesh, 'fast', 0);
    expect(() => reskin(state, { positions: new Float64Array(6), parents: Int32Array.from([-1, 0, 1]), deform: [true, true, false] })).toThrow(/3 parents but 2 positions/);
  });
});
