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
const p = [0, 0, 0];

/**
 * Arclength from the tip of the leg's bend between the knee (at `sKnee` from the tip) and the tip, or null
 * when that part is straight. The bend is looked for between 0.15 and 0.85 of the way up from the tip
 * (the tip's and the knee's own rounding lie outside). `step`: the sampling step (a fraction of a voxel).
 */
export function bendBelowKnee(P: Polyline, sKnee: number, step: number): number | null {
  P.pointAt(sKnee, p);
  const kx = p[0], ky = p[1], kz = p[2];
  P.pointAt(0, p);
  const ux = p[0] - kx, uy = p[1] - ky, uz = p[2] - kz;
  const len = Math.hypot(ux, uy, uz);
  if (len <= 0) return null;
  let best = 0, bestS = -1;
  for (let s = 0.15 * sKnee; s <= 0.85 * sKnee; s += step) {
    P.pointAt(s, p);
    const wx = p[0] - kx, wy = p[1] - ky, wz = p[2] - kz;
    const t = (wx * ux + wy * uy + wz * uz) / (len * len);
    const d = Math.hypot(wx - t * ux, wy - t * uy, wz - t * uz);
    if (d > best) {
      best = d;
      bestS = s;
    }
  }
  return best > BEND_SHARE * len ? bestS : null;
}
