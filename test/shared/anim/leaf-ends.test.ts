/**
 * Leaf ends (shared/anim/leaf-ends.ts): a one-bone limb with no end bone gets an end where its vertices
 * reach, under a turned parent too; a Kenney mini's clip (torso, arm-left, leg-right, head: no hips chain,
 * no end bones) then maps onto the biped template by structure, limb for limb.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withLeafEnds } from '../../../shared/anim/leaf-ends';
import { restWorld } from '../../../shared/anim/pose';
import { retargetClip } from '../../../shared/anim/retarget';
import { templateSkeleton } from '../../../shared/anim/template-skeleton';
import { readModel } from '../../../shared/mesh/read-model';
import type { Skeleton } from '../../../shared/rig/skeleton';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { MEANINGLESS_NAMINGS, renameShuffled } from '../../support/rename-skeleton';

/** A root on the floor and a leg joint at hip height (0, 1, 0), its rest turned a quarter about +Z. */
const skel: Skeleton = {
  names: ['root', 'leg'],
  parents: Int32Array.from([-1, 0]),
  restLocal: Float32Array.from([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 1, 0, 0, 0, Math.SQRT1_2, Math.SQRT1_2, 1, 1, 1]),
};

/** A column of vertices from the hip (y 1) to the floor (y 0), all carried by the leg. */
function legPart(): { positions: Float32Array; skinJoints: Uint16Array; skinWeights: Float32Array } {
  const n = 21;
  const positions = new Float32Array(n * 3), skinJoints = new Uint16Array(n * 4), skinWeights = new Float32Array(n * 4);
  for (let v = 0; v < n; v++) {
    positions.set([0, 1 - v / (n - 1), 0.1 * (v % 2)], v * 3);
    skinJoints.set([1, 0, 0, 0], v * 4);
    skinWeights.set([1, 0, 0, 0], v * 4);
  }
  return { positions, skinJoints, skinWeights };
}

describe('withLeafEnds', () => {
  it('adds leg_end on the floor below the hip, whatever the leg joint\'s own rotation', () => {
    const out = withLeafEnds(skel, [legPart()]);
    expect(out.names).toEqual(['root', 'leg', 'leg_end']);
    expect(out.parents[2]).toBe(1);
    const w = restWorld(out);
    expect(w.position[6]).toBeCloseTo(0, 5);
    expect(w.position[7]).toBeCloseTo(0, 5);
    expect(w.position[8]).toBeCloseTo(0.1, 2);
  });

  it('leaves a skeleton alone when no leaf carries vertices', () => {
    const part = legPart();
    part.skinJoints.fill(0);
    expect(withLeafEnds(skel, [part])).toBe(skel);
    expect(withLeafEnds(skel, [])).toBe(skel);
  });
});

describeWithCorpus('a Kenney mini character clip', () => {
  it('maps onto the biped template by structure: legs on the thighs, arms on the upper arms, the head on the neck or head', async () => {
    const file = corpusPath('characters', 'kenney-mini-characters', 'character-female-c.glb');
    const { model } = await readModel(new Uint8Array(readFileSync(file)), 'character-female-c.glb');
    const walk = model.clips.find((c) => c.name === 'walk')!;
    const out = retargetClip({ skeleton: withLeafEnds(model.skeleton!, model.parts), clip: walk }, templateSkeleton('biped'));
    expect(out.mappedBy).toBe('structure');
    expect(out.mapping).toMatchObject({ Hips: 'root', Spine: 'torso', LeftUpLeg: 'leg-left', RightUpLeg: 'leg-right', LeftArm: 'arm-left', RightArm: 'arm-right' });
    // Kenney's head bone pivots at the neck: the neck or the head joint takes it.
    expect([out.mapping.Neck, out.mapping.Head]).toContain('head');
    // Without the ends the legs end where they start and nothing places them.
    expect(() => retargetClip({ skeleton: model.skeleton!, clip: walk }, templateSkeleton('biped'))).toThrow(/cannot be mapped|does not fit/);
  }, 60_000);

  // Every Kenney mini, each clip, two orders: with nothing but geometry (a front-back symmetric figure with
  // no foot bones), each limb lands on its own side.
  for (const [label, nameOf] of MEANINGLESS_NAMINGS)
    it(`maps limb for limb and side for side with its bones renamed ${label} and shuffled`, async () => {
      const dir = corpusPath('characters', 'kenney-mini-characters');
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.glb'))) {
        const { model } = await readModel(new Uint8Array(readFileSync(path.join(dir, file))), file);
        const withEnds = withLeafEnds(model.skeleton!, model.parts);
        for (const clipName of ['idle', 'walk', 'sprint'])
          for (const seed of [1, 2]) {
            // Ends first (the mesh addresses joints by index), then the names and order made meaningless.
            const renamed = renameShuffled(withEnds, model.clips.find((c) => c.name === clipName)!, nameOf, seed);
            const out = retargetClip({ skeleton: renamed.skeleton, clip: renamed.clip }, templateSkeleton('biped'));
            const n = (bone: string): string => renamed.newName.get(bone)!;
            const where = `${file} ${clipName} ${seed}`;
            expect(out.mappedBy, where).toBe('structure');
            expect(out.mapping, where).toMatchObject({ Hips: n('root'), Spine: n('torso'), LeftUpLeg: n('leg-left'), RightUpLeg: n('leg-right'), LeftArm: n('arm-left'), RightArm: n('arm-right') });
            expect([out.mapping.Neck, out.mapping.Head], where).toContain(n('head'));
          }
      }
    }, 120_000);
});
