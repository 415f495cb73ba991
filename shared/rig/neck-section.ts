/**
 * The neck along a head's path: where its cross-section is smallest (fit-biped.ts places the Neck and Head
 * joints from it).
 */
import type { Branch } from './curve-skeleton';
import { at, sectionArea, sub3 } from './fit-common';
import type { Volume } from './volume';

/** Neck sections within 3% of the smallest count as tied (voxel noise along a tube). */
const NECK_TIE = 1.03;

/**
 * Arclength in [s0, s1] with the smallest cross-section area (plane normal to the path). The inside radius
 * (distance to the nearest surface) is capped by a chest's front-back depth and misses a neck that is
 * narrow side to side; the section area sees it.
 */
export function narrowestSection(vol: Volume, P: Branch['path'], s0: number, s1: number, h: number, maxR: number): number {
  const ss: number[] = [], areas: number[] = [];
  for (let s = s0; s <= s1 + 1e-12; s += h * 0.5) {
    const a = at(P, Math.max(0, s - 2 * h)), b = at(P, s + 2 * h);
    ss.push(s);
    areas.push(sectionArea(vol, at(P, s), sub3(b, a), maxR));
  }
  let k = 0;
  for (let i = 1; i < areas.length; i++) if (areas[i] < areas[k]) k = i;
  // The middle of the near-minimal stretch around it: a neck is a tube, its voxel sections tie.
  let i0 = k, i1 = k;
  while (i0 > 0 && areas[i0 - 1] <= NECK_TIE * areas[k]) i0--;
  while (i1 + 1 < areas.length && areas[i1 + 1] <= NECK_TIE * areas[k]) i1++;
  return ss.length ? (ss[i0] + ss[i1]) / 2 : s0;
}
