/**
 * The hip joint of a bent leg, on its thigh's line. The femur is straight, so the hip joint lies on the line
 * from the knee up through the thigh; the leg's medial path follows that line only up to where the thigh
 * meets the trunk, and above it bends towards the trunk's own axis. On an upright leg the two agree; when the
 * knee is bent (the thigh leans forward: a crouch, a stride, a zombie's stoop) the path's point at the hip
 * joints' height lies ahead of the joint. Corpus: the Quaternius Zombie (the one corpus biped whose knees
 * the fit finds bent, 0.04 H or more off the hip-ankle line) has its hip joints 0.070 / 0.043 H (fast) from its
 * artist's in the horizontal plane on the path, 0.038 / 0.018 H on the thigh's line (pro 0.071 / 0.046 ->
 * 0.031 / 0.018). On straight legs the line is not used: a straight thigh's path wanders within its section,
 * and extending it moved the hip joints of Female_Dress, the Goblin and the Alien 1-2% of the height away.
 */
import type { Vec3 } from './fit-common';
import type { Volume } from './volume';
import { insideAt } from './volume';

/**
 * The point at height `hipY` on the line from `knee` through `thighTop` (a point of the leg path below the
 * crotch), or null when the thigh seen is too short to give a direction (under 0.05 of the height `H`) or
 * the point falls outside the body.
 */
export function hipOnThighLine(vol: Volume, knee: Vec3, thighTop: Vec3, hipY: number, H: number): Vec3 | null {
  const rise = thighTop[1] - knee[1];
  if (rise < 0.05 * H) return null;
  const f = (hipY - knee[1]) / rise;
  const p: Vec3 = [knee[0] + f * (thighTop[0] - knee[0]), hipY, knee[2] + f * (thighTop[2] - knee[2])];
  return insideAt(vol, p[0], p[1], p[2]) ? p : null;
}
