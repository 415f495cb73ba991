/**
 * The evaluation's own "joint inside the volume" test (inside-volume.ts): inside within 1.5% of the longest
 * side of an inside voxel, outside beyond. A thin fin counts: a point just off it, between the corners of
 * the tolerance cube, is inside (it was counted outside when only the cube's corners and face centres were
 * sampled).
 */
import { describe, expect, it } from 'vitest';
import { insideTester } from './inside-volume';
import { box, capsule } from '../../shared/rig/synthetic/shapes';
import type { MeshPiece } from '../../shared/rig/synthetic/shapes';

function meshOf(pieces: MeshPiece[]): { positions: Float32Array; indices: Uint32Array } {
  const positions: number[] = [], indices: number[] = [];
  for (const p of pieces) {
    const base = positions.length / 3;
    positions.push(...p.positions);
    for (const i of p.indices) indices.push(base + i);
  }
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices) };
}

describe('insideTester', () => {
  // A body 1 long (x from -0.5 to 0.5) with a fin 0.004 thick standing on it, up to y = 0.5.
  const body = capsule([-0.4, 0, 0], [0.4, 0, 0], 0.1, 0.1);
  const fin = box([0, 0.3, 0], [0.1, 0.2, 0.002]);
  const { positions, indices } = meshOf([body, fin]);
  const inside = insideTester(positions, indices);

  it('the body is inside, a point 5% of the size beside it outside', () => {
    expect(inside([0, 0, 0])).toBe(true);
    expect(inside([0.2, 0, 0.15])).toBe(false);
  });

  it('a point within 1.5% of the size from the surface is inside, one 3% away is not', () => {
    expect(inside([0, 0, 0.11])).toBe(true);
    expect(inside([0, 0, 0.13])).toBe(false);
  });

  it('a point 0.8% off a thin fin, diagonally, is inside', () => {
    expect(inside([0.05, 0.35, 0.008])).toBe(true);
    expect(inside([0.05, 0.35, 0.03])).toBe(false);
  });
});
