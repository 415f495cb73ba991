/**
 * Where a biped's torso is: 30% of the way from the crotch (found between the legs) to the head tip.
 *
 * The curve skeleton is first grown from the thickest voxel in the middle band of the height; on chibi
 * characters (head half the height, wider than the chest) that voxel is inside the head, the head's own
 * path then never passes the neck and the neck/head joints land in the skull. Re-rooting the limb paths
 * at the torso centre found here fixes that without assuming proportions.
 * Rejected: the crotch as the voxel where the two leg paths merge (halfway to the arm junction) - medial
 * paths of stocky legs run up each side of the pelvis and merge high in the belly, so on the KayKit
 * Barbarian the "midpoint" was at 0.55 of the height, in the neck, and the head stayed wrong.
 * Rejected: 40% of the way from the crotch to where the arm paths reach the leg paths - when the first
 * centre is already in the torso (human-male) the arm paths only meet the legs at that centre, in the
 * belly, and the new centre fell into the pelvis beside the spine (human fast semantic 2.58% -> 2.72%).
 * 30%: a chibi's head tip is at most 2.5x the crotch-to-shoulder height above the crotch (KayKit: crotch
 * 0.17, shoulders 0.45, head top 1.0 of the height), so 30% stays below the shoulders.
 */
import type { Branch } from './curve-skeleton';
import type { Grid } from './grid';
import { voxelCenter } from './grid';

const c = [0, 0, 0];

/**
 * Voxel index of the torso centre: 30% of the way from the crotch to the head tip, on the left leg's path
 * (which runs up its side of the pelvis into the trunk), moved to the thickest voxel of that slice nearby.
 * -1 when the leg path never reaches that height.
 */
export function bipedTorsoCentre(g: Grid, dt: Float32Array, crotchY: number, headTopY: number, footL: Branch): number {
  if (!(headTopY > crotchY)) return -1;
  const targetY = crotchY + 0.3 * (headTopY - crotchY);
  let best = -1, bestD = 2 * g.h;
  for (const v of footL.voxels) {
    voxelCenter(g, v, c);
    const d = Math.abs(c[1] - targetY);
    if (d < bestD) {
      bestD = d;
      best = v;
    }
  }
  return best < 0 ? -1 : thickestNear(g, dt, best);
}

/**
 * The thickest inside voxel in the same horizontal slice within the path voxel's own radius: a leg path
 * runs up one side of the pelvis, the torso's medial axis is at its middle.
 */
function thickestNear(g: Grid, dt: Float32Array, v: number): number {
  const x0 = v % g.nx, y = Math.floor(v / g.nx) % g.ny, z0 = Math.floor(v / (g.nx * g.ny));
  const r = Math.max(1, Math.ceil(dt[v]));
  let best = v;
  for (let z = Math.max(0, z0 - r); z <= Math.min(g.nz - 1, z0 + r); z++)
    for (let x = Math.max(0, x0 - r); x <= Math.min(g.nx - 1, x0 + r); x++) {
      const u = x + g.nx * (y + g.ny * z);
      if (dt[u] > dt[best]) best = u;
    }
  return best;
}
