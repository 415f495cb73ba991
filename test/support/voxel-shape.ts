/** Small voxel masks drawn by a predicate, for the volume passes' unit tests (pocket-fill, sealed-cavity). */
import { makeGrid } from '../../shared/rig/grid';
import type { Grid } from '../../shared/rig/grid';

/** A 20-voxel cube grid with a shape drawn by a predicate over voxel coordinates. */
export function voxelShape(inside: (x: number, y: number, z: number) => boolean): { g: Grid; mask: Uint8Array } {
  const g = makeGrid([0, 0, 0], [1, 1, 1], 20, 0);
  const mask = new Uint8Array(g.nx * g.ny * g.nz);
  for (let z = 0; z < g.nz; z++)
    for (let y = 0; y < g.ny; y++)
      for (let x = 0; x < g.nx; x++) if (inside(x, y, z)) mask[x + g.nx * (y + g.ny * z)] = 1;
  return { g, mask };
}

/** The mask's value at voxel (x, y, z). */
export const voxelAt = (g: Grid, m: Uint8Array, x: number, y: number, z: number): number => m[x + g.nx * (y + g.ny * z)];

/** The four walls of a 10-voxel square column from 5 to 14 along x and z. */
export const squareWall = (x: number, z: number): boolean => x === 5 || x === 14 || z === 5 || z === 14;
