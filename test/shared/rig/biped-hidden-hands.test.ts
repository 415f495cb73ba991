/**
 * Hands with no extremity of their own (shared/rig/biped-hidden-hands.ts): a big head's bumps take the
 * skeleton's extremities before a lowered fist gets one, the fit takes bumps of the head for hands, and a
 * hand lands above its shoulder. The skeleton is grown further, the extra extremities offered to the hands
 * only; the second fit is kept when its hands hang and its shoulders are no higher.
 */
import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { refitHiddenHands } from '../../../shared/rig/biped-hidden-hands';
import type { FitResult } from '../../../shared/rig/fit-common';
import { characterFromBuild } from '../../../shared/rig/synthetic/characters';
import { BLOCKS, buildBlockToy } from '../../../shared/rig/synthetic/blocks';
import { readCorpusRig } from '../../eval/corpus-gltf';
import { corpusRoleNodes } from '../../eval/corpus-semantic';
import { heightOf } from '../../eval/metrics';
import { armsFrame, armsOf, dominantJoints, lowering } from '../../eval/posed';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { buildSweepBiped, sweepBody } from '../../../shared/rig/synthetic/biped-sweep';
import { semanticError } from '../../eval/semantic-error';

const KEYS = ['LeftArm', 'LeftForeArm', 'LeftHand', 'RightArm', 'RightForeArm', 'RightHand'];

/** A fit holding only arm joints: shoulders at `shoulderY`, hands at `handY` (x mirrored). */
function armsFit(shoulderY: number, handY: number): FitResult {
  const positions = new Float64Array(KEYS.length * 3);
  KEYS.forEach((k, j) => {
    const sx = k.startsWith('Left') ? 1 : -1;
    const y = k.endsWith('Hand') ? handY : k.endsWith('ForeArm') ? (shoulderY + handY) / 2 : shoulderY;
    positions.set([sx * (k.endsWith('Arm') && !k.endsWith('ForeArm') ? 0.15 : 0.2), y, 0], j * 3);
  });
  return { names: KEYS, keys: KEYS, parents: new Int32Array([-1, 0, 1, -1, 3, 4]), roles: KEYS.map(() => ''), deform: KEYS.map(() => true), positions, leafTips: new Map(), warnings: [], facingDeg: null };
}

describe('refitHiddenHands', () => {
  it('keeps a fit whose hands are level with or below the shoulders, without growing the skeleton again', () => {
    for (const first of [armsFit(0.5, 0.5), armsFit(0.5, 0.3)]) {
      let grown = 0;
      expect(refitHiddenHands(first, () => (grown++, armsFit(0.45, 0.2)), 1)).toBe(first);
      expect(grown).toBe(0);
    }
  });

  it('takes the second fit when its hands hang and its shoulders are no higher, and says the arms were repaired', () => {
    const taken = refitHiddenHands(armsFit(0.5, 0.6), () => armsFit(0.45, 0.2), 1);
    expect(taken.positions).toEqual(armsFit(0.45, 0.2).positions);
    const doubt = taken.doubts!.find((d) => d.code === 'arms_down')!;
    expect(doubt.joints).toEqual(KEYS);
    expect(doubt.message).toMatch(/hands were found among the smaller extremities/);
    expect(taken.doubtConfidence!.get('RightHand')).toBeLessThan(0.7);
  });

  it('keeps the first fit, with a doubt on the arms, when the second does not hang or climbs higher', () => {
    for (const second of [armsFit(0.45, 0.43), armsFit(0.6, 0.3)]) {
      const kept = refitHiddenHands(armsFit(0.5, 0.6), () => second, 1);
      expect(kept.positions).toEqual(armsFit(0.5, 0.6).positions);
      const doubt = kept.doubts!.find((d) => d.code === 'arms_down')!;
      expect(doubt.joints).toEqual(KEYS);
      expect(doubt.message).toMatch(/left and right hands were fitted above the shoulder/);
      expect(kept.doubtConfidence!.get('LeftHand')).toBeLessThan(0.7);
    }
  });
});

describe('a block toy with tufts of hair and its arms 70 degrees down', () => {
  // 16 tufts take the 16 extremities before either fist. Before: the fast fit's hands at 0.46 of the
  // height, 0.04 above the shoulders, on the head's bumps.
  it('fast: each hand on its arm, in the arm\'s lower half', () => {
    const c = characterFromBuild('blocks-tufts', 'biped', buildBlockToy({ armsDownDeg: 70, headTufts: 16 }), { accessories: false });
    const r = rigMesh(c.mesh, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    const a = (70 * Math.PI) / 180;
    for (const [S, sx] of [['Left', 1], ['Right', -1]] as const) {
      const hand = r.report.joints.find((j) => j.name === `${S}Hand`)!.position;
      // Distance from the arm's axis: the pivot (sx * armIn, armY) along (sx * cos a, -sin a).
      const dx = hand[0] - sx * BLOCKS.armIn, dy = hand[1] - BLOCKS.armY;
      const along = dx * sx * Math.cos(a) - dy * Math.sin(a);
      const across = Math.abs(dx * Math.sin(a) + dy * sx * Math.cos(a));
      expect(across, `${S} hand off the arm's axis`).toBeLessThan(0.03);
      expect(along, `${S} hand along the arm`).toBeGreaterThan((BLOCKS.armOut - BLOCKS.armIn) / 2);
    }
  });
});

describe('a block toy holding its arms up 20 degrees', () => {
  // A hand above its shoulder is also what arms held up look like: the second fit's hands do not hang, so
  // the first fit stays; the report still asks to check the arms (a false alarm on such a pose).
  for (const engine of ['fast', 'pro'] as const)
    it(`${engine}: hands kept at the arms' ends, the arms flagged`, () => {
      const c = characterFromBuild('blocks-up', 'biped', buildBlockToy({ armsDownDeg: -20 }), { accessories: false });
      const r = rigMesh(c.mesh, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      const a = (-20 * Math.PI) / 180;
      for (const [S, sx] of [['Left', 1], ['Right', -1]] as const) {
        const hand = r.report.joints.find((j) => j.name === `${S}Hand`)!.position;
        const dx = hand[0] - sx * BLOCKS.armIn, dy = hand[1] - BLOCKS.armY;
        expect(Math.abs(dx * Math.sin(a) + dy * sx * Math.cos(a)), `${S} hand off the arm's axis`).toBeLessThan(0.03);
        expect(dx * sx * Math.cos(a) - dy * Math.sin(a), `${S} hand along the arm`).toBeGreaterThan(0.5 * (BLOCKS.armOut - BLOCKS.armIn));
      }
      expect(r.report.checks.some((k) => k.code === 'arms_down' && /fitted above the shoulder/.test(k.message))).toBe(true);
      expect(r.report.verdict).toBe('check');
    });
});

describeWithCorpus('KayKit Knight and Barbarian with their arms lowered 70 degrees', () => {
  // Their helmets', horns' and capes' bumps take the extremities. Before: hands 41.6% (Knight, fast) and
  // 28.6% (Barbarian, pro) of the height from the artist's, up at the head's base; after 2.0% and 1.1%.
  for (const [name, engine] of [['Knight', 'fast'], ['Barbarian', 'pro']] as const)
    it(`${name} ${engine}: hands within 5% of the height of the artist's`, async () => {
      const gt = await readCorpusRig(corpusPath(`characters/kaykit/${name}.glb`));
      const rest = gt.restWorldOf();
      const roles = corpusRoleNodes(gt);
      const arms = armsOf(gt, roles, rest, dominantJoints(gt));
      const frame = armsFrame(gt, rest, arms.map((arm) => ({ arm, radians: lowering(arm, 70)! })));
      const positions = new Float32Array(gt.positions.length);
      gt.skinOf(frame, positions);
      const r = rigMesh({ positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      const H = heightOf(gt.positions);
      for (const role of ['left_hand', 'right_hand']) {
        const truth = new THREE.Vector3().setFromMatrixPosition(frame.get(roles.get(role)!)!);
        const fitted = new THREE.Vector3(...r.report.joints.find((j) => j.role === role)!.position);
        expect(truth.distanceTo(fitted) / H, role).toBeLessThan(0.05);
      }
    });
});

/**
 * No extremity for either hand: a chibi's short arms hanging 80 degrees against its body stand out less
 * than its head's bumps (eval:rig-sweep seed 43). The first fit placed both arms by adult proportion, in
 * the air beside the head (semantic fast 18.2%, two joints outside); a missing hand asks for the extra
 * extremities as a hand above its shoulder does. Since session 19 that fast fit, which still has a bone of
 * almost no length, is fitted again on the pro grid (second-grid.ts), where the hanging arms are found
 * against the body; either way the hands are found and the report says how.
 */
describe('a chibi whose hanging arms got no extremity (random body 43 of the sweep)', () => {
  it('finds the hands (among more extremities, or on the other grid) and says how, with no joint outside the body', () => {
    expect(sweepBody(43).chibi).toBeGreaterThan(0.9);
    expect(sweepBody(43).spec.armDownDeg).toBeGreaterThan(75);
    const c = characterFromBuild('sweep-43', 'biped', buildSweepBiped(43, false), { accessories: false });
    const r = rigMesh(c.mesh, { rigType: 'biped', engine: 'fast', rotationY: 0, boneNaming: 'mixamo', fingers: false });
    const s = semanticError(r, c, heightOf(c.mesh.positions));
    for (const k of ['LeftHand', 'RightHand']) expect(s.perJoint[k], k).toBeLessThan(0.06);
    expect(s.mean).toBeLessThan(0.04);
    expect(r.report.warnings.join(' ')).toMatch(/found no hand|arms hang at the sides/);
    expect(r.report.warnings.filter((w) => w.startsWith('outside'))).toEqual([]);
    expect(r.report.verdict).toBe('check');
  });
});
