/**
 * Extremities of the head are never hands (shared/rig/biped-head-features.ts). The Quaternius Robot's box
 * head is wider than its shoulders and its hands hang beside its legs: pro took a corner of the head for
 * the right hand (semantic error 12%). Its arms must end at its own hands, beside the legs.
 */
import { expect, it } from 'vitest';
import * as THREE from 'three';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { readCorpusRig } from '../../eval/corpus-gltf';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { heightOf } from '../../eval/metrics';

describeWithCorpus('a box head wider than the shoulders', () => {
  for (const engine of ['fast', 'pro'] as const)
    it(`${engine}: the Robot's hands are its own, not the head's corners`, async () => {
      const gt = await readCorpusRig(corpusPath('characters/quaternius/Robot.fbx'));
      const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      const H = heightOf(gt.positions);
      for (const [name, artist] of [['LeftHand', 'Palm1.L'], ['RightHand', 'Palm1.R']]) {
        const k = gt.joints.findIndex((j) => j.name === artist || j.name === artist.replace('1', ''));
        expect(k, `${artist} in the file`).toBeGreaterThanOrEqual(0);
        const truth = new THREE.Vector3().setFromMatrixPosition(gt.restWorld[k]);
        const hand = new THREE.Vector3(...r.report.joints.find((j) => j.name === name)!.position);
        expect(hand.distanceTo(truth) / H, `${name} from the artist's ${gt.joints[k].name}`).toBeLessThan(0.1);
      }
    }, 30_000);
});
