/**
 * The posed variants of eval:rig-posed (posed.ts) on the KayKit Knight (T-pose, hand joints): a turn of
 * 0 reproduces the rest mesh, the lowered arm reaches its target angle, and the hand's skin moves with the
 * hand joint.
 */
import { expect, it } from 'vitest';
import * as THREE from 'three';
import { corpusPath, describeWithCorpus } from '../support/corpus';
import { readCorpusRig } from './corpus-gltf';
import { corpusRoleNodes } from './corpus-semantic';
import { armsFrame, armsOf, dominantJoints, elevationDeg, lowering, nearestVertexDistance } from './posed';

describeWithCorpus('posed corpus variants', () => {
  it('turn the Knight\'s arms about the shoulder without tearing the skin from the hands', async () => {
    const gt = await readCorpusRig(corpusPath('characters/kaykit/Knight.glb'));
    const roleNode = corpusRoleNodes(gt);
    const rest = gt.restWorldOf();
    const dominant = dominantJoints(gt);
    const arms = armsOf(gt, roleNode, rest, dominant);
    expect(arms.map((a) => a.side)).toEqual(['left', 'right']);
    const out = new Float32Array(gt.positions.length);
    gt.skinOf(armsFrame(gt, rest, arms.map((arm) => ({ arm, radians: 0 }))), out);
    let worst = 0;
    for (let i = 0; i < out.length; i++) worst = Math.max(worst, Math.abs(out[i] - gt.positions[i]));
    expect(worst).toBeLessThan(1e-5);

    const frame = armsFrame(gt, rest, arms.map((arm) => ({ arm, radians: lowering(arm, 70)! })));
    gt.skinOf(frame, out);
    const at = (m: THREE.Matrix4): THREE.Vector3 => new THREE.Vector3().setFromMatrixPosition(m);
    for (const a of arms) {
      expect(elevationDeg(at(frame.get(a.node)!), at(frame.get(a.endNode!)!))).toBeCloseTo(70, 6);
      const hand = a.endNode!;
      const onArm = (v: number): boolean => a.subtree.has(dominant[v]);
      const gap = (pos: Float32Array, m: THREE.Matrix4): number => nearestVertexDistance(pos, at(m), onArm);
      expect(Math.abs(gap(out, frame.get(hand)!) - gap(gt.positions, rest.get(hand)!))).toBeLessThan(1e-4);
    }
  }, 60_000);
});
