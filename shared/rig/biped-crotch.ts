/**
 * Where a biped's legs meet: the crotch height, found between the two leg paths, past bridges where
 * the legs touch below it, and under a skirt closed by pocket-fill.ts. fit-biped.ts places the hips,
 * hip joints and knees from it. What each rule rests on, with corpus figures: FIT-DESIGN.md.
 */
import type { Branch } from './curve-skeleton';
import type { Vec3 } from './fit-common';
import { at } from './fit-common';
import { voxelOf } from './grid';
import type { Volume } from './volume';
import { frontBackRuns, insideAt, radiusAt } from './volume';

/**
 * A crotch found below 0.12 H means legs joined to the floor: adults 0.45-0.48 H (GUIDE), the corpus
 * chibis 0.17-0.30 H (Kenney 0.23, KayKit 0.30). A robe's hem lies at 0.05-0.1 H (synthetic robe on the
 * fast grid: found at 0.08 H, 26.6 -> 17.5% with 0.12). 0.1 H was rejected in session 3 (the Kenney
 * chibis' short legs merge up to about 0.1 H: female-a 5.6 -> 14.4%); since the crotch is taken above
 * bridges between the legs (findCrotch), 0.12 changes no corpus biped, fast or pro.
 */
export const JOINED_LEGS_BELOW = 0.12;
const TOUCHING_DEPTH = 0.7;

export interface Crotch {
  y: number;
  /**
   * Legs modelled inside a closed pocket (a skirt): vertical lines through them just under the hem. The
   * medial paths run through the filled pocket there, so the hip joints go on these lines. Null otherwise.
   */
  shellLegs: { left: Vec3; right: Vec3 } | null;
}

/**
 * Height of the crotch: the lowest point between the legs that lies inside the body, two voxels deep
 * (thighs that touch, or a coarse grid that merges them, leave a thin bridge below the real crotch:
 * human-male fast 0.394 vs 0.441 with the pro grid). Probed first at the midpoint of the two leg paths at
 * each height, so a stride or a forward lean (a zombie's feet 0.26 H apart front to back) does not move
 * the probe out of the body; that probe can also enter a skirt or ankles pressed together, so when it
 * finds legs joined almost to the floor, a vertical line through the legs' midpoint at 0.25 H decides.
 */
export function findCrotch(vol: Volume, footL: Branch | null, footR: Branch | null, H: number): Crotch {
  if (!footL || !footR) return { y: 0.47 * H, shellLegs: null };
  const a = footL.path.pointAt(footL.path.findS((_x, y) => y >= 0.25 * H), [0, 0, 0]);
  const b = footR.path.pointAt(footR.path.findS((_x, y) => y >= 0.25 * H), [0, 0, 0]);
  const x = (a[0] + b[0]) / 2, z = (a[2] + b[2]) / 2;
  const midpoint = (y: number): [number, number] => {
    const sL = footL.path.sAtHeight(y), sR = footR.path.sAtHeight(y);
    if (sL < 0 || sR < 0) return [x, z];
    const l = at(footL.path, sL), r = at(footR.path, sR);
    return [(l[0] + r[0]) / 2, (l[2] + r[2]) / 2];
  };
  const between = pastTouchingThighs(vol, H, footL, footR, midpoint, aboveBridges(vol, H, footL, footR, midpoint, firstDeep(vol, H, midpoint)));
  const y = between >= JOINED_LEGS_BELOW * H ? between : firstDeep(vol, H, () => [x, z]);
  const shell = vol.pocket && inPocket(vol, pathsMidpoint(footL, footR, y)) ? legsUnderShell(vol, y, footL, footR, H) : null;
  return shell ? { y: shell.crotch, shellLegs: { left: shell.left, right: shell.right } } : { y, shellLegs: null };
}

/**
 * The crotch when a shell open at the bottom (a skirt) joins the legs: pocket-fill.ts closed the shell's
 * hollow, so the probe stops at the hem. When the legs are modelled inside the shell (vertical lines from
 * just under the hem stay in the legs' own volume), the real crotch is where the space between them ends;
 * when the legs stop at the hem (low-poly chibis whose legs end under an open torso, Kenney female-e:
 * artist's hip joints 0.25 H, hem 0.27 H, top of the hollow 0.42 H), null: the hem is the crotch.
 */
function legsUnderShell(vol: Volume, hem: number, footL: Branch, footR: Branch, H: number): { crotch: number; left: Vec3; right: Vec3 } | null {
  const h = vol.grid.h;
  const below = Math.max(h, hem - 2 * h);
  const l = at(footL.path, Math.max(0, footL.path.sAtHeight(below)));
  const r = at(footR.path, Math.max(0, footR.path.sAtHeight(below)));
  const mx = (l[0] + r[0]) / 2, mz = (l[2] + r[2]) / 2;
  for (let y = hem; y < 0.8 * H; y += h * 0.5) {
    if (!inOwnVolume(vol, l[0], y, l[2]) || !inOwnVolume(vol, r[0], y, r[2])) return null;
    if ([[0, 0], [2, 0], [-2, 0], [0, 2], [0, -2]].every(([dx, dz]) => inOwnVolume(vol, mx + dx * h, y, mz + dz * h))) return { crotch: y, left: l, right: r };
  }
  return null;
}

/** Half the width along x of the mesh's own volume (pockets excluded) through a point: a limb's radius. */
export function ownHalfWidth(vol: Volume, p: Vec3, maxLen: number): number {
  const step = vol.grid.h * 0.5;
  let a = 0, b = 0;
  while (a < maxLen && inOwnVolume(vol, p[0] + a, p[1], p[2])) a += step;
  while (b < maxLen && inOwnVolume(vol, p[0] - b, p[1], p[2])) b += step;
  return (a + b) / 2;
}

/** Inside the mesh's own volume, not a closed pocket. */
function inOwnVolume(vol: Volume, x: number, y: number, z: number): boolean {
  const v = voxelOf(vol.grid, x, y, z);
  return vol.inside[v] === 1 && (vol.pocket === null || vol.pocket[v] === 0);
}

function inPocket(vol: Volume, p: Vec3): boolean {
  return vol.pocket !== null && vol.pocket[voxelOf(vol.grid, p[0], p[1], p[2])] === 1;
}

/** Midway between the leg paths where they rise to `y` (their first points when they never do). */
function pathsMidpoint(footL: Branch, footR: Branch, y: number): Vec3 {
  const l = at(footL.path, Math.max(0, footL.path.sAtHeight(y)));
  const r = at(footR.path, Math.max(0, footR.path.sAtHeight(y)));
  return [(l[0] + r[0]) / 2, y, (l[2] + r[2]) / 2];
}

/** The lowest height (from `from`, below 0.8 H) where the probe point is two voxels inside, else `none`. */
function firstDeep(vol: Volume, H: number, probe: (y: number) => [number, number], from = vol.grid.h * 0.5, none = 0.47 * H): number {
  const h = vol.grid.h;
  for (let y = from; y < 0.8 * H; y += h * 0.5) {
    const [x, z] = probe(y);
    if (radiusAt(vol, x, y, z) >= 2 * h) return y;
  }
  return none;
}

/** Body on both sides along x within `reach`: a gap between two legs, not the air in front of a belly. */
function walledInX(vol: Volume, x: number, y: number, z: number, reach: number): boolean {
  const step = vol.grid.h * 0.5;
  let left = false, right = false;
  for (let d = step; d <= reach && !(left && right); d += step) {
    left ||= insideAt(vol, x - d, y, z);
    right ||= insideAt(vol, x + d, y, z);
  }
  return left && right;
}

/** Front-to-back depth of the body through a point (0 when the point is outside). */
function depthAt(vol: Volume, x: number, y: number, z: number, maxLen: number): number {
  const [front, back] = frontBackRuns(vol, [x, y, z], maxLen);
  return front + back;
}

/**
 * Up past thighs pressed together: where they touch, the section is two lobes joined at a waist, and
 * the body between them is much shallower front to back than through either thigh. The crotch is where
 * the section becomes one: the depth between the legs reaches TOUCHING_DEPTH of the thighs' depth.
 */
function pastTouchingThighs(vol: Volume, H: number, footL: Branch, footR: Branch, probe: (y: number) => [number, number], crotch: number): number {
  const h = vol.grid.h;
  for (let y = crotch; y < 0.6 * H; y += h * 0.5) {
    const sL = footL.path.sAtHeight(y), sR = footR.path.sAtHeight(y);
    if (sL < 0 || sR < 0) return crotch;
    const l = at(footL.path, sL), r = at(footR.path, sR);
    const legs = (depthAt(vol, l[0], y, l[2], 0.3 * H) + depthAt(vol, r[0], y, r[2], 0.3 * H)) / 2;
    const [x, z] = probe(y);
    const mid = depthAt(vol, x, y, z, 0.3 * H);
    if (mid >= TOUCHING_DEPTH * legs) return y;
  }
  return crotch;
}

/**
 * Up past bridges between the legs: knees, boots or a hem that touch close the space between the legs
 * below the crotch, and the first deep point is then on the bridge (Kenney female-a: legs joined at
 * 0.09-0.16 H, apart again up to 0.25 H, the artist's hip joints at 0.23 H). When the space between the
 * legs opens again below 0.6 H (at least a voxel tall, with a leg on each side within 0.1 H), the crotch
 * is the top of that higher gap. Without the legs on both sides the line between a striding character's
 * legs leaves the front of the belly and was taken for a gap (Zombie 8.7 -> 15.8%). The legs' own paths
 * must still stand apart there (both reach that height, at least two voxels apart across): above the crotch
 * they have joined, and a gap between the blocks of a robot's torso and neck, walled by its neck and a
 * shoulder block, is none (robot sweep seeds 64, 71, 122, 125: the crotch climbed to the base of the head,
 * hip joints 0.30-0.36 H high).
 */
function aboveBridges(vol: Volume, H: number, footL: Branch, footR: Branch, probe: (y: number) => [number, number], crotch: number): number {
  const h = vol.grid.h;
  const legsApart = (y: number): boolean => {
    const sL = footL.path.sAtHeight(y), sR = footR.path.sAtHeight(y);
    return sL >= 0 && sR >= 0 && Math.abs(at(footL.path, sL)[0] - at(footR.path, sR)[0]) >= 2 * h;
  };
  for (let k = 0; k < 3; k++) {
    let gap = -1, run = 0;
    for (let y = crotch; y < 0.6 * H; y += h * 0.5) {
      const [x, z] = probe(y);
      run = insideAt(vol, x, y, z) || !walledInX(vol, x, y, z, 0.1 * H) ? 0 : run + 1;
      if (run >= 2) {
        gap = y;
        break;
      }
    }
    if (gap < 0 || !legsApart(gap)) return crotch;
    crotch = firstDeep(vol, H, probe, gap, crotch);
  }
  return crotch;
}
