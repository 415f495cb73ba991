/**
 * Avian rules on random birds of eval:avian-sweep (shared/rig/synthetic/avian-sweep.ts), each against the
 * anatomical truth, % of the longest side:
 * - the torso found on a leg's path when a head thicker than the body held the centre (torso-on-leg.ts):
 *   seed 10 (head 1.15 times the body's radius, an upright body on a long neck) had its tail chain run up the
 *   neck (Tail 71% off) and seed 17 (1.1 times) its Tail 56% off.
 * - a round wing's shoulder on its upper arm's axis (wing-shoulder.ts): wings swept back 36-50 degrees or
 *   lowered 17-42 degrees meet the body at a glancing angle, and the shoulders and chest followed the path's
 *   turn into the body near the elbow (seeds 6, 40, 46 fast: Wing1 7.2-11.5%, Spine1 6.2-12.2% off; now
 *   1.6-3.2% and 1.4-3.6%).
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

  it.each([6, 40, 46])('a swept or lowered round wing: shoulders on the upper arm, the chest between them (seed %i)', (seed) => {
    const q = avianBody(seed);
    expect(q.wingSweep > 30 || q.wingDrop > 15).toBe(true);
    const e = errors(seed);
    for (const k of ['LeftWing1', 'RightWing1', 'Spine1']) expect(e[k], k).toBeLessThan(0.045);
  });
});
