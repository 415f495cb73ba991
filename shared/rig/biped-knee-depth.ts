/**
 * A standing leg's knee joint forward of the middle of the knee's depth. Artists put it at KNEE_DEPTH of
 * the leg's front-to-back depth through the joint, counted from the back (the section of the mesh along Z
 * through the artist's own knee joint, scratch-measured on the corpus bipeds whose artists rig knees: human-male 0.58,
 * Animated_Woman 0.51, the Zombie 0.57 / 0.64, the Alien 0.60, the Goblin 0.60, the Robot 0.75, the Banana 0.81 /
 * 0.86, Female_Dress 0.85 / 0.86): a knee bends forward, and a joint ahead of the leg's axis keeps the
 * knee's front from collapsing and tells an IK solver which way it bends. The fit's knee, on the leg's medial
 * path (fast) or centred in the section (pro), stood at 0.29-0.57 of that depth on the same bodies, and
 * behind the artist's on every other artist's set measured too (0 A.D.'s 35 humans 0.020 H, Red Eclipse's and
 * Cube 2's 0.022-0.028 H: eval:rig-games --joints). Only for a straight upright leg whose knee shows: on a bent
 * or level one the line along Z through the knee runs along the thigh or the shin, not across the knee, and
 * under a dress or a skirt (the fit's `joined_legs` doubt) across the garment.
 */
import type { FitResult } from './fit-common';
import type { Volume } from './volume';
import { depthRun } from './mid-depth';

export const KNEE_DEPTH = 0.6;

/** A leg segment is upright when it points down within this angle of the vertical (cosine). */
const UPRIGHT_COS = Math.cos((25 * Math.PI) / 180);

export function kneesForward(fit: FitResult, vol: Volume): void {
  const P = fit.positions;
  // A knee hidden in a dress or a skirt was placed by proportion, and the line through it crosses the garment.
  const hidden = new Set(fit.doubts?.filter((d) => d.code === 'joined_legs').flatMap((d) => d.joints) ?? []);
  for (const S of ['Left', 'Right']) {
    const hip = fit.keys.indexOf(`${S}UpLeg`), knee = fit.keys.indexOf(`${S}Leg`), ankle = fit.keys.indexOf(`${S}Foot`);
    if (hip < 0 || knee < 0 || ankle < 0 || hidden.has(`${S}Leg`)) continue;
    if (!downright(P, hip, knee) || !downright(P, knee, ankle)) continue;
    const run = depthRun(vol, P[knee * 3], P[knee * 3 + 1], P[knee * 3 + 2]);
    if (run) P[knee * 3 + 2] = run.back + KNEE_DEPTH * (run.front - run.back);
  }
}

/** True when the segment from joint `a` to joint `b` points down within UPRIGHT_COS of the vertical. */
function downright(P: Float64Array, a: number, b: number): boolean {
  const dx = P[b * 3] - P[a * 3], dy = P[b * 3 + 1] - P[a * 3 + 1], dz = P[b * 3 + 2] - P[a * 3 + 2];
  const len = Math.hypot(dx, dy, dz);
  return len > 0 && -dy >= UPRIGHT_COS * len;
}
