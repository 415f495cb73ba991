/**
 * A folded leg (shared/rig/leg-fold.ts): the fold's corners are the extremities whose paths run into the
 * leg's free part; the sitting frog (synthetic/creatures.ts) is rigged through its heel and knee.
 */
import { describe, expect, it } from 'vitest';
import { legCorners } from '../../../shared/rig/leg-fold';
import type { Branch } from '../../../shared/rig/curve-skeleton';
import { Polyline } from '../../../shared/rig/polyline';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import type { RigEngine } from '../../../shared/rig/types';
import { characterFromBuild } from '../../../shared/rig/synthetic/characters';
import { buildCreature } from '../../../shared/rig/synthetic/creatures';
import { jointAt as joint } from '../../support/piece-mesh';

/** A polyline through `pts` (no smoothing) with a constant radius. */
const line = (pts: number[][], r: number): Polyline => new Polyline(Float64Array.from(pts.flat()), new Float64Array(pts.length).fill(r), 0);
/** Points every `step` from a to b. */
const seg = (a: number[], b: number[], step: number): number[][] => {
  const n = Math.max(1, Math.round(Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]) / step));
  return Array.from({ length: n + 1 }, (_, i) => a.map((v, k) => v + ((b[k] - v) * i) / n));
};
const branch = (p: Polyline): Branch => ({ tip: 0, prominence: 0.1, path: p, joinS: p.length, joins: -1, voxels: new Int32Array(0) });

describe('legCorners', () => {
  // A leg along x from its toe (0.4, 0, 0) to the body's centre (0, 0, 0), radius 0.02; it enters the body
  // 0.3 from the toe (sRoot), so its free part is x >= 0.1.
  const leg = line(seg([0.4, 0, 0], [0, 0, 0], 0.01), 0.02);
  it('takes an extremity whose path runs into the free leg for a corner of it (a heel)', () => {
    const heel = line([...seg([0.25, 0, -0.15], [0.25, 0, -0.01], 0.01), ...seg([0.24, 0, 0], [0, 0, 0], 0.01)], 0.02);
    expect(legCorners(leg, 0.3, [branch(heel)], 0.01)).toHaveLength(1);
  });
  it('does not take one that only meets the leg in the body, where every path converges (an ear, a tail)', () => {
    const ear = line([...seg([0, 0.3, 0.1], [0, 0.01, 0.01], 0.01), [0, 0, 0]], 0.02);
    expect(legCorners(leg, 0.3, [branch(ear)], 0.01)).toHaveLength(0);
  });
});

describe('quadruped fit: a folded hind leg traced through its corners', () => {
  // The frog's hind leg: hip (0.08, 0.1, -0.14), knee (0.22, 0.08, -0.02), heel (0.15, 0.035, -0.2), ball of
  // the foot (0.2, 0.015, -0.08), toe (0.25, 0.01, 0.02); thigh, shin and foot touch.
  for (const engine of ['fast', 'pro'] as RigEngine[])
    it(`puts the ankle at the heel, the knee at the knee, the hip at the thigh's root (${engine}; old fit: ankle 0.21, hip 0.11 m off)`, () => {
      const c = characterFromBuild('frog', 'quadruped', buildCreature('frog'));
      const r = rigMesh(c.mesh, { rigType: 'quadruped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      const off = (k: string, t: number[]): number => Math.hypot(...joint(r, k).map((v, i) => v - t[i]));
      for (const [S, s] of [['Left', 1], ['Right', -1]] as const) {
        expect(off(`${S}BackFoot`, [0.15 * s, 0.035, -0.2])).toBeLessThan(0.02);
        expect(off(`${S}BackLowerLeg`, [0.22 * s, 0.08, -0.02])).toBeLessThan(0.035);
        expect(off(`${S}BackToe`, [0.2 * s, 0.015, -0.08])).toBeLessThan(0.04);
        expect(off(`${S}BackUpperLeg`, [0.08 * s, 0.1, -0.14])).toBeLessThan(0.05);
      }
      // The leg folds back on itself as the frog's does (knee 146, ankle 158 degrees): no folded_chain doubt.
      expect(r.report.warnings.join(' ')).not.toContain('folded_chain');
    });
});
