import { describe, expect, it } from 'vitest';
import { bendBelowKnee } from '../../../shared/rig/leg-bends';
import { Polyline } from '../../../shared/rig/polyline';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { capsule } from '../../../shared/rig/synthetic/shapes';
import type { MeshPiece } from '../../../shared/rig/synthetic/shapes';
import { onePartMesh, jointAt } from '../../support/piece-mesh';

type V3 = [number, number, number];
const dist = (a: readonly number[], b: readonly number[]): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** A polyline through the corners, sampled every `step`, listed from the first corner (the tip). */
function pathThrough(corners: V3[], step = 0.01): Polyline {
  const pts: number[] = [];
  for (let i = 0; i + 1 < corners.length; i++) {
    const [a, b] = [corners[i], corners[i + 1]];
    const n = Math.ceil(dist(a, b) / step);
    for (let k = 0; k < n; k++) pts.push(a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n, a[2] + ((b[2] - a[2]) * k) / n);
  }
  pts.push(...corners[corners.length - 1]);
  return new Polyline(Float64Array.from(pts), new Float64Array(pts.length / 3).fill(0.02), 0);
}

describe('bendBelowKnee', () => {
  it('finds the bend of a leg whose tibia runs level and metatarsus down (a spider leg)', () => {
    const tip: V3 = [1, 0, 0], ankle: V3 = [0.72, 0.45, 0], knee: V3 = [0.35, 0.55, 0], hip: V3 = [0.1, 0.15, 0];
    const P = pathThrough([tip, ankle, knee, hip]);
    const sKnee = dist(tip, ankle) + dist(ankle, knee);
    const s = bendBelowKnee(P, sKnee, 0.005);
    expect(s).not.toBeNull();
    expect(Math.abs(s! - dist(tip, ankle))).toBeLessThan(0.02);
  });

  it('finds none in a straight tibia, whatever its slope', () => {
    const tip: V3 = [1, 0, 0], knee: V3 = [0.35, 0.55, 0], hip: V3 = [0.1, 0.15, 0];
    expect(bendBelowKnee(pathThrough([tip, knee, hip]), dist(tip, knee), 0.005)).toBeNull();
  });
});

describe('fitMultileg with legs bent below the knee', () => {
  // Eight legs of three straight segments each (femur up, tibia level, metatarsus down), as the spider's.
  const legs: { knee: V3; ankle: V3 }[] = [];
  const pieces: MeshPiece[] = [
    capsule([0, 0.2, -0.12], [0, 0.2, 0.14], 0.12, 0.12),
    capsule([0, 0.2, 0.14], [0, 0.21, 0.3], 0.07, 0.05),
    capsule([0, 0.22, -0.18], [0, 0.26, -0.55], 0.15, 0.08),
  ];
  for (const sx of [1, -1])
    for (const z of [0.12, 0.04, -0.04, -0.12]) {
      const hip: V3 = [sx * 0.08, 0.22, z];
      const knee: V3 = [sx * 0.28, 0.5, z * 1.6];
      const ankle: V3 = [sx * 0.55, 0.46, z * 2.4];
      const tip: V3 = [sx * 0.75, 0.02, z * 3];
      legs.push({ knee, ankle });
      pieces.push(capsule(hip, knee, 0.028, 0.022), capsule(knee, ankle, 0.022, 0.018), capsule(ankle, tip, 0.018, 0.01));
    }
  const mesh = onePartMesh(pieces);
  for (const engine of ['fast', 'pro'] as const)
    it(`puts the ankle at the lower bend and the knee at the upper one (${engine})`, () => {
      const r = rigMesh(mesh, { rigType: 'octopod', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      for (const [S, sx] of [['Left', 1], ['Right', -1]] as const)
        for (let n = 1; n <= 4; n++) {
          const truth = legs[(sx === 1 ? 0 : 4) + n - 1];
          expect(dist(jointAt(r, `${S}Leg${n}Ankle`), truth.ankle)).toBeLessThan(0.05);
          expect(dist(jointAt(r, `${S}Leg${n}Knee`), truth.knee)).toBeLessThan(0.05);
        }
    });
});
