/**
 * Arm pose and the gap between the legs of a biped-like shape, for the pre-check.
 * The arm angle is measured on each hand extremity's medial path, from the hand tip to where the path
 * enters the torso (within 1.2 body radii of the mid-plane): 0 is horizontal, 90 straight down.
 *
 * A hand tip standing less than REACH_OUT from that entry is no arm held out: an arm at least 0.3 H long
 * (adults 0.44 H shoulder to finger tip, chibis 0.3) held 60 degrees down or less reaches 0.15 H out. On
 * the corpus, T and A poses reach 0.15-0.45 H; the lateral tips of hanging arms (Female_Dress,
 * Animated_Woman, the Robot, the Alien, one Goblin arm) reach 0.025-0.065 H and are elbows, hips or
 * knuckles pressed to the body, whose paths run down the thigh or across the chest: their angle read as
 * -66 to 0 degrees (pose `unknown`, or a T pose for the Alien). Such an arm counts as hanging (90).
 */
import type { Volume } from './volume';
import { insideAt } from './volume';
import type { ShapeFeatures } from './shape-features';
import { lateralPair } from './plan-scores';

export type Pose = 't_pose' | 'a_pose' | 'arms_down' | 'unknown';

/** Least reach from the torso of a hand held out, as a share of the height (see above). */
export const REACH_OUT = 0.1;

/** Degrees below horizontal of the two arms (mean), or null when no hand extremity stands out. */
export function armAngleDeg(f: ShapeFeatures): number | null {
  const hands = lateralPair(f, 0.2 * f.height);
  if (!hands) return null;
  const lat = f.lateralAxis;
  const angles: number[] = [];
  for (const hand of hands) {
    const P = hand.branch.path;
    const s = P.findS((x, _y, z) => Math.abs(lat === 0 ? x : z) <= 1.2 * f.bodyRadius);
    if (s <= 0) continue;
    const q = P.pointAt(s);
    const across = Math.abs(hand.p[lat] - q[lat]);
    if (across < REACH_OUT * f.height) {
      angles.push(90);
      continue;
    }
    angles.push((Math.atan2(q[1] - hand.p[1], across) * 180) / Math.PI);
  }
  return angles.length ? angles.reduce((a, b) => a + b, 0) / angles.length : null;
}

/** T within 20 degrees of horizontal, A 20 to 60 down, arms down beyond (or arms merged with the torso). */
export function poseOf(angle: number | null): Pose {
  if (angle === null) return 'arms_down';
  if (angle < -20) return 'unknown';
  if (angle <= 20) return 't_pose';
  if (angle <= 60) return 'a_pose';
  return 'arms_down';
}

/**
 * Height of the crotch as a share of the height: the first inside voxel straight up from the floor on the
 * mid-plane between the feet (the best of a few columns front to back). Legs in a long dress or robe give
 * a low value: the rig's hips would land at the hem.
 */
export function crotchShare(vol: Volume, f: ShapeFeatures): number {
  const lat = f.lateralAxis;
  const fwd = lat === 0 ? 2 : 0;
  const n = f.feet.length;
  const mid = n ? f.feet.reduce((s, t) => s + t.p[fwd], 0) / n : f.centre[fwd];
  const h = vol.grid.h;
  let best = 0;
  for (const df of [-2, -1, 0, 1, 2]) {
    const p = [0, 0, 0];
    p[fwd] = mid + df * h;
    let y = h / 2;
    while (y < f.height && !insideAt(vol, p[0], y, p[2])) y += h / 2;
    best = Math.max(best, y);
  }
  return best / Math.max(f.height, 1e-9);
}
