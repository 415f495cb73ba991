/**
 * The ankle of a jointed leg: an arthropod leg is a chain of straight rigid segments (exoskeleton), so its
 * medial path bends only at its joints. Below the knee, the point of the path farthest from the straight
 * line knee-tip is a bend when it stands out of that line by more than `BEND_SHARE` of the line's length.
 *
 * Measured (fast / pro, distance over the knee-tip line's length): the Mesh2Motion spider's legs bend there
 * by 0.079-0.170 (the artist's tibia-metatarsus joint, 0.62-0.74 of the leg from the hip); the synthetic
 * multileg's straight tibias by 0.026-0.051 (the knee's own rounding and voxel noise). A straight segment
 * gives no bend and the template's ankle stays halfway down it.
 */
import type { Polyline } from './polyline';

export const BEND_SHARE = 0.065;

/**
 * Arclength from the tip of the leg's bend between the knee (at `sKnee` from the tip) and the tip, or null
 * when that part is straight. The bend is looked for between 0.15 and 0.85 of the way up from the tip
 * (the tip's and the knee's own rounding lie outside). `step`: the sampling step (a fraction of a voxel).
 */
export function bendBelowKnee(P: Polyline, sKnee: number, step: number): number | null {
  const k = P.pointAt(sKnee, [0, 0, 0]), t = P.pointAt(0, [0, 0, 0]);
  const len = Math.hypot(t[0] - k[0], t[1] - k[1], t[2] - k[2]);
  if (len <= 0) return null;
  const s = P.bend(sKnee, 0, 0.15 * sKnee, 0.85 * sKnee, step, BEND_SHARE * len);
  return s >= 0 ? s : null;
}
