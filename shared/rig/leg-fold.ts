/**
 * A folded leg (a sitting frog's hind leg: thigh forward, shin back along it, foot forward on the ground):
 * thigh, shin and foot touch in the voxel volume, so the medial path from the toe cuts across the fold
 * instead of following it (the ankle and knee went near the toes, the hip into the thigh), while the fold's
 * outer corners, the heel and the knee, are extremities of the curve skeleton of their own.
 */
import type { Branch } from './curve-skeleton';
import type { Polyline } from './polyline';
import type { Vec3 } from './fit-common';
import { at, lerp3, medialTipS, normalise, sub3 } from './fit-common';
import { limbRootS } from './limb-path';

/**
 * The extremities whose paths run into the leg's free part: within one leg radius (at least a voxel, `h`)
 * of a point of the leg's path before `sRoot`, where the leg enters the body. Such an extremity branches off
 * the leg, not off the body: a corner of a fold. Rests on (eval:rig creatures and corpus, hind legs, the
 * closest approach of any other extremity's path to the free leg's path, in radii of the leg there): the
 * frog's heels 0.31-0.72 and knees 0.44-0.51 (fast and pro); everything else 1.12 or more: the hind legs of
 * the corpus and synthetic quadrupeds (Pig 1.16-1.46, synthetic 1.51-2.34, horse 1.85-2.08, fox 2.61-3.60),
 * their front legs (1.32-2.85) and the frog's own straight front legs (1.12-1.47), all of them nearest at the
 * leg's root, where every path converges. Only the frog's hind legs have corners.
 */
export function legCorners(leg: Polyline, sRoot: number, cands: Branch[], h: number): Branch[] {
  return cands.filter((b) => {
    for (let i = 0; i < b.path.count; i++)
      for (let j = 0; j < leg.count && leg.s[j] <= sRoot; j++) {
        const d = Math.hypot(b.path.points[i * 3] - leg.points[j * 3], b.path.points[i * 3 + 1] - leg.points[j * 3 + 1], b.path.points[i * 3 + 2] - leg.points[j * 3 + 2]);
        if (d < Math.max(h, leg.radius[j])) return true;
      }
    return false;
  });
}

/** The joints of a folded leg, from the body down: hip, knee, ankle, toe (the ball of the foot). */
export interface FoldedLeg { upper: Vec3; knee: Vec3; ankle: Vec3; toe: Vec3 }

/**
 * A leg traced through its fold's corners rather than along the toe's path: joints at the corners, lowest
 * first (going down a leg, the ankle (heel) is below the knee): the ankle at the lowest corner's medial end,
 * the knee at the next one's (with a single corner, halfway up its path to the body); the upper-leg joint on
 * the thigh's axis (from the knee through the middle of the knee's path up to the body) at the distance from
 * the knee where that path enters the body (`limbRootS`), as the multileg fit's hips; the toe joint at the
 * template's share of the foot (0.64 of the way from the ankle to the tip, `toeShare`). `tip`: the toe end.
 */
export function foldedLeg(corners: Branch[], tip: Vec3, bodyR: number, toeShare: number): FoldedLeg {
  const cs = corners.slice().sort((a, b) => a.path.points[1] - b.path.points[1]);
  const heel = cs[0].path;
  const ankle = at(heel, medialTipS(heel));
  const kp = cs.length > 1 ? cs[1].path : heel;
  const sRootK = limbRootS(kp, bodyR);
  const sKnee = cs.length > 1 ? medialTipS(kp) : 0.5 * sRootK;
  const knee = at(kp, sKnee);
  const mid = at(kp, 0.5 * (sKnee + sRootK));
  const entry = at(kp, sRootK);
  const reach = Math.hypot(entry[0] - knee[0], entry[1] - knee[1], entry[2] - knee[2]);
  const d = normalise(sub3(mid, knee));
  const upper: Vec3 = [knee[0] + d[0] * reach, knee[1] + d[1] * reach, knee[2] + d[2] * reach];
  return { upper, knee, ankle, toe: lerp3(ankle, tip, toeShare) };
}
