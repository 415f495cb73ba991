/**
 * Horizontal bipeds (theropods, raptors, kaiju on all-but-two legs, bird-like creatures rigged as bipeds):
 * the torso is held level over the legs, the neck and head reach forward and a tail balances them behind.
 * The upright biped fit looks for the head as the highest central extremity and runs the spine straight up
 * from the pelvis, which folds every spine joint into the pelvis and takes bumps on the long torso for hands
 * (the synthetic theropod: semantic error 24%, spine and arm joints 0.4-0.7 m off).
 *
 * Test (what it rests on): the forward central extremity is the head when it is (a) far ahead of the torso
 * centre, more than FORWARD_REACH of the height, (b) further ahead than it is above the centre (the line
 * from the torso to it lies below 45 degrees), and (c) near the top of the body, within TOP_BAND of the
 * height (an upright body's highest part is its head; a spear or a reaching arm held forward is far below
 * it). Upright corpus bipeds: the central extremity furthest forward is 0.02-0.2 H ahead of the torso
 * centre (kaiju-base's snout 0.2 H, far above it); the synthetic theropod's snout 0.66 H ahead, 0.16 H above.
 *
 * Then:
 * - hands are the most prominent lateral extremities on each side (small arms hang under the chest, no
 *   more lateral than the thighs or the torso's own bumps), counted only when their prominence is at least
 *   ARM_OVER_RADIUS times the body's radius where they join (a bump on a wide torso is not an arm);
 * - the spine follows the head's medial path from the pelvis to the neck by arclength, the neck a quarter
 *   of the way from the arms' attachment to the head joint (as upright), the head joint at the narrowest
 *   section between the arms' attachment and the halfway point to the snout.
 */
import type { Branch } from './curve-skeleton';
import type { Volume } from './volume';
import type { JointSet, Vec3 } from './fit-common';
import { at, centreInSection, lerp3, sectionArea, sub3, tipInside } from './fit-common';

/** The head tip at least this far (share of the height) ahead of the torso centre. */
const FORWARD_REACH = 0.4;
/** The head tip within this share of the height of the body's top. */
const TOP_BAND = 0.2;
/** A lateral extremity is an arm when its prominence is at least this many body radii at its join. */
const ARM_OVER_RADIUS = 1.5;
/** Central: within this share of the height of the mid-plane. */
const CENTRAL = 0.1;

interface Tip {
  i: number;
  b: Branch;
  p: Vec3;
}

/**
 * The forward head branch of a horizontal biped among the unused extremities, or null when the body is
 * upright. `centre` is the torso centre, `cx` the mid-plane, `topY` the top of the body.
 */
export function horizontalHead(tips: readonly Tip[], used: ReadonlySet<number>, centre: Vec3, cx: number, topY: number, H: number): Tip | null {
  let best: Tip | null = null;
  for (const t of tips) {
    if (used.has(t.i) || Math.abs(t.p[0] - cx) > CENTRAL * H) continue;
    if (!best || t.p[2] > best.p[2]) best = t;
  }
  if (!best) return null;
  const ahead = best.p[2] - centre[2];
  const above = best.p[1] - centre[1];
  if (ahead < FORWARD_REACH * H || ahead < above || best.p[1] < topY - TOP_BAND * H) return null;
  return best;
}

/** A horizontal biped's hand on one side: the most prominent lateral extremity that is not a bump. */
export function horizontalHand(tips: readonly Tip[], used: ReadonlySet<number>, sign: number, cx: number, H: number): Tip | null {
  let best: Tip | null = null;
  for (const t of tips) {
    if (used.has(t.i) || sign * (t.p[0] - cx) < 0.02 * H) continue;
    const joinR = t.b.path.radiusAt(t.b.joinS);
    if (t.b.prominence < ARM_OVER_RADIUS * joinR) continue;
    if (!best || t.b.prominence > best.b.prominence) best = t;
  }
  return best;
}

/**
 * Spine, neck and head along the head's medial path (tip first, ending at the torso centre). `hips` is the
 * pelvis root, `armMid` the midpoint of the shoulder joints (null without arms), `armRadius` the arm's
 * radius. Sets Spine, Spine1, Spine2, Neck, Head, HeadTop_End and the shoulders.
 */
export function placeHorizontalSpine(vol: Volume, js: JointSet, head: Branch, hips: Vec3, armMid: Vec3 | null, armRadius: number, H: number): void {
  const P = head.path;
  const h = vol.grid.h;
  // Arclength (from the tip) of the path point closest to a position.
  const closestS = (q: Vec3): number => {
    let bestS = P.length, bestD = Infinity;
    for (let i = 0; i < P.count; i++) {
      const p = at(P, P.s[i]);
      const d = Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
      if (d < bestD) {
        bestD = d;
        bestS = P.s[i];
      }
    }
    return bestS;
  };
  const sHips = closestS(hips);
  const tip = tipInside(P, 0.25);
  // Without arms, the torso's front: where the path's radius falls below 60% of the torso's.
  let sArm: number;
  if (armMid) sArm = closestS(armMid);
  else {
    const rTorso = P.radiusAt(sHips);
    sArm = P.findS((_x, _y, _z, r) => r >= 0.6 * rTorso);
    if (sArm < 0) sArm = 0.5 * sHips;
  }
  const sHalf = sArm / 2;
  const sLow = Math.max(sHalf, sArm - Math.max(0.02 * H, armRadius));
  const sHead = sLow > sHalf ? narrowestAlong(vol, P, sHalf, sLow, h, 0.25 * H) : sHalf;
  const headJoint = centreInSection(vol, at(P, sHead), sub3(at(P, sHead + 2 * h), at(P, Math.max(0, sHead - 2 * h))), 0.25 * H);
  const sNeck = sArm - 0.25 * (sArm - sHead);
  const spine = (f: number): Vec3 => at(P, sHips - f * (sHips - sNeck));
  js.set('Spine', spine(0.19));
  js.set('Spine1', spine(0.42));
  js.set('Spine2', spine(0.68));
  js.set('Neck', at(P, sNeck));
  js.set('Head', headJoint);
  js.set('HeadTop_End', tip);
  for (const S of ['Left', 'Right']) {
    const arm = js.get(`${S}Arm`);
    js.set(`${S}Shoulder`, lerp3(at(P, closestS(arm)), arm, 0.3));
  }
}

/** Arclength in [s0, s1] with the smallest cross-section normal to the path. */
function narrowestAlong(vol: Volume, P: Branch['path'], s0: number, s1: number, h: number, maxR: number): number {
  let bestS = s0, bestA = Infinity;
  for (let s = s0; s <= s1 + 1e-12; s += h * 0.5) {
    const a = sectionArea(vol, at(P, s), sub3(at(P, s + 2 * h), at(P, Math.max(0, s - 2 * h))), maxR);
    if (a < bestA) {
      bestA = a;
      bestS = s;
    }
  }
  return bestS;
}
