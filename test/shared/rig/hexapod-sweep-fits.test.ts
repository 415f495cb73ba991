/**
 * Multileg rules on random insects of eval:hexapod-sweep (shared/rig/synthetic/hexapod-sweep.ts), against the
 * truth, % of the longest side:
 * - the head's tip reaches at least END_REACH of the way to where the body's axis leaves the volume in front:
 *   seed 19 (a grasshopper with folded wings, antennae pointing forward) had a bump under its thorax taken for
 *   the head (Head_End 21% off), seed 17 the same (18%);
 * - legs ordered front to back by their tips, not their roots: seed 22 (a thin thorax, long legs) had its
 *   middle and hind legs swapped with pro (hind knee 14% off, two joints outside);
 * - a bump taken for a leg gives way to a raised limb (fit-multileg.ts's LEG_BUMP, RAISED_LEG): seeds 39 and 60,
 *   mantises, had two bumps under the abdomen for front legs (front leg tips 53-58% off); seeds 14 and 206,
 *   mantises whose folded front legs stand out only 2.3-3.2 times (RAISED_LEG 3 -> 2, session 23), the same
 *   (front leg tips 30 and 50% off);
 * - a leg's hip inside the body on the femur's line, HIP_OFF body radii from the mid-line (session 26): at the
 *   path's entry into the body the hips sat at the skin, seed 8's hind hips 9.4 / 8.7% off (fast / pro),
 *   its middle hips 5.0 / 4.6%; now 5.9 / 4.7% and 2.5 / 1.9%.
 */
import { describe, expect, it } from 'vitest';
import { buildSweepHexapod, hexapodBody } from '../../../shared/rig/synthetic/hexapod-sweep';
import type { RigEngine } from '../../../shared/rig/types';
import { sweepJointErrors } from '../../support/sweep-errors';

const errors = (seed: number, engine: RigEngine): Record<string, number> => sweepJointErrors('hexapod', buildSweepHexapod(seed), `hexapod-sweep-${seed}`, engine);

describe('hexapod fit on random insects of the sweep', () => {
  it.each([19, 17])('a bump under the thorax is no head: Head_End at the head\'s front (seed %i, fast)', (seed) => {
    expect(errors(seed, 'fast').Head_End).toBeLessThan(0.04);
  });

  it('crowded leg roots: the middle and hind legs keep their names (seed 22, pro)', () => {
    const e = errors(22, 'pro');
    for (const k of ['LeftLeg2Knee', 'LeftLeg2Ankle', 'LeftLeg3Ankle', 'LeftLeg3_End']) expect(e[k], k).toBeLessThan(0.04);
  });

  it.each([39, 60])('a mantis\'s raised front legs are its front legs, not bumps under the abdomen (seed %i, fast)', (seed) => {
    expect(hexapodBody(seed).raptorial).toBe(true);
    const e = errors(seed, 'fast');
    for (const k of ['LeftLeg1Knee', 'LeftLeg1_End', 'RightLeg1_End']) expect(e[k], k).toBeLessThan(0.06);
  });

  it.each<[RigEngine, number]>([['fast', 0.065], ['pro', 0.05]])('hips inside the body, not at its skin: every hip within reach of the truth (seed 8, %s)', (engine, within) => {
    const e = errors(8, engine);
    for (const k of ['LeftLeg1Hip', 'LeftLeg2Hip', 'LeftLeg3Hip', 'RightLeg3Hip']) expect(e[k], k).toBeLessThan(within);
    expect(e.LeftLeg2Hip).toBeLessThan(0.03);
  });

  it.each([14, 206])('a mantis\'s tightly folded front legs are its front legs too (seed %i, fast)', (seed) => {
    expect(hexapodBody(seed).raptorial).toBe(true);
    const e = errors(seed, 'fast');
    for (const k of ['LeftLeg1_End', 'RightLeg1_End', 'LeftLeg2_End', 'LeftLeg3_End']) expect(e[k], k).toBeLessThan(0.04);
  });
});
