/**
 * The `others` fit on a blob creature (a dome on the ground, two stubby arms, a flared rim at its base: the
 * Quaternius Slime's build): a trunk from the ground up through the body, arm chains from the body's
 * surface, and no chain for the rim's lobes.
 */
import { describe, expect, it } from 'vitest';
import { capsule, lathe } from '../../../shared/rig/synthetic/shapes';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { jointAt, onePartMesh } from '../../support/piece-mesh';

describe('others fit on a blob with stubby arms', () => {
  // Dome 1.0 tall, 0.5 in radius at its widest, flaring out to a 0.62-wide rim at the ground (elliptic:
  // wider in x than in z, so the rim's x ends stand out as extremities); arms out along z at 0.45.
  const dome = lathe([0, 0, 0], [[1.0, 0.02], [0.95, 0.22], [0.8, 0.38], [0.6, 0.46], [0.4, 0.5], [0.2, 0.53], [0.06, 0.55], [0, 0.54]], 0.8);
  const arms = [capsule([0, 0.45, 0.3], [0, 0.55, 0.72], 0.07, 0.05), capsule([0, 0.45, -0.3], [0, 0.55, -0.72], 0.07, 0.05)];
  const r = rigMesh(onePartMesh([dome, ...arms]), { rigType: 'others', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
  const names = r.report.joints.map((j) => j.name);

  it('roots the rig on the ground under the body and runs a trunk up through it', () => {
    const root = jointAt(r, 'Root');
    expect(root[1]).toBeLessThan(0.05);
    expect(Math.hypot(root[0], root[2])).toBeLessThan(0.05);
    const trunk = names.filter((n) => n.startsWith('Trunk_') && n !== 'Trunk_End').map((n) => jointAt(r, n));
    expect(trunk.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < trunk.length; i++) expect(trunk[i][1]).toBeGreaterThan(trunk[i - 1][1]);
    expect(jointAt(r, 'Trunk_End')[1]).toBeGreaterThan(0.9);
  });

  it('gives each arm a chain of at least three joints starting at the body surface, and the rim none', () => {
    const chains = new Set(names.filter((n) => /^Branch\d+_1$/.test(n)).map((n) => n.slice(0, 8)));
    expect(chains.size).toBe(2);
    for (const c of chains) {
      const first = jointAt(r, `${c}_1`);
      // The dome is 0.46 * 0.8 = 0.37 deep at the arms' height: the chain starts near there, not at the centre.
      expect(Math.abs(first[2])).toBeGreaterThan(0.28);
      expect(names.filter((n) => n.startsWith(`${c}_`) && n !== `${c}_End`).length).toBeGreaterThanOrEqual(3);
    }
  });
});
