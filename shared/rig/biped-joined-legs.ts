/**
 * Legs joined almost to the floor (a long dress, a robe): the volume shows no legs, and its lowest
 * extremities are the corners of the hem, not feet (the synthetic dress: the feet chains ran from hem
 * corners 0.17 H out, the ankles folded up to 0.33 H, and the toes pointing back said the model faced -Z).
 * The legs are placed from adult proportions instead, each joint at the body's front-to-back centre at its
 * height: hip joints 0.05 H either side of the mid-plane (adults' hip joint centres are about 0.1 H apart;
 * the synthetic biped 0.054 H either side), knees at 0.285 H, ankles at 0.039 H, toes forward (anthropometry,
 * as KNEE_OF_INSEAM and HAND_LENGTH in fit-biped.ts).
 */
import type { JointSet, Vec3 } from './fit-common';
import type { Volume } from './volume';
import { frontBackRuns } from './volume';

const HIP_HALF_SPACING = 0.05;
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

export function placeJoinedLegs(vol: Volume, js: JointSet, S: string, sign: number, H: number, xc: number, hipY: number): void {
  const x = xc + sign * HIP_HALF_SPACING * H;
  js.set(`${S}UpLeg`, depthCentre(vol, x, hipY, H));
  js.set(`${S}Leg`, depthCentre(vol, x, KNEE_HEIGHT * H, H));
  const ankle = depthCentre(vol, x, ANKLE_HEIGHT * H, H);
  js.set(`${S}Foot`, ankle);
  js.set(`${S}ToeBase`, [x, 0.5 * ankle[1], ankle[2] + 0.6 * FOOT_LENGTH * H]);
  js.set(`${S}Toe_End`, [x, 0.5 * ankle[1], ankle[2] + FOOT_LENGTH * H]);
}
