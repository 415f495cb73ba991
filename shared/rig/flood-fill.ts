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
  const top = seedBorder(g, surface, outside, stack);
  floodOutside(g, surface, outside, stack, top);
  const inside = new Uint8Array(n);
  for (let v = 0; v < n; v++) inside[v] = outside[v] ? 0 : 1;
  return inside;
}

/** Marks the border's non-surface voxels outside and stacks them; returns the stack's size. */
function seedBorder(g: Grid, surface: Uint8Array, outside: Uint8Array, stack: Int32Array): number {
  const { nx, ny, nz } = g;
  let top = 0;
  for (let z = 0; z < nz; z++)
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++) {
        if (!(x === 0 || y === 0 || z === 0 || x === nx - 1 || y === ny - 1 || z === nz - 1)) continue;
        const v = x + nx * (y + ny * z);
        if (!outside[v] && !surface[v]) {
          outside[v] = 1;
          stack[top++] = v;
        }
      }
  return top;
}

/**
 * The 6-connected flood from the stacked voxels through every non-surface voxel. The loop is a function of
 * its own: V8 compiles it within the first rig, where inside fillInside it ran unoptimised for several
 * (8-35 ms against 3-9 ms on the bench's biped from the second rig of a process on).
 */
function floodOutside(g: Grid, surface: Uint8Array, outside: Uint8Array, stack: Int32Array, top: number): void {
  const { nx, ny, nz } = g;
  const nxy = nx * ny;
  while (top > 0) {
    const v = stack[--top];
    const z = (v / nxy) | 0;
    const r = v - z * nxy;
    const y = (r / nx) | 0;
    const x = r - y * nx;
    if (x > 0 && !outside[v - 1] && !surface[v - 1]) (outside[v - 1] = 1), (stack[top++] = v - 1);
    if (x < nx - 1 && !outside[v + 1] && !surface[v + 1]) (outside[v + 1] = 1), (stack[top++] = v + 1);
    if (y > 0 && !outside[v - nx] && !surface[v - nx]) (outside[v - nx] = 1), (stack[top++] = v - nx);
    if (y < ny - 1 && !outside[v + nx] && !surface[v + nx]) (outside[v + nx] = 1), (stack[top++] = v + nx);
    if (z > 0 && !outside[v - nxy] && !surface[v - nxy]) (outside[v - nxy] = 1), (stack[top++] = v - nxy);
    if (z < nz - 1 && !outside[v + nxy] && !surface[v + nxy]) (outside[v + nxy] = 1), (stack[top++] = v + nxy);
  }
}

/** Number of inside voxels. */
export function countInside(inside: Uint8Array): number {
  let c = 0;
  for (let v = 0; v < inside.length; v++) c += inside[v];
  return c;
}
