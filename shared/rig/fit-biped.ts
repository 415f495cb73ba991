/**
 * Fits the biped template to the curve skeleton of a shape standing on y = 0 and facing +Z.
 *
 * Labelling: feet are the lowest extremities on each side (a side with none on the floor had its skeleton
 * grown further first: biped-floor.ts; a fit that then fails the proportions check is tried again with
 * other feet: biped-feet.ts), the head the highest central one, hands the most lateral remaining ones that
 * are not the head's (the most lateral tip within 0.08H of the lowest candidate), a tail one left over
 * that leaves the pelvis backwards (biped-tail.ts; only then the 5 tail joints, tail-chain.ts). The limb paths
 * are then re-rooted at the torso (biped-torso.ts). Joints (anatomical priors that hold for realistic and
 * chibi bodies alike, measured on human-male, the KayKit chibis and adult anthropometry):
 * - ankles under the shin at the top of the foot (biped-ankle.ts);
 * - hip joints 0.045 H above the crotch (where the centre line between the legs is two voxels deep),
 *   the pelvis root (Hips) 0.7 thigh radii; straight knees at 56% of the ankle-to-crotch height, bent ones at the bend;
 *   a bent knee's hip joint on the thigh's line rather than the leg path (biped-thigh-line.ts);
 * - shoulders above the armpit fold, or one arm radius beyond a clean gap under the arm (biped-arm.ts),
 *   bounded by arm proportions when the arms are held out; an arm lowered part way whose path turned level
 *   into the torso at a closed armpit takes its shoulder from the body's outline (biped-lowered-arm.ts);
 *   a plate (a hat's brim) is never a hand (biped-hand-tips.ts); wrists one hand length (0.11 of the height) up
 *   the arm from the finger tip, or a clear narrowing just above (pro); elbows at the bend (midway when
 *   straight; knees and elbows at the bend with both engines);
 * - the head at the narrowest neck section above the upper arms (the middle of a tied stretch), centred in it;
 * - limbs and heads built as separate rigid pieces: at the face where the piece meets the body
 *   (biped-pieces.ts, piece-pivot.ts), whatever the volume suggested.
 *
 * Notes (KayKit Knight/Barbarian/Mage and human-male, semantic error % of height, fast/pro):
 * - Placing shoulders by a radius jump along the arm path was rejected - on chunky stylised torsos the
 *   arm-to-torso radius ratio is under 1.5 and the jump lands inside the chest.
 * - Shoulders from the armpit probe alone: under KayKit armour the probe finds the torso 0.19 (of the
 *   model size) from the mid-plane, the true joint is at 0.086: upper-arm errors 0.25 of 2.4 m. The band
 *   [0.10, 0.27] of the hand tip's offset (measured 0.18 human, 0.19/0.24 synthetic T/A, 0.22 KayKit) with
 *   a 0.20 prior outside it fixed this (Knight 6.70/7.22 -> ~2.5/2.8 together with the head fix).
 * - Wrist at 26% of the tip-to-armpit path: KayKit fists are as thick as the forearm, the wrist came out
 *   0.11 m too far out. Then at 76% of the hand tip's lateral offset (arms out): right for human-male
 *   (0.77) but 0.72 on KayKit and 0.80 on the synthetic biped. A hand length of 0.11 of the height varies
 *   less (0.10-0.12) and holds in any arm pose: real mean semantic 1.11/1.04 -> 1.08/0.97, synthetic
 *   CD-J2J 1.39/1.09 -> 1.06/0.81%. Pro's narrowing search around it must not reach towards the finger
 *   tips (human-male pro hand 0.07 m out in the fingers).
 * - Wrist at the smallest cross-section area within +-25% of the prior (rejected): on KayKit it found the
 *   cuff/glove step and moved the wrist outwards (Knight pro hand error 0.045 -> 0.080 m).
 * - Hips (root and hip joints together) 1.2 thigh radii above the crotch (rejected): KayKit deformation
 *   fast 2.72 -> 2.90%; the KayKit root sits at the crotch, its hip joints 1.0-1.3 radii above. Separate
 *   heights (1.1 / 0.7): real mean deformation 1.15/1.08 -> 1.10/1.03%. The spine's fractions from the
 *   lowered root put human-male fast's Spine 4 cm low (its crotch is found 3 cm low on the coarse grid,
 *   where the thighs merge); from the hip joints, pro's 2.6 cm high; halfway, both within 1 cm.
 * - Knees midway between hip and ankle: 3-5 cm high on KayKit (hip joints high in the torso); from the
 *   crotch (KNEE_OF_INSEAM) both body types agree.
 * - Neck by the smallest inside radius: the radius is capped by the chest's depth and missed the KayKit neck
 *   (narrow side to side); the section area finds it (mean semantic 1.71/1.46 -> 1.67/1.43).
 * - Neck searched from 2% of the height above the shoulder joints: a helmet wider than the chest (Knight)
 *   has no neck, the narrowest section was the chest at arm level (head 0.12 m low). Searching above the
 *   upper arms (shoulder joints + an arm radius) finds the helmet's base. The top of the shoulder probed
 *   straight up from the joint was rejected: under a chibi head that run goes on into the head.
 * - Ankle at the closest approach of the shin and foot axes only: a stubby boot's medial path runs straight
 *   from toe to shin, the "bend" landed in the toe (Knight pro ankle 0.18 m forward; semantic 2.59 -> 1.81).
 *   The ankle now sits on the shin's axis at the instep (biped-ankle.ts).
 */
import type { BoneNaming } from './types';
import type { Volume } from './volume';
import { findCrotch, JOINED_LEGS_BELOW, ownHalfWidth } from './biped-crotch';
import { HIP_OF_HEAD, legUnderHem, readHem } from './biped-hem';
import { narrowestSection } from './neck-section';
import { refitBiped } from './biped-refit';
import type { AttemptResult, BipedAttempt } from './biped-refit';
import { placeArmByProportion, placeLegByProportion } from './biped-by-proportion';
import type { CurveSkeleton, Branch } from './curve-skeleton';
import { retraceBranches } from './curve-skeleton';
import { centreRadius } from './limb-path';
import { footPickHeight } from './biped-feet';
import { bipedTorsoCentre } from './biped-torso';
import { digitigradeAnkle, placeAnkle } from './biped-ankle';
import { findArmpit, shoulderOnArmAxis } from './biped-arm';
import { outlineStart, type HangingArm } from './biped-arm-down';
import { HAND_LENGTH, mirrorArm, plausibleHangingArm, repairCollapsedArm, repairOtherSide } from './biped-hanging-arms';
import type { Vec3, FitResult } from './fit-common';
import { JointSet, at, centreInSection, isMirrorSymmetric, lerp3, sub3, symmetrise, tipInside } from './fit-common';
import { bipedName, bipedTemplate } from './templates/biped';
import { placeFingers } from './fit-fingers';
import { findTail, placeTail } from './biped-tail';
import { horizontalArmJoints, horizontalHead, horizontalHand, placeHorizontalSpine, tuckArmUnderChest } from './biped-horizontal';
import { voxelCenter } from './grid';
import type { FingerContext } from './fit-fingers';
import { RigError } from './rig-error';
import { pivotRigidLimbs } from './biped-pieces';
import { hingeRigidArms } from './rigid-chain';
import { ADULT_THIGH_RADIUS, joinedLegsCrotch, placeJoinedLegs } from './biped-joined-legs';
import { plateFlatness, handCandidates } from './biped-hand-tips';
import { climbedArm, repickByClimb } from './biped-hand-climb';
import { headBaseY } from './biped-head-features';
import { headEnd } from './biped-head-axis';
import { MIN_TOE_REACH } from './facing';
import type { PieceMesh } from './piece-pivot';
import { mirrorLoweredArm, repairLoweredArm } from './biped-lowered-arm';
import { refineJoints } from './biped-refine';
import { hipOnThighLine } from './biped-thigh-line';
import { legSeam } from './leg-seam';

/**
 * Shoulder's lateral offset from the mid-plane as a fraction of the hand tip's, arms held out: measured
 * 0.18 (human-male), 0.19 (synthetic T), 0.22 (KayKit), 0.24 (synthetic A-pose). Outside the band the
 * armpit probe is not trusted and the prior is used.
 */
const SHOULDER_BAND = [0.1, 0.27] as const;
const SHOULDER_PRIOR = 0.2;
/**
 * Knee height as a fraction of the ankle-to-crotch height (straight legs): 0.58 in adult anthropometry
 * (knee 0.285 H, ankle 0.039 H, crotch ~0.46 H), measured 0.55-0.58 on human-male and 0.58-0.62 on the
 * KayKit chibis, whose hip joints sit high in the torso (so "midway to the hip" put their knees 3-5 cm
 * high). 0.56 also keeps the synthetic biped (0.47 there) within 2 cm.
 */
const KNEE_OF_INSEAM = 0.56;
/**
 * Hip joints (UpLeg) above the crotch, as a share of the height: the hip joint's centre lies 0.045-0.05 H
 * above the perineum in adults, and the artists' hip joints are 0.041-0.054 H above the crotch the fit
 * finds on KayKit (chibis, crotch at 0.16 H), human-male, Alien and Goblin (median 0.046). In thigh
 * radii (1.1, the former rule) it came out 0.03 H on KayKit, whose thigh radius is capped by
 * THIGH_OF_INSEAM (semantic fast tune 2.17 -> 2.09%, holdout 2.39 -> 2.39%, KayKit 1.0-1.2 -> 0.9-1.0%,
 * Female_Dress 4.5 -> 4.1%, Robot 6.7 -> 6.9%).
 * The pelvis root (Hips) above the crotch in thigh radii: measured 0.7-1.1 (human-male) and 0.0-0.3
 * (KayKit, whose root is at the crotch).
 */
const UPLEG_ABOVE_CROTCH = 0.045;
const HIPS_OVER_CROTCH = 0.7;
/**
 * A thigh's radius is at most this share of the crotch height: adults 0.08 H / 0.47 H = 0.17 (human-male
 * 0.14-0.17). The chibis' short legs merge into one thick mass where the legs meet, and the radius
 * measured there (Kenney 0.29 of the inseam) put their hip joints 7-10% of the height above the truth.
 */
const THIGH_OF_INSEAM = 0.17;
/**
 * The Neck joint's height from the shoulder joints to the Head joint. Artists differ: the Mixamo-rigged
 * human-male 0.05 (the base of the neck), the Quaternius bipeds 0.28-0.79 (mid-neck); the tune half's
 * median is 0.42. 0.25 -> 0.4: semantic fast tune 1.97 -> 1.94%, holdout 1.84 -> 1.83%, pro 1.69 -> 1.67%,
 * 1.66 -> 1.64%.
 */
const NECK_OF_SHOULDER_TO_HEAD = 0.4;

export interface BipedFitOptions {
  refine: boolean;
  fingers: boolean;
  naming: BoneNaming;
  fingerContext?: FingerContext;
  /** The mesh and its islands, for limbs made of rigid pieces (biped-pieces.ts). */
  pieces?: PieceMesh;
  /** Extremities from this index on may only be hands (biped-hidden-hands.ts); default: any may be anything. */
  handOnlyFrom?: number;
}

export function fitBiped(vol: Volume, skel: CurveSkeleton, opts: BipedFitOptions): FitResult {
  // Fitted again when a check says a foot, a hand or the crotch was taken from something else (biped-refit.ts).
  return refitBiped((attempt) => fitAttempt(vol, skel, opts, attempt), vol);
}

/** The fit as `attempt` asks (extremities barred from the feet or hands, the crotch read as a hem), and the extremities it took. */
function fitAttempt(vol: Volume, skel: CurveSkeleton, opts: BipedFitOptions, attempt: BipedAttempt): AttemptResult {
  const H = vol.max[1] - vol.min[1];
  const h = vol.grid.h;
  const js = new JointSet();
  const tips = skel.branches.map((b, i) => ({ i, b, p: at(b.path, 0) }));
  // Extremities grown for the hands only (biped-hidden-hands.ts) are never feet or a head.
  const anyPart = (t: (typeof tips)[number]): boolean => t.i < (opts.handOnlyFrom ?? Infinity);
  const used = new Set<number>();
  const pickTip = (filter: (t: (typeof tips)[number]) => boolean, score: (p: Vec3) => number): (typeof tips)[number] | null => {
    let best: (typeof tips)[number] | null = null;
    for (const t of tips) if (!used.has(t.i) && filter(t) && (!best || score(t.p) > score(best.p))) best = t;
    if (best) used.add(best.i);
    return best;
  };
  const pick = (filter: (p: Vec3) => boolean, score: (p: Vec3) => number): Branch | null => pickTip((t) => filter(t.p), score)?.b ?? null;
  const take = (t: (typeof tips)[number] | null): Branch | null => {
    if (t) used.add(t.i);
    return t ? t.b : null;
  };
  // The lowest tip on each side, standing off the mid-plane counting as lower (biped-feet.ts).
  const footKey = (p: Vec3): number => -footPickHeight(p, H);
  const footL0 = pickTip((t) => anyPart(t) && !attempt.notFeet?.has(t.i) && t.p[1] < 0.25 * H && t.p[0] > 0, footKey);
  const footR0 = pickTip((t) => anyPart(t) && !attempt.notFeet?.has(t.i) && t.p[1] < 0.25 * H && t.p[0] < 0, footKey);
  const feet = [footL0, footR0].filter((t) => t !== null).map((t) => t.i);
  let footL = footL0 ? footL0.b : null;
  let footR = footR0 ? footR0.b : null;
  // A level torso with the head reaching forward (biped-horizontal.ts), else the highest central tip.
  const centreP: Vec3 = [0, 0, 0];
  voxelCenter(vol.grid, skel.centre, centreP);
  const feetX = footL && footR ? (at(footL.path, 0)[0] + at(footR.path, 0)[0]) / 2 : 0;
  const fore = footL && footR ? horizontalHead(tips.filter(anyPart), used, centreP, feetX, vol.max[1], H, (t) => plateFlatness(vol, t.b.path)) : null;
  const horizontal = fore !== null;
  if (fore) used.add(fore.i);
  let head = fore ? fore.b : (pickTip((t) => anyPart(t) && t.p[1] > 0.55 * H, (p) => p[1] - 2 * Math.abs(p[0]))?.b ?? null);
  // Hands: the most lateral extremities that may be hands (biped-hand-tips.ts); among near-equally lateral
  // ones (within 15%) the lowest, so a wide hat brim or shoulder ornament does not win over the arm below.
  // The crotch bounds the head's base read below a head path that ends inside the head (biped-head-features.ts).
  const crotchAtPickFull = footL && footR ? findCrotch(vol, footL, footR, H) : null;
  const crotchAtPick = crotchAtPickFull?.y ?? Infinity;
  const headBase = head && !horizontal ? headBaseY(vol, head.path, H, crotchAtPick) : { y: Infinity, onBody: false, column: Infinity };
  for (const i of attempt.notHands ?? []) used.add(i);
  const handLike = handCandidates(vol, { tips, used, head, horizontal, feet: [footL, footR], feetX, headBase: headBase.y });
  const maxX = (sign: number): number => Math.max(0, ...tips.filter((t) => !used.has(t.i) && handLike(t.p)).map((t) => sign * t.p[0]));
  const mxL = maxX(1), mxR = maxX(-1);
  // Among those, the most lateral within 0.08H of the lowest: fingers of one hand (the thumb a little
  // lower) give several tips, and the longest finger spans the arm.
  const lowest = (sign: number, mx: number): number => Math.min(...tips.filter((t) => !used.has(t.i) && handLike(t.p) && sign * t.p[0] > 0.05 * H && sign * t.p[0] >= 0.85 * mx).map((t) => t.p[1]));
  const lowL = lowest(1, mxL);
  let handL = horizontal ? take(horizontalHand(tips, used, 1, feetX, centreP[2], centreRadius(vol, skel.centre), H)) : pick((p) => handLike(p) && p[0] > 0.05 * H && p[0] >= 0.85 * mxL && p[1] <= lowL + 0.08 * H, (p) => p[0]);
  const lowR = lowest(-1, mxR);
  let handR = horizontal ? take(horizontalHand(tips, used, -1, feetX, centreP[2], centreRadius(vol, skel.centre), H)) : pick((p) => handLike(p) && p[0] < -0.05 * H && -p[0] >= 0.85 * mxR && p[1] <= lowR + 0.08 * H, (p) => -p[0]);
  // A hand held down in front of the body is no lateral tip: a picked hand whose path does not climb to a
  // shoulder gives way to a candidate whose path does (biped-hand-climb.ts).
  let climbed = new Set<string>();
  if (!horizontal && head) ({ hands: [handL, handR], climbed } = repickByClimb(tips, used, [handL, handR], (t) => handLike(t.p), head.path, feetX, centreP[1], H, h, vol, skel.centre));
  const hands = tips.filter((t) => t.b === handL || t.b === handR).map((t) => t.i);
  const missing = [[footL, 'left foot'], [footR, 'right foot'], [head, 'head'], [handL, 'left hand'], [handR, 'right hand']]
    .filter(([b]) => !b).map(([, n]) => n as string);
  if (!footL || !footR || !head || !handL || !handR) {
    if (missing.length >= 3)
      throw new RigError(`the shape does not look like a biped: no ${missing.join(', ')} found (${skel.branches.length} extremities); try another rig_type`);
    js.warnings.push(`body plan biped does not fit the shape well: no ${missing.join(', ')} found; those limbs were placed by proportion${!handL !== !handR ? ' (a missing arm mirrors the other)' : ''}`);
  }

  // Re-root the limb paths at the torso (the first centre may sit in a big head).
  let rerooted = false;
  if (footL && footR && head) {
    const centre = bipedTorsoCentre(vol.grid, vol.dt, crotchAtPick, at(head.path, 0)[1], footL);
    if (centre >= 0 && centre !== skel.centre) {
      const picked = [footL, footR, head, handL, handR];
      const again = retraceBranches(vol.grid, vol.inside, vol.dt, centre, picked.filter((b): b is Branch => b !== null));
      const next = (b: Branch | null): Branch | null => (b ? again[picked.filter((q) => q !== null).indexOf(b)] : null);
      [footL, footR, head, handL, handR] = picked.map(next);
      rerooted = true;
    }
  }

  // ---- legs
  let thighR = 0;
  // The crotch found for the picks holds unless the legs' paths were traced again from another centre.
  const crotch = crotchAtPickFull && !rerooted ? crotchAtPickFull : findCrotch(vol, footL, footR, H);
  const shellLegs = crotch.shellLegs;
  let crotchY = crotch.y;
  const joinedLegs = footL !== null && footR !== null && crotchY < JOINED_LEGS_BELOW * H;
  // Legs pressed together leave their inner faces back to back between them (leg-seam.ts).
  const seam = joinedLegs && opts.pieces ? legSeam(opts.pieces, vol, feetX, H) : null;
  if (seam) crotchY = seam.top;
  else if (joinedLegs) {
    // Legs joined almost to the floor (a long dress, a robe): the geometry is silent about the crotch and
    // the legs, so the body's proportions place them (biped-joined-legs.ts), and the fit says so.
    crotchY = joinedLegsCrotch(headBase.y, H, HIP_OF_HEAD, UPLEG_ABOVE_CROTCH);
    js.doubt('joined_legs', ['Hips', 'LeftUpLeg', 'RightUpLeg', 'LeftLeg', 'RightLeg', 'LeftFoot', 'RightFoot'], 0.4, 'the legs are joined almost to the floor (a dress or a robe?); the hips, knees and feet were placed from body proportions');
  }
  // A dress or a skirt closed over the legs, or a tight garment's lower edge: the crotch found is a hem
  // (biped-hem.ts). The hips go where the head's base puts them, never below the hem.
  const crotchRead = { y: crotchY, joined: joinedLegs, inShell: shellLegs !== null, toldHem: attempt.crotchIsHem === true };
  const { hem, crotchOfHead, crotchUnderHead } = readHem(vol, footL, footR, crotchRead, headBase.column, feetX, H, UPLEG_ABOVE_CROTCH);
  if (hem !== null) {
    crotchY = Math.max(hem + 2 * h, crotchOfHead);
    js.doubt('joined_legs', ['Hips', 'LeftUpLeg', 'RightUpLeg', 'LeftLeg', 'RightLeg'], 0.4, `a dress or a skirt hides the legs above ${(hem / H).toFixed(2)} of the height; the hips and knees were placed from body proportions`);
  }
  for (const [S, foot, sign] of [['Left', footL, 1], ['Right', footR, -1]] as const) {
    if (joinedLegs) {
      placeJoinedLegs(vol, js, S, sign, H, feetX, crotchY, crotchY + (seam ? 0 : UPLEG_ABOVE_CROTCH * H), seam?.halfSpacing);
      thighR += (ADULT_THIGH_RADIUS * H) / 2;
      continue;
    }
    if (!foot) {
      placeLegByProportion(js, S, sign, H, crotchY);
      continue;
    }
    const P = foot.path;
    // Under a hem the path runs on into the garment: the shin's search for the ankle stops at the hem.
    const sUp = Math.max(P.findS((_x, y) => y >= Math.min(crotchY * 0.8, 0.3 * H, hem === null ? Infinity : hem - 2 * h)), h * 4);
    // 1.5 voxels: a straight leg without a forward foot (generated models) drifts about one voxel
    // on the grid, and a half-voxel threshold took that drift for the ankle (ankles at 0.10-0.18 H).
    let sAnkle = P.bend(0, sUp, 0, sUp, h * 0.5, h * 1.5);
    if (sAnkle < 0) sAnkle = Math.max(0, P.findS((_x, y) => y >= 0.05 * H));
    // A horizontal biped stands on its toes: the ankle is at the metatarsus's top (digitigradeAnkle).
    const raised = horizontal ? digitigradeAnkle(vol, P, sUp, H) : null;
    if (raised) sAnkle = raised.s;
    const ankle = raised ? raised.p : placeAnkle(vol, P, sAnkle, sUp);
    const thighS = Math.max(0, P.findS((_x, y) => y >= crotchY - 0.06 * H));
    const line = shellLegs ? (sign > 0 ? shellLegs.left : shellLegs.right) : null;
    const rThigh = line ? ownHalfWidth(vol, [line[0], crotchY - 0.06 * H, line[2]], 0.1 * H) : P.radiusAt(thighS);
    // The thigh radius measured at the crotch, bounded by the body's size and by the leg's length.
    const r = Math.min(rThigh, 0.08 * H, THIGH_OF_INSEAM * crotchY);
    const hipY = crotchY + UPLEG_ABOVE_CROTCH * H;
    thighR += r / 2;
    const sHipPath = Math.max(P.findS((_x, y) => y >= crotchY - 0.02 * H), thighS);
    const hipRef = line ?? at(P, sHipPath);
    // Straight legs: the knee at KNEE_OF_INSEAM of the way from the ankle up to the crotch.
    const kneeY = ankle[1] + KNEE_OF_INSEAM * (crotchY - ankle[1]);
    // Under a hem the hip joint and the knee come from the leg's entry into the garment (biped-hem.ts).
    const underHem = hem === null ? null : legUnderHem(P, hem, hipY, kneeY, h);
    let hip: Vec3, knee: Vec3;
    if (underHem) ({ hip, knee } = underHem);
    else {
      hip = [hipRef[0], hipY, hipRef[2]];
      // Both engines: a bend over 0.04 H (3 fast voxels) is no path drift (1-1.5 voxels), and the fixed share
      // missed bent knees on fast (Zombie's stride 5.27 -> 4.90%).
      const sBend = P.bend(sAnkle, sHipPath, sAnkle + 0.35 * (sHipPath - sAnkle), sAnkle + 0.65 * (sHipPath - sAnkle), h * 0.5, 0.04 * H);
      const sKneeMid = P.sAtHeight(kneeY, sAnkle);
      knee = at(P, sBend >= 0 ? sBend : sKneeMid >= 0 ? sKneeMid : (sAnkle + sHipPath) / 2);
      // A bent knee's thigh leans: the hip joint on the thigh's line, not where the path bends to the trunk.
      if (sBend >= 0) hip = hipOnThighLine(vol, knee, at(P, thighS), hipY, H) ?? hip;
    }
    js.set(`${S}UpLeg`, hip);
    js.set(`${S}Leg`, knee);
    js.set(`${S}Foot`, ankle);
    js.set(`${S}ToeBase`, at(P, raised ? raised.sBall : 0.38 * sAnkle));
    js.set(`${S}Toe_End`, tipInside(P, 0.5));
  }
  // ---- arms
  let armRadius = 0;
  const hangs = new Map<string, HangingArm | null>();
  const repaired = new Set<string>();
  // Arms lowered part way and repaired from the outline (biped-lowered-arm.ts): not re-centred (refineJoints).
  const loweredSides = new Set<string>();
  for (const [S, hand, sign] of [['Left', handL, 1], ['Right', handR, -1]] as const) {
    if (!hand) {
      placeArmByProportion(js, S, sign, H);
      continue;
    }
    const A = hand.path;
    const rArm = A.medianRadius(0.25 * A.length, 0.5 * A.length);
    armRadius += rArm / 2;
    const armpit = findArmpit(vol, A, rArm, H);
    const sArmpit = armpit.s;
    // Arms held out (T/A pose): proportions of the hand tip's lateral offset from the mid-plane bound the
    // shoulder and place the wrist. Armour, pads and puffed sleeves hide the armpit and push the probe out;
    // chibi fists are as thick as the forearm, so no narrowing marks the wrist.
    const tipP = at(A, 0), pit = at(A, sArmpit);
    const xc = (js.get('LeftUpLeg')[0] + js.get('RightUpLeg')[0]) / 2;
    const span = sign * (tipP[0] - xc);
    const armOut = span > 0 && Math.abs(tipP[0] - pit[0]) > 0.5 * Math.hypot(tipP[0] - pit[0], tipP[1] - pit[1], tipP[2] - pit[2]);
    // The wrist one hand length (HAND_LENGTH of the height) up the arm from the finger tip, in any arm pose.
    let sWrist = HAND_LENGTH * H < sArmpit ? HAND_LENGTH * H : 0.26 * sArmpit;
    if (opts.refine) {
      // Only a clear narrowing moves the wrist, and only up the arm (the fingers narrow too).
      const sN = A.narrowest(sWrist, 1.25 * sWrist, h * 0.5);
      if (A.radiusAt(sN) < 0.85 * A.radiusAt(sWrist)) sWrist = sN;
    }
    let shoulderX: number | null = null;
    let sShoulder = sArmpit;
    if (armOut) {
      // A clean gap under the arm: the torso's wall, the joint one arm radius beyond it. Webbing (the
      // armpit fold of a real body): the fold's apex is under the joint.
      const geo = sign * (pit[0] - xc) + (armpit.webbed ? 0 : rArm);
      const off = geo >= SHOULDER_BAND[0] * span && geo <= SHOULDER_BAND[1] * span ? geo : SHOULDER_PRIOR * span;
      shoulderX = xc + sign * off;
      const sx = A.findS((x) => sign * (x - xc) <= off);
      if (sx > sWrist) sShoulder = sx;
    }
    let sElbow = -1;
    // Both engines, as the knee: the Robot's bent arms had fast elbows 42-46 units (0.1 H) off on the forearm.
    sElbow = A.bend(sWrist, sShoulder, sWrist + 0.35 * (sShoulder - sWrist), sWrist + 0.65 * (sShoulder - sWrist), h * 0.5, 0.04 * H);
    if (sElbow < 0) sElbow = sWrist + (shoulderX === null ? 0.47 : 0.5) * (sShoulder - sWrist);
    let shoulder = shoulderOnArmAxis(A, sElbow, Math.min(sArmpit, sShoulder), rArm, shoulderX);
    if (climbed.has(S) && head) {
      // A hand found by its climb (biped-hand-climb.ts): elbow below the climb's top, shoulder on the arm's column.
      const arm = climbedArm(vol, A, sWrist, sign, xc, rArm, at(head.path, 0)[1], H, joinedLegs || shellLegs !== null, headBase.onBody ? headBase.y : Infinity);
      sElbow = arm.sElbow;
      shoulder = arm.shoulder;
    }
    // A horizontal biped's small arm: wrist and elbow by the arm's own proportions (biped-horizontal.ts).
    if (horizontal) ({ sWrist, sElbow, shoulder } = horizontalArmJoints(A, shoulder, h));
    const wrist = at(A, sWrist);
    // A lowered arm that closed the armpit: its path turned into the torso, the shoulder is up its outline (biped-lowered-arm.ts).
    const lowered = armOut && head && !horizontal ? repairLoweredArm(vol, { tip: tipP, sign, xc, rArm, maxY: at(head.path, 0)[1], baseY: headBase.y }, shoulder, at(A, sElbow), wrist) : null;
    if (lowered) {
      shoulder = lowered.shoulder;
      loweredSides.add(S);
    }
    const elbow = lowered ? lowered.elbow : at(A, sElbow);
    js.set(`${S}Arm`, shoulder);
    js.set(`${S}ForeArm`, elbow);
    js.set(`${S}Hand`, lowered ? lowered.wrist : wrist);
    js.leafTips.set(`${S}Hand`, tipInside(A, 0.5));
    // Arms hanging at the sides: the medial path and the armpit probe fail where the arm touches the body;
    // the body's outline follows the arm up to the shoulder (biped-hanging-arms.ts).
    // The column is followed from where the path meets the outline (a thumb held forwards ends it inside),
    // but from the tip of a hand found by its climb: that hand is held in front of the body, not at its side.
    const hangTip = (): Vec3 => (climbed.has(S) ? tipP : outlineStart(vol, A, sign, xc, rArm, HAND_LENGTH * H));
    const hang = head && !horizontal ? plausibleHangingArm(vol, hangTip(), sign, xc, rArm, at(head.path, 0)[1], H, joinedLegs || shellLegs !== null, headBase.onBody ? headBase.y : Infinity) : null;
    hangs.set(S, hang);
    if (repairCollapsedArm(vol, js, S, hang, H)) repaired.add(S);
  }
  // One lowered arm repaired, the other collapsed without a repair of its own (biped-lowered-arm.ts).
  if (loweredSides.size === 1 && repaired.size === 0 && handL && handR) {
    const [done] = loweredSides;
    const other = done === 'Left' ? 'Right' : 'Left';
    if (mirrorLoweredArm(js, done, other, (js.get('LeftUpLeg')[0] + js.get('RightUpLeg')[0]) / 2, H)) loweredSides.add(other);
  }
  if (repaired.size === 1 && handL && handR) {
    const [done] = repaired;
    repairOtherSide(vol, js, done, hangs.get(done === 'Left' ? 'Right' : 'Left') ?? null, (js.get('LeftUpLeg')[0] + js.get('RightUpLeg')[0]) / 2, H);
  }
  if (!handL && !handR)
    js.doubt('by_proportion', ['Left', 'Right'].flatMap((S) => [`${S}Arm`, `${S}ForeArm`, `${S}Hand`]), 0.4, 'no hand was found; the arms were placed by proportion');
  if (!handL !== !handR) {
    // One arm not found (a hand held against the body, in front of it): the other arm mirrored across
    // the mid-plane stays near the body, where a T-pose by proportion put the Zombie's right arm in empty
    // space (its hand 0.42 H from the artist's).
    const [from, to] = handL ? ['Left', 'Right'] : ['Right', 'Left'];
    mirrorArm(js, from, to, (js.get('LeftUpLeg')[0] + js.get('RightUpLeg')[0]) / 2);
    armRadius *= 2;
    js.doubt('by_proportion', [`${to}Arm`, `${to}ForeArm`, `${to}Hand`], 0.4, `no ${to.toLowerCase()} hand was found; that arm mirrors the other one`);
  }
  // ---- spine and head
  const armY = (js.get('LeftArm')[1] + js.get('RightArm')[1]) / 2;
  const hips = lerp3(js.get('LeftUpLeg'), js.get('RightUpLeg'), 0.5);
  // The pelvis root sits between the hip joints and below them.
  const upLegsY = hips[1];
  if (footL && footR) hips[1] = crotchY + (seam ? 0 : HIPS_OVER_CROTCH * thighR);
  // The spine's fractions run from the pelvis centre, halfway between the hip joints and the root: from
  // the root it moved with the root (human-male fast Spine 4 cm low, deformation 0.49 -> 0.56%); from the
  // hip joints, 2.6 cm high on human-male pro.
  const spineBase = (upLegsY + hips[1]) / 2;
  let headJoint: Vec3;
  let neck: Vec3;
  let top: Vec3;
  const spineAt = (y: number): Vec3 => {
    if (head) {
      const s = head.path.findS((_x, py) => py <= y);
      if (s >= 0 && s < head.path.length - 1e-9) return at(head.path, s);
      const low = at(head.path, head.path.length);
      const f = (y - hips[1]) / Math.max(1e-9, low[1] - hips[1]);
      return lerp3(hips, low, Math.min(1, Math.max(0, f)));
    }
    return [0, y, hips[2]];
  };
  if (head && horizontal) {
    js.set('Hips', hips);
    const armMid = handL && handR ? lerp3(js.get('LeftArm'), js.get('RightArm'), 0.5) : null;
    placeHorizontalSpine(vol, js, head, hips, armMid, armRadius, H);
    if (!handL && !handR) for (const [S, sign] of [['Left', 1], ['Right', -1]] as const) tuckArmUnderChest(vol, js, S, sign);
    headJoint = js.get('Head');
    neck = js.get('Neck');
    top = js.get('HeadTop_End');
  } else if (head) {
    const Hp = head.path;
    const tipPt = tipInside(Hp, 0.25);
    // The neck lies in the lower half between the shoulders and the top (plumes, ears, hats are narrow too).
    const sTop = Hp.findS((_x, y) => y <= armY + 0.5 * (tipPt[1] - armY));
    // The head sits above the top of the upper arms (the shoulder joints plus an arm radius): a chibi head
    // or a helmet wider than the chest rests on the shoulders with no neck, and the chest below is narrower.
    // A head sitting on the body over arms rooted at its neck (headOnBody): the neck found below its path.
    const lowY = Math.min(armY + Math.max(0.02 * H, armRadius), headBase.onBody ? headBase.y : Infinity);
    // A head path that ends (at the torso centre) above that height is searched down to its end: the
    // proportional fallback lands in a hat (Kenney male-c: Head at 0.81 H, in the cap).
    const sLowAt = Hp.findS((_x, y) => y <= lowY);
    const sLow = sLowAt >= 0 ? sLowAt : Hp.length;
    const sNeck = sTop >= 0 && sLow > sTop ? narrowestSection(vol, Hp, sTop, sLow, h, 0.25 * H) : Hp.length * 0.4;
    // Centred in the neck's section: the head path comes down from a tip that may be a visor or a brim.
    headJoint = centreInSection(vol, at(Hp, sNeck), sub3(at(Hp, sNeck + 2 * h), at(Hp, Math.max(0, sNeck - 2 * h))), 0.25 * H);
    top = [headJoint[0], tipPt[1], headJoint[2]];
    neck = spineAt(armY + NECK_OF_SHOULDER_TO_HEAD * (headJoint[1] - armY));
  } else {
    top = [0, H, hips[2]];
    headJoint = [0, armY + 0.15 * H, hips[2]];
    neck = [0, armY + 0.04 * H, hips[2]];
  }
  if (!horizontal) {
    js.set('Hips', hips);
    js.set('Spine', spineAt(spineBase + 0.19 * (neck[1] - spineBase)));
    js.set('Spine1', spineAt(spineBase + 0.42 * (neck[1] - spineBase)));
    js.set('Spine2', spineAt(spineBase + 0.68 * (neck[1] - spineBase)));
    js.set('Neck', neck);
    js.set('Head', headJoint);
    js.set('HeadTop_End', top);
    for (const S of ['Left', 'Right']) {
      const arm = js.get(`${S}Arm`);
      const base = spineAt(arm[1]);
      js.set(`${S}Shoulder`, lerp3([neck[0], arm[1], base[2]], arm, 0.3));
    }
  }
  // A tail: an unlabelled extremity leaving the pelvis backwards (biped-tail.ts); none -> the 25 joints. Not
  // out of a garment over the legs: its hem's back is no tail (a chibi's flared dress: sweep seeds 36, 180).
  const tail = joinedLegs || hem !== null ? null : findTail(skel.branches.filter((_b, i) => !used.has(i)), hips, crotchY, H);
  if (opts.refine) refineJoints(vol, js, loweredSides);
  const symmetric = isMirrorSymmetric(vol);
  if (opts.pieces && !horizontal) {
    pivotRigidLimbs(js, opts.pieces, H, symmetric);
    hingeRigidArms(js, opts.pieces, H, symmetric);
  }
  // The head bone runs through the middle of the skull, towards its centroid (biped-head-axis.ts); after
  // the pieces, which find a rigid head's base along the vertical.
  if (head && !horizontal) js.set('HeadTop_End', headEnd(vol, js.get('Head'), js.get('HeadTop_End')[1]));
  // A level torso's tail leaves the pelvis behind its root on the torso's axis (biped-horizontal.ts).
  const hasTail = tail !== null && placeTail(js, vol, tail, horizontal ? js.get('Hips') : hips, symmetric ? 0 : null);
  if (symmetric) symmetrise(js, vol);
  if (opts.fingers) placeFingers(js, opts.fingerContext ?? null, vol);
  // Facing: toes point forward, when the feet reach far enough to tell (facing.ts).
  const fwd = sub3(js.get('LeftToe_End'), js.get('LeftFoot'));
  const fwdR = sub3(js.get('RightToe_End'), js.get('RightFoot'));
  const fx = fwd[0] + fwdR[0], fz = fwd[2] + fwdR[2];
  if (footL && footR && Math.hypot(fx, fz) > 2 * MIN_TOE_REACH * H) js.facingDeg = (Math.atan2(fx, fz) * 180) / Math.PI;
  return { fit: js.toResult(bipedTemplate(opts.fingers, hasTail), (k) => bipedName(k, opts.naming)), feet, hands, crotchUnderHead };
}
