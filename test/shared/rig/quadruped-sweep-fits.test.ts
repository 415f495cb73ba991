/**
 * Session 19's quadruped rules on random bodies of eval:quadruped-sweep (shared/rig/synthetic/quadruped-sweep.ts),
 * each against the anatomical truth, % of the longest side:
 * - the Head at the skull's base and the Neck at the neck's base (quadruped-neck.ts): seed 40, a neck 0.7 body
 *   lengths long, had its Head 6.7% and its Neck 12.8% off at the old fixed shares of the head's path;
 * - a leg's root found on the leg, not on the body its path runs on through (legStretch in fit-quadruped.ts):
 *   seed 21, hind legs 0.27 of its length, had its hip joints 42.6% off, up the body at the front legs;
 * - a leg traced as folded only through exactly two corners (fit-quadruped.ts): seed 55, a fat body whose flank
 *   bumps joined its hind legs' paths (five each), had its hind feet 29% off in the body.
 */
import { describe, expect, it } from 'vitest';
import { buildSweepQuadruped, quadrupedBody } from '../../../shared/rig/synthetic/quadruped-sweep';
import { sweepJointErrors } from '../../support/sweep-errors';

const errors = (seed: number): Record<string, number> => sweepJointErrors('quadruped', buildSweepQuadruped(seed), `quadruped-sweep-${seed}`);

describe('quadruped fit on random bodies of the sweep (fast)', () => {
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
});
