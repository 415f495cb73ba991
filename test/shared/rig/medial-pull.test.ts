import { describe, expect, it } from 'vitest';
import { medialPullK } from '../../../shared/rig/medial-pull';
import { makeGrid } from '../../../shared/rig/grid';
import { ENGINE } from '../../../shared/rig/skin-state';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { syntheticCharacter } from '../../../shared/rig/synthetic/characters';
import { jointAt } from '../../support/piece-mesh';

describe('medial pull in body units (medial-pull.ts)', () => {
  it("keeps fast's k and scales pro's by the square of the resolution", () => {
    const k = (engine: 'fast' | 'pro'): number => medialPullK(makeGrid([0, 0, 0], [1, 0.6, 0.4], ENGINE[engine].resolution));
    expect(k('fast')).toBeCloseTo(6, 9);
    expect(k('pro')).toBeCloseTo(6 * (144 / 80) ** 2, 6);
  });

  it("puts the synthetic bird's pro shoulders where fast's and the truth's are", () => {
    // With k fixed in voxels pro pulled 3.2 times more weakly: the wing's path cut through the torso and its
    // root (where the radius grows into the body) was found 0.035 of the size inside it (Wing1 4.4% of the
    // size from the truth; fast 2.7%). Synthetic avian pro CD-J2J 1.59 -> 1.06%.
    const c = syntheticCharacter('avian', { pose: 'T', scale: 1, rotationY: 0, accessories: true });
    const r = rigMesh(c.mesh, { rigType: 'avian', engine: 'pro', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    for (const S of ['Left', 'Right']) {
      const k = c.truth.keys.indexOf(`${S}Wing1`);
      const truth = Array.from(c.truth.positions.subarray(k * 3, k * 3 + 3));
      const p = jointAt(r, `${S}Wing1`);
      expect(Math.hypot(p[0] - truth[0], p[1] - truth[1], p[2] - truth[2])).toBeLessThan(0.03);
    }
  });
});
