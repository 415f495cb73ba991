/**
 * A robot's shins widening down to big boots (the Quaternius Robot's cones on flat foot plates): the ankle is
 * at the plate's top, where the forward extent halves, not up the cone where it first falls under 1.4 times
 * the narrow rod's at the knee (biped-ankle.ts, FOOT_TOP_DROP). Before: ankles 8.5 / 5.7% of the height off
 * (fast / pro; the Quaternius Robot's 16%), now 0.6 / 1.1%.
 */
import { describe, expect, it } from 'vitest';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { characterFromBuild } from '../../../shared/rig/synthetic/characters';
import { buildRobot } from '../../../shared/rig/synthetic/robot';
import { heightOf } from '../../eval/metrics';

describe('a shin widening to a boot on a foot plate', () => {
  const c = characterFromBuild('robot-flared-shins', 'biped', buildRobot({ flaredShins: true }), { accessories: false });
  const H = heightOf(c.mesh.positions);
  for (const engine of ['fast', 'pro'] as const)
    it(`${engine}: ankles at the plate's top, knees between`, () => {
      const r = rigMesh(c.mesh, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      for (const key of ['LeftFoot', 'RightFoot', 'LeftLeg', 'RightLeg']) {
        const j = r.report.joints.find((q) => q.name === key)!;
        const k = c.truth.keys.indexOf(key);
        const t = c.truth.positions.subarray(k * 3, k * 3 + 3);
        const err = Math.hypot(j.position[0] - t[0], j.position[1] - t[1], j.position[2] - t[2]) / H;
        expect(err, `${key} ${(100 * err).toFixed(1)}% of H`).toBeLessThan(key.endsWith('Foot') ? 0.03 : 0.04);
      }
    });
});
