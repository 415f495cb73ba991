/**
 * fit-aquatic.ts on creatures the corpus lacks (synthetic/creatures.ts): an anglerfish whose lure reaches
 * in front of its mouth, and a manta whose front ends in two cephalic lobes.
 */
import { describe, expect, it } from 'vitest';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import type { RigEngine } from '../../../shared/rig/types';
import { characterFromBuild } from '../../../shared/rig/synthetic/characters';
import { buildCreature } from '../../../shared/rig/synthetic/creatures';
import type { Creature } from '../../../shared/rig/synthetic/creatures';
import { jointAt as joint } from '../../support/piece-mesh';

function fitted(name: Creature, engine: RigEngine = 'fast'): { r: ReturnType<typeof rigMesh>; truth: (k: string) => number[]; L: number } {
  const c = characterFromBuild(name, 'aquatic', buildCreature(name));
  const r = rigMesh(c.mesh, { rigType: 'aquatic', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
  const P = c.mesh.positions;
  let L = 0;
  for (let a = 0; a < 3; a++) {
    let lo = Infinity, hi = -Infinity;
    for (let i = a; i < P.length; i += 3) { lo = Math.min(lo, P[i]); hi = Math.max(hi, P[i]); }
    L = Math.max(L, hi - lo);
  }
  const truth = (k: string): number[] => Array.from(c.truth.positions.subarray(c.truth.keys.indexOf(k) * 3, c.truth.keys.indexOf(k) * 3 + 3));
  return { r, truth, L };
}
const dist = (a: ArrayLike<number>, b: ArrayLike<number>): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

describe('aquatic fit: the head is a trunk end, not a stalk', () => {
  it('an anglerfish\'s lure, the frontmost tip, is not taken for the head (old fit: Head_End on the lure, 28% off)', () => {
    const { r, truth, L } = fitted('anglerfish');
    expect(dist(joint(r, 'Head_End'), truth('Head_End')) / L).toBeLessThan(0.06);
    expect(dist(joint(r, 'Head'), truth('Head')) / L).toBeLessThan(0.16);
    // The lure is the dorsal spine: its bone ends by the bulb's side of the head, high above the body.
    expect(joint(r, 'DorsalFin')[1]).toBeGreaterThan(truth('Body')[1] + 0.15);
  });
});

describe('aquatic fit: the central chain on the mid-plane', () => {
  for (const engine of ['fast', 'pro'] as const)
    it(`a manta's head between its cephalic lobes, not on one of them (${engine}; old fit: Head_End 0.12 off the plane)`, () => {
      const { r, truth, L } = fitted('manta', engine);
      for (const k of ['Head', 'Head_End', 'Body', 'Tail2']) expect(Math.abs(joint(r, k)[0]) / L).toBeLessThan(0.005);
      expect(dist(joint(r, 'Head_End'), truth('Head_End')) / L).toBeLessThan(0.03);
    });
});

describe('aquatic fit: a ray\'s wing carried along its leading edge', () => {
  for (const engine of ['fast', 'pro'] as const)
    it(`the manta's fin joints in the leading part of the fin, not through its middle (${engine}; old fit: root 0.79 of the chord back)`, () => {
      const { r, truth, L } = fitted('manta', engine);
      for (const k of ['LeftFin', 'LeftFin2', 'RightFin', 'RightFin2']) expect(dist(joint(r, k), truth(k)) / L).toBeLessThan(0.04);
      // The root ahead of the body's centre, as the fin's leading edge is.
      expect(joint(r, 'LeftFin')[2]).toBeGreaterThan(truth('Body')[2] + 0.05);
    });
});
