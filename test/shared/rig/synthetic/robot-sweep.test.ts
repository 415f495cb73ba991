/**
 * The random robots of eval:rig-sweep --robots are what they claim to be: the seed's capsule body's joints
 * (the biped template's), rebuilt of rigid blocks that stand on the floor, each block a gap short of the
 * joint it hinges (0-3% of the height, a quarter of the seeds with none), and orientedBox a closed box of
 * the asked length and thickness.
 */
import { describe, expect, it } from 'vitest';
import { buildSweepRobot, robotGap } from '../../../../shared/rig/synthetic/robot-sweep';
import { orientedBox } from '../../../../shared/rig/synthetic/shapes';
import { buildSweepBiped } from '../../../../shared/rig/synthetic/biped-sweep';
import { characterFromBuild } from '../../../../shared/rig/synthetic/characters';
import { bipedTemplate } from '../../../../shared/rig/templates/biped';
import { lowestY } from '../../../support/synthetic-truth';

describe('random robots of the sweep', () => {
  it('keep the capsule body\'s joints and stand on the floor', () => {
    for (const seed of [1, 7, 30]) {
      const robot = buildSweepRobot(seed), capsules = buildSweepBiped(seed, true);
      expect(new Set(Object.keys(robot.joints))).toEqual(new Set(bipedTemplate(false).joints.map((j) => j.key)));
      for (const k of Object.keys(robot.joints)) expect(robot.joints[k], k).toEqual(capsules.joints[k]);
      const c = characterFromBuild(`r${seed}`, 'biped', robot, { accessories: false });
      expect(Math.abs(lowestY(c.mesh.positions))).toBeLessThan(1e-9);
    }
  });

  it('draw gaps of 0-3% of the height, none on about a quarter of the seeds', () => {
    const gaps = Array.from({ length: 100 }, (_, i) => robotGap(i + 1));
    expect(Math.min(...gaps)).toBe(0);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(0.03);
    const none = gaps.filter((g) => g === 0).length;
    expect(none).toBeGreaterThan(10);
    expect(none).toBeLessThan(40);
  });

  it('orientedBox is a box along a-b, shortened by the gaps, of the asked half-thickness', () => {
    const b = orientedBox([0, 0, 0], [1, 1, 0], 0.1, 0.2, 0.1, 0.2);
    const L = Math.SQRT2;
    const along: number[] = [], across: number[] = [];
    for (let i = 0; i < b.positions.length; i += 3) {
      const [x, y, z] = [b.positions[i], b.positions[i + 1], b.positions[i + 2]];
      along.push((x + y) / Math.SQRT2);
      across.push(Math.abs(x - y) / Math.SQRT2);
      expect(Math.abs(z)).toBeCloseTo(0.2, 9);
    }
    expect(Math.min(...along)).toBeCloseTo(0.1, 9);
    expect(Math.max(...along)).toBeCloseTo(L - 0.2, 9);
    for (const a of across) expect(a).toBeCloseTo(0.1, 9);
    expect(b.indices.length).toBe(36);
  });
});
