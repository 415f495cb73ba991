/**
 * A hand held down in front of the body or against it is no lateral extremity: `fitBiped` takes the most
 * lateral tips for hands, and with the hand in front of the belly that is a bump on the back or a tip of
 * the head (the Quaternius Zombie: arms held forward and down, its right hand in front of the belly).
 *
 * The invariant: an arm hangs from its shoulder, so the path from a lowered hand's tip to the torso centre
 * climbs the arm to the shoulder, above the torso's thickest point and below the neck, on the arm's own
 * side; a bump on the back or the belly runs straight into the torso, and a feature of the head (an ear, a
 * jaw, a strand of hair) reaches the centre through the neck. A picked hand whose path does not climb so,
 * on a side where another candidate's does, gives way to that candidate (the one that climbs most: the
 * finger tip furthest down the arm). Nothing changes where no candidate climbs: arms held out (their
 * paths run level to the shoulder), and hands pressed against the hips, whose paths enter the body there
 * (Animated_Woman, Female_Dress; the outline repairs those arms, biped-hanging-arms.ts).
 *
 * Figures (the 24 corpus bipeds at rest, arms lowered 45 and 70 degrees and in their idle frame, fast and
 * pro, `eval:rig-posed`; a tip is a true hand when its path passes within 0.06 H of the artist's wrist):
 * - paths from a true hand tip that rise above the centre climb 0.16-0.46 H from the tip (Zombie
 *   0.16-0.30, human-male with lowered arms 0.26-0.32, Goblin 0.31-0.35, Robot 0.41-0.46); every other
 *   candidate on such a body climbs at most 0.10 H (the Goblin's forearm bump 0.07-0.10, Female_Dress
 *   0.01): HAND_CLIMB 0.13 lies between;
 * - the neck: along the head's path from its tip, the radius falls to 0.22-0.84 of the head's widest above it
 *   on the realistic bodies (Robot 0.22-0.30, Zombie 0.50-0.70, Animated_Woman 0.49-0.58, Female_Dress
 *   0.55-0.69, human-male 0.60-0.80, Alien 0.74, Goblin 0.75-0.84; Alien idle pro 0.95), and to no less than
 *   0.92 on the chibis and KayKit bodies, whose torso centre lies in the head or under a helmet: there a
 *   path that climbs above the centre climbs into the head (Kenney female-f's pigtails, 0.11-0.17 H), and
 *   the rule is off (NECK_SHARE 0.85).
 * On the corpus the test moves a pick on the Zombie only (rest and idle, both engines): elsewhere the
 * picked hands pass it, or no other candidate does. An arm held out keeps its pick whatever climbs
 * (heldOut): hair hanging beside the head climbs to the shoulders as a lowered arm does (session 22).
 */
import type { Polyline } from './polyline';
import type { Vec3 } from './fit-common';
import { at } from './fit-common';
import type { Volume } from './volume';
import { insideAt } from './volume';
import { upperArmShoulder } from './biped-hanging-arms';
import { centreRadius } from './limb-path';
import { REACH_OUT } from './biped-pose';

/** A hand's path climbs at least this share of the height from its tip to its highest point (see above). */
export const HAND_CLIMB = 0.13;
/**
 * ... and that point lies above the torso centre the paths end at: a bump under the centre climbs only to
 * the centre, where its path ends (Zombie 0.11-0.13 H); the Zombie's arms reach the torso 0.12-0.17 H above
 * it. 0.02 H: a voxel or two of the fast grid.
 */
const SHOULDER_ABOVE_CENTRE = 0.02;
/** A neck: along the head's path the radius falls under this share of the widest radius above it. */
const NECK_SHARE = 0.85;

/** The neck's height on the head's path (its narrowest point under NECK_SHARE of the head above), or -Infinity. */
export function neckOnPath(P: Polyline, step: number): number {
  let widest = 0, ratio = NECK_SHARE, y = -Infinity;
  const q = [0, 0, 0];
  for (let s = 0; s <= P.length; s += step) {
    const r = P.radiusAt(s);
    if (r > widest) widest = r;
    else if (r < ratio * widest) {
      ratio = r / widest;
      y = P.pointAt(s, q)[1];
    }
  }
  return y;
}

export interface ShoulderClimb {
  /** +1 left (+X), -1 right: the side of the path's most lateral point between the tip and the shoulder. */
  side: number;
  /** Height climbed from the tip to the path's highest point. */
  climb: number;
}

/** How a path climbs from its tip to a shoulder (see above), or null when it does not. */
export function shoulderClimb(P: Polyline, feetX: number, centreY: number, neckY: number, H: number, step: number): ShoulderClimb | null {
  const q = [0, 0, 0];
  const tipY = P.pointAt(0, q)[1];
  const sTop = topS(P, step);
  const topY = P.pointAt(sTop, q)[1];
  if (topY >= neckY || topY - centreY < SHOULDER_ABOVE_CENTRE * H || topY - tipY < HAND_CLIMB * H) return null;
  let lateral = 0;
  for (let s = 0; s <= sTop; s += step) {
    const dx = P.pointAt(s, q)[0] - feetX;
    if (Math.abs(dx) > Math.abs(lateral)) lateral = dx;
  }
  return lateral === 0 ? null : { side: Math.sign(lateral), climb: topY - tipY };
}

export interface HandTip { i: number; b: { path: Polyline }; p: Vec3 }

/**
 * Whether the path from tip `p` runs out from the torso as an arm held out does: the tip stands at least
 * the pre-check's REACH_OUT of the height (biped-pose.ts: corpus T and A poses 0.15-0.45 H, the lateral tips
 * of hanging arms, elbows and hips pressed to the body 0.025-0.065 H), sideways, beyond where its path comes
 * within 1.2 torso radii `bodyR` of the mid-plane `feetX`. Such a pick is a hand whatever climbs beside it: hair hanging beside the head (twin
 * tails, long strands) climbs to the shoulders as a lowered arm does (eval:rig-sweep --wear: a T-posed
 * body's twin tails took both hands, 24% of the height off).
 */
export function heldOut(P: Polyline, p: Vec3, feetX: number, bodyR: number, H: number): boolean {
  const s = P.findS((x) => Math.abs(x - feetX) <= 1.2 * bodyR);
  if (s <= 0) return false;
  return Math.abs(p[0] - P.pointAt(s)[0]) >= REACH_OUT * H;
}

/**
 * `fitBiped`'s hands [left, right] re-picked by their climb (climbingHands) among the tips `isHand` accepts
 * that are not `used`; `used` is kept in step. Returns the hands' branches and the sides whose hand changed.
 */
export function repickByClimb<B extends { path: Polyline }, T extends HandTip & { b: B }>(
  tips: readonly T[], used: Set<number>, hands: readonly [B | null, B | null], isHand: (t: T) => boolean,
  headPath: Polyline, feetX: number, centreY: number, H: number, step: number, vol: Volume, centre = -1,
): { hands: [B | null, B | null]; climbed: Set<string> } {
  const tipOf = (b: B | null): T | null => (b ? tips.find((t) => t.b === b) ?? null : null);
  const picked: [T | null, T | null] = [tipOf(hands[0]), tipOf(hands[1])];
  const pool = tips.filter((t) => !used.has(t.i) && isHand(t));
  // The torso's radius at the voxel the skeleton grew from (`centre`), for the held-out test.
  const bodyR = centre >= 0 ? centreRadius(vol, centre) : 0;
  const kept = bodyR > 0 ? (t: T): boolean => heldOut(t.b.path, t.p, feetX, bodyR, H) : undefined;
  const [l, r] = climbingHands(picked, pool, headPath, feetX, centreY, H, step, (upper, lower) => hangsBelow(vol, upper, lower), kept);
  for (const t of picked) if (t) used.delete(t.i);
  for (const t of [l, r]) if (t) used.add(t.i);
  const climbed = new Set<string>();
  if (l && l !== picked[0]) climbed.add('Left');
  if (r && r !== picked[1]) climbed.add('Right');
  return { hands: [l ? l.b : null, r ? r.b : null], climbed };
}

/**
 * The hands after the climb test: `picks` [left, right] as `fitBiped` took them, `pool` the other
 * candidates (may be hands, not taken). A pick whose path does not climb to a shoulder on its side gives
 * way to the candidate (or the other side's failing pick) that climbs most on that side, when there is one,
 * unless the pick hangs below that candidate on the same limb (`hangsBelow`): then the candidate is a bump
 * on the arm above the hand (an elbow), and the pick is the hand, its path turned into the thigh it touches.
 * A pick `heldOutPick` accepts (an arm held out, heldOut) stays.
 */
export function climbingHands<T extends HandTip>(picks: readonly [T | null, T | null], pool: readonly T[], headPath: Polyline, feetX: number, centreY: number, H: number, step: number, hangsUnder?: (upper: Vec3, lower: Vec3) => boolean, heldOutPick?: (t: T) => boolean): [T | null, T | null] {
  const neckY = neckOnPath(headPath, step);
  if (!Number.isFinite(neckY)) return [picks[0], picks[1]];
  const climbOf = new Map<T, ShoulderClimb | null>();
  const climb = (t: T): ShoulderClimb | null => {
    if (!climbOf.has(t)) climbOf.set(t, shoulderClimb(t.b.path, feetX, centreY, neckY, H, step));
    return climbOf.get(t)!;
  };
  const sides = [1, -1];
  const ok = picks.map((t, k) => t !== null && (climb(t)?.side === sides[k] || (heldOutPick?.(t) ?? false)));
  const out: [T | null, T | null] = [picks[0], picks[1]];
  const candidates = [...pool, ...picks.filter((t, k): t is T => t !== null && !ok[k])];
  const taken = new Set<T>(picks.filter((t, k): t is T => t !== null && ok[k]));
  for (const k of [0, 1]) {
    if (ok[k]) continue;
    let best: T | null = null;
    for (const t of candidates) {
      const c = climb(t);
      if (c && c.side === sides[k] && !taken.has(t) && (!best || c.climb > climb(best)!.climb)) best = t;
    }
    if (best && !(picks[k] && hangsUnder?.(best.p, picks[k]!.p))) {
      out[k] = best;
      taken.add(best);
    }
  }
  // A failing pick taken for the other side leaves its own side without a hand.
  for (const k of [0, 1]) if (out[k] !== null && out[k] === picks[k] && out[1 - k] === out[k]) out[k] = null;
  return out;
}

/**
 * Whether `lower` hangs from `upper` on one limb: it lies lower, and the straight line between them runs
 * inside the volume (a forearm from an elbow bump down to the finger tips). A bump on the back, the belly
 * or the head, the picks the climb test exists to replace (the Zombie's), lies above the hand it gives
 * way to, never below it. A voxel of the line may fall outside (the grid's staircase along a slanted arm).
 */
export function hangsBelow(vol: Volume, upper: Vec3, lower: Vec3): boolean {
  if (lower[1] >= upper[1]) return false;
  const len = Math.hypot(upper[0] - lower[0], upper[1] - lower[1], upper[2] - lower[2]);
  const n = Math.max(2, Math.ceil(len / (0.5 * vol.grid.h)));
  let outside = 0;
  for (let k = 0; k <= n; k++) {
    const f = k / n;
    if (!insideAt(vol, upper[0] + (lower[0] - upper[0]) * f, upper[1] + (lower[1] - upper[1]) * f, upper[2] + (lower[2] - upper[2]) * f)) outside++;
  }
  return outside * 0.5 * vol.grid.h <= vol.grid.h;
}

/** Arclength of a path's highest point (a climbing hand's shoulder region). */
function topS(P: Polyline, step: number): number {
  const q = [0, 0, 0];
  let sTop = 0, topY = -Infinity;
  for (let s = 0; s <= P.length; s += step) {
    const y = P.pointAt(s, q)[1];
    if (y > topY) {
      topY = y;
      sTop = s;
    }
  }
  return sTop;
}

/**
 * Points of the path between its tip and arclength `s1`, every `spacing`, the farthest from the mid-plane
 * `xc` on side `sign` first (where the arm may be the outermost part of the body: its column).
 */
function lateralPoints(P: Polyline, s1: number, sign: number, xc: number, spacing: number): Vec3[] {
  const out: Vec3[] = [];
  for (let s = 0; s <= s1; s += spacing) {
    const q = P.pointAt(s);
    out.push([q[0], q[1], q[2]]);
  }
  return out.sort((a, b) => sign * (b[0] - xc) - sign * (a[0] - xc));
}

/**
 * The elbow and the shoulder of an arm whose hand was found by its climb (`A` its path, `sWrist` the
 * wrist's arclength). The path's top is where it turns from the arm into the torso, under the shoulder
 * (Zombie 0.05-0.11 H under the artist's): the elbow is the bend between the wrist and that top (midway
 * when straight), and the shoulder is read on the upper arm's column in the body's outline
 * (upperArmShoulder, biped-hanging-arms.ts), through the first of the path's five most lateral points
 * (every 0.02 H) that lies on the outline: the medial path cuts inside the corner of a bent elbow (the
 * Zombie's idle frame, pro: its most lateral point 0.042 H inside the outline, more than two arm radii).
 * Without a column, the shoulder is the path's top.
 */
export function climbedArm(vol: Volume, A: Polyline, sWrist: number, sign: number, xc: number, rArm: number, topY: number, H: number, clothedLegs: boolean, neckY: number): { sElbow: number; shoulder: Vec3 } {
  const h = vol.grid.h;
  const sTop = topS(A, h);
  let sElbow = A.bend(sWrist, sTop, sWrist + 0.35 * (sTop - sWrist), sWrist + 0.65 * (sTop - sWrist), h * 0.5, 0.04 * H);
  if (sElbow < 0) sElbow = sWrist + 0.47 * (sTop - sWrist);
  for (const p of lateralPoints(A, sTop, sign, xc, 0.02 * H).slice(0, 5)) {
    const column = upperArmShoulder(vol, p, sign, xc, rArm, topY, H, clothedLegs, neckY);
    if (column) return { sElbow, shoulder: column };
  }
  return { sElbow, shoulder: at(A, sTop) };
}
