/**
 * Aquatic rules on random fish of eval:aquatic-sweep (shared/rig/synthetic/aquatic-sweep.ts), against the
 * truth, % of the longest side:
 * - a forked tail fin's lower lobe counts as joining the head-to-tail path where it comes within that path's
 *   own radius of it (fit-aquatic.ts's meetsWithin), not within 1.5 voxels: on a deep body (seed 14, half as
 *   wide as high) the medial axis is a sheet and the lobe's path ran parallel to the main one, the fork went
 *   unseen and the tail chain ran up the upper lobe (Tail_End 15% off); seed 39 the same with pro (13%).
 */
import { describe, expect, it } from 'vitest';
import { aquaticBody, buildSweepAquatic } from '../../../shared/rig/synthetic/aquatic-sweep';
import type { RigEngine } from '../../../shared/rig/types';
import { sweepJointErrors } from '../../support/sweep-errors';

const errors = (seed: number, engine: RigEngine): Record<string, number> => sweepJointErrors('aquatic', buildSweepAquatic(seed), `aquatic-sweep-${seed}`, engine);

describe('aquatic fit on random fish of the sweep', () => {
  it.each([[14, 'fast'], [39, 'pro']] as const)('a forked tail: the chain ends at the notch, not up a lobe (seed %i, %s)', (seed, engine) => {
    expect(aquaticBody(seed).tail).toBe('fork');
    const e = errors(seed, engine);
    expect(e.Tail_End).toBeLessThan(0.04);
    expect(e.Tail4).toBeLessThan(0.04);
  });
});
