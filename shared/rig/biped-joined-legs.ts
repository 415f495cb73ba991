/**
 * Legs joined almost to the floor (a long dress, a robe): the volume shows no legs, and its lowest
 * extremities are the corners of the hem, not feet (the synthetic dress: the feet chains ran from hem
 * corners 0.17 H out, the ankles folded up to 0.33 H, and the toes pointing back said the model faced -Z).
 * The legs are placed from adult proportions instead, each joint at the body's front-to-back centre at its
 * height: hip joints 0.05 H either side of the mid-plane (adults' hip joint centres are about 0.1 H apart;
 * the synthetic biped 0.054 H either side), knees at 0.285 H, ankles at 0.039 H, toes forward (anthropometry,
 * as KNEE_OF_INSEAM and HAND_LENGTH in fit-biped.ts).
 *
 * Those are an adult's. Under a head lower than an adult's the crotch comes from the head's height as under
 * a hem (HIP_OF_HEAD, biped-hem.ts), blended from the adult's prior between CHIBI_HEAD_BASE and
 * ADULT_HEAD_BASE so that no body jumps from one to the other, and the knee keeps its share of the leg
 * (the artists' knees stand at 0.54-0.62 of the hip joint's height on adults and chibis alike: human-male
 * 0.56, Female_Dress 0.62, KayKit 0.56, Alien and Banana 0.57). Sweep bodies in long dresses whose hem is
 * under 0.12 H (chibi 0.5-0.85), fast / pro: seed 31 7.31 / 7.40 -> 2.94 / 3.04%, seed 88 5.79 / 5.53 ->
 * 2.48 / 2.20%, seed 20 pro 7.43 -> 3.85%; the adult dress and robe of the failure classes unchanged.
 */
import type { JointSet, Vec3 } from './fit-common';
import type { Volume } from './volume';
import { frontBackRuns } from './volume';

const HIP_HALF_SPACING = 0.05;
/** Crotch height of an adult whose legs are joined (0.45-0.48 H in adult anthropometry). */
const CROTCH_PRIOR = 0.46;
/**
 * The head's base (headBaseY, biped-head-features.ts) as a share of the height: adults 0.85-0.88 (human-male,
 * the Quaternius women and the Zombie), the corpus chibis 0.37-0.62 (Kenney, KayKit).
 */
const ADULT_HEAD_BASE = 0.85;
const CHIBI_HEAD_BASE = 0.62;
const KNEE_HEIGHT = 0.285;
const ANKLE_HEIGHT = 0.039;
const FOOT_LENGTH = 0.1;
/** An adult's thigh radius at the crotch (0.08 H; THIGH_OF_INSEAM in fit-biped.ts), for the pelvis root above it. */
export const ADULT_THIGH_RADIUS = 0.08;

/** The point at (x, y) halfway between the body's front and back (z = 0 when (x, y, 0) is outside). */
function depthCentre(vol: Volume, x: number, y: number, H: number): Vec3 {
  const [front, back] = frontBackRuns(vol, [x, y, 0], 0.5 * H);
  return [x, y, (front - back) / 2];
}

/**
 * The crotch's height under joined legs: the adult prior under an adult's head, the head's proportion
 * (`hipOfHead` of the head base for the hip joints, which stand `hipOverCrotch` of the height above the
 * crotch) under a chibi's, blended between. `headBaseY` is Infinity when no base was found (adult prior).
 */
export function joinedLegsCrotch(headBaseY: number, H: number, hipOfHead: number, hipOverCrotch: number): number {
  const adult = CROTCH_PRIOR * H;
  if (!Number.isFinite(headBaseY)) return adult;
  const w = Math.min(1, Math.max(0, (ADULT_HEAD_BASE * H - headBaseY) / ((ADULT_HEAD_BASE - CHIBI_HEAD_BASE) * H)));
  return (1 - w) * adult + w * (hipOfHead * headBaseY - hipOverCrotch * H);
}

/** Legs by proportion from the crotch at `crotchY` (joinedLegsCrotch) and the hip joints at `hipY`, `halfSpacing` from the mid-plane `xc` when known (leg-seam.ts). */
export function placeJoinedLegs(vol: Volume, js: JointSet, S: string, sign: number, H: number, xc: number, crotchY: number, hipY: number, halfSpacing = HIP_HALF_SPACING * H): void {
  const x = xc + sign * halfSpacing;
  js.set(`${S}UpLeg`, depthCentre(vol, x, hipY, H));
  // The knee keeps its share of the leg when the crotch is lower than an adult's.
  js.set(`${S}Leg`, depthCentre(vol, x, (KNEE_HEIGHT * crotchY) / CROTCH_PRIOR, H));
  const ankle = depthCentre(vol, x, ANKLE_HEIGHT * H, H);
  js.set(`${S}Foot`, ankle);
  js.set(`${S}ToeBase`, [x, 0.5 * ankle[1], ankle[2] + 0.6 * FOOT_LENGTH * H]);
  js.set(`${S}Toe_End`, [x, 0.5 * ankle[1], ankle[2] + FOOT_LENGTH * H]);
}
