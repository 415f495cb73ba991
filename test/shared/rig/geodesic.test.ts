import { describe, expect, it } from 'vitest';
import { geodesicFrom } from '../../../shared/rig/geodesic';
import type { GeodesicField } from '../../../shared/rig/geodesic';
import { gridSize, makeGrid } from '../../../shared/rig/grid';

/**
 * A reused field with a `reached` list is reset through that list only (the skin solve's per-bone runs):
 * each run must give exactly what a fresh field gives, and list exactly the voxels it reached.
 */
describe('geodesicFrom with a reached list', () => {
  // An L of inside voxels in a 12 x 12 x 3 grid (one layer thick, with an empty border).
  const g = makeGrid([0, 0, 0], [1, 1, 0.1], 10, 1);
  const n = gridSize(g);
  const inside = new Uint8Array(n);
  const at = (x: number, y: number): number => x + g.nx * (y + g.ny * 1);
  for (let x = 1; x <= 10; x++) inside[at(x, 1)] = 1;
  for (let y = 1; y <= 10; y++) inside[at(1, y)] = 1;
  const insideCount = inside.reduce((s, v) => s + v, 0);

  it('gives a fresh run\'s distances after a run from elsewhere, and lists what it reached', () => {
    const field: GeodesicField = { dist: new Float32Array(n).fill(Infinity), prev: new Int32Array(n).fill(-1), reached: { list: new Int32Array(insideCount), count: 0 } };
    const limit = new Float32Array(n).fill(4.5);
    geodesicFrom(g, inside, [at(10, 1)], { into: field, limit });
    expect(field.reached!.count).toBe(5); // x = 10 down to 6
    geodesicFrom(g, inside, [at(1, 10)], { into: field });
    const fresh = geodesicFrom(g, inside, [at(1, 10)]);
    expect(Array.from(field.dist)).toEqual(Array.from(fresh.dist));
    expect(Array.from(field.prev)).toEqual(Array.from(fresh.prev));
    const listed = new Set(field.reached!.list.subarray(0, field.reached!.count));
    for (let v = 0; v < n; v++) expect(listed.has(v)).toBe(fresh.dist[v] !== Infinity);
  });

  it('refuses an incremental run, which keeps distances the list does not know of', () => {
    const field: GeodesicField = { dist: new Float32Array(n).fill(Infinity), prev: new Int32Array(n).fill(-1), reached: { list: new Int32Array(insideCount), count: 0 } };
    expect(() => geodesicFrom(g, inside, [at(1, 1)], { into: field, improveOnly: true })).toThrow(/fresh runs only/);
  });
});
