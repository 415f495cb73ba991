/**
 * Pockets open only at the bottom count as inside: a skirt, a robe or a low-poly torso modelled as an open
 * shell leaves its interior reachable from below, so the outside flood fill calls it empty. The legs then
 * seem to part at the top of the shell instead of at its hem (Kenney female-e: crotch found at 0.42 H, the
 * artist's hip joints at 0.25 H), and joints placed in the shell's hollow skin nothing.
 *
 * Rule: an outside voxel whose horizontal axis rays meet the body within `reach` on all four sides, under a
 * roof at any height, is inside. Open real concavities are not closed by it: between the legs, under an arm
 * or under a belly at least one horizontal ray leaves the body; a closed cavity is already inside. The roof
 * may be far: a dress with no body modelled inside it is roofed only at the shoulders, 0.82 H above its hem
 * (0 A.D.'s f_dress; the hollow above the fill is sealed-cavity.ts's). Cost: six sweeps over the grid, no
 * allocation per voxel.
 */
import type { Grid } from './grid';

/** Bits of `hits` per direction; a pocket needs all five of these. */
const PX = 1, NX = 2, PZ = 4, NZ = 8, PY = 16;
const POCKET = PX | NX | PZ | NZ | PY;

/**
 * Marks enclosed pockets below grid row `belowRow` inside (in place); returns the mask of the voxels added,
 * null when none were.
 */
export function fillOpenPockets(g: Grid, inside: Uint8Array, reach: number, belowRow = g.ny): Uint8Array | null {
  const { nx, ny, nz } = g;
  const nxy = nx * ny;
  const hits = new Uint8Array(inside.length);
  // Along x: for each row, the nearest inside voxel on each side.
  for (let z = 0; z < nz; z++)
    for (let y = 0; y < ny; y++) {
      const row = nx * (y + ny * z);
      sweep(inside, hits, row, 1, nx, reach, NX, PX);
    }
  for (let z = 0; z < nz; z++)
    for (let x = 0; x < nx; x++) sweep(inside, hits, x + nxy * z, nx, ny, ny, 0, PY); // a roof at any height
  for (let y = 0; y < ny; y++)
    for (let x = 0; x < nx; x++) sweep(inside, hits, x + nx * y, nxy, nz, reach, NZ, PZ);
  let added = 0;
  // `hits` is reused as the mask of added voxels.
  for (let v = 0; v < inside.length; v++) {
    const row = Math.floor(v / nx) % ny;
    const pocket = row < belowRow && !inside[v] && (hits[v] & POCKET) === POCKET;
    hits[v] = pocket ? 1 : 0;
    if (pocket) {
      inside[v] = 1;
      added++;
    }
  }
  return added ? hits : null;
}

/**
 * One line of voxels (start, stride, count): sets `lowBit` where an inside voxel lies within `reach`
 * before the voxel along the line and `highBit` where one lies within `reach` after it (0 = not wanted).
 */
function sweep(inside: Uint8Array, hits: Uint8Array, start: number, stride: number, count: number, reach: number, lowBit: number, highBit: number): void {
  if (lowBit) {
    let last = -Infinity;
    for (let i = 0, v = start; i < count; i++, v += stride) {
      if (inside[v]) last = i;
      else if (i - last <= reach) hits[v] |= lowBit;
    }
  }
  let next = Infinity;
  for (let i = count - 1, v = start + stride * (count - 1); i >= 0; i--, v -= stride) {
    if (inside[v]) next = i;
    else if (next - i <= reach) hits[v] |= highBit;
  }
}
