/**
 * A fit that fails a check of its own shape (a joint outside, a bone across empty space, a limb on the wrong
 * side, a folded chain, unequal twins, a biped's implausible proportions, a limb with no extremity found and
 * placed by proportion, a front read on the wrong side of the body) is fitted once more on the other
 * engine's grid, and the fit with fewer such failures is kept (ties keep the engine's own). The two grids
 * sample the same surface at different voxel sizes (fast 80, pro 144 along the longest side): where one
 * grid merges two limbs or misses a hem's step, the other often does not. The failures are counted by the
 * checks themselves (fit-checks.ts), on the grid that will skin the mesh, so both fits are judged alike.
 * Costs one more fit, only for fits that fail a check, and only when the other grid is small enough
 * (MAX_OTHER_GRID_INSIDE).
 */
import type { FitResult } from './fit-common';
import { checkFit } from './fit-checks';
import type { CheckCode, FitCheck } from './fit-checks';
import type { Volume } from './volume';
import { facingWarning } from './facing';

/**
 * Checks that say the fit is wrong, or missed a limb (by_proportion: on Kenney female-b with its arms lowered
 * to 70 degrees the pro grid found no right hand and mirrored the left arm, 3.8% of H off, against the fast
 * fit's 2.3% with hips wider than its shoulders). The fit's other doubts (legs joined under a dress, arms
 * hanging at the sides) describe the shape, not a failure, and both grids see them alike.
 */
const FAILURE_CODES: ReadonlySet<CheckCode> = new Set(['outside', 'bone_outside', 'wrong_side', 'zero_length', 'folded_chain', 'asymmetric', 'proportions', 'by_proportion']);

/** Unrepaired shape failures among `checks`. */
export function shapeFailures(checks: readonly FitCheck[]): number {
  return checks.filter((c) => FAILURE_CODES.has(c.code) && !c.repaired).length;
}

/**
 * The fit's shape failures on `vol`, its positions left as they are (the checks repair a copy), plus one
 * when it reads the body's front more than 45 degrees off +Z in the working frame (the user's rotation_y
 * already applied): Kenney male-d with its arms lowered to 70 degrees, whose pro fit read its back as its
 * front with hip joints at its shoulders' height (9.0% of H off; fast, 2.6%, failed two proportion checks).
 * A model that really faces away fails it on both grids alike.
 */
export function failuresOf(fit: FitResult, vol: Volume): number {
  const copy: FitResult = { ...fit, positions: fit.positions.slice() };
  const facesAway = facingWarning(fit.facingDeg, 0) !== null ? 1 : 0;
  return shapeFailures(checkFit(copy, vol, fit.doubts, fit.doubtConfidence).checks) + facesAway;
}

/**
 * Inside voxels of the other grid above which no second fit is tried. A fit's cost grows with the inside
 * voxels (one geodesic over the whole volume per extremity and per bone), and a solid shape fills its whole
 * bounding box: a 12-triangle box holds about 532k inside voxels on the fast grid (90% of it), about 3.1M on
 * the pro grid, where its biped fit takes 33 s. Characters fill 8-41% of theirs: the fullest of the corpus,
 * Quaternius Slime, holds 134k on the fast grid (about 780k on the pro grid, fitted in 2.6 s), the fullest of
 * the sweep's bodies with extras 69k. The bound leaves every character its second grid and keeps a solid
 * block's fast rig at the cost of one fast fit.
 */
export const MAX_OTHER_GRID_INSIDE = 1_000_000;

/**
 * `fit`, or the fit `refitOnOtherGrid` makes when `fit` fails a shape check on `vol` and that one fails
 * fewer. `vol` is the grid that skins the mesh; `resolutionRatio` is the other grid's resolution over its
 * own, so the other grid holds about ratio^3 times its inside voxels.
 */
export function withSecondGrid(fit: FitResult, vol: Volume, resolutionRatio: number, refitOnOtherGrid: () => FitResult): FitResult {
  if (vol.insideCount * resolutionRatio ** 3 > MAX_OTHER_GRID_INSIDE) return fit;
  const own = failuresOf(fit, vol);
  if (own === 0) return fit;
  const other = refitOnOtherGrid();
  return failuresOf(other, vol) < own ? other : fit;
}
