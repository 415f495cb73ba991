/**
 * A biped stands on its feet: the lowest extremity on each side of the mid-plane lies on the floor. On every
 * corpus biped (rest and idle frame, both engines) the feet the fit picks lie within 0.009 H of the floor;
 * where the lowest extremity of a side stood higher (0.055-0.13 H) it was a hand, the foot having no
 * extremity of its own: the curve skeleton stops at a fixed number of branches, and a head with many bumps
 * (KayKit's arms-down character, pro: 13 of its 16 extremities on the head) takes them before a foot set
 * close beside the other.
 */
import type { CurveSkeleton } from './curve-skeleton';
import { at } from './fit-common';

/** A side's lowest extremity this far above the floor (share of the height) is no foot. */
const FOOT_OFF_FLOOR = 0.05;
/** Feet are searched under this height (fit-biped.ts). */
const FOOT_BELOW = 0.25;

/** True when a side (x > 0, x < 0) has no extremity under FOOT_BELOW on the floor: a foot may have no branch. */
export function footMissing(skel: CurveSkeleton, H: number): boolean {
  for (const sign of [1, -1]) {
    let low = Infinity;
    for (const b of skel.branches) {
      const p = at(b.path, 0);
      if (sign * p[0] > 0 && p[1] < FOOT_BELOW * H) low = Math.min(low, p[1]);
    }
    if (low > FOOT_OFF_FLOOR * H) return true;
  }
  return false;
}
