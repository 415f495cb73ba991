/**
 * The evaluation's own check of issue 13's invariant "no joint outside the volume": the ground-truth mesh
 * voxelised independently of the rig (a fine 160-voxel grid, outside flood fill), and each weighted joint of
 * the Rigdesk rig tested against it. A joint counts as outside when neither its voxel nor any voxel within
 * 1.5% of the longest side is inside: thin parts (fingers, ears) are only a voxel or two thick.
 */
import type { RigResult } from '../../shared/rig/types';
import { normalise } from '../../shared/rig/normalize';
import { buildVolume, insideAt } from '../../shared/rig/volume';

export type InsideTest = (p: ArrayLike<number>) => boolean;

/** `tol`: the neighbourhood that still counts as inside, as a share of the longest side (0: the voxel itself). */
export function insideTester(positions: Float32Array, indices: Uint32Array, tol = 0.015): InsideTest {
  const norm = normalise(positions, 0);
  const vol = buildVolume(norm.positions, indices, norm.min, norm.max, 160);
  // Every voxel of the cube of half-side `tol` around the point: samples no further apart than a voxel (the
  // cube's corners and face centres alone missed a fin or a tail thinner than their spacing: 0 A.D.'s shark
  // and horse had joints 0.25% of the size from their fins' and tails' voxels counted outside).
  const steps = Math.ceil(tol / vol.grid.h);
  const offsets: number[][] = [];
  for (let a = -steps; a <= steps; a++)
    for (let b = -steps; b <= steps; b++)
      for (let c = -steps; c <= steps; c++) offsets.push([(a * tol) / Math.max(1, steps), (b * tol) / Math.max(1, steps), (c * tol) / Math.max(1, steps)]);
  // Nearest first, so an inside joint is answered by its own voxel.
  offsets.sort((p, q) => Math.hypot(p[0], p[1], p[2]) - Math.hypot(q[0], q[1], q[2]));
  return (p) => {
    const x = (p[0] - norm.offset[0]) * norm.scale, y = (p[1] - norm.offset[1]) * norm.scale, z = (p[2] - norm.offset[2]) * norm.scale;
    return offsets.some(([a, b, c]) => insideAt(vol, x + a, y + b, z + c));
  };
}

/** Names of the rig's weighted joints that lie outside the mesh. */
export function outsideJoints(r: RigResult, inside: InsideTest): string[] {
  const weighted = new Set<number>();
  for (let i = 0; i < r.weights.length; i++) if (r.weights[i] > 0) weighted.add(r.joints[i]);
  return r.report.joints.filter((j, i) => weighted.has(i) && !inside(j.position)).map((j) => j.name);
}
