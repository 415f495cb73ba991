/**
 * The crotch of a chibi robot whose blocks stand 2-3% of the height apart (biped-crotch.ts, aboveBridges):
 * the gap between its chest and its big head, beside the thin neck and walled by a shoulder block, is no
 * space between the legs, whose own paths have joined far below it. Before the legs' paths were asked,
 * the crotch climbed to the head's base and the hip joints went 0.29-0.34 H high (robot sweep seeds 64 and
 * 71: Hips 28-34% of the height off, with both engines).
 */
import { describe, it } from 'vitest';
import { characterFromBuild } from '../../../shared/rig/synthetic/characters';
import { buildSweepRobot } from '../../../shared/rig/synthetic/robot-sweep';
import { expectBipedJointsNearTruth } from '../../support/synthetic-truth';

describe('the crotch of a big-headed robot with wide gaps', () => {
  for (const seed of [64, 71]) {
    const c = characterFromBuild(`robot-${seed}`, 'biped', buildSweepRobot(seed), { accessories: false });
    for (const engine of ['fast', 'pro'] as const)
      it(`robot sweep seed ${seed}, ${engine}: the hips over the legs, not at the head's base`, () => {
        expectBipedJointsNearTruth(c, engine, ['Hips', 'LeftUpLeg', 'RightUpLeg'], 0.04);
      });
  }
});
