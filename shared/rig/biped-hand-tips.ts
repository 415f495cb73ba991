/**
 * Which extremities of a biped's curve skeleton may be hands (`fitBiped` then takes the most lateral and
 * lowest of them on each side). Not a hand: a feature of the head (biped-head-features.ts), a plate (a
 * hat's brim), a low tip as thick as a robe's hem that runs on inside the body, or a low tip near a foot
 * (a second toe, a heel).
 */
import type { Volume } from './volume';
import { insideRun } from './volume';
import type { Branch } from './curve-skeleton';
import type { Vec3 } from './fit-common';
import { at, cross, normalise, sub3 } from './fit-common';
import { headFeatureTips } from './biped-head-features';

/**
 * A low extremity (under 0.2 H) whose medial radius within 0.1 H of its tip exceeds this share of the
 * height is the hem of clothing, not a hand: low hands measure 0.014-0.05 H (Alien, Banana, Robot, fast and
 * pro), a robe's hem corners 0.068-0.078 H (synthetic robe, fast).
 */
const LOW_HAND_MAX_RADIUS = 0.06;
/**
 * An extremity whose section across its path, PLATE_REACH of the height in from its tip, is more than
 * PLATE_FLATNESS times as wide (horizontally) as it is thick is a plate, not a hand: the hands the fit
 * picks on the corpus bipeds, at rest, with arms lowered to 45 degrees and in their idle frames (both
 * engines), measure 0.03-1.95 (a flat palm lies nearer the tip); the KayKit Mage's hat brim 2.45-8.3.
 */
const PLATE_REACH = 0.15;
const PLATE_FLATNESS = 2.2;
/** A low extremity this far (share of the height) from both feet may be a hand; a foot is under 0.1 H long. */
const HAND_FROM_FOOT = 0.08;
/** Where a low tip's freedom from the body is read: this share of the height up its path from the tip. */
const FREE_PROBE = 0.05;

export interface HandCandidateContext {
  /** Every extremity, `i` its index and `p` its tip; `used` holds those already taken (feet, head). */
  tips: readonly { i: number; b: Branch; p: Vec3 }[];
  used: ReadonlySet<number>;
  /** The head's extremity, when found; `horizontal` for a level torso (its head features are not read). */
  head: Branch | null;
  horizontal: boolean;
  feet: readonly (Branch | null)[];
  /** The mid-plane between the feet. */
  feetX: number;
  /** The head's base (headBaseY, biped-head-features.ts), Infinity when none is found. */
  headBase: number;
}

/** A test of an extremity's tip (by its position object): may it be a hand? */
export function handCandidates(vol: Volume, c: HandCandidateContext): (p: Vec3) => boolean {
  const H = vol.max[1] - vol.min[1];
  const { tips, used, head, horizontal } = c;
  // Hand candidates: above 0.2 H, or lower but well away from both feet (long arms hanging beside the legs
  // of robots and cartoon bodies reach 0.05-0.2 H), so a second toe or a heel is never taken for a hand.
  const feetTips = c.feet.filter((b): b is Branch => b !== null).map((b) => at(b.path, 0));
  // A low extremity as thick as a robe's hem near its tip is not a hand (LOW_HAND_MAX_RADIUS) unless it
  // stands apart from the body (air between it and the mid-plane in its row, standsApart): a hem spans the
  // body to the mid-plane, a lowered fist (the Kenney chibis', 0.065-0.076 H) does not.
  const thickLow = new Set(tips.filter((t) => t.p[1] <= 0.2 * H && maxRadiusNearTip(t.b.path, 0.1 * H) > LOW_HAND_MAX_RADIUS * H && !standsApart(vol, at(t.b.path, FREE_PROBE * H), c.feetX)).map((t) => t.p));
  // Corners of a box head, ears, horns (biped-head-features.ts) are never hands.
  const ofHead = head && !horizontal ? headFeatureTips(tips, head.path, c.headBase, vol.grid.h) : new Set<Vec3>();
  // A plate (a hat's brim, a cape's corner) is not a hand: flat across its path (PLATE_FLATNESS).
  const plates = new Set(tips.filter((t) => !used.has(t.i) && plateFlatness(vol, t.b.path) > PLATE_FLATNESS).map((t) => t.p));
  return (p) => !ofHead.has(p) && !plates.has(p) && (p[1] > 0.2 * H || (p[1] > 0.03 * H && !thickLow.has(p) && feetTips.every((f) => Math.hypot(p[0] - f[0], p[1] - f[1], p[2] - f[2]) > HAND_FROM_FOOT * H)));
}

/** How flat the extremity along path `P` (tip first) is PLATE_REACH of the height in from its tip (flatness). */
export function plateFlatness(vol: Volume, P: Branch['path']): number {
  return flatness(vol, P, PLATE_REACH * (vol.max[1] - vol.min[1]));
}

/**
 * How flat extremity path `P` is at arclength `s`: the inside run across the path horizontally over the
 * run across it in the plane of the path and the vertical (a brim's disc: wide and thin; an arm: round).
 */
function flatness(vol: Volume, P: Branch['path'], s: number): number {
  const h = vol.grid.h;
  const p = at(P, s);
  const u = normalise(sub3(at(P, s + 2 * h), at(P, Math.max(0, s - 2 * h))));
  // A plate held out from the body lies near the horizontal; a steep path (over 73 degrees: an arm hanging
  // beside the body, whose horizontal section takes in the torso it touches) is not measured.
  if (Math.hypot(u[0], u[2]) < 0.3) return 1;
  const v1 = normalise([-u[2], 0, u[0]]);
  const v2 = normalise(cross(u, v1));
  const run = (d: number[]): number => insideRun(vol, p, d[0], d[1], d[2], 0.5) + insideRun(vol, p, -d[0], -d[1], -d[2], 0.5);
  return run(v1) / Math.max(h, run(v2));
}

/** Air between `p` and the mid-plane `xc` along its row across the body: a hem runs on inside to the mid-plane. */
function standsApart(vol: Volume, p: Vec3, xc: number): boolean {
  const toMid = Math.abs(p[0] - xc);
  return insideRun(vol, p, Math.sign(xc - p[0]), 0, 0, toMid) < toMid;
}

function maxRadiusNearTip(path: Branch['path'], reach: number): number {
  let r = 0;
  for (let i = 0; i < path.count && path.s[i] <= reach; i++) r = Math.max(r, path.radius[i]);
  return r;
}
