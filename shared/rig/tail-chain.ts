/**
 * Places the tail chain (`templates/template.ts`, `tailChain`) along a tail's medial path: shared by the
 * quadruped, tailed-biped and avian fits.
 *
 * Notes (session 11, CD-J2J fast / pro; FIT-DESIGN.md "tail chain" for the artists' counts):
 * - Four deforming joints, the last at 0.9 of the way from the tail's root to its medial tip: the
 *   Mesh2Motion artists weight a joint at the tail's tip (1.1-1.9% of the size from the mesh's tip on the
 *   fox, horse and kaiju, beyond our medial tip by 1.0-1.7%), and space the others about evenly.
 * - Rejected: five joints (the median artist count) with the last at 0.8 - holdout better (horse 3.44 /
 *   3.64%, kaiju 2.78 / 2.77%) but the Quaternius Pig, whose curled tail has no bones, 4.97 / 5.14% (tune
 *   quadruped fast 3.99 -> 4.02%); five or six with the last at 0.9-1.0 (Pig 5.02-5.17%); four with the
 *   last at the medial tip (fox fast 3.03 against 2.92%, the rest level).
 */
import type { Polyline } from './polyline';
import type { JointSet, Vec3 } from './fit-common';
import { at, lerp3 } from './fit-common';
import { TAIL_JOINTS, tailKeys } from './templates/template';

/** Where the last deforming tail joint sits, as a share of the way from the tail's root to its medial tip. */
export const TAIL_LAST = 0.9;
/** The avian's three tail joints: the last at 2/3 of the way (its artists' last joints lie at 0.25-0.97). */
export const AVIAN_TAIL_LAST = 2 / 3;

/**
 * `Tail` at arclength `sRoot` of the path `P` (arclength from the tail's tip), the other deforming joints
 * evenly spaced from there to `last` of the way to `sTip` (the medial tip), `Tail_End` at `sTip`.
 * `centreX` (mirror-symmetric shapes) puts the chain on the mid-plane.
 */
export function placeTailChain(js: JointSet, P: Polyline, sRoot: number, sTip: number, centreX: number | null = null, n = TAIL_JOINTS, last = TAIL_LAST): void {
  const put = (key: string, s: number): void => {
    const p = at(P, s);
    if (centreX !== null) p[0] = centreX;
    js.set(key, p);
  };
  const sLast = sRoot + last * (sTip - sRoot);
  tailKeys(n).forEach((k, i) => put(k, n > 1 ? sRoot + ((sLast - sRoot) * i) / (n - 1) : sRoot));
  put('Tail_End', sTip);
}

/**
 * The deforming tail joints on the segment `root` - `end`, spaced as on a path: `Tail` at `root`, the others
 * evenly to `last` of the way (the synthetic characters' ground truth uses it too).
 */
export function tailLinePoints(root: ArrayLike<number>, end: ArrayLike<number>, n = TAIL_JOINTS, last = TAIL_LAST): Vec3[] {
  return Array.from({ length: n }, (_, i) => lerp3(root, end, n > 1 ? (last * i) / (n - 1) : 0));
}

/** Without a tail path: the chain on the segment `root` - `end`, `Tail_End` at `end`. */
export function placeTailLine(js: JointSet, root: Vec3, end: Vec3, n = TAIL_JOINTS, last = TAIL_LAST): void {
  const keys = tailKeys(n);
  tailLinePoints(root, end, n, last).forEach((p, i) => js.set(keys[i], p));
  js.set('Tail_End', end);
}
