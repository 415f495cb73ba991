/**
 * Biped arm helpers: where the arm meets the torso (the armpit) and the shoulder joint on the upper arm's
 * axis.
 *
 * Notes (human-male shoulder x, m; truth 0.174; fast / pro):
 * - Armpit where the probe below the arm path first runs more than 3 arm radii + 2 voxels (the previous
 *   rule), shoulder one arm radius lateral of it: right for a clean gap under the arm (synthetic), but on
 *   a real V-shaped torso that run is only found well inside the armpit fold, at a depth that depends on
 *   the grid (0.184 / 0.158: pro's finer grid opens the fold). The first point where the probe passes
 *   the arm's own thickness is the fold's apex at both resolutions (0.184 / 0.174), and it lies under
 *   the joint.
 */
import type { Volume } from './volume';
import { insideRun } from './volume';
import type { Polyline } from './polyline';
import type { Vec3 } from './fit-common';
import { at, normalise, sub3 } from './fit-common';

export interface Armpit {
  /** Arclength from the hand tip. */
  s: number;
  /**
   * True when the body below is entered through webbing (a run past the arm's own thickness that is not
   * yet a torso-deep run): the armpit fold of a real body. False for a clean gap or when not found.
   */
  webbed: boolean;
}

/**
 * The armpit along arm path `A` (tip at the hand): scanning inwards from 30% of the path, the first point
 * where a probe below the arm (down for arms held out, inwards for hanging arms) runs past the arm's own
 * thickness into the body. Falls back to 80% of the path.
 */
export function findArmpit(vol: Volume, A: Polyline, rArm: number, H: number): Armpit {
  const h = vol.grid.h;
  for (let s = 0.3 * A.length; s < A.length; s += h * 0.5) {
    const run = belowRun(vol, A, s, rArm, H);
    // Past the arm's own thickness, and still so two arm radii further in: a bracelet or a strap
    // around the arm is crossed and left behind, the body below is not.
    if (run > 0 && belowRun(vol, A, Math.min(A.length, s + 2 * rArm), rArm, H) > 0) return { s, webbed: run <= 3 * rArm + 2 * h };
  }
  return { s: 0.8 * A.length, webbed: false };
}

/** The probe's run below the arm at `s` when it passes the arm's own thickness (1.5 radii + a voxel), else 0. */
function belowRun(vol: Volume, A: Polyline, s: number, rArm: number, H: number): number {
  const h = vol.grid.h;
  const p = at(A, s);
  const probe = armpitProbe(A, s, h);
  const run = insideRun(vol, p, probe[0], probe[1], probe[2], 0.5 * H);
  // A probe straight down through a sloping arm crosses more of it than one radius.
  const own = rArm / Math.max(0.5, slopeCos(A, s, h, probe));
  return run > 1.5 * own + h ? run : 0;
}

/** Cosine between the probe and the normal plane of the path: 1 when the probe is perpendicular to the arm. */
function slopeCos(A: Polyline, s: number, h: number, probe: Vec3): number {
  const u = normalise(sub3(at(A, s + 2 * h), at(A, Math.max(0, s - 2 * h))));
  const k = u[0] * probe[0] + u[1] * probe[1] + u[2] * probe[2];
  return Math.sqrt(Math.max(0, 1 - k * k));
}

/**
 * The shoulder joint: on the upper arm's axis (fitted between the elbow and the armpit, so a medial path
 * that cuts the corner into the chest does not pull it down), one arm radius lateral of the armpit.
 */
export function shoulderOnArmAxis(A: Polyline, sElbow: number, sArmpit: number, rArm: number, shoulderX: number | null): Vec3 {
  const pe = at(A, sElbow);
  const pm = at(A, sElbow + 0.6 * (sArmpit - sElbow));
  const pa = at(A, sArmpit);
  const u = normalise(sub3(pm, pe));
  const sign = Math.sign(pe[0]) || 1;
  const targetX = shoulderX ?? pa[0] + sign * rArm;
  // Arms hanging at the sides: the joint is above the armpit, up the arm's axis.
  if (Math.abs(u[0]) < 0.3) return [pa[0] + u[0] * 2.5 * rArm, pa[1] + u[1] * 2.5 * rArm, pa[2] + u[2] * 2.5 * rArm];
  const t = (targetX - pe[0]) / u[0];
  return [pe[0] + u[0] * t, pe[1] + u[1] * t, pe[2] + u[2] * t];
}

/**
 * Direction probed from the arm's medial path to find the armpit: straight down for T- and A-poses,
 * inwards (perpendicular to the arm) for arms hanging at the sides.
 */
function armpitProbe(A: Polyline, s: number, h: number): Vec3 {
  const a = at(A, Math.max(0, s - 2 * h)), b = at(A, s + 2 * h);
  const u = normalise(sub3(b, a));
  if (Math.abs(u[1]) < 0.8) return [0, -1, 0];
  const inward = -(Math.sign(a[0]) || 1);
  const d: Vec3 = [inward, 0, 0];
  const k = d[0] * u[0] + d[1] * u[1] + d[2] * u[2];
  return normalise([d[0] - k * u[0], d[1] - k * u[1], d[2] - k * u[2]]);
}
