/**
 * bridgePieces joins pieces of a model separated by gaps under MAX_GAP of the height along their closest
 * approach, each piece once (a minimum spanning tree), and leaves farther pieces apart.
 */
import { describe, expect, it } from 'vitest';
import { makeGrid } from '../../../shared/rig/grid';
import { bridgePieces, MAX_GAP } from '../../../shared/rig/bridge-pieces';
import { volumePieces } from '../../../shared/rig/components';
import type { Volume } from '../../../shared/rig/volume';

/** A 1-unit-tall grid of 100 voxels per unit with boxes (voxel ranges, inclusive) set inside. */
function gridWith(boxes: [number, number, number, number, number, number][]) {
  const g = makeGrid([0, 0, 0], [1, 1, 1], 100, 2);
  const inside = new Uint8Array(g.nx * g.ny * g.nz);
  for (const [x0, x1, y0, y1, z0, z1] of boxes)
    for (let z = z0; z <= z1; z++) for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) inside[x + g.nx * (y + g.ny * z)] = 1;
  return { g, inside };
}
const pieces = (g: ReturnType<typeof makeGrid>, inside: Uint8Array): number => {
  let n = 0;
  for (const v of inside) n += v;
  return volumePieces({ grid: g, inside, insideCount: n } as Volume).count;
};

describe('bridgePieces', () => {
  it('joins two pieces across a gap narrower than MAX_GAP of the height', () => {
    // Gap of 1 voxel (0.01 of the height) between x = 20..40 and x = 42..60.
    const { g, inside } = gridWith([[20, 40, 40, 60, 40, 60], [42, 60, 40, 60, 40, 60]]);
    expect(MAX_GAP).toBeGreaterThan(0.01);
    expect(pieces(g, inside)).toBe(2);
    expect(bridgePieces(g, inside, 1)).toBe(1);
    expect(pieces(g, inside)).toBe(1);
  });

  it('leaves pieces farther apart than MAX_GAP separate', () => {
    const { g, inside } = gridWith([[20, 40, 40, 60, 40, 60], [50, 60, 40, 60, 40, 60]]);
    const before = inside.slice();
    expect(bridgePieces(g, inside, 1)).toBe(0);
    expect(pieces(g, inside)).toBe(2);
    expect(Buffer.compare(inside, before)).toBe(0);
  });

  it('joins each piece once, along its narrowest gap (a rigid hand near the thigh joins its forearm)', () => {
    // One body: torso (x 10..19), forearm (x 20..40, y 40..60) and thigh (x 20..50, y 20..36). A separate
    // hand (x 42..50, y 39..60) is 1 voxel from the forearm and 2 voxels above the thigh.
    const { g, inside } = gridWith([[10, 19, 20, 60, 40, 60], [20, 40, 40, 60, 40, 60], [20, 50, 20, 36, 40, 60], [42, 50, 39, 60, 40, 60]]);
    expect(pieces(g, inside)).toBe(2);
    expect(bridgePieces(g, inside, 1)).toBe(1);
    expect(pieces(g, inside)).toBe(1);
    // Nothing was added in the gap between the hand and the thigh.
    let added = 0;
    for (let z = 40; z <= 60; z++) for (let y = 37; y <= 38; y++) for (let x = 43; x <= 49; x++) added += inside[x + g.nx * (y + g.ny * z)];
    expect(added).toBe(0);
  });
});
