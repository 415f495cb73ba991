/**
 * A biped fit tried again when a check of its proportions says an extremity or the crotch was taken from
 * something else, each repair kept only when the second fit passes the check the first failed:
 * - a hand reaching under the soles taken for a foot: hip joints wider than the shoulders (biped-feet.ts);
 * - a garment's hem corners taken for the hands: hip joints as high as the shoulders (below);
 * - a garment's hem taken for the crotch: hip joints sunk under the shoulders, or a crotch far under the one
 *   the head's base predicts (biped-hem.ts).
 */
import type { FitResult } from './fit-common';
import type { Volume } from './volume';
import { refitWithOtherFeet } from './biped-feet';
import { refitUnderHem } from './biped-hem';
import { failuresOf } from './second-grid';
import { fitHipsOverShoulderHeight, MAX_HIPS_OVER_SHOULDER_HEIGHT, MIN_HIPS_OVER_SHOULDER_HEIGHT } from './biped-proportions';

/** What a fit is told: extremities (indices into the skeleton's branches) barred from the feet or the hands, the crotch found read as a hem. */
export interface BipedAttempt {
  notFeet?: ReadonlySet<number>;
  notHands?: ReadonlySet<number>;
  crotchIsHem?: boolean;
}

/** A fit and the extremities it took for the feet and the hands. */
export interface AttemptResult {
  fit: FitResult;
  feet: number[];
  hands: number[];
  /** The crotch found lies far under the one the head's base predicts (LOW_CROTCH_OF_PROPORTION, biped-hem.ts) and was not read as a hem. */
  crotchUnderHead?: boolean;
}

/** The fit `attempt` makes, fitted again as the checks below ask; the hem's refit keeps what an earlier refit barred. */
export function refitBiped(fitOnce: (a: BipedAttempt) => AttemptResult, vol: Volume): FitResult {
  const underHead = new WeakMap<FitResult, boolean>();
  const attempt = (a: BipedAttempt): AttemptResult => {
    const r = fitOnce(a);
    underHead.set(r.fit, r.crotchUnderHead === true);
    return r;
  };
  const first = attempt({});
  let kept: BipedAttempt = {};
  let fit = refitWithOtherFeet(first, (notFeet) => attempt({ notFeet }), vol);
  if (fit !== first.fit) kept = { notFeet: new Set(first.feet) };
  else {
    fit = refitWithOtherHands(first, (notHands) => attempt({ notHands }).fit, vol);
    if (fit !== first.fit) kept = { notHands: new Set(first.hands) };
  }
  return refitUnderHem(fit, () => attempt({ ...kept, crotchIsHem: true }).fit, vol.min[1], underHead.get(fit) === true);
}

/**
 * Hands that are a garment's hem: a dress flared as wide as the hands reach has corners at its hem, and
 * among near-equally lateral tips the fit takes the lowest for a hand (so that a hat's brim does not win
 * over the arm under it). A thin flared hem is thin at its rim, so the hem-corner test of the hand
 * candidates (biped-hand-tips.ts, a low tip as thick as a robe's hem) lets it through (eval:rig-sweep
 * --extras seed 180, a chibi in a dress, hands held 43 degrees down: shoulders fitted at the hips, arms
 * 22% of the height off). The fit's hip joints then stand as high as its shoulders, above 0.85 of their
 * height (highHips, biped-proportions.ts: artists 0.47-0.68), read on a tailed fit too (the hem's back took
 * the tail on that body, and the checks leave tailed bipeds alone: kaiju, theropods). Fitted again with those
 * extremities barred from the hands; the second fit is kept when its hip joints stand within the artists' range and it fails
 * fewer of the shape checks (second-grid.ts, failuresOf): Kenney male-d with its arms lowered to 70 degrees
 * (pro, already 9% off and `check`) passes the first test with its shoulders up but its head 18% off, and
 * fails as many checks.
 */
export function refitWithOtherHands(first: AttemptResult, again: (notHands: ReadonlySet<number>) => FitResult, vol: Volume): FitResult {
  const floorY = vol.min[1];
  if (!first.hands.length || !(fitHipsOverShoulderHeight(first.fit, floorY, true) > MAX_HIPS_OVER_SHOULDER_HEIGHT)) return first.fit;
  const second = again(new Set(first.hands));
  const ratio = fitHipsOverShoulderHeight(second, floorY, true);
  const plausible = ratio >= MIN_HIPS_OVER_SHOULDER_HEIGHT && ratio <= MAX_HIPS_OVER_SHOULDER_HEIGHT;
  return plausible && failuresOf(second, vol) < failuresOf(first.fit, vol) ? second : first.fit;
}
