/**
 * mesh-islands.ts: islands are pieces of surface connected through triangles, seam duplicates welded,
 * never across parts; part-weights.ts binds a compact island dominated by one bone rigidly to it and leaves
 * an island that spans more than its bone as skin.
 */
import { describe, expect, it } from 'vitest';
import { meshIslands } from '../../../shared/rig/mesh-islands';
import { fixPartWeights } from '../../../shared/rig/part-weights';
import type { BoneSegment } from '../../../shared/rig/skin-weights';

/** A quad (two triangles) at x offset `x`, its second triangle on duplicated seam vertices (+1e-7). */
function quad(x: number, v: number): { pos: number[]; idx: number[] } {
  const pos = [x, 0, 0, x + 1, 0, 0, x + 1, 1, 0, /* seam copies */ x + 1 + 1e-7, 1, 0, x, 1, 0, x, 0, 0];
  return { pos, idx: [v, v + 1, v + 2, v + 3, v + 4, v + 5] };
}
function mesh(xs: number[], partOffsets?: number[]) {
  const pos: number[] = [], idx: number[] = [];
  xs.forEach((x) => {
    const q = quad(x, pos.length / 3);
    pos.push(...q.pos);
    idx.push(...q.idx);
  });
  return { positions: new Float32Array(pos), indices: new Uint32Array(idx), partOffsets: new Uint32Array(partOffsets ?? [0, pos.length / 3]) };
}
const sizes = (m: ReturnType<typeof meshIslands>): number[] => Array.from(m.offsets.slice(1)).map((o, k) => o - m.offsets[k]);

describe('meshIslands', () => {
  it('welds seam duplicates into one island and keeps separate pieces apart', () => {
    const m = mesh([0, 5]);
    expect(sizes(meshIslands(m.positions, m.indices, m.partOffsets))).toEqual([6, 6]);
  });

  it('never welds across parts, even where vertices coincide', () => {
    // The second quad starts where the first ends (x = 1): one island in one part, two in two parts.
    const one = mesh([0, 1]);
    expect(sizes(meshIslands(one.positions, one.indices, one.partOffsets))).toEqual([12]);
    const two = mesh([0, 1], [0, 6, 12]);
    expect(sizes(meshIslands(two.positions, two.indices, two.partOffsets))).toEqual([6, 6]);
  });
});

describe('fixPartWeights on islands', () => {
  // Bone 0 along x (its length set per test), bone 1 from 10 to 11. Each island is a unit plate weighted
  // 5/6 to bone 0 and 1/6 to bone 1.
  const bones: BoneSegment[] = [{ joint: 0, a: [0, 0, 0], b: [10, 0, 0] }, { joint: 1, a: [10, 0, 0], b: [11, 0, 0] }];
  const run = (xs: number[], boneLen: number) => {
    const m = mesh(xs);
    const nv = m.positions.length / 3;
    const joints = new Uint16Array(nv * 4), weights = new Float32Array(nv * 4);
    for (let v = 0; v < nv; v++) {
      // 80% bone 0 on average, one vertex in six fully on bone 1.
      joints[v * 4] = 0; joints[v * 4 + 1] = 1;
      if (v % 6 === 0) { joints[v * 4] = 1; joints[v * 4 + 1] = 0; }
      weights[v * 4] = 1;
    }
    const b = [{ ...bones[0], b: [boneLen, 0, 0] }, bones[1]];
    fixPartWeights(m.positions, meshIslands(m.positions, m.indices, m.partOffsets), b, 2, joints, weights);
    return { joints, weights, nv };
  };

  it('binds a compact island dominated by one bone rigidly (every vertex wholly on that bone)', () => {
    // Five plates far apart: five islands, each a fifth of the vertices (small: under a quarter).
    const { joints, weights, nv } = run([0, 3, 6, 9, 12], 10);
    for (let v = 0; v < nv; v++) expect([joints[v * 4], +weights[v * 4].toFixed(3), weights[v * 4 + 1]]).toEqual([0, 1, 0]);
  });

  it('leaves an island bigger than 1.5 of its bone length as skin', () => {
    // Same plates with bone 0 only 0.5 long: each plate (diagonal 1.41) spans more than 1.5 x 0.5.
    const { joints, nv } = run([0, 3, 6, 9, 12], 0.5);
    const onBone1 = Array.from({ length: nv }, (_, v) => joints[v * 4]).filter((j) => j === 1).length;
    expect(onBone1).toBe(nv / 6);
  });
});
