import { describe, expect, it } from 'vitest';
import { snapToCentre } from '../../../renderer/edit/snap-to-centre';
import { lineHits } from '../../../shared/mesh/line-hits';
import type { Vec3 } from '../../../renderer/api/rig-report';

/** Closed axis-aligned boxes as one triangle set. */
function boxes(list: { min: Vec3; max: Vec3 }[]): { positions: number[]; indices: number[] } {
  const positions: number[] = [];
  const indices: number[] = [];
  const faces = [[0, 1, 3, 2], [4, 6, 7, 5], [0, 4, 5, 1], [2, 3, 7, 6], [0, 2, 6, 4], [1, 5, 7, 3]];
  for (const { min, max } of list) {
    const base = positions.length / 3;
    for (let i = 0; i < 8; i++) positions.push(i & 4 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 1 ? max[2] : min[2]);
    for (const [a, b, c, d] of faces) indices.push(base + a, base + b, base + c, base + a, base + c, base + d);
  }
  return { positions, indices };
}

describe('snap to centre', () => {
  const leg = boxes([{ min: [0, 0, -0.1], max: [0.2, 1, 0.3] }]);

  it('moves a joint along the view direction to the middle of the mesh, keeping the other coordinates', () => {
    const snapped = snapToCentre(leg.positions, leg.indices, [0.05, 0.5, 0.25], [0, 0, -1])!;
    expect(snapped[0]).toBeCloseTo(0.05);
    expect(snapped[1]).toBeCloseTo(0.5);
    expect(snapped[2]).toBeCloseTo(0.1);
  });

  it('brings a joint dropped outside the mesh into it (either side, any view direction sign)', () => {
    expect(snapToCentre(leg.positions, leg.indices, [0.1, 0.5, 0.9], [0, 0, -1])![2]).toBeCloseTo(0.1);
    expect(snapToCentre(leg.positions, leg.indices, [0.1, 0.5, -2], [0, 0, 5])![2]).toBeCloseTo(0.1);
    expect(snapToCentre(leg.positions, leg.indices, [0.5, 0.5, 0], [-1, 0, 0])![0]).toBeCloseTo(0.1);
  });

  it('picks the piece the joint is in when the line crosses several (an arm in front of the torso)', () => {
    const two = boxes([{ min: [0, 0, 0], max: [1, 1, 0.2] }, { min: [0, 0, 0.5], max: [1, 1, 0.6] }]);
    expect(lineHits(two.positions, two.indices, [0.5, 0.5, 0.1], [0, 0, -1])).toHaveLength(4);
    expect(snapToCentre(two.positions, two.indices, [0.5, 0.5, 0.58], [0, 0, -1])![2]).toBeCloseTo(0.55);
    expect(snapToCentre(two.positions, two.indices, [0.5, 0.5, 0.15], [0, 0, -1])![2]).toBeCloseTo(0.1);
  });

  it('answers null when the line misses the mesh, and refuses a zero direction', () => {
    expect(snapToCentre(leg.positions, leg.indices, [3, 0.5, 0], [0, 0, -1])).toBeNull();
    expect(() => snapToCentre(leg.positions, leg.indices, [0, 0, 0], [0, 0, 0])).toThrow('view direction has no length');
  });
});
