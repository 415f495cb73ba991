/**
 * Extremities that belong to the head: the corners of a box head, ears, horns, a hat's brim. A hand is
 * the most lateral extremity, and a head wider than the shoulders offers tips more lateral than hands
 * hanging at the sides (the Quaternius Robot's box head, 0.6 of its height wide: pro took a corner for
 * the right hand, semantic 12%).
 *
 * A tip belongs to the head when it lies above the head's base (the narrowest horizontal section along
 * the head's path between the wider head and torso: a neck; sections across the path would cut a box
 * head's corner small) and its own path reaches the head's path above that
 * base too: the path of a hand, even one raised over the head, comes down its arm to the shoulder and
 * meets the head's path below the neck. Without a neck on the head's path (a chibi head holding the torso
 * centre) nothing is excluded.
 */
import type { Polyline } from './polyline';
import type { Vec3 } from './fit-common';
import { at, sectionArea } from './fit-common';
import type { Volume } from './volume';

/** A neck is narrower than half the head above it and the torso below it. */
const NARROWING = 0.5;

/**
 * Height of the head's base: the narrowest horizontal section along the head's path that is a real
 * narrowing, under half the widest section both above it (the head) and below it (the torso); Infinity
 * when the path has none (it ends in the head, or the head sits on the body with no narrowing).
 */
export function headBaseY(vol: Volume, headPath: Polyline, H: number): number {
  const step = 0.5 * vol.grid.h;
  const n = Math.floor(headPath.length / step) + 1;
  const area = new Float64Array(n);
  for (let k = 0; k < n; k++) area[k] = sectionArea(vol, at(headPath, k * step), [0, 1, 0], 0.25 * H);
  const below = new Float64Array(n);
  for (let k = n - 2; k >= 0; k--) below[k] = Math.max(below[k + 1], area[k + 1]);
  let above = 0, best = Infinity, sBest = -1;
  for (let k = 0; k < n; k++) {
    if (area[k] > 0 && area[k] < best && area[k] < NARROWING * Math.min(above, below[k])) {
      best = area[k];
      sBest = k * step;
    }
    above = Math.max(above, area[k]);
  }
  return sBest >= 0 ? at(headPath, sBest)[1] : Infinity;
}

/** Height at which `path`, walked from its tip, first comes within `near` of `headPath`'s samples, or -Infinity. */
function joinHeight(path: Polyline, head: Float64Array, near: number, step: number): number {
  const q = [0, 0, 0];
  for (let s = 0; s <= path.length; s += step) {
    path.pointAt(s, q);
    for (let i = 0; i < head.length; i += 3) if (Math.hypot(q[0] - head[i], q[1] - head[i + 1], q[2] - head[i + 2]) < near) return q[1];
  }
  return -Infinity;
}

/** The tips (by their position object) of `tips` that belong to the head above `baseY`. */
export function headFeatureTips(tips: readonly { p: Vec3; b: { path: Polyline } }[], headPath: Polyline, baseY: number, h: number): Set<Vec3> {
  const out = new Set<Vec3>();
  // The head's path sampled once, every voxel.
  const n = Math.floor(headPath.length / h) + 1;
  const head = new Float64Array(n * 3);
  const p = [0, 0, 0];
  for (let k = 0; k < n; k++) head.set(headPath.pointAt(k * h, p), k * 3);
  for (const t of tips) {
    if (t.b.path === headPath || t.p[1] <= baseY) continue;
    if (joinHeight(t.b.path, head, 1.5 * h, h) > baseY) out.add(t.p);
  }
  return out;
}
