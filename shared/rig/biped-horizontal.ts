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
 * - the pelvis root is on the torso's medial axis (the head's path) above the hip joints: a level
 *   torso's spine runs through its middle, where the upright rule (0.7 thigh radii over the crotch) put it
 *   under the belly (synthetic theropod 5.3 / 6.9% -> 2.0 / 1.6% of the height, fast / pro);
 * - the spine follows the head's medial path from the pelvis to the neck by arclength;
 * - along that path the section profile (equivalent radius of the section normal to the path) is the
 *   chest, the neck's narrow stretch and the skull: the neck joint is at the neck's base, the corner of the
 *   profile between the chest's widest section in front of the arms and the neck's narrowest (where the
 *   chest narrows into the neck; theropod 6.9 / 6.0% -> 3.5 / 3.1%, the remainder height: the synthetic's
 *   truth lies under the neck's axis); the head joint (the skull's condyle) under the back of the skull,
 *   halfway from the neck's narrowest section to the skull's widest (5.2 / 5.2% -> 1.7 / 2.2%);
 * - the small arms' wrist and elbow come from the arm's own length (horizontalArmJoints), and the legs
 *   stand on digitigrade ankles (biped-ankle.ts, digitigradeAnkle).
 */
import type { Branch } from './curve-skeleton';
import type { Volume } from './volume';
import type { JointSet, Vec3 } from './fit-common';
import { at, centreInSection, lerp3, radiusAt, sectionArea, sub3, tipInside } from './fit-common';
import { nearestOnPath } from './limb-path';

/** The head tip at least this far (share of the height) ahead of the torso centre. */
const FORWARD_REACH = 0.4;
/**
 * A head is round in section: an extremity flatter than this 0.15 H in from its tip (plateFlatness,
 * biped-hand-tips.ts: horizontal width over thickness) is a plate, never the forward head. The synthetic
 * theropods' snouts measure 0.69-0.82 (4 leaves room for snouts several times flatter); the sweep's hat
 * brims, whose front edge reaches 0.39-0.48 H ahead of the torso near the top of the body and passed for a
 * forward head, 16.6-21.6. The same 4 as a sheet's aspect (biped-sheets.ts).
 */
const SNOUT_FLATNESS = 4;
/** The head tip within this share of the height of the body's top. */
const TOP_BAND = 0.2;
/** A lateral extremity is an arm when its prominence is at least this many body radii at its join. */
const ARM_OVER_RADIUS = 1.5;
/**
 * A horizontal biped's hand lies at least this many torso radii (the medial radius at the skeleton's centre)
 * ahead of the centre: arms hang from the chest, in front of the torso's middle. Rests on eval:theropod-sweep
 * (seeds 1-200, both engines and grids): every hand the rule picks right lies 1.5-7.9 radii ahead; the
 * candidates that beat tiny arms (0.10-0.13 of the hip height, a tyrannosaur's) by prominence are the torso's
 * flanks and thigh tops, -1.9-0.45 radii from the centre (seeds 68, 91, 133, 158, 173: hands 16-34% of the size
 * off, the spine dragged behind the hips after them). It had to be ahead of the centre at all (0 radii).
 */
const HAND_AHEAD = 1;
/** Adult hand over shoulder-to-finger-tip length: 0.108 / 0.44. */
const HAND_OF_ARM = 0.245;
/** Adult forearm and hand over shoulder-to-finger-tip length: (0.146 + 0.108) / 0.44. */
const ELBOW_OF_ARM = 0.577;
/** The armpit rules' shoulder holds within this many arm radii of where the arm enters the chest. */
const ARM_ENTRY = 2;
/** Central: within this share of the height of the mid-plane. */
const CENTRAL = 0.1;

interface Tip {
  i: number;
  b: Branch;
  p: Vec3;
}

/**
 * The forward head branch of a horizontal biped among the unused extremities, or null when the body is
 * upright. `centre` is the torso centre, `cx` the mid-plane, `topY` the top of the body; `flatnessOf` an
 * extremity's flatness (plateFlatness, biped-hand-tips.ts), read only on the central tips that lead so far.
 */
export function horizontalHead(tips: readonly Tip[], used: ReadonlySet<number>, centre: Vec3, cx: number, topY: number, H: number, flatnessOf: (t: Tip) => number): Tip | null {
  let best: Tip | null = null;
  for (const t of tips) {
    if (used.has(t.i) || Math.abs(t.p[0] - cx) > CENTRAL * H) continue;
    if (best && t.p[2] <= best.p[2]) continue;
    // A plate reaching forward (a hat's brim) is no snout.
    if (flatnessOf(t) > SNOUT_FLATNESS) continue;
    best = t;
  }
  if (!best) return null;
  const ahead = best.p[2] - centre[2];
  const above = best.p[1] - centre[1];
  if (ahead < FORWARD_REACH * H || ahead < above || best.p[1] < topY - TOP_BAND * H) return null;
  return best;
}

/**
 * A horizontal biped's hand on one side: the most prominent lateral extremity that is not a bump, HAND_AHEAD
 * torso radii (`torsoR`) ahead of the torso centre `centreZ` (the arms hang from the chest; the tail's tip,
 * behind, can lie a voxel or two off the mid-plane and is far more prominent than any arm).
 */
export function horizontalHand(tips: readonly Tip[], used: ReadonlySet<number>, sign: number, cx: number, centreZ: number, torsoR: number, H: number): Tip | null {
  let best: Tip | null = null;
  for (const t of tips) {
    if (used.has(t.i) || sign * (t.p[0] - cx) < 0.02 * H || t.p[2] <= centreZ + HAND_AHEAD * torsoR) continue;
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
  const closestS = (q: Vec3): number => nearestOnPath(P, q).s;
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
  // The section profile along the path from the snout to the pelvis (equivalent radius of the section
  // normal to the path): the neck is its narrow stretch between the skull and the chest.
  const prof = sectionProfile(vol, P, 0, sHips, h, 0.25 * H);
  const sNarrow = sLow > sHalf ? prof.argMin(sHalf, sLow) : sHalf;
  // The head joint (the skull's condyle, on the atlas) under the back of the skull: halfway from the neck's
  // narrowest section forward to the skull's widest.
  const sSkull = prof.argMax(0, sNarrow);
  const sHead = sSkull < sNarrow ? (sSkull + sNarrow) / 2 : sNarrow;
  const headJoint = centreInSection(vol, at(P, sHead), sub3(at(P, sHead + 2 * h), at(P, Math.max(0, sHead - 2 * h))), 0.25 * H);
  // The neck's base: where the chest narrows into the neck, the corner of the profile between the neck's
  // narrowest section and the chest's widest in front of the arms' attachment (the profile's point farthest
  // from the straight line joining the two).
  const sChest = sArm > sNarrow ? prof.argMax(sNarrow, sArm) : sNarrow;
  const sNeck = sChest > sNarrow ? prof.corner(sNarrow, sChest) : sArm - 0.25 * (sArm - sHead);
  const spine = (f: number): Vec3 => at(P, sHips - f * (sHips - sNeck));
  // The pelvis root on the torso's medial axis above the hip joints, where the spine starts.
  js.set('Hips', at(P, sHips));
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

/**
 * A horizontal biped's wrist and elbow along its arm path (tip first), from the arm's own length to the
 * shoulder joint rather than from the body's height: small arms under a level chest are far shorter than
 * an upright adult's (the synthetic theropod's arm is 0.29 H from shoulder to finger tip, an adult's
 * 0.44 H), so the adult hand length (0.11 H) put the wrist at mid-forearm. Adult segments (upper arm
 * 0.186 H, forearm 0.146 H, hand 0.108 H): the wrist at HAND_OF_ARM, the elbow at ELBOW_OF_ARM of the
 * arm's length from the finger tip. The shoulder is `armpitShoulder` (the upright armpit rules') unless
 * those lost the arm: a tyrannosaur's tiny arm shows no armpit under the deep chest, and they put its
 * shoulder in the torso's core (synthetic `horizontal_tiny_arms`: 0.4 H behind).
 */
export function horizontalArmJoints(A: Branch['path'], armpitShoulder: Vec3, h: number): { sWrist: number; sElbow: number; shoulder: Vec3 } {
  // The medial radius along the arm path, from the finger tip to its thickest point (in the torso).
  const ss: number[] = [], rs: number[] = [];
  for (let s = 0; s <= A.length + 1e-12; s += 0.5 * h) {
    ss.push(s);
    rs.push(A.radiusAt(s));
  }
  let k1 = 0;
  for (let i = 1; i < rs.length; i++) if (rs[i] > rs[k1]) k1 = i;
  // Where the arm enters the chest: the corner of that profile (the point farthest from the chord joining
  // its ends), where the medial ball first touches the chest.
  let k = 0, best = -Infinity;
  const ds = ss[k1] - ss[0], dr = rs[k1] - rs[0];
  for (let i = 0; i <= k1; i++) {
    const d = (ss[i] - ss[0]) * dr - (rs[i] - rs[0]) * ds;
    if (d > best) {
      best = d;
      k = i;
    }
  }
  const r = rs[k];
  // The armpit rules' shoulder stands when it lies on the arm near that entry (within ARM_ENTRY arm radii
  // along the path and of it).
  const sArmpit = nearestOnPath(A, armpitShoulder).s;
  const onPath = at(A, sArmpit);
  const off = Math.hypot(armpitShoulder[0] - onPath[0], armpitShoulder[1] - onPath[1], armpitShoulder[2] - onPath[2]);
  if (Math.abs(sArmpit - ss[k]) <= ARM_ENTRY * r && off <= ARM_ENTRY * r)
    return { sWrist: HAND_OF_ARM * sArmpit, sElbow: ELBOW_OF_ARM * sArmpit, shoulder: armpitShoulder };
  // Otherwise the joint is one medial radius in from the entry, on the upper arm's axis (from the elbow
  // through the entry), not on the path, which turns into the chest towards the torso centre.
  const sShoulder = Math.min(ss[k1], ss[k] + r);
  const sElbow = ELBOW_OF_ARM * sShoulder;
  const e = at(A, sElbow), c = at(A, ss[k]);
  const len = Math.hypot(c[0] - e[0], c[1] - e[1], c[2] - e[2]);
  const f = (sShoulder - sElbow) / Math.max(len, 1e-9);
  const shoulder: Vec3 = len > 1e-9 ? [e[0] + (c[0] - e[0]) * f, e[1] + (c[1] - e[1]) * f, e[2] + (c[2] - e[2]) * f] : at(A, sShoulder);
  return { sWrist: HAND_OF_ARM * sShoulder, sElbow, shoulder };
}

/** Equivalent radii (sqrt(area / pi)) of the sections normal to a path, every half voxel over [s0, s1]. */
function sectionProfile(vol: Volume, P: Branch['path'], s0: number, s1: number, h: number, maxR: number) {
  const ss: number[] = [], rs: number[] = [];
  for (let s = s0; s <= s1 + 1e-12; s += h * 0.5) {
    ss.push(s);
    rs.push(Math.sqrt(sectionArea(vol, at(P, s), sub3(at(P, s + 2 * h), at(P, Math.max(0, s - 2 * h))), maxR) / Math.PI));
  }
  const range = (a: number, b: number): [number, number] => {
    let i0 = 0;
    while (i0 < ss.length - 1 && ss[i0] < a - 1e-12) i0++;
    let i1 = i0;
    while (i1 + 1 < ss.length && ss[i1 + 1] <= b + 1e-12) i1++;
    return [i0, i1];
  };
  const arg = (a: number, b: number, sign: number): number => {
    const [i0, i1] = range(a, b);
    let k = i0;
    for (let i = i0 + 1; i <= i1; i++) if (sign * rs[i] > sign * rs[k]) k = i;
    return ss[k] ?? a;
  };
  return {
    argMin: (a: number, b: number): number => arg(a, b, -1),
    argMax: (a: number, b: number): number => arg(a, b, 1),
    /** The sample farthest from the chord joining the profile's ends over [a, b] (radius against arclength). */
    corner(a: number, b: number): number {
      const [i0, i1] = range(a, b);
      const ds = ss[i1] - ss[i0], dr = rs[i1] - rs[i0];
      const len = Math.hypot(ds, dr) || 1;
      let k = i0, best = -1;
      for (let i = i0; i <= i1; i++) {
        const d = Math.abs((ss[i] - ss[i0]) * dr - (rs[i] - rs[i0]) * ds) / len;
        if (d > best) {
          best = d;
          k = i;
        }
      }
      return ss[k];
    },
  };
}

/**
 * A horizontal biped's arm when neither hand was found (a tiny arm under a deep chest whose claw is no
 * extremity of the curve skeleton): tucked under the chest, inside it, below the spine's chest joint, rather
 * than held out in an upright adult's T-pose, which puts every joint of the arm in empty space beside a
 * level body. Random theropods with arms 0.07-0.1 of their height (eval:theropod-sweep seeds 18, 33, 34):
 * hands 31-34% of the size from the truth and four joints outside; tucked, within the chest's radius of
 * the real arm's root. The joints stay flagged as placed by proportion.
 */
export function tuckArmUnderChest(vol: Volume, js: JointSet, S: string, sign: number): void {
  const c = js.get('Spine2');
  const r = Math.max(radiusAt(vol, c[0], c[1], c[2]), vol.grid.h);
  const arm: Vec3 = [c[0] + sign * 0.55 * r, c[1] - 0.4 * r, c[2]];
  js.set(`${S}Arm`, arm);
  js.set(`${S}ForeArm`, [c[0] + sign * 0.45 * r, c[1] - 0.6 * r, c[2] + 0.15 * r]);
  js.set(`${S}Hand`, [c[0] + sign * 0.4 * r, c[1] - 0.7 * r, c[2] + 0.3 * r]);
  js.leafTips.set(`${S}Hand`, [c[0] + sign * 0.4 * r, c[1] - 0.8 * r, c[2] + 0.5 * r]);
  js.set(`${S}Shoulder`, lerp3(c, arm, 0.5));
}
