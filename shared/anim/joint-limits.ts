/**
 * Joint limits per template joint: the largest rotation (degrees) a joint may turn away from its rest
 * local rotation. A cone-and-twist bound rather than per-axis Euler ranges, since Rigdesk joint frames
 * differ per bone; it catches the failures that matter (flipped quaternions, limbs spun through the body).
 */
import type { TemplatePlan } from './template-skeleton';

const BY_PATTERN: Record<TemplatePlan, [RegExp, number][]> = {
  biped: [
    [/^Hips$/, 95], [/^Spine/, 35], [/^Neck$/, 30], [/^Head$/, 45], [/Shoulder$/, 25], [/Arm$/, 150], [/ForeArm$/, 140],
    [/Hand$/, 70], [/UpLeg$/, 120], [/Leg$/, 150], [/Foot$/, 70], [/ToeBase$/, 45],
  ],
  quadruped: [[/^Hips$/, 40], [/^Spine/, 30], [/^Neck$/, 30], [/^Head$/, 35], [/^Tail/, 45], [/UpperLeg$/, 70], [/LowerLeg$/, 120], [/Foot$/, 95], [/Toe$/, 45]],
  hexapod: [[/^Body$/, 20], [/^Head$/, 30], [/^Abdomen$/, 30], [/Hip$/, 60], [/Knee$/, 90], [/Ankle$/, 70]],
  octopod: [[/^Body$/, 20], [/^Head$/, 30], [/^Abdomen$/, 30], [/Hip$/, 60], [/Knee$/, 90], [/Ankle$/, 70]],
  avian: [[/^Hips$/, 20], [/^Spine/, 20], [/^Neck$/, 30], [/^Head$/, 40], [/^Tail/, 25], [/Wing1$/, 90], [/Wing2$/, 160], [/Wing3$/, 160], [/UpLeg$/, 70], [/Leg$/, 120], [/Foot$/, 70]],
  serpentine: [[/^Spine/, 30], [/^Head$/, 30]],
  aquatic: [[/^Body$/, 15], [/^Head$/, 15], [/^Tail/, 30], [/Fin\d?$/, 30]],
};

/** Limit in degrees for a template joint key, or null for end markers / joints without a limit. */
export function jointLimitDegrees(plan: TemplatePlan, key: string): number | null {
  if (key.endsWith('_End')) return null;
  // More specific patterns listed later win (ForeArm after Arm, Leg after UpLeg is avoided by order below).
  let hit: number | null = null;
  for (const [re, deg] of BY_PATTERN[plan]) if (re.test(key)) hit = deg;
  if (plan === 'biped' && /UpLeg$/.test(key)) hit = 120;
  return hit;
}
