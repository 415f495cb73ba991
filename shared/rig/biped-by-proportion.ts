/**
 * A biped limb with no extremity found for it (a leg or an arm the curve skeleton did not reach): its joints
 * placed from adult proportions of the height H, so the rig keeps its template; fitBiped says so in the
 * report (`body plan biped does not fit the shape well`).
 */
import type { JointSet } from './fit-common';

export function placeLegByProportion(js: JointSet, S: string, sign: number, H: number, crotchY: number): void {
  const x = sign * 0.1 * H;
  js.set(`${S}UpLeg`, [x, crotchY + 0.04 * H, 0]);
  js.set(`${S}Leg`, [x, crotchY * 0.52, 0]);
  js.set(`${S}Foot`, [x, 0.05 * H, 0]);
  js.set(`${S}ToeBase`, [x, 0.02 * H, 0.08 * H]);
  js.set(`${S}Toe_End`, [x, 0.02 * H, 0.12 * H]);
}

export function placeArmByProportion(js: JointSet, S: string, sign: number, H: number): void {
  js.set(`${S}Arm`, [sign * 0.1 * H, 0.8 * H, 0]);
  js.set(`${S}ForeArm`, [sign * 0.26 * H, 0.8 * H, 0]);
  js.set(`${S}Hand`, [sign * 0.4 * H, 0.8 * H, 0]);
  js.leafTips.set(`${S}Hand`, [sign * 0.48 * H, 0.8 * H, 0]);
}
