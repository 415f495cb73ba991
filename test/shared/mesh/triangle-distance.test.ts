import { describe, expect, it } from 'vitest';
import { closestOnTriangle } from '../../../shared/mesh/triangle-distance';

/** Each Voronoi region of the triangle (0,0,0), (2,0,0), (0,2,0): the face, its three edges and three corners. */
describe('closestOnTriangle', () => {
  const P = [0, 0, 0, 2, 0, 0, 0, 2, 0];
  const cases: [string, number[], number[]][] = [
    ['over the face', [0.5, 0.5, 3], [0.5, 0.5, 0]],
    ['beyond corner a', [-1, -1, 1], [0, 0, 0]],
    ['beyond corner b', [3, -1, 0], [2, 0, 0]],
    ['beyond corner c', [-1, 3, 0], [0, 2, 0]],
    ['beside edge ab', [1, -2, 0], [1, 0, 0]],
    ['beside edge ac', [-2, 1, 1], [0, 1, 0]],
    ['beside edge bc', [2, 2, 0], [1, 1, 0]],
  ];
  it.each(cases)('%s', (_name, p, q) => {
    const out = new Float64Array(3);
    const d2 = closestOnTriangle(p[0], p[1], p[2], P, 0, 3, 6, out);
    expect(Array.from(out).map((x) => +x.toFixed(12))).toEqual(q);
    expect(d2).toBeCloseTo((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 + (p[2] - q[2]) ** 2, 12);
  });
});
