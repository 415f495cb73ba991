/**
 * A creature's body centre when the thickest voxel sits in its head (avian and quadruped fits). Creature
 * skeletons grow from the thickest voxel; on a big-headed bird or animal (a chick, an owl, a chibi pet whose
 * skull is wider than its trunk) that is the head, and every limb's path then runs on through the body and
 * up the neck to it. Roots read on those paths (where the radius grows to the body's) land up the neck:
 * random birds with heads 1.1-1.15 times as thick as their bodies (avian sweep seeds 10, 17) got their tail
 * chain from the rump up the neck (tail root 56-72% of the size from the truth) and a zero-length head bone;
 * random quadrupeds with heads 1.1 times their bodies (quadruped sweep, --head-scale) their hips and hind
 * legs at the neck (52-55%).
 *
 * Rests on: a leg's path from the foot climbs into the body and reaches the body's thickest stretch before
 * anything else; if beyond that stretch the path narrows by a quarter (a neck) before reaching the centre,
 * the centre lies past a neck, in the head, and the body's thickest point on the leg's path is the torso.
 * On every corpus bird and quadruped the centre is the body and no leg path narrows on its way there (their
 * rigs are unchanged; FIT-DESIGN.md, "Other plans", session 20).
 */
import type { Volume } from './volume';
import type { Branch, CurveSkeleton } from './curve-skeleton';
import type { Vec3 } from './fit-common';
import { retraceBranches } from './curve-skeleton';
import { medialPullK } from './medial-pull';
import { voxelCenter } from './grid';
import { centreRadius } from './limb-path';

/** A torso candidate is at least this share of the centre's radius thick (a knee or foot blob is not). */
export const TORSO_OF_CENTRE = 0.5;
/** Narrowing past the body's thickest point that marks a neck (the path leaves the body). */
export const NECK_NARROWING = 0.75;

/**
 * The torso's voxel on the leg's path (the thickest point before a neck's narrowing), or -1 when the path
 * reaches the centre without passing a neck (the centre is the torso).
 */
export function torsoOnLegPath(vol: Volume, leg: Branch): number {
  const dt = vol.dt, vs = leg.voxels;
  const centreDt = dt[vs[vs.length - 1]];
  let best = -1;
  for (let i = 0; i < vs.length; i++) {
    const d = dt[vs[i]];
    if (best >= 0 && d < NECK_NARROWING * dt[best]) return best;
    if (d >= TORSO_OF_CENTRE * centreDt && (best < 0 || d > dt[best])) best = vs[i];
  }
  return -1;
}

/** The torso found past a head, with every extremity's path traced again to it. */
export interface Torso {
  voxel: number;
  centre: Vec3;
  /** The body's radius there (normalised units). */
  bodyR: number;
  /** `skel.branches` re-traced, in the same order. */
  branches: Branch[];
}

/** The torso on the leg's path and the skeleton's paths traced again to it, or null when the centre is the torso. */
export function torsoPastHead(vol: Volume, skel: CurveSkeleton, leg: Branch): Torso | null {
  const voxel = torsoOnLegPath(vol, leg);
  if (voxel < 0) return null;
  const c = [0, 0, 0];
  voxelCenter(vol.grid, voxel, c);
  const branches = retraceBranches(vol.grid, vol.inside, vol.dt, voxel, skel.branches, medialPullK(vol.grid));
  return { voxel, centre: [c[0], c[1], c[2]], bodyR: centreRadius(vol, voxel), branches };
}
