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

/**
 * The polygon of three straight pieces, its two inner vertices on the path, that follows the path from its
 * tip (arclength 0) to `sEnd` closest (least squares over samples every `step`): the arclengths of the two
 * vertices from the tip. The vertices are fitted to the whole stretch, so moving its end along a straight
 * piece leaves them where they are, where the point farthest from a chord moves along any piece that runs
 * parallel to the chord. Empty when the stretch has fewer than four samples.
 */
export function pathPolygon3(P: Polyline, sEnd: number, step: number): number[] {
  const n = Math.floor(sEnd / step) + 1;
  if (n < 4) return [];
  const ts = new Float64Array(n), xs = new Float64Array(n * 3);
  const p = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    ts[i] = (i * sEnd) / (n - 1);
    P.pointAt(ts[i], p);
    xs[i * 3] = p[0]; xs[i * 3 + 1] = p[1]; xs[i * 3 + 2] = p[2];
  }
  // Squared distances of the samples strictly between a and b from the segment a-b.
  const err = (a: number, b: number): number => {
    const dx = xs[b * 3] - xs[a * 3], dy = xs[b * 3 + 1] - xs[a * 3 + 1], dz = xs[b * 3 + 2] - xs[a * 3 + 2];
    const L2 = dx * dx + dy * dy + dz * dz || 1e-12;
    let e = 0;
    for (let i = a + 1; i < b; i++) {
      const qx = xs[i * 3] - xs[a * 3], qy = xs[i * 3 + 1] - xs[a * 3 + 1], qz = xs[i * 3 + 2] - xs[a * 3 + 2];
      const f = Math.min(1, Math.max(0, (qx * dx + qy * dy + qz * dz) / L2));
      e += (qx - f * dx) ** 2 + (qy - f * dy) ** 2 + (qz - f * dz) ** 2;
    }
    return e;
  };
  const last = n - 1;
  const upper = new Float64Array(n);
  for (let j = 2; j < last; j++) upper[j] = err(j, last);
  let bi = -1, bj = -1, best = Infinity;
  for (let i = 1; i < last - 1; i++) {
    const lower = err(0, i);
    if (lower >= best) continue;
    for (let j = i + 1; j < last; j++) {
      const e = lower + err(i, j) + upper[j];
      if (e < best) { best = e; bi = i; bj = j; }
    }
  }
  return [ts[bi], ts[bj]];
}
