/**
 * The head bone's direction: from the Head joint through the centroid of the head's volume above it.
 *
 * A vertical bone from the neck runs up the back of a skull that leans forward (the Quaternius Zombie:
 * centroid 0.023 H ahead of its Head joint, the artist's HeadTop_End 0.069 H ahead); there the bone is
 * thin (inside radius 2.2 voxels in a skull of 4.5) and the skull's voxels are nearer the neck and the
 * clavicles, which took 65% of the head's deformation error. The head-end joints artists draw follow the
 * lean: measured on the corpus bipeds that have one (front-back offset of the head end from the line
 * Head joint -> centroid, against the vertical, fractions of H): Zombie 0.021 / 0.069, Female_Dress
 * 0.003 / 0.007, Banana 0.005 / 0.011, Animated_Woman 0.037 / 0.035, Alien 0.025 / 0.025, Goblin
 * 0.007 / 0.005, human-male 0.006 / 0.003, Robot 0.034 / 0.010 (its box head's visor).
 * Zombie deformation with own clips 3.77 / 3.71 -> 3.42 / 3.18% (fast / pro); no other corpus row moves.
 */
import type { Vec3 } from './fit-common';
import type { Volume } from './volume';
import { voxelCenter, voxelOf } from './grid';

/**
 * Centroid of the inside voxels connected to the one just above `joint` through voxels no lower than it
 * (the head and whatever it carries; the arms join the body below the neck); null when that voxel is
 * outside.
 */
export function headCentroid(vol: Volume, joint: Vec3): Vec3 | null {
  const g = vol.grid;
  const start = voxelOf(g, joint[0], joint[1] + g.h, joint[2]);
  if (!vol.inside[start]) return null;
  const floorJ = Math.floor((joint[1] - g.oy) / g.h);
  const seen = new Uint8Array(vol.inside.length);
  const stack = [start];
  seen[start] = 1;
  const slab = g.nx * g.ny;
  let n = 0;
  const sum = [0, 0, 0], c = [0, 0, 0];
  const visit = (w: number): void => {
    if (seen[w] || !vol.inside[w]) return;
    seen[w] = 1;
    stack.push(w);
  };
  while (stack.length > 0) {
    const v = stack.pop()!;
    voxelCenter(g, v, c);
    sum[0] += c[0]; sum[1] += c[1]; sum[2] += c[2];
    n++;
    const i = v % g.nx, j = Math.floor(v / g.nx) % g.ny, k = Math.floor(v / slab);
    if (i > 0) visit(v - 1);
    if (i < g.nx - 1) visit(v + 1);
    if (j > floorJ) visit(v - g.nx);
    if (j < g.ny - 1) visit(v + g.nx);
    if (k > 0) visit(v - slab);
    if (k < g.nz - 1) visit(v + slab);
  }
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}

/** The head's end at height `topY` on the line from `joint` through the head's centroid (vertical without one). */
export function headEnd(vol: Volume, joint: Vec3, topY: number): Vec3 {
  const c = headCentroid(vol, joint);
  if (!c || !(c[1] > joint[1]) || !(topY > joint[1])) return [joint[0], topY, joint[2]];
  const t = (topY - joint[1]) / (c[1] - joint[1]);
  return [joint[0] + t * (c[0] - joint[0]), topY, joint[2] + t * (c[2] - joint[2])];
}
