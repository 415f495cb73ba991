/**
 * Session 19's quadruped rules on random bodies of eval:quadruped-sweep (shared/rig/synthetic/quadruped-sweep.ts),
 * each against the anatomical truth, % of the longest side:
 * - the Head at the skull's base and the Neck at the neck's base (quadruped-neck.ts): seed 40, a neck 0.7 body
 *   lengths long, had its Head 6.7% and its Neck 12.8% off at the old fixed shares of the head's path;
 * - a leg's root found on the leg, not on the body its path runs on through (legStretch in fit-quadruped.ts):
 *   seed 21, hind legs 0.27 of its length, had its hip joints 42.6% off, up the body at the front legs;
 * - a leg traced as folded only through exactly two corners (fit-quadruped.ts): seed 55, a fat body whose flank
 *   bumps joined its hind legs' paths (five each), had its hind feet 29% off in the body.
 * Session 20:
 * - the torso found on the front leg's path when a head thicker than the body holds the centre
 *   (torso-on-leg.ts): seed 2 with its head 1.1 times as thick as its body (a chibi's) had its hips and hind
 *   legs 52-55% off (17.6% over the body), up the neck; seed 20 the same, hips 54% off.
 * Session 23:
 * - a fold's heel lies below where the leg enters the body (fit-quadruped.ts): two flank bumps above the root
 *   joined one thick zig-zag leg of seeds 43, 47 and 54 and were taken for a fold; feet 14-22% off, in the body;
 * - a leg's upper joint at least half its knee's distance from the mid-plane out (HIP_OVER_KNEE): seed 48's
 *   short fat hind legs had the left hip joint on the right of the mid-plane, 8.1% off.
 * Session 24:
 * - a short head on a steep neck centred across the head's path, not on the vertical line that runs on down
 *   the neck (skullCentre, mid-height.ts): seeds 9, 25 and 31 had their Head 8.8-17.6% off, down the neck.
 * Session 26:
 * - a quadruped rigged turned round is told so by its toes (TOES_BACK, fit-quadruped.ts): its head is the
 *   frontmost end by construction, so the report never warned; facing the right way it does not warn;
 * - a tail lying on the floor is no leg (LEG_SIDE_REACH, fit-quadruped.ts): seeds 18 and 20 with their tails
 *   let down to the floor (as 0 A.D.'s fox holds its brush) had a foot 20-22% off, fitted under the belly.
 */
import { describe, expect, it } from 'vitest';
import { buildSweepQuadruped, quadrupedBody } from '../../../shared/rig/synthetic/quadruped-sweep';
import { sweepJointErrors } from '../../support/sweep-errors';
import { characterFromBuild } from '../../../shared/rig/synthetic/characters';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import type { RigEngine } from '../../../shared/rig/types';

const errors = (seed: number): Record<string, number> => sweepJointErrors('quadruped', buildSweepQuadruped(seed), `quadruped-sweep-${seed}`);
/** The seed's body with its head `k` times as thick as the body (as eval:quadruped-sweep --head-scale). */
function bigHeadErrors(seed: number, k: number): Record<string, number> {
  const q = quadrupedBody(seed), headR = k * Math.max(q.frontR, q.hindR);
  return sweepJointErrors('quadruped', buildSweepQuadruped(seed, { headR, headLen: Math.max(q.headLen, 2.2 * headR) }), `quadruped-sweep-${seed}-head-${k}`);
}

describe('quadruped fit on random bodies of the sweep (fast)', () => {
  it.each([9, 25, 31])('a short head on a steep neck: the Head in the skull, not down the neck (seed %i)', (seed) => {
    expect(errors(seed).Head).toBeLessThan(0.08);
  });

  it('a long neck: the Head at the skull\'s base and the Neck at the neck\'s base (seed 40)', () => {
    expect(quadrupedBody(40).neckLen / quadrupedBody(40).bodyLen).toBeGreaterThan(0.6);
    const e = errors(40);
    expect(e.Head).toBeLessThan(0.03);
    expect(e.Neck).toBeLessThan(0.03);
  });

  it('short hind legs under a long body: the hip joints over the hind legs, not up the body (seed 21)', () => {
    expect(quadrupedBody(21).hindY / quadrupedBody(21).bodyLen).toBeLessThan(0.3);
    const e = errors(21);
    for (const k of ['LeftBackUpperLeg', 'RightBackUpperLeg', 'Hips']) expect(e[k], k).toBeLessThan(0.1);
  });

  it('a fat body\'s flank bumps are no fold of its legs: the hind feet at the hocks (seed 55)', () => {
    const e = errors(55);
    for (const k of ['LeftBackFoot', 'RightBackFoot', 'LeftBackLowerLeg', 'RightBackLowerLeg']) expect(e[k], k).toBeLessThan(0.08);
  });

  it.each([2, 20])('a head thicker than the body: hips, hind legs and tail in the body, not up the neck (seed %i)', (seed) => {
    const e = bigHeadErrors(seed, 1.1);
    for (const k of ['Hips', 'LeftBackUpperLeg', 'RightBackUpperLeg', 'Tail', 'Spine2']) expect(e[k], k).toBeLessThan(0.06);
  });

  it.each([
    [43, 'LeftFront'],
    [47, 'RightBack'],
    [54, 'LeftFront'],
  ])('two flank bumps above a thick leg\'s root are no fold: the feet at the ankle, not up in the body (seed %i)', (seed, leg) => {
    const e = errors(seed);
    for (const k of ['Foot', 'LowerLeg']) expect(e[`${leg}${k}`], `${leg}${k}`).toBeLessThan(0.07);
  });

  it.each<[number, RigEngine]>([[2, 'fast'], [30, 'pro']])('rigged turned round, the report says to rig it with rotation_y 0 (seed %i, %s)', (seed, engine) => {
    const c = characterFromBuild(`quadruped-sweep-${seed}`, 'quadruped', buildSweepQuadruped(seed), { accessories: false });
    const facing = (rotationY: number): string[] => rigMesh(c.mesh, { rigType: 'quadruped', engine, rotationY, fingers: false, boneNaming: 'mixamo' }).report.warnings.filter((w) => w.includes('seems to face'));
    expect(facing(180)).toEqual([expect.stringContaining('rotation_y=0 so it faces +Z')]);
    expect(facing(0)).toEqual([]);
  });

  it.each([18, 20])('a tail lying on the floor is no leg: the four feet on the feet (seed %i, tail let down)', (seed) => {
    const e = sweepJointErrors('quadruped', buildSweepQuadruped(seed, { tailToFloor: true }), `quadruped-sweep-${seed}-floor-tail`);
    for (const k of ['LeftFrontFoot', 'RightFrontFoot', 'LeftBackFoot', 'RightBackFoot']) expect(e[k], k).toBeLessThan(0.05);
  });

  it('short fat hind legs: the hip joints over their knees, each on its own side (seed 48)', () => {
    const e = errors(48);
    for (const k of ['LeftBackUpperLeg', 'RightBackUpperLeg']) expect(e[k], k).toBeLessThan(0.05);
  });
});
