/**
 * Geometry read off the fast volume and its curve skeleton for the pre-check: extents, the thickest
 * point of the body, the significant extremities and which of them stand on the floor. Coordinates are
 * the engine's working frame (normalise.ts): longest side 1, standing on y = 0, centred in x and z.
 */
import type { Volume } from './volume';
import { insideAt } from './volume';
import type { Branch, CurveSkeleton } from './curve-skeleton';
import { voxelCenter } from './grid';
import type { Vec3 } from './fit-common';
import { at } from './fit-common';
import { sheetAspect } from './section-aspect';

/** Extremities less prominent than this (normalised units) are bumps, fingers, ears, toes of one foot. */
const MIN_PROMINENCE = 0.1;
/**
 * Floor tips closer than this are one foot (two toes, a toe and a heel); so are tips up to SOLE_MAX apart
 * joined by a sole (soleJoins).
 */
const SAME_FOOT = 0.06;
/**
 * The longest sole (normalised units): chibi boots measure 0.15-0.3 of the height toe to heel (KayKit
 * Knight 0.175, Kenney 0.23-0.32 of the height, which is the longest side there); the feet of a quadruped
 * or a spider are further apart along the body, with no sole between them.
 */
const SOLE_MAX = 0.3;
/** A tip in the lowest voxel layer stands on the floor (its path ends half a voxel up: 1.5 leaves slack). */
const STANDING_LAYER = 1.5;
/** A lifted foot (a stride, a raised paw) is at most this share of the height off the floor. */
const LIFTED_MAX = 0.08;
/** A mirror partner within this distance of the mirrored position makes a left/right pair. */
const PAIR_TOLERANCE = 0.08;
/** Tips closer than this to the mid-plane are on it (a tail, a belly), not one of a pair. */
const ON_MID_PLANE = 0.015;

export interface Tip {
  p: Vec3;
  prominence: number;
  branch: Branch;
  /**
   * Width over thickness of the extremity's cross-section (section-aspect.ts: the median of three sections
   * along its outer half): about 1 for a round limb, several for a wing's membrane or a feather fan.
   */
  sheet: number;
}

export interface ShapeFeatures {
  height: number;
  extentX: number;
  extentZ: number;
  /** Longest horizontal extent and its axis (0 = x, 2 = z). */
  long: number;
  longAxis: 0 | 2;
  /** The thickest inside point and its radius. */
  centre: Vec3;
  bodyRadius: number;
  /** Gap between the body's underside and the floor, as a share of the height (0 = lying on the floor). */
  clearance: number;
  tips: Tip[];
  /**
   * Feet: tips standing on the floor, one per foot, kept to the left/right mirror pairs when there are
   * any (a spider's abdomen or a fish's belly touching the floor is not a foot).
   */
  feet: Tip[];
  /** Share of the floor tips that have a mirror partner (0 with no floor tips). */
  pairedShare: number;
  /** The axis across which the feet pair up (the long axis when none do): where arms, wings and legs spread. */
  lateralAxis: 0 | 2;
  /** Spread of the inside volume along the long horizontal axis over the other (standard deviations). */
  volumeAspect: number;
  voxel: number;
}

export function shapeFeatures(vol: Volume, skel: CurveSkeleton): ShapeFeatures {
  const height = vol.max[1] - vol.min[1];
  const extentX = vol.max[0] - vol.min[0];
  const extentZ = vol.max[2] - vol.min[2];
  const c = [0, 0, 0];
  voxelCenter(vol.grid, skel.centre, c);
  const centre: Vec3 = [c[0], c[1], c[2]];
  const bodyRadius = vol.dt[skel.centre] * vol.grid.h;
  const tips = skel.branches.filter((b) => b.prominence >= MIN_PROMINENCE)
    .map((b) => ({ p: at(b.path, 0), prominence: b.prominence, branch: b, sheet: sheetAspect(vol, b.path, Math.min(b.joinS, b.path.length)) }));
  const onFloor: Tip[] = [];
  for (const t of floorTips(tips, height, vol.grid.h).sort((a, b) => b.prominence - a.prominence)) {
    if (!onFloor.some((f) => Math.hypot(f.p[0] - t.p[0], f.p[2] - t.p[2]) < SAME_FOOT || soleJoins(vol, f.p, t.p))) onFloor.push(t);
  }
  const longAxis: 0 | 2 = extentX >= extentZ ? 0 : 2;
  // Feet can pair up both ways (a rectangle of four, a spider's eight, a fish's belly and tail): more
  // pairs win, then pairs that sit farther out towards the sides of the shape.
  const byX = pairedTips(onFloor, 0), byZ = pairedTips(onFloor, 2);
  const rank = (pairs: Tip[], axis: 0 | 2): number =>
    pairs.length + (pairs.length ? pairs.reduce((s, t) => s + Math.abs(t.p[axis]), 0) / pairs.length / (0.5 * (axis === 0 ? extentX : extentZ)) : 0);
  const xWins = rank(byX, 0) >= rank(byZ, 2);
  const pairs = xWins ? byX : byZ;
  const lateralAxis: 0 | 2 = pairs.length ? (xWins ? 0 : 2) : mirroredAxis(tips) ?? longAxis;
  return {
    height, extentX, extentZ,
    long: Math.max(extentX, extentZ),
    longAxis,
    centre, bodyRadius,
    clearance: Math.max(0, centre[1] - bodyRadius) / Math.max(height, 1e-9),
    tips,
    feet: pairs.length >= 2 ? pairs : onFloor,
    pairedShare: onFloor.length ? pairs.length / onFloor.length : 0,
    lateralAxis,
    volumeAspect: volumeAspect(vol, longAxis),
    voxel: vol.grid.h,
  };
}

/**
 * Tips a body stands on. A foot in a rest pose bears weight: its tip lies in the lowest voxel layer
 * (every foot of the 36 corpus characters, 0.006 of the size with the fast grid). A tip lifted off the
 * floor (up to 0.08 of the height: a stride, a paw raised) is a foot only when its mirror image across the
 * left/right plane stands (the axis the standing feet pair across): a lifted foot's partner carries the
 * weight. Two lifted tips that only mirror each other are a hem's or a cape's corners, hanging hands or wing tips (KayKit Knight's cape
 * 0.044 / 0.081, Mage's robe 0.031, Barbarian's 0.044 / 0.094, the Robot's hand 0.056, the winged
 * dragon's wing tips 0.044 of the size): taken as feet, the Knight and the Mage were quadrupeds.
 */
function floorTips(tips: Tip[], height: number, h: number): Tip[] {
  const standing = tips.filter((t) => t.p[1] <= STANDING_LAYER * h);
  const lifted = tips.filter((t) => t.p[1] > STANDING_LAYER * h && t.p[1] <= LIFTED_MAX * height + h);
  // Across the axis the standing feet pair over (left / right), or either when they do not pair.
  const axes = ([0, 2] as const).filter((a) => pairedTips(standing, a).length > 0);
  const across = axes.length ? axes : [0, 2] as const;
  return [...standing, ...lifted.filter((t) => standing.some((q) => across.some((a) => mirrors(t, q, a))))];
}

/**
 * Two floor tips on one sole: within SOLE_MAX, and the straight line between them a voxel above the lower
 * one runs inside the volume all the way (a toe and a heel of one boot; between two feet, or a quadruped's
 * front and back feet, it crosses the air). Before this, a KayKit or Kenney chibi's toes and heels counted
 * as four feet and the pre-check suggested a quadruped or a hexapod.
 */
function soleJoins(vol: Volume, a: Vec3, b: Vec3): boolean {
  const d = Math.hypot(b[0] - a[0], b[2] - a[2]);
  if (d > SOLE_MAX) return false;
  const h = vol.grid.h;
  const y = Math.min(a[1], b[1]) + h;
  const steps = Math.max(2, Math.ceil(d / (0.5 * h)));
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    if (!insideAt(vol, a[0] + (b[0] - a[0]) * t, y, a[2] + (b[2] - a[2]) * t)) return false;
  }
  return true;
}

function volumeAspect(vol: Volume, longAxis: 0 | 2): number {
  const m = [0, 0, 0, 0];
  const c = [0, 0, 0];
  let n = 0;
  for (let v = 0; v < vol.inside.length; v++) {
    if (!vol.inside[v]) continue;
    voxelCenter(vol.grid, v, c);
    m[0] += c[0]; m[1] += c[0] * c[0]; m[2] += c[2]; m[3] += c[2] * c[2];
    n++;
  }
  if (n === 0) return 1;
  const varX = m[1] / n - (m[0] / n) ** 2, varZ = m[3] / n - (m[2] / n) ** 2;
  const [a, b] = longAxis === 0 ? [varX, varZ] : [varZ, varX];
  return Math.sqrt(Math.max(a, 0) / Math.max(b, 1e-12));
}

/**
 * The tips that have a mirror partner across the vertical plane through the origin normal to `axis`
 * (normalise.ts centres the bounding box, so a symmetric body's mid-plane is there); tips on the plane
 * itself never pair.
 */
export function pairedTips(tips: Tip[], axis: 0 | 2): Tip[] {
  return tips.filter((t) => Math.abs(t.p[axis]) >= ON_MID_PLANE &&
    tips.some((q) => q !== t && mirrors(t, q, axis) && Math.abs(q.p[1] - t.p[1]) < PAIR_TOLERANCE));
}

/**
 * Left/right for a shape whose feet do not pair: the axis across which more of its extremities mirror each
 * other (arms, wings, fins, a stride's feet), or null on a tie. A stride moves a foot forwards, so the feet
 * of a horizontal biped (a theropod) standing mid-stride, 0.1 of the size apart front to back, made no pair;
 * the long axis was then taken as left/right and its head and tail as wings: an avian turned by 90.
 */
function mirroredAxis(tips: Tip[]): 0 | 2 | null {
  const x = pairedTips(tips, 0).length, z = pairedTips(tips, 2).length;
  return x === z ? null : x > z ? 0 : 2;
}

/** `q` lies at the mirror image of `t` across the vertical plane through the origin normal to `axis`, seen from above. */
function mirrors(t: Tip, q: Tip, axis: 0 | 2): boolean {
  const other = axis === 0 ? 2 : 0;
  return Math.abs(q.p[axis] + t.p[axis]) < PAIR_TOLERANCE && Math.abs(q.p[other] - t.p[other]) < PAIR_TOLERANCE;
}
