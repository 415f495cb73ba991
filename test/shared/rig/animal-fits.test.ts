import { describe, expect, it } from 'vitest';
import { capsule } from '../../../shared/rig/synthetic/shapes';
import type { MeshPiece } from '../../../shared/rig/synthetic/shapes';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import type { RigResult, RigType } from '../../../shared/rig/types';
import { buildAvian } from '../../../shared/rig/synthetic/plans';
import { characterFromBuild } from '../../../shared/rig/synthetic/characters';
import { jointAt as joint, onePartMesh, type V3 } from '../../support/piece-mesh';



function rig(pieces: MeshPiece[], rigType: RigType): RigResult {
  return rigMesh(onePartMesh(pieces), { rigType, engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
}


describe('aquatic fit on a fish with a forked tail fin', () => {
  // Body along z, a narrow tail stem ending at z = -0.8, two lobes swept up and down from there.
  const fork: V3 = [0, 0, -0.8];
  const upper: V3 = [0, 0.3, -1.05], lower: V3 = [0, -0.25, -1.0];
  const pieces = [
    capsule([0, 0, 0.5], [0, 0, -0.3], 0.15, 0.12),
    capsule([0, 0, -0.3], fork, 0.12, 0.04),
    capsule(fork, upper, 0.04, 0.012),
    capsule(fork, lower, 0.04, 0.012),
    capsule([0.1, -0.05, 0.25], [0.45, -0.2, 0.05], 0.03, 0.012),
    capsule([-0.1, -0.05, 0.25], [-0.45, -0.2, 0.05], 0.03, 0.012),
  ];
  it('ends the tail chain between the lobes, not at the tip of one of them', () => {
    const r = rig(pieces, 'aquatic');
    const end = joint(r, 'Tail_End');
    const dFork = Math.hypot(end[0] - fork[0], end[1] - fork[1], end[2] - fork[2]);
    const dUpper = Math.hypot(end[0] - upper[0], end[1] - upper[1], end[2] - upper[2]);
    expect(dFork).toBeLessThan(0.12);
    expect(dUpper).toBeGreaterThan(0.2);
    // The chain stays in order from the head backwards.
    const zs = ['Head', 'Body', 'Tail1', 'Tail2', 'Tail3', 'Tail4', 'Tail_End'].map((k) => joint(r, k)[2]);
    for (let i = 1; i < zs.length; i++) expect(zs[i]).toBeLessThan(zs[i - 1]);
  });

  it('gives each pectoral fin a chain of three joints from the body out along the fin', () => {
    const r = rig(pieces, 'aquatic');
    for (const [S, s] of [['Left', 1], ['Right', -1]] as const) {
      const xs = [`${S}Fin`, `${S}Fin2`, `${S}Fin3`, `${S}Fin_End`].map((k) => s * joint(r, k)[0]);
      for (let i = 1; i < xs.length; i++) expect(xs[i]).toBeGreaterThan(xs[i - 1] + 0.04);
      // The root where the fin leaves the body (0.15 wide there), the end near the tip (0.45 out).
      expect(xs[0]).toBeLessThan(0.2);
      expect(xs[3]).toBeGreaterThan(0.35);
    }
  });
});

describe('avian fit on a bird with no neck', () => {
  // A round body that widens straight into the head (no neck narrowing), a beak, flat wide wings.
  const pieces: MeshPiece[] = [capsule([0, 0.45, -0.2], [0, 0.47, 0.15], 0.13, 0.12), capsule([0, 0.5, 0.15], [0, 0.52, 0.4], 0.1, 0.012)];
  for (const sx of [1, -1]) {
    // A wing as a row of flat slabs: 0.3 m chord, 0.03 m thick, leading edge at z = 0.12.
    for (let z = 0.1; z >= -0.16; z -= 0.02) pieces.push(capsule([sx * 0.05, 0.55, z], [sx * 0.9, 0.55, z], 0.015, 0.015, 6, 2, 6));
    pieces.push(capsule([sx * 0.07, 0.35, -0.05], [sx * 0.08, 0.03, -0.04], 0.03, 0.02), capsule([sx * 0.08, 0.03, -0.04], [sx * 0.08, 0.02, 0.06], 0.02, 0.015));
  }
  pieces.push(capsule([0, 0.47, -0.25], [0, 0.5, -0.55], 0.05, 0.02));
  it('keeps the head joint off the beak', () => {
    const r = rig(pieces, 'avian');
    expect(joint(r, 'Head')[2]).toBeLessThan(0.3);
  });
});

describe('avian fit on a bird whose wings sweep down below its feet (flight pose)', () => {
  // The synthetic bird with its wing tips 0.75 under the shoulders: lower than the toes, far out to the side.
  const c = characterFromBuild('avian-swept', 'avian', buildAvian('A', 0.75), { accessories: false });
  for (const engine of ['fast', 'pro'] as const) {
    it(`takes the legs under the body for feet and the swept wings for wings (${engine})`, () => {
      const r = rigMesh(c.mesh, { rigType: 'avian', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      const truth = (k: string): V3 => {
        const i = c.truth.keys.indexOf(k);
        return [c.truth.positions[i * 3], c.truth.positions[i * 3 + 1], c.truth.positions[i * 3 + 2]];
      };
      for (const k of ['LeftFoot', 'RightFoot', 'LeftWing3', 'RightWing3']) {
        const [p, t] = [joint(r, k), truth(k)];
        expect(Math.hypot(p[0] - t[0], p[1] - t[1], p[2] - t[2]), k).toBeLessThan(0.1);
      }
    });
  }
});
