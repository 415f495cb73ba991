/**
 * The biped ankle: under the shin, at the top of the foot.
 *
 * Horizontally the ankle is on the shin's axis (a vertical line through the centres of two horizontal
 * sections one and two shin radii above the seed): the foot grows forward from under the shin. Vertically
 * it is at the instep: scanning up from the sole, where the leg's forward extent (from that axis towards
 * the toe tip) falls below 1.4 times the shin's own. The bend of the medial path (where the shin's and
 * the foot's medial axes meet) only seeds the sections, and stays the ankle when no foot reaches forward.
 *
 * Notes (foot joint error, m; KayKit Knight / Barbarian / Mage, human-male; fast / pro):
 * - Before: the bend, kept in the shin's column only when more than a shin radius off it. A boot's medial
 *   path runs diagonally from the toe to the back of the shin: the Knight's ankle was 0.11 m forward
 *   (fast), human-male's 5 cm (pro), and one of the Knight's bends (pro) 10 cm high; the path bends at
 *   the heel, 2 cm below a human ankle. Now 0.042/0.039, 0.020/0.019, 0.030/0.022, 0.007/0.004
 *   (was 0.115/0.043, 0.051/0.034, 0.048/0.048, 0.019/0.056).
 * - Shin axis through the sections at 35% of the way to the knee and at the knee: the calf and the knee
 *   bulge, and the ankle came out 3-5 cm behind the heel on human-male. Sections capped to the lower 60%
 *   of the leg: a chibi leg is two radii long, the upper section merged with the pelvis (7 cm sideways).
 * - The shin's forward extent as the minimum or the median over the two sections: a seed found too high
 *   puts them in a knee narrower than the boot below (Knight pro). The most common value over the upper
 *   two thirds of the scan (the longest stretch of leg) holds on boots, robes and human calves.
 * - Cost: the synthetic biped's capsule foot is centred on its ankle (the foot's top is 0.045 above it),
 *   so the instep rule puts that ankle 3 cm high: synthetic CD-J2J fast 1.16 -> 1.28%, pro 0.85 -> 0.95%.
 *   Real feet have the ankle at the top of the foot.
 * - A shin widening down to a foot plate (session 30; the Quaternius Robot's cones, a flared cuff): the
 *   common extent is the narrow top's, so the widening counts as foot and the crossing went 0.16 H up the
 *   shin. Such a plate's top is a step, the forward extent halving within a voxel (Robot 0.38-0.47); on
 *   every other corpus biped any such fall lies within a voxel of the crossing, or is shallower (0.64 and
 *   up). The step is taken only when the leg above it stays past the limit over two of the shin's own
 *   extents: a capsule foot's rounded top (random bodies) drops as sharply but only for one.
 */
import type { Volume } from './volume';
import { insideRun } from './volume';
import type { Polyline } from './polyline';
import type { Vec3 } from './fit-common';
import { at, centreInSection, lerp3, sub3 } from './fit-common';

const UP: Vec3 = [0, 1, 0];
/** The instep: the forward extent grows past this multiple of the shin's. */
const INSTEP_GROWTH = 1.4;
/** A foot's top is a step: its forward extent falls to this share or less within one voxel of height. */
const FOOT_TOP_DROP = 0.5;

/**
 * The ankle of leg path `P` (tip at the toe), given the arclength of its bend `sBend` and a point up the
 * shin `sUp`.
 */
export function placeAnkle(vol: Volume, P: Polyline, sBend: number, sUp: number): Vec3 {
  const p = axesMeetNearBend(P, sBend, sUp);
  const rShin = P.radiusAt(sUp);
  // Just above the ankle (one and two shin radii): higher up, the calf and the knee bulge. Stubby legs
  // (chibi) stay in the lower part of the leg, below where the two legs merge.
  const span = Math.max(0, at(P, sUp)[1] - p[1]);
  const yA = p[1] + Math.min(rShin, 0.3 * span), yB = p[1] + Math.min(2 * rShin, 0.6 * span);
  const sA = Math.max(sBend, P.findS((_x, y) => y >= yA, sBend)), sB = Math.max(sA, P.findS((_x, y) => y >= yB, sBend));
  const c0 = centreInSection(vol, at(P, sA), UP, 2.5 * rShin), c1 = centreInSection(vol, at(P, sB), UP, 2.5 * rShin);
  // A vertical axis through their mean: a tilt fitted over one or two radii is noise (a boot cuff moves
  // one centre), and extrapolating it to the sole swung the Knight's axis by 5 cm.
  const axisAt = (y: number): Vec3 => [(c0[0] + c1[0]) / 2, y, (c0[2] + c1[2]) / 2];
  const y = instepHeight(vol, P, axisAt, at(P, sUp)[1], rShin);
  return axisAt(y ?? p[1]);
}

/**
 * Height of the instep: scanning up from the sole, where the forward extent (from the shin axis towards
 * the toe tip) falls below INSTEP_GROWTH times the shin's for a whole voxel; null when the foot does not
 * reach forward (a straight leg) or no such height is found below `yTop`.
 */
function instepHeight(vol: Volume, P: Polyline, axisAt: (y: number) => Vec3, yTop: number, rShin: number): number | null {
  const toe = at(P, 0);
  const a = axisAt(toe[1]);
  const dx = toe[0] - a[0], dz = toe[2] - a[2];
  const len = Math.hypot(dx, dz);
  if (len < 1.5 * rShin) return null;
  const ux = dx / len, uz = dz / len;
  const step = vol.grid.h * 0.5;
  const y0 = toe[1] + vol.grid.h;
  const runs: number[] = [];
  for (let y = y0; y <= yTop + 1e-12; y += step) runs.push(insideRun(vol, axisAt(y), ux, 0, uz, len + rShin));
  // The shin's own extent: the most common value over the upper two thirds of the scan (the longest
  // stretch of leg). A median there is pulled up by a human knee and calf; a section just above the seed
  // is a knee narrower than the boot when the seed is found too high (KayKit Knight, pro).
  const e0 = commonValue(runs.slice(Math.floor(runs.length / 3)), 0.5 * vol.grid.h);
  if (!(e0 > 0) || runs[0] < INSTEP_GROWTH * e0) return null;
  const limit = INSTEP_GROWTH * e0;
  let top = -1;
  for (let i = 1; i + 2 < runs.length && top < 0; i++) if (runs[i] < limit && runs[i + 1] < limit && runs[i + 2] < limit) top = i;
  if (top < 0) return null;
  // The top of a foot plate: below that crossing the extent halves within one voxel, and the leg above
  // the step still reaches forward past the limit over twice the shin's own extent or more (a foot's
  // rounded top spans about one): the shin widens down to the plate (a cone, a flared cuff), so the
  // crossing is up the shin, not at the instep.
  for (let i = 1; i + 2 < top; i++)
    if (runs[i + 2] <= FOOT_TOP_DROP * runs[i] && runs[i + 2] >= limit && (top - i - 1) * step >= 2 * e0) return y0 + (i + 1) * step - 0.5 * vol.grid.h;
  const f = runs[top - 1] > runs[top] ? (runs[top - 1] - limit) / (runs[top - 1] - runs[top]) : 0;
  // Surface voxels count as inside: the voxel top of the foot is on average half a voxel high.
  return y0 + (top - 1 + Math.min(1, Math.max(0, f))) * step - 0.5 * vol.grid.h;
}

/** The value with the most samples within `tol` of it (the smaller one on ties). */
function commonValue(xs: number[], tol: number): number {
  let best = NaN, bestN = 0;
  for (const v of xs) {
    let n = 0;
    for (const w of xs) if (Math.abs(w - v) <= tol + 1e-12) n++;
    if (n > bestN || (n === bestN && v < best)) {
      bestN = n;
      best = v;
    }
  }
  return best;
}

/** Where the shin's and the foot's medial axes meet (closest approach), or the bend for a straight leg. */
function axesMeetNearBend(P: Polyline, sBend: number, sUp: number): Vec3 {
  const bend = at(P, sBend);
  const f0 = at(P, 0.15 * sBend), f1 = at(P, 0.6 * sBend);
  const l0 = at(P, sBend + 0.35 * (sUp - sBend)), l1 = at(P, sUp);
  const u = sub3(f1, f0), v = sub3(l1, l0), w = sub3(f0, l0);
  const a = u[0] * u[0] + u[1] * u[1] + u[2] * u[2], b = u[0] * v[0] + u[1] * v[1] + u[2] * v[2], c = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
  const d = u[0] * w[0] + u[1] * w[1] + u[2] * w[2], e = v[0] * w[0] + v[1] * w[1] + v[2] * w[2];
  const den = a * c - b * b;
  if (den < 1e-12) return bend;
  const sc = (b * e - c * d) / den, tc = (a * e - b * d) / den;
  const q = lerp3([f0[0] + u[0] * sc, f0[1] + u[1] * sc, f0[2] + u[2] * sc], [l0[0] + v[0] * tc, l0[1] + v[1] * tc, l0[2] + v[2] * tc], 0.5);
  // Nearly parallel axes (a straight leg without a foot): stay near the bend.
  return Math.hypot(q[0] - bend[0], q[1] - bend[1], q[2] - bend[2]) < 0.5 * Math.hypot(l1[0] - bend[0], l1[1] - bend[1], l1[2] - bend[2]) ? q : bend;
}

/**
 * Height above the sole over which a leg's rearmost point is a raised (digitigrade) ankle: the human ankle
 * is at 0.039 H and the heel lower; a theropod's or a bird's ankle stands on its metatarsus, 0.1-0.2 H up
 * (the synthetic theropod 0.14 H).
 */
const DIGITIGRADE_ABOVE = 0.06;

/**
 * A digitigrade ankle (horizontal bipeds): the artist's ankle is at the top of the metatarsus, where the
 * leg bends backwards above the toes. Scanning the leg path (tip at the toe) up to `sUp`, the path runs
 * back and up along the toes and the metatarsus to its rearmost point, then forward up the shin to the
 * knee: the ankle is the first rearmost point that the path then leaves forwards by more than half a shin
 * radius (and 1.5 voxels), when it lies at least DIGITIGRADE_ABOVE of the height over the sole (a plantigrade heel or ankle
 * is lower). Centred in the horizontal section there: the medial path cuts the bend's inner corner (the
 * synthetic theropod's path 0.06 H in front of its ankle). Null for a leg that does not bend backwards.
 * The ball of the foot (`sBall`) is the bend between the toe tip and the ankle. Faces +Z.
 */
export function digitigradeAnkle(vol: Volume, P: Polyline, sUp: number, H: number): { s: number; p: Vec3; sBall: number } | null {
  const step = vol.grid.h * 0.5;
  const rShin = P.radiusAt(sUp);
  // The medial path cuts both corners of the bend (the ankle's and the knee's), so it comes forward again
  // by less than the leg does: half a shin radius, and more than the voxel drift of a straight leg.
  const comeBack = Math.max(0.5 * rShin, 1.5 * vol.grid.h);
  let sBack = -1, zBack = Infinity;
  for (let s = 0; s <= sUp + 1e-12; s += step) {
    const z = at(P, s)[2];
    if (z < zBack) {
      zBack = z;
      sBack = s;
    } else if (z > zBack + comeBack) break;
    if (s + step > sUp + 1e-12) return null;
  }
  const back = at(P, sBack);
  if (sBack <= 0 || back[1] - vol.min[1] < DIGITIGRADE_ABOVE * H) return null;
  const sBall = P.bend(0, sBack, 0, sBack, step, step);
  return { s: sBack, p: centreInSection(vol, back, UP, 2.5 * rShin), sBall: sBall > 0 ? sBall : 0.38 * sBack };
}
