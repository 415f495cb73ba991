import { describe, expect, it } from 'vitest';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { capsule } from '../../../shared/rig/synthetic/shapes';
import type { MeshPiece } from '../../../shared/rig/synthetic/shapes';
import { buildInsect } from '../../../shared/rig/synthetic/insect';
import { buildCreature } from '../../../shared/rig/synthetic/creatures';
import { characterFromBuild } from '../../../shared/rig/synthetic/characters';
import { onePartMesh, jointAt } from '../../support/piece-mesh';

type V3 = [number, number, number];
const dist = (a: readonly number[], b: readonly number[]): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

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
      // A mirror-symmetric body: its central chain on the mirror plane.
      for (const k of ['Body', 'Head', 'Abdomen']) expect(Math.abs(jointAt(r, k)[0])).toBeLessThan(1e-9);
    });
});

describe('fitMultileg on a winged insect', () => {
  // Broad wings reaching 2.3 times as far out as the legs, above the body: the lowest tips are the legs.
  const c = characterFromBuild('insect', 'hexapod', buildInsect(1.0), { accessories: true });
  const truth = (k: string): V3 => {
    const i = c.truth.keys.indexOf(k);
    return Array.from(c.truth.positions.subarray(i * 3, i * 3 + 3)) as V3;
  };
  for (const engine of ['fast', 'pro'] as const)
    it(`takes the six legs, not the wings (${engine})`, () => {
      const r = rigMesh(c.mesh, { rigType: 'hexapod', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      for (const S of ['Left', 'Right'])
        for (let n = 1; n <= 3; n++) {
          const end = jointAt(r, `${S}Leg${n}_End`);
          expect(end[1]).toBeLessThan(0.06);
          expect(dist(end, truth(`${S}Leg${n}_End`))).toBeLessThan(0.06);
        }
    });
});

describe('fitMultileg on an insect with antennae', () => {
  // Antennae reach further forward than the head: they are a mirrored pair, the head a single tip.
  const c = characterFromBuild('insect', 'hexapod', buildInsect(0.62, 0.4), { accessories: true });
  const truth = (k: string): V3 => {
    const i = c.truth.keys.indexOf(k);
    return Array.from(c.truth.positions.subarray(i * 3, i * 3 + 3)) as V3;
  };
  for (const engine of ['fast', 'pro'] as const)
    it(`puts the head in the head, not between the antennae (${engine})`, () => {
      const r = rigMesh(c.mesh, { rigType: 'hexapod', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      expect(dist(jointAt(r, 'Head'), truth('Head'))).toBeLessThan(0.05);
      expect(dist(jointAt(r, 'Head_End'), truth('Head_End'))).toBeLessThan(0.06);
    });
});

describe('fitMultileg with hind legs passing a big abdomen', () => {
  // The hind legs run back past an abdomen wider than the thorax: where a hind leg's path passes it, the
  // path's radius grows as it does where a leg enters the body.
  const hips: V3[] = [];
  const pieces: MeshPiece[] = [
    capsule([0, 0.2, -0.12], [0, 0.2, 0.14], 0.12, 0.12),
    capsule([0, 0.2, 0.14], [0, 0.21, 0.3], 0.07, 0.05),
    capsule([0, 0.22, -0.2], [0, 0.26, -0.6], 0.2, 0.08),
  ];
  for (const sx of [1, -1])
    for (const z of [0.12, 0.04, -0.04, -0.12]) {
      const back = z < -0.1 ? 1 : 0;
      const knee: V3 = [sx * 0.28, 0.5, z * 1.6 - 0.1 * back];
      const ankle: V3 = [sx * 0.55, 0.46, z * 2.4 - 0.15 * back];
      const tip: V3 = [sx * 0.75, 0.02, z * 3 - 0.2 * back];
      hips.push([sx * 0.11, 0.2, z]);
      pieces.push(capsule([sx * 0.06, 0.2, z], knee, 0.028, 0.022), capsule(knee, ankle, 0.022, 0.018), capsule(ankle, tip, 0.018, 0.01));
    }
  const mesh = onePartMesh(pieces);
  for (const engine of ['fast', 'pro'] as const)
    it(`keeps the hind hips at the thorax (${engine})`, () => {
      const r = rigMesh(mesh, { rigType: 'octopod', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      // Was 0.161 (fast) and 0.155 (pro) from the thorax's side; the other legs' hips 0.05-0.11.
      expect(dist(jointAt(r, 'LeftLeg4Hip'), hips[3])).toBeLessThan(0.145);
      expect(dist(jointAt(r, 'RightLeg4Hip'), hips[7])).toBeLessThan(0.145);
    });
});


describe('fitMultileg on legs that enter the body under a shell', () => {
  // The synthetic beetle: six short legs whose femurs run level under a domed shell to hips 0.06 from the
  // mid-plane; the legs' paths climb from the knee on into the shell. The old fit took the knee where the path
  // starts to climb and the hip on that climb: middle and hind hips 0.07-0.09 off, pro's middle femur 0.006
  // long (folded_chain).
  const c = characterFromBuild('beetle', 'hexapod', buildCreature('beetle'), { accessories: true });
  const truth = (k: string): V3 => {
    const i = c.truth.keys.indexOf(k);
    return Array.from(c.truth.positions.subarray(i * 3, i * 3 + 3)) as V3;
  };
  for (const engine of ['fast', 'pro'] as const)
    it(`runs the femur in under the shell (${engine})`, () => {
      const r = rigMesh(c.mesh, { rigType: 'hexapod', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      for (const S of ['Left', 'Right'])
        for (let n = 1; n <= 3; n++) expect(dist(jointAt(r, `${S}Leg${n}Hip`), truth(`${S}Leg${n}Hip`))).toBeLessThan(0.035);
      for (const S of ['Left', 'Right'])
        for (const n of [2, 3]) expect(dist(jointAt(r, `${S}Leg${n}Knee`), truth(`${S}Leg${n}Knee`))).toBeLessThan(0.025);
      expect(r.report.warnings.filter((w) => w.includes('folded_chain'))).toEqual([]);
    });
});
