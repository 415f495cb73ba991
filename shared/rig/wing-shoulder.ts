/**
 * A round wing's shoulder on its upper arm's axis (`fit-avian.ts`).
 *
 * A wing swept back or lowered meets the body at a glancing angle: the upper arm runs along the flank before
 * it enters, and its medial path leaves the arm through its side where the arm first touches the body, near
 * the elbow, then runs straight to the body's centre. The root found on that path (where the radius grows
 * to the body's) lies a body radius or more behind and under the shoulder, and the chest, at the axis point
 * nearest the shoulders, follows it back. The humerus is straight, so the shoulder lies on the line from the
 * elbow through the path's turn into the body, continued to the root's distance from the mid-plane (as a
 * stub wing's, `stubWing`).
 *
 * Measured on the random birds (`eval:avian-sweep`, capsule wings whose section is round: across the wing at
 * the elbow 0.88-1.79 times its thickness). Seeds 1-60, fast / pro: shoulders 6.4 / 5.2% of the size from the
 * truth -> 3.7 / 2.1% (56 of 58 wings with a turn nearer), the chest 6.8 / 5.6 -> 4.5 / 3.1%, the whole fit
 * 3.43 / 2.82 -> 3.01 / 2.32% (both halves); fresh seeds 61-120 3.06 / 2.57 -> 2.68 / 2.19% (both halves);
 * heads 1.2 times the body 3.65 / 3.09 -> 3.38 / 2.73%. It is left to round wings (ROUND_WING): a flat wing's
 * medial path runs anywhere in the sheet, so the line through two of its points is no bone's axis (the corpus's
 * feathered and membrane wings measure 3.3-12.8 across their thickness, bird-base, the Eagle and the
 * Mesh2Motion dragon; extended there the shoulders moved off their artists' joints, CD-J2J 3.53 -> 3.72%,
 * 4.36 -> 4.60%; left alone they are unchanged). The corpus's one round arm, the Quaternius Dragon's bony wing
 * arm (1.3-1.5), costs fast 3.32 -> 3.54% (pro 3.33 -> 3.34%): its artist rigs two joints there, `Shoulder.L`
 * where our path enters the body and `Wing1.L` on the arm's line 0.08 of the size higher, and our one shoulder
 * moves from the first (1.1% away) to between them (4.4 and 4.9%).
 */
import type { Volume } from './volume';
import type { Vec3 } from './fit-common';
import { at, cross, normalise, pathDirection, radiusAt, sub3 } from './fit-common';
import { insideAt, insideRun } from './volume';
import { MAX_OUTSIDE_SHARE } from './fit-checks';
import type { Polyline } from './polyline';

/** A wing is round where its section across the span is at most this many times its thickness. */
export const ROUND_WING = 2;

/**
 * The shoulder for a wing path (arclength from the tip: `sElbow` the elbow, `sRoot` the root found on the
 * path), or the root itself when the wing is flat, its path runs straight in, or the line would leave the
 * volume (more than the checks' MAX_OUTSIDE_SHARE of the bone from the elbow).
 */
export function upperArmShoulder(vol: Volume, path: Polyline, sElbow: number, sRoot: number): Vec3 {
  const root = at(path, sRoot);
  const step = 0.5 * vol.grid.h;
  const sTurn = path.bend(sElbow, sRoot, sElbow, sRoot, step, Math.max(0.005, step));
  if (sTurn < 0 || sectionRatio(vol, path, sElbow) > ROUND_WING) return root;
  const elbow = at(path, sElbow);
  const d = normalise(sub3(at(path, sTurn), elbow));
  // A wing rising or hanging steeply from the body: the line barely nears the mid-plane.
  if (Math.abs(d[0]) < 0.2) return root;
  const k = (root[0] - elbow[0]) / d[0];
  if (k <= 0) return root;
  const shoulder: Vec3 = [elbow[0] + d[0] * k, elbow[1] + d[1] * k, elbow[2] + d[2] * k];
  return outsideShare(vol, shoulder, elbow) > MAX_OUTSIDE_SHARE ? root : shoulder;
}

/**
 * The wing's section across its span at arclength s (the inside run forward plus backward, level and
 * square to the span), in units of its thickness (twice the medial radius): about 1 for a round limb.
 */
export function sectionRatio(vol: Volume, path: Polyline, s: number): number {
  const p = at(path, s);
  const f = normalise(cross([0, 1, 0], pathDirection(path, s)));
  const r = Math.max(radiusAt(vol, p[0], p[1], p[2]), vol.grid.h);
  return (insideRun(vol, p, f[0], f[1], f[2], 20 * r) + insideRun(vol, p, -f[0], -f[1], -f[2], 20 * r)) / (2 * r);
}

/** Share of the segment a-b (19 interior samples) outside the volume, without the checks' voxel of tolerance. */
export function outsideShare(vol: Volume, a: Vec3, b: Vec3): number {
  let out = 0;
  for (let i = 1; i < 20; i++) {
    const t = i / 20;
    if (!insideAt(vol, a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)) out++;
  }
  return out / 19;
}
