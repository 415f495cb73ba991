/**
 * A plausibility check of an upright biped's fit: its hip joints are closer together than its shoulder
 * joints. On every corpus biped the artists' hip-joint span is 0.51-0.98 of the shoulder span (the Robot
 * 0.98, adults 0.51-0.74, chibis 0.81-0.84), and so are our good fits (0.38-0.88, synthetic failure
 * classes included). Fits of the Kenney chibis and the KayKit adventurers with their arms lowered
 * (`eval:rig-posed`) give 1.1-4.6: a lowered hand taken for a leg, or the shoulders pulled into the chest,
 * 5-18% of the height off, while the report said `ok`. Nothing is repaired (which side is wrong is not
 * known); the report says so. Bipeds with a tail or a level spine are left out: they carry their weight on
 * wide hips and hold short arms (Mesh2Motion kaiju 1.8, synthetic theropods 0.84-1.32).
 */
import type { FitResult } from './fit-common';

/** Hip-joint span over shoulder span above which an upright biped's fit is implausible. */
export const MAX_HIP_OVER_SHOULDER_SPAN = 1.15;

/** Keys of the limb roots to doubt, or null when the biped's proportions hold (or do not apply). */
export function implausibleLimbSpan(fit: FitResult, keyIndex: ReadonlyMap<string, number>): string[] | null {
  const keys = ['LeftArm', 'RightArm', 'LeftUpLeg', 'RightUpLeg', 'Hips', 'Neck'];
  const [la, ra, ll, rl, hips, neck] = keys.map((k) => keyIndex.get(k));
  if (la === undefined || ra === undefined || ll === undefined || rl === undefined || hips === undefined || neck === undefined) return null;
  if (keyIndex.has('Tail')) return null;
  const P = fit.positions;
  const rise = P[neck * 3 + 1] - P[hips * 3 + 1];
  const run = Math.hypot(P[neck * 3] - P[hips * 3], P[neck * 3 + 2] - P[hips * 3 + 2]);
  if (rise <= run) return null;
  const span = (a: number, b: number): number => Math.hypot(P[a * 3] - P[b * 3], P[a * 3 + 2] - P[b * 3 + 2]);
  const shoulders = span(la, ra);
  return span(ll, rl) > MAX_HIP_OVER_SHOULDER_SPAN * shoulders ? ['LeftArm', 'RightArm', 'LeftUpLeg', 'RightUpLeg'] : null;
}

/**
 * Upper arm (shoulder to elbow) over forearm (elbow to wrist) under which a biped's arm is implausible: the
 * artists' ratios on the corpus bipeds are 0.88-1.26 (human-male 1.06, Animated_Woman 1.26, the KayKit
 * adventurers 0.93) and 0.42-0.48 on the Robot's hinged arms.
 */
export const MIN_UPPER_OVER_FOREARM = 0.3;

/** Keys of the arm joints to doubt where the upper arm is fitted implausibly short, or null. */
export function shortUpperArms(fit: FitResult, keyIndex: ReadonlyMap<string, number>): string[] | null {
  const P = fit.positions;
  const dist = (a: number, b: number): number => Math.hypot(P[a * 3] - P[b * 3], P[a * 3 + 1] - P[b * 3 + 1], P[a * 3 + 2] - P[b * 3 + 2]);
  const out: string[] = [];
  for (const S of ['Left', 'Right']) {
    const [a, e, w] = [`${S}Arm`, `${S}ForeArm`, `${S}Hand`].map((k) => keyIndex.get(k));
    if (a === undefined || e === undefined || w === undefined) continue;
    if (dist(a, e) < MIN_UPPER_OVER_FOREARM * dist(e, w)) out.push(`${S}Arm`, `${S}ForeArm`);
  }
  return out.length ? out : null;
}
