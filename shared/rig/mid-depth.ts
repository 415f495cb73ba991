/**
 * The body's mid-depth: artists put a limb's shoulder and elbow joints halfway between the body's front and
 * back on the line along Z through them (the corpus bipeds, rest and idle frame: shoulders within 0.022 H,
 * elbows within 0.019 H, FIT-DESIGN.md), as AccuRig's midpoint placement along the view ray.
 */
import type { Volume } from './volume';

/**
 * Halfway between the frontmost and the rearmost inside voxel on the line along Z through (x, y), null when
 * it holds none; with `z`, inside, only the inside run holding it (a limb in front of or beside the torso).
 */
export function midDepth(vol: Volume, x: number, y: number, z?: number): number | null {
  const run = depthRun(vol, x, y, z);
  return run && (run.back + run.front) / 2;
}

/**
 * The back (-Z) and front (+Z) faces of the inside voxels on the line along Z through (x, y): the run holding
 * `z` when it is given and inside, else from the rearmost to the frontmost; null when the line holds none.
 */
export function depthRun(vol: Volume, x: number, y: number, z?: number): { back: number; front: number } | null {
  const g = vol.grid;
  const ix = Math.floor((x - g.ox) / g.h), iy = Math.floor((y - g.oy) / g.h);
  if (ix < 0 || ix >= g.nx || iy < 0 || iy >= g.ny) return null;
  const row = ix + g.nx * iy, step = g.nx * g.ny;
  const iz0 = z === undefined ? -1 : Math.floor((z - g.oz) / g.h);
  let lo = -1, hi = -1;
  if (iz0 >= 0 && iz0 < g.nz && vol.inside[row + step * iz0]) {
    lo = hi = iz0;
    while (lo > 0 && vol.inside[row + step * (lo - 1)]) lo--;
    while (hi + 1 < g.nz && vol.inside[row + step * (hi + 1)]) hi++;
  } else
    for (let iz = 0; iz < g.nz; iz++)
      if (vol.inside[row + step * iz]) {
        if (lo < 0) lo = iz;
        hi = iz;
      }
  return lo < 0 ? null : { back: g.oz + lo * g.h, front: g.oz + (hi + 1) * g.h };
}
