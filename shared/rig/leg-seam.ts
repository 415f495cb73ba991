/**
 * Legs modelled as two solids pressed side by side (a blocky character's leg boxes, a robot's posts): the
 * voxel volume fuses them down to the floor, so no space between the legs shows and the fit reads them as
 * joined (a dress or a robe: biped-joined-legs.ts, the hips from the head's proportions). The mesh still
 * holds each leg's inner face: the two stand back to back on the mid-plane, inside the body, from the floor
 * to the top of the legs. That seam's top is the crotch, and, as for any rigid piece (piece-pivot.ts), each
 * leg turns where it meets the torso: the hip joints and the pelvis root stand at the seam's top (Minetest's
 * artist puts them there, as Kenney's puts the minis' on their torso's bottom face), each hip joint midway
 * between the seam and its leg's outer side.
 *
 * Found on Minetest's player (Debian's minetest-data, read through assimp): legs 0.37 H tall, one box each,
 * touching; read as joined, its hip joints went 0.13 H up into the torso box. A dress or a robe has no such
 * seam (its inside is empty or holds the legs' own round surfaces, which face sideways only at their outer
 * and inner sides and never touch back to back over the legs' height); a body modelled as two mirrored
 * halves left unmerged has a seam from the floor to the head, which is no crotch (MAX_SEAM_TOP).
 */
import type { PieceMesh } from './piece-pivot';
import type { Volume } from './volume';
import { insideAt } from './volume';
import { outermostX, sliceRow } from './biped-arm-down';

/** A seam face faces sideways: its normal within about 18 degrees of the X axis. */
const SIDEWAYS = 0.95;
/** The seam starts within this share of the height above the floor (the legs stand on it). */
const FLOOR_REACH = 0.1;
/** A seam that rises above this share of the height runs through the torso: mirrored halves, no crotch. */
const MAX_SEAM_TOP = 0.7;
/** Nor is a seam lower than this a leg's (a foot's or a shoe's parts). */
const MIN_SEAM_TOP = 0.15;
/** The seam covers at least this share of its own height times its depth (the leg faces are whole faces). */
const MIN_COVER = 0.5;

/** The seam's top (seamTop) and each leg's half spacing from the mid-plane there (midway to its outer side, read a quarter of the way up the seam), or null. */
export function legSeam(mesh: PieceMesh, vol: Volume, xc: number, H: number): { top: number; halfSpacing: number } | null {
  const top = seamTop(mesh, vol, xc, H);
  if (top === null) return null;
  const iy = sliceRow(vol, vol.min[1] + 0.25 * (top - vol.min[1]));
  // The leg's outer side: its outermost voxel's centre plus half a voxel.
  const outer = (sign: number): number => Math.max(0, outermostX(vol, iy, sign, xc) + 0.5 * vol.grid.h);
  return { top, halfSpacing: (outer(1) + outer(-1)) / 4 };
}

/**
 * The height of the top of the seam between two legs pressed together: the mesh triangles facing sideways on
 * the mid-plane `xc` (within one voxel) with the body's inside on both sides; null when they do not run up
 * from the floor as one face over the legs' depth, or top out outside MIN_SEAM_TOP-MAX_SEAM_TOP.
 */
function seamTop(mesh: PieceMesh, vol: Volume, xc: number, H: number): number | null {
  const floorY = vol.min[1];
  const P = mesh.positions;
  const I = mesh.indices;
  const h = vol.grid.h;
  let lo = Infinity, hi = -Infinity, zLo = Infinity, zHi = -Infinity, area = 0;
  for (let t = 0; t < I.length; t += 3) {
    const a = I[t] * 3, b = I[t + 1] * 3, c = I[t + 2] * 3;
    const ux = P[b] - P[a], uy = P[b + 1] - P[a + 1], uz = P[b + 2] - P[a + 2];
    const vx = P[c] - P[a], vy = P[c + 1] - P[a + 1], vz = P[c + 2] - P[a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz);
    if (len === 0 || Math.abs(nx) < SIDEWAYS * len) continue;
    const cx = (P[a] + P[b] + P[c]) / 3, cy = (P[a + 1] + P[b + 1] + P[c + 1]) / 3, cz = (P[a + 2] + P[b + 2] + P[c + 2]) / 3;
    if (Math.abs(cx - xc) > h) continue;
    if (!insideAt(vol, cx - h, cy, cz) || !insideAt(vol, cx + h, cy, cz)) continue;
    area += len / 2;
    lo = Math.min(lo, P[a + 1], P[b + 1], P[c + 1]);
    hi = Math.max(hi, P[a + 1], P[b + 1], P[c + 1]);
    zLo = Math.min(zLo, P[a + 2], P[b + 2], P[c + 2]);
    zHi = Math.max(zHi, P[a + 2], P[b + 2], P[c + 2]);
  }
  if (!(hi > lo) || lo - floorY > FLOOR_REACH * H) return null;
  if (hi - floorY < MIN_SEAM_TOP * H || hi - floorY > MAX_SEAM_TOP * H) return null;
  return area >= MIN_COVER * (hi - lo) * (zHi - zLo) ? hi : null;
}
