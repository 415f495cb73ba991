/**
 * Inside = not reachable from the grid border without crossing the surface (6-connected flood fill).
 * Tolerates holes smaller than a voxel, self-intersections and separate overlapping parts; thin open
 * sheets (capes, single-sided planes) become one-voxel-thick inside shells, which still bind to bones.
 */
import type { Grid } from './grid';

export function fillInside(g: Grid, surface: Uint8Array): Uint8Array {
  const { nx, ny, nz } = g;
  const n = nx * ny * nz;
  const outside = new Uint8Array(n);
  const stack = new Int32Array(n);
  let top = 0;
  const push = (v: number): void => {
    if (!outside[v] && !surface[v]) {
      outside[v] = 1;
      stack[top++] = v;
    }
  };
  for (let z = 0; z < nz; z++)
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++)
        if (x === 0 || y === 0 || z === 0 || x === nx - 1 || y === ny - 1 || z === nz - 1) push(x + nx * (y + ny * z));
  const nxy = nx * ny;
  while (top > 0) {
    const v = stack[--top];
    const x = v % nx;
    const y = ((v - x) / nx) % ny;
    const z = (v - x - nx * y) / nxy;
    if (x > 0) push(v - 1);
    if (x < nx - 1) push(v + 1);
    if (y > 0) push(v - nx);
    if (y < ny - 1) push(v + nx);
    if (z > 0) push(v - nxy);
    if (z < nz - 1) push(v + nxy);
  }
  const inside = new Uint8Array(n);
  for (let v = 0; v < n; v++) inside[v] = outside[v] ? 0 : 1;
  return inside;
}

/** Number of inside voxels. */
export function countInside(inside: Uint8Array): number {
  let c = 0;
  for (let v = 0; v < inside.length; v++) c += inside[v];
  return c;
}
