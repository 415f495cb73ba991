/**
 * Avian rules on random birds of eval:avian-sweep (shared/rig/synthetic/avian-sweep.ts), each against the
 * anatomical truth, % of the longest side:
 * - the torso found on a leg's path when a head thicker than the body held the centre (torso-on-leg.ts):
 *   seed 10 (head 1.15 times the body's radius, an upright body on a long neck) had its tail chain run up the
 *   neck (Tail 71% off) and seed 17 (1.1 times) its Tail 56% off.
 */
import { describe, expect, it } from 'vitest';
import { avianBody, buildSweepAvian } from '../../../shared/rig/synthetic/avian-sweep';
import { sweepJointErrors } from '../../support/sweep-errors';

const errors = (seed: number): Record<string, number> => sweepJointErrors('avian', buildSweepAvian(seed), `avian-sweep-${seed}`);

describe('avian fit on random birds of the sweep (fast)', () => {
  it.each([10, 17])('a head thicker than the body: spine and tail in the body, not up the neck (seed %i)', (seed) => {
    expect(avianBody(seed).headR).toBeGreaterThan(avianBody(seed).bodyR);
    const e = errors(seed);
    for (const k of ['Tail', 'Tail1', 'Hips', 'Head']) expect(e[k], k).toBeLessThan(0.06);
  });
});
