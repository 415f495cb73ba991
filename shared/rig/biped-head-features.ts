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
 * meets the head's path below the neck. A chibi head holding the torso centre has no neck on its path; its
 * base is then read below the path (headOnBody), else nothing is excluded.
 */
import type { Polyline } from './polyline';
import type { Vec3 } from './fit-common';
import { at, sectionArea } from './fit-common';
import type { Volume } from './volume';

/** A neck is narrower than half the head above it and the torso below it. */
const NARROWING = 0.5;
/**
 * A head's path ends inside the head when, below its widest section, no section falls under this share of
 * it: KayKit's arms-down character 1.0 (its torso centre lies in its head), the Kenney chibis 0.82-1.0,
 * the KayKit adventurers 0.85-1.0; a path that leaves the head through a neck falls to 0.02-0.73 (Robot,
 * human-male, Zombie 0.46-0.50, Goblin, Alien). Figures: FIT-DESIGN.md, Biped rules.
 */
const STAYS_IN_HEAD = 0.8;

export interface HeadBase {
  /** Height of the head's base, Infinity when none is found. */
  y: number;
  /** The head sits on the body with its path ending inside it (headOnBody): the base was read below the path. */
  onBody: boolean;
  /**
   * Where no neck narrows under half the head (`y` Infinity), the base of the head's column above the
   * shoulders (columnBase), for the rules that need the head's height; Infinity when there is no column.
   */
  column: number;
}

/**
 * The head's base: the narrowest horizontal section along the head's path that is a real narrowing,
 * under half the widest section both above it (the head) and below it (the torso). A path that ends inside
 * the head (the torso centre it was grown from lies there) has no torso below: the sections then run on
 * straight down from its end to the crotch `crotchY` (headOnBody).
 */
export function headBaseY(vol: Volume, headPath: Polyline, H: number, crotchY: number): HeadBase {
  const step = 0.5 * vol.grid.h;
  const n = Math.floor(headPath.length / step) + 1;
  const ys: number[] = [];
  const area: number[] = [];
  for (let k = 0; k < n; k++) {
    const p = at(headPath, k * step);
    ys.push(p[1]);
    area.push(sectionArea(vol, p, [0, 1, 0], 0.25 * H));
  }
  const y = narrowing(ys, area);
  if (Number.isFinite(y)) return { y, onBody: false, column: y };
  const column = columnBase(ys, area);
  if (!endsInHead(area)) return { y, onBody: false, column };
  const base = headOnBody(vol, at(headPath, headPath.length), crotchY, ys, area, step, H);
  return { y: base, onBody: Number.isFinite(base), column: Number.isFinite(base) ? base : column };
}

/** The head and neck above the shoulders are under this share of the torso's widest section. */
const COLUMN_OF_TORSO = 0.5;
/**
 * A neck, however slight, is narrower than the skull above it: 0 A.D.'s 0.56-0.82. The crown of a chibi's
 * big head, cut off where its sections reach half the head's widest, only widens downwards (Kenney's).
 */
const NECK_OF_SKULL = 0.9;

/**
 * A small head on a neck as thick as the head is (0 A.D.'s humans: the neck's horizontal section 0.82 of
 * the head's, the artist's Head joint 0.88 H) shows no narrowing under half the head, yet the head and neck
 * stand as a column under half the torso's widest section. The head's base is the narrowest section of
 * that column below the widest of its upper half (the skull; the lower half holds the neck and the
 * shoulders' slope) when it is a neck (NECK_OF_SKULL), or Infinity when some section above the torso is
 * wider than half of it or no neck narrows under the skull (a chibi's head, as wide as its body or wider).
 */
function columnBase(allYs: readonly number[], allArea: readonly number[]): number {
  // From the path's highest sample: a tip hanging from the head (a helmet's plume, a tuft over the brow) sends
  // the path up into the head first, and the column starts at the crown.
  let kTop = 0;
  for (let k = 1; k < allYs.length; k++) if (allYs[k] > allYs[kTop]) kTop = k;
  const ys = allYs.slice(kTop), area = allArea.slice(kTop);
  let kTorso = 0;
  for (let k = 1; k < area.length; k++) if (area[k] > area[kTorso]) kTorso = k;
  let end = kTorso;
  while (end > 0 && area[end] >= COLUMN_OF_TORSO * area[kTorso]) end--;
  // A column read from its top down; a path that climbs again is none.
  for (let k = 0; k <= end; k++) if (area[k] >= COLUMN_OF_TORSO * area[kTorso] || (k > 0 && ys[k] > ys[k - 1])) return Infinity;
  if (end < 3) return Infinity;
  let kSkull = 0;
  for (let k = 1; k <= end / 2; k++) if (area[k] > area[kSkull]) kSkull = k;
  let kMin = kSkull + 1;
  for (let k = kMin + 1; k <= end; k++) if (area[k] < area[kMin]) kMin = k;
  return area[kMin] < NECK_OF_SKULL * area[kSkull] ? ys[kMin] : Infinity;
}

/**
 * Samples (half a voxel apart) either side over which a section must hold its width to count as the head's
 * widest: a hat's brim, a voxel or two thick and up to 2.4 head radii wide, is no head (eval:rig-sweep
 * --extras seed 195, a chibi in a dress and a brimmed hat: the head's sections, under 0.8 of the brim's,
 * read as a neck on the way out of the head, no base was found, the hips came from an adult's proportions,
 * 24% of the height high).
 */
const HELD_SAMPLES = 2;

/** Each section's width held over HELD_SAMPLES either side: the smallest section within that reach. */
function heldAreas(area: readonly number[]): Float64Array {
  const held = new Float64Array(area.length);
  for (let k = 0; k < area.length; k++) {
    let m = Infinity;
    for (let j = Math.max(0, k - HELD_SAMPLES); j <= Math.min(area.length - 1, k + HELD_SAMPLES); j++) m = Math.min(m, area[j]);
    held[k] = m;
  }
  return held;
}

/** Below the widest section of the head's path (held, heldAreas), no section falls under STAYS_IN_HEAD of it. */
function endsInHead(area: readonly number[]): boolean {
  const held = heldAreas(area);
  let k0 = 0;
  for (let k = 1; k < area.length; k++) if (held[k] > held[k0]) k0 = k;
  for (let k = k0 + 1; k < area.length; k++) if (area[k] < STAYS_IN_HEAD * held[k0]) return false;
  return area.length > 0;
}

/**
 * KayKit's arms-down character: a head 0.63 H wide sits on a body 0.3 H wide, the torso centre inside the
 * head, so the head's path never leaves the head. Below its end, straight down to the crotch, the sections
 * show the neck (fast 0.37 H, the artist's Head joint 0.375 H) under half the head and under half the
 * torso. Not below the crotch: a Kenney skirt's hem, under a waist, is no torso (female-e: a "neck" at
 * 0.30 H, under its hands).
 */
function headOnBody(vol: Volume, end: ArrayLike<number>, crotchY: number, ys: number[], area: number[], step: number, H: number): number {
  for (let y = end[1] - step; y > crotchY; y -= step) {
    const a = sectionArea(vol, [end[0], y, end[2]], [0, 1, 0], 0.25 * H);
    if (a === 0) break;
    ys.push(y);
    area.push(a);
  }
  return narrowing(ys, area);
}

/** The height of the smallest section under NARROWING of the widest both above and below it (top first), or Infinity. */
function narrowing(ys: readonly number[], area: readonly number[]): number {
  const n = area.length;
  const below = new Float64Array(n);
  for (let k = n - 2; k >= 0; k--) below[k] = Math.max(below[k + 1], area[k + 1]);
  let above = 0, best = Infinity, kBest = -1;
  for (let k = 0; k < n; k++) {
    if (area[k] > 0 && area[k] < best && area[k] < NARROWING * Math.min(above, below[k])) {
      best = area[k];
      kBest = k;
    }
    above = Math.max(above, area[k]);
  }
  return kBest >= 0 ? ys[kBest] : Infinity;
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
