/**
 * The hip-span check (biped-proportions.ts): an upright biped whose hip joints are fitted wider apart than
 * its shoulders is flagged; good fits and horizontal bipeds are not.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { implausibleLimbSpan } from '../../../shared/rig/biped-proportions';
import type { FitResult } from '../../../shared/rig/fit-common';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { bipedVariant } from '../../../shared/rig/synthetic/biped-variants';
import { syntheticCharacter } from '../../../shared/rig/synthetic/characters';
import { stopAssimpWorker } from '../../../shared/mesh/assimp-convert';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { readCorpusRig } from '../../eval/corpus-gltf';

afterAll(() => stopAssimpWorker());

/** A fit of just the joints the check reads. */
function fitOf(joints: Record<string, readonly number[]>): { fit: FitResult; index: Map<string, number> } {
  const keys = Object.keys(joints);
  const fit = { keys, positions: new Float64Array(keys.flatMap((k) => joints[k])) } as unknown as FitResult;
  return { fit, index: new Map(keys.map((k, i) => [k, i])) };
}

describe('implausibleLimbSpan', () => {
  const upright = { Hips: [0, 0.5, 0], Neck: [0, 0.85, 0], LeftArm: [0.15, 0.8, 0], RightArm: [-0.15, 0.8, 0] } as const;
  it('passes hips narrower than the shoulders', () => {
    const { fit, index } = fitOf({ ...upright, LeftUpLeg: [0.09, 0.48, 0], RightUpLeg: [-0.09, 0.48, 0] });
    expect(implausibleLimbSpan(fit, index)).toBeNull();
  });
  it('flags hip joints wider apart than the shoulders (a lowered hand taken for a leg)', () => {
    const { fit, index } = fitOf({ ...upright, LeftUpLeg: [0.2, 0.48, 0], RightUpLeg: [-0.2, 0.48, 0] });
    expect(implausibleLimbSpan(fit, index)).toEqual(['LeftArm', 'RightArm', 'LeftUpLeg', 'RightUpLeg']);
  });
  it('leaves a horizontal biped alone (a theropod is narrower at the shoulders)', () => {
    const { fit, index } = fitOf({ Hips: [0, 0.5, -0.2], Neck: [0, 0.6, 0.3], LeftArm: [0.05, 0.5, 0.25], RightArm: [-0.05, 0.5, 0.25], LeftUpLeg: [0.1, 0.45, -0.2], RightUpLeg: [-0.1, 0.45, -0.2] });
    expect(implausibleLimbSpan(fit, index)).toBeNull();
  });
});

describe('the rig report', () => {
  it.each(['T', 'A', 'I'] as const)('does not flag the synthetic %s-pose biped', (pose) => {
    const r = rigMesh(syntheticCharacter('biped', { pose }).mesh, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    expect(r.report.checks.map((c) => c.code)).not.toContain('proportions');
  });
  it.each(['horizontal', 'horizontal_tiny_arms', 'big_head', 'robe'] as const)('does not flag the synthetic %s biped', (v) => {
    for (const engine of ['fast', 'pro'] as const) {
      const r = rigMesh(bipedVariant(v).mesh, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      expect(r.report.checks.map((c) => c.code)).not.toContain('proportions');
    }
  });
});

describeWithCorpus('the rig report on a corpus character', () => {
  // The Banana's stick legs hang from under a body wider than its arms' roots: our hip joints end up 1.58
  // times the shoulders' span apart (6.1% of the height off). The report said `ok`.
  it('flags the Banana (fast)', async () => {
    const gt = await readCorpusRig(corpusPath('characters/quaternius/Banana.fbx'));
    const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    const check = r.report.checks.find((c) => c.code === 'proportions');
    expect(check?.joints).toContain('LeftUpLeg');
    expect(r.report.verdict).not.toBe('ok');
  });
});
