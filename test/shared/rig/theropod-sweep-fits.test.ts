/**
 * Horizontal-biped rules on random theropods of eval:theropod-sweep (shared/rig/synthetic/theropod-sweep.ts),
 * against the truth, % of the longest side:
 * - a level tail whose tip stands up to 0.15 H above the pelvis root the fit finds is a tail (biped-tail.ts's
 *   TAIL_MAX_RISE, was 0.05): seeds 29 and 37 had no tail chain at all;
 * - arms with no hand found tucked under the chest (biped-horizontal.ts's tuckArmUnderChest), not held out in
 *   an upright adult's T-pose: seeds 18 and 34 (arms 0.07-0.1 of the height) had their hands 31-32% off and
 *   four joints outside the mesh;
 * - a hand at least a torso radius ahead of the torso's centre (biped-horizontal.ts's HAND_AHEAD, session 23):
 *   seeds 91 and 158 (arms 0.10-0.13 of the hip height) had the torso's flanks for hands, 23-34% off, and the
 *   spine dragged back after them;
 * - a foot stands off the mid-plane (fit-biped.ts's FOOT_SIDE_REACH, session 26): seeds 2 and 8 with their tails
 *   let down to the floor had the tail's tip for the right foot, the right leg 38-44% off.
 */
import { describe, expect, it } from 'vitest';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { buildSweepTheropod } from '../../../shared/rig/synthetic/theropod-sweep';
import { characterFromBuild } from '../../../shared/rig/synthetic/characters';
import { sweepJointErrors } from '../../support/sweep-errors';

describe('biped fit on random theropods of the sweep (fast)', () => {
  it.each([29, 37])('a level tail is a tail (seed %i)', (seed) => {
    const e = sweepJointErrors('biped', buildSweepTheropod(seed), `theropod-sweep-${seed}`);
    expect(e.Tail).toBeDefined();
    expect(e.Tail_End).toBeLessThan(0.03);
  });

  it.each([18, 34])('tiny arms with no hand found stay in the body, near the real ones (seed %i)', (seed) => {
    const c = characterFromBuild(`theropod-sweep-${seed}`, 'biped', buildSweepTheropod(seed), { accessories: false });
    const r = rigMesh(c.mesh, { rigType: 'biped', engine: 'fast', rotationY: 0, boneNaming: 'mixamo', fingers: false });
    expect(r.report.checks.map((k) => k.code)).not.toContain('outside');
    const e = sweepJointErrors('biped', buildSweepTheropod(seed), `theropod-sweep-${seed}`);
    for (const k of ['LeftArm', 'LeftForeArm', 'LeftHand', 'RightHand']) expect(e[k], k).toBeLessThan(0.1);
  });

  it.each([2, 8])('a tail dragged on the floor is no foot (seed %i, tail let down)', (seed) => {
    const e = sweepJointErrors('biped', buildSweepTheropod(seed, { tailToFloor: true }), `theropod-sweep-${seed}-floor-tail`);
    for (const k of ['RightFoot', 'RightToeBase', 'RightLeg', 'LeftFoot']) expect(e[k], k).toBeLessThan(0.05);
  });

  it.each([91, 158])('tiny arms under the chest are the hands, not the torso\'s flanks (seed %i)', (seed) => {
    const e = sweepJointErrors('biped', buildSweepTheropod(seed), `theropod-sweep-${seed}`);
    for (const k of ['LeftHand', 'RightHand', 'LeftForeArm', 'RightForeArm', 'Spine2']) expect(e[k], k).toBeLessThan(0.05);
  });
});
