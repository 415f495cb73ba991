import { describe, expect, it } from 'vitest';
import { capsule } from '../../../shared/rig/synthetic/shapes';
import type { MeshPiece } from '../../../shared/rig/synthetic/shapes';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import type { RigEngine, RigResult } from '../../../shared/rig/types';

type V3 = [number, number, number];

function merge(pieces: MeshPiece[]): { positions: Float32Array; indices: Uint32Array; partOffsets: Uint32Array } {
  const nv = pieces.reduce((n, p) => n + p.positions.length / 3, 0);
  const ni = pieces.reduce((n, p) => n + p.indices.length, 0);
  const positions = new Float32Array(nv * 3), indices = new Uint32Array(ni);
  let v = 0, i = 0;
  for (const p of pieces) {
    positions.set(p.positions, v * 3);
    for (let k = 0; k < p.indices.length; k++) indices[i + k] = p.indices[k] + v;
    v += p.positions.length / 3;
    i += p.indices.length;
  }
  return { positions, indices, partOffsets: Uint32Array.from([0, nv]) };
}

const joint = (r: RigResult, name: string): V3 => r.report.joints.find((j) => j.name === name)!.position;
const rig = (pieces: MeshPiece[], engine: RigEngine): RigResult => rigMesh(merge(pieces), { rigType: 'quadruped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });

describe('quadruped fit on a stout body with short legs (a pig)', () => {
  // A barrel body (radius 0.19, underside at 0.18 m) on legs 0.18 m long set wide under it (0.16 m out),
  // head in front, a short tail: the Quaternius Pig's build.
  const pieces: MeshPiece[] = [
    capsule([0, 0.37, -0.45], [0, 0.37, 0.45], 0.19, 0.19),
    capsule([0, 0.4, 0.6], [0, 0.36, 0.85], 0.14, 0.06),
    capsule([0, 0.42, -0.62], [0, 0.48, -0.78], 0.03, 0.015),
  ];
  for (const sx of [1, -1])
    for (const z of [0.35, -0.38]) pieces.push(capsule([sx * 0.16, 0.3, z], [sx * 0.16, 0.02, z], 0.045, 0.035), capsule([sx * 0.16, 0.03, z], [sx * 0.16, 0.02, z + 0.05], 0.035, 0.03));
  for (const engine of ['fast', 'pro'] as RigEngine[])
    it(`keeps the knee and ankle joints in the free leg, under the belly (${engine})`, () => {
      const r = rig(pieces, engine);
      for (const leg of ['LeftFront', 'RightFront', 'LeftBack', 'RightBack']) {
        // The path bends where it turns into the belly (0.18 m); that is no ankle (it was taken for one at
        // 0.17-0.19 m).
        expect(joint(r, `${leg}Foot`)[1]).toBeLessThan(0.12);
        expect(joint(r, `${leg}LowerLeg`)[1]).toBeLessThan(0.23);
      }
    });
});
