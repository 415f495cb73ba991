/**
 * Where in a standing leg's depth (front to back, along Z) artists put its knee and ankle joints, from the
 * mesh's section along Z through each artist's joint, measured on the corpus bipeds whose artists rig knees
 * and ankles (fraction of the depth from the back; fast and pro fits, both sides):
 * - the knee at KNEE_DEPTH: human-male 0.56-0.60, Animated_Woman 0.50-0.54, the Zombie 0.57-0.64, the Alien
 *   0.58-0.61, the Goblin 0.56-0.60, the Robot 0.65-0.73, the Banana 0.66-0.75, Female_Dress 0.79-0.93, the
 *   KayKit adventurers 0.43-0.55 (median 0.6): a knee bends forward, and a joint ahead of the leg's axis keeps
 *   the knee's front from collapsing and tells an IK solver which way it bends. The fit's knee, on the leg's
 *   medial path (fast) or centred in the section (pro), stood at 0.32-0.60 of it, and behind the artists' on
 *   every other artist's set measured too (0 A.D.'s 35 humans 0.020 H, Red Eclipse's and Cube 2's 0.022-0.028
 *   H, assimp's BCN 0.009 H: eval:rig-games --joints);
 * - the ankle at most at ANKLE_DEPTH_MAX of the shin's depth ANKLE_SHIN_ABOVE over it: no artist's is ahead of
 *   the shin's middle (KayKit 0.39-0.44, human-male 0.45-0.56, Animated_Woman 0.43-0.50, the Zombie 0.46-0.52,
 *   the Banana 0.31-0.36, the Goblin 0.25-0.26, the Robot 0.21-0.23, the Alien 0.15-0.17, Female_Dress
 *   -0.01-0.14: the ankle's axis runs through the talus, over the heel's front), where the fit's, on the shin's
 *   axis at the instep, stood at 0.45-0.70; every external set has ours ahead too (0 A.D. 0.008-0.014 H, the
 *   games 0.017 H).
 * Only for straight upright legs standing side by side whose knees show: on a bent, level or striding leg the
 * line along Z runs along the thigh or the shin, not across the joint, and under a dress or a skirt (the fit's
 * `joined_legs` doubt) across the garment.
 */
import type { FitResult } from './fit-common';
import type { Volume } from './volume';
import { depthRun } from './mid-depth';

export const KNEE_DEPTH = 0.6;
export const ANKLE_DEPTH_MAX = 0.5;
/** The shin's section is read this share of the height over the ankle: above the foot, under the calf. */
const ANKLE_SHIN_ABOVE = 0.03;

/** A leg segment is upright when it points down within this angle of the vertical (cosine). */
const UPRIGHT_COS = Math.cos((25 * Math.PI) / 180);
/** Legs stand side by side when each knee and ankle is within this share of the height of its twin's depth. */
const STANCE_DEPTH = 0.03;

export function legJointsInDepth(fit: FitResult, vol: Volume): void {
  const P = fit.positions;
  const H = vol.max[1] - vol.min[1];
  if (!standingPair(fit, H)) return;
  // Joints hidden in a dress or a skirt were placed by proportion, and the line through them crosses the garment.
  const hidden = new Set(fit.doubts?.filter((d) => d.code === 'joined_legs').flatMap((d) => d.joints) ?? []);
  for (const S of ['Left', 'Right']) {
    const hip = fit.keys.indexOf(`${S}UpLeg`), knee = fit.keys.indexOf(`${S}Leg`), ankle = fit.keys.indexOf(`${S}Foot`);
    if (hip < 0 || knee < 0 || ankle < 0 || !downright(P, knee, ankle)) continue;
    // The shin's lean as fitted, before its knee moves forward.
    const slope = (P[knee * 3 + 2] - P[ankle * 3 + 2]) / (P[knee * 3 + 1] - P[ankle * 3 + 1]);
    if (!hidden.has(`${S}Leg`) && downright(P, hip, knee)) {
      const run = depthRun(vol, P[knee * 3], P[knee * 3 + 1], P[knee * 3 + 2]);
      if (run) P[knee * 3 + 2] = run.back + KNEE_DEPTH * (run.front - run.back);
    }
    if (!hidden.has(`${S}Foot`)) {
      // The shin's section over the ankle, brought down its slope to the ankle's height (a standing shin may lean).
      const up = ANKLE_SHIN_ABOVE * H;
      const shin = depthRun(vol, P[ankle * 3], P[ankle * 3 + 1] + up, P[ankle * 3 + 2] + slope * up);
      if (shin) P[ankle * 3 + 2] = Math.min(P[ankle * 3 + 2], shin.back + ANKLE_DEPTH_MAX * (shin.front - shin.back) - slope * up);
    }
  }
}

/**
 * Legs standing side by side: each knee and ankle within STANCE_DEPTH of its twin's depth. The figures above
 * are of standing legs; in a stride the line along Z crosses a leaning shin off its axis, and moving one leg's
 * joints hid a stride's ankle fitted at the heel from the twin-bones check (random body 58 of eval:rig-sweep).
 */
function standingPair(fit: FitResult, H: number): boolean {
  const P = fit.positions;
  for (const k of ['Leg', 'Foot']) {
    const l = fit.keys.indexOf(`Left${k}`), r = fit.keys.indexOf(`Right${k}`);
    if (l < 0 || r < 0 || Math.abs(P[l * 3 + 2] - P[r * 3 + 2]) > STANCE_DEPTH * H) return false;
  }
  return true;
}

/** True when the segment from joint `a` to joint `b` points down within UPRIGHT_COS of the vertical. */
function downright(P: Float64Array, a: number, b: number): boolean {
  const dx = P[b * 3] - P[a * 3], dy = P[b * 3 + 1] - P[a * 3 + 1], dz = P[b * 3 + 2] - P[a * 3 + 2];
  const len = Math.hypot(dx, dy, dz);
  return len > 0 && -dy >= UPRIGHT_COS * len;
}
