/**
 * Hands with no extremity of their own. The biped's curve skeleton stops at 16 extremities, the most
 * prominent first; a big head with ears, hair tufts, a helmet's rim or a beard, and a cape's corners can
 * take them all before a hand hanging against the hip gets one (KayKit Barbarian with its arms lowered 70
 * degrees: 16 tips, 13 on the head and the cape, none at either fist). The fit then takes two bumps of
 * the head for hands and the arm chains climb from the shoulders into the head.
 *
 * Detected from the fit, not guessed from the shape: a hand above its own shoulder. On every corpus biped
 * whose fit is right (semantic error under 3%: rest, arms lowered to 45 and 70 degrees, idle frames, both
 * engines) the hands lie level with the shoulders (T-pose, 0.00 H) or below them (-0.03 to -0.38 H);
 * every fit with a hand 0.01-0.14 H above its shoulder had taken a bump of the head or the hair for it
 * (semantic 5-24%). Repaired by growing the skeleton to HAND_BUDGET extremities: the first ones are the
 * same (the skeleton grows the most prominent first), the extra ones are offered to the hands only, so
 * the head and the feet stay where the first fit found them. The second fit is kept only when both its
 * hands hang (HANG_BELOW under their shoulders) and its shoulders are no higher than the first's: a
 * character holding its arms up keeps its first fit.
 *
 * A fit that found no extremity for a hand at all (the arm placed by proportion, or mirrored from the other)
 * is the same failure: short arms hanging against a chibi's body stand out less than the head's bumps (sweep
 * seed 43, chibi, arms 80 degrees down: both hands missing, arms by proportion in the air beside the head,
 * semantic fast 18.2% with two joints outside; with the hands' extremities 2.7%).
 */
import type { FitResult } from './fit-common';

/** Extremities grown for the second fit. */
export const HAND_BUDGET = 32;
/** A hand this far above its shoulder (share of the height) was taken from the head. */
const HAND_ABOVE_SHOULDER = 0.01;
/** Both hands of the second fit at least this far under their shoulders: arms that hang. */
const HANG_BELOW = 0.05;
/** Confidence of arm joints whose hand stays above its shoulder (under 0.7: the verdict says `check`). */
const UNREPAIRED_CONFIDENCE = 0.6;
/**
 * Confidence of arm joints found by the second fit: a repair, as the outline's arms are (0.65,
 * biped-hanging-arms.ts); its other joints can still be wrong (Kenney female-e arms-70 fast: hands right,
 * head and hips 11% of the height off).
 */
const REPAIRED_CONFIDENCE = 0.65;

/** Height of joint `key`, normalised units (NaN when the fit has none). */
function heightOf(fit: FitResult, key: string): number {
  const j = fit.keys.indexOf(key);
  return j < 0 ? NaN : fit.positions[j * 3 + 1];
}

/** Height of each side's hand over its shoulder (`Arm` joint), normalised units; null when a joint is missing. */
function handRise(fit: FitResult, side: 'Left' | 'Right'): number | null {
  const rise = heightOf(fit, `${side}Hand`) - heightOf(fit, `${side}Arm`);
  return Number.isNaN(rise) ? null : rise;
}

/** True when a hand of the fit lies above its shoulder (see the notes). */
export function handAboveShoulder(fit: FitResult, H: number): boolean {
  return (['Left', 'Right'] as const).some((s) => (handRise(fit, s) ?? 0) > HAND_ABOVE_SHOULDER * H);
}

/** A hand of the fit placed by proportion: no extremity was taken for it. */
function handMissing(fit: FitResult): boolean {
  return (fit.doubts ?? []).some((d) => d.code === 'by_proportion' && d.joints.some((k) => k.endsWith('Hand')));
}

/** The first fit, or the fit with more extremities for the hands when the first took its hands from the head. */
export function refitHiddenHands(first: FitResult, again: () => FitResult, H: number): FitResult {
  const missing = handMissing(first);
  if (!missing && !handAboveShoulder(first, H)) return first;
  const second = again();
  const hang = (['Left', 'Right'] as const).every((s) => (handRise(second, s) ?? 0) < -HANG_BELOW * H);
  // An arm chain climbing into the head drags its shoulder up, never down: a second fit whose shoulders
  // are higher still took its arms from the head too.
  const lower = (['Left', 'Right'] as const).every((s) => !(heightOf(second, `${s}Arm`) > heightOf(first, `${s}Arm`)));
  if (hang && lower)
    return withDoubt(second, ['Left', 'Right'], REPAIRED_CONFIDENCE, `the hands were found among the smaller extremities of the shape (the first fit ${missing ? 'found no hand' : 'took bumps of the head for them'})`);
  // Not repaired: said in the report (a character holding its arms up is told to check them too).
  const sides = (['Left', 'Right'] as const).filter((s) => (handRise(first, s) ?? 0) > HAND_ABOVE_SHOULDER * H);
  // A missing hand not found among more extremities either: its own doubt (by_proportion) says so.
  if (!sides.length) return first;
  return withDoubt(first, sides, UNREPAIRED_CONFIDENCE, `the ${sides.map((s) => s.toLowerCase()).join(' and ')} hand${sides.length > 1 ? 's were' : ' was'} fitted above the shoulder; if the arms hang, a bump of the head or the hair was probably taken for a hand`);
}

/** The fit with an `arms_down` doubt on the arm joints of `sides`. */
function withDoubt(fit: FitResult, sides: readonly ('Left' | 'Right')[], confidence: number, message: string): FitResult {
  const keys = sides.flatMap((s) => [`${s}Arm`, `${s}ForeArm`, `${s}Hand`]);
  const doubtConfidence = new Map(fit.doubtConfidence ?? []);
  for (const k of keys) doubtConfidence.set(k, Math.min(confidence, doubtConfidence.get(k) ?? 1));
  return { ...fit, doubts: [...(fit.doubts ?? []), { code: 'arms_down', joints: keys, message, repaired: false }], doubtConfidence };
}
