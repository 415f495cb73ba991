/**
 * Feet that are not feet. `fitBiped` takes the lowest extremity on each side for a foot; a hand or what it
 * holds can reach lower (Kenney female-a's sticks, 0.068 H under its soles with the arms lowered 45
 * degrees). A leg chain fitted up such an arm puts its hip joint in the arm, wider than the shoulders, and
 * the proportions check (biped-proportions.ts: hip joints at most 1.15 times the shoulder span; artists
 * 0.51-0.98 on every corpus biped) fails. Then the fit is tried again with those extremities barred from
 * the feet (they may still be hands). The second fit is kept only when it passes the proportions check, its
 * feet stand on the floor (feetOffFloor) and every check after the fit (fit-checks.ts) leaves its legs
 * alone: the check also fires when the shoulders were pulled into the chest, and other feet then give legs
 * joined to the floor or lopsided (Kenney male-a and female-f with lowered arms: 2.0-2.5% -> 13-27% of the
 * height when the second fit was kept on the proportions check alone), or a cape's corners (session 22).
 */
import type { FitResult } from './fit-common';
import type { Volume } from './volume';
import { implausibleLimbSpan } from './biped-proportions';
import { checkFit } from './fit-checks';
import { legPickHeight } from './limb-path';

/**
 * A foot candidate standing off the mid-plane by up to this share of the height counts as that much lower:
 * feet stand to the sides, a tail is central. A tail dragged on the floor was the lowest tip right of the
 * mid-plane and took the right foot's place (random theropods with their tails let down to the floor,
 * eval:theropod-sweep --tail-to-floor seeds 1-60: the right leg's joints 6-11% of the size off on average, the
 * left's 4.6-5.3%; now 1.4-4.1% on both sides; median keyed error fast / pro 3.93 / 11.15 -> 2.67 / 2.49%).
 * Every foot of the corpus and of the random bodies stands further out than the margin, so only a candidate
 * within it of the mid-plane loses: eval:rig's bipeds (62 rows), eval:rig-sweep with extras and wear (200
 * fits), its robots (80), eval:theropod-sweep as drawn (120) and eval:rig-posed are identical.
 */
const FOOT_SIDE_REACH = 0.03;

/** A foot candidate's height for picking the lowest tip on each side (FOOT_SIDE_REACH); `H` the body's height. */
export function footPickHeight(p: ArrayLike<number>, H: number): number {
  return legPickHeight(p, 0, FOOT_SIDE_REACH * H);
}

/** True when a biped fit's hip joints are implausibly wide for its shoulders (the proportions check). */
function feetImplausible(fit: FitResult): boolean {
  return implausibleLimbSpan(fit, new Map(fit.keys.map((k, i) => [k, i]))) !== null;
}

/**
 * Feet stand on the floor: a second fit's toe tips lie at most this share of the height above the lowest
 * point of the shape. The feet the fit picks lie within 0.009 H of the floor on every corpus biped (rest
 * and idle, both engines); a held stick reaching under the soles leaves them 0.068 H up (Kenney female-a,
 * arms lowered 45 degrees). A cape's or a coat's lower corners hang well above it (eval:rig-sweep --wear
 * seed 5: 0.24 H, taken for both feet when the first fit's shoulders were pulled in, 11% of the height off
 * with the verdict `ok`).
 */
const MAX_SOLE_HEIGHT = 0.1;

/** True when a fit's toe tips stand off the floor (MAX_SOLE_HEIGHT). */
function feetOffFloor(fit: FitResult, vol: Volume): boolean {
  const H = vol.max[1] - vol.min[1];
  return ['LeftToe_End', 'RightToe_End'].some((k) => {
    const j = fit.keys.indexOf(k);
    return j >= 0 && fit.positions[j * 3 + 1] - vol.min[1] > MAX_SOLE_HEIGHT * H;
  });
}

/** True when some check after the fit, or the fit's own doubts, name a joint of a leg. */
function legsDoubted(fit: FitResult, vol: Volume): boolean {
  const { checks } = checkFit({ ...fit, positions: fit.positions.slice() }, vol, fit.doubts ?? [], fit.doubtConfidence ?? new Map());
  return checks.some((c) => c.joints.some((k) => /(UpLeg|Leg|Foot)$/.test(k)));
}

/**
 * The fit, or the fit with `feet` (the extremities the first took for feet) barred from the feet when the
 * first fails the proportions check and the second passes it with sound legs.
 */
export function refitWithOtherFeet(first: { fit: FitResult; feet: number[] }, again: (notFeet: ReadonlySet<number>) => { fit: FitResult }, vol: Volume): FitResult {
  if (!first.feet.length || !feetImplausible(first.fit)) return first.fit;
  const second = again(new Set(first.feet)).fit;
  return feetImplausible(second) || feetOffFloor(second, vol) || legsDoubted(second, vol) ? first.fit : second;
}
