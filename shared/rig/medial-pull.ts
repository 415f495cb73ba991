/**
 * How strongly the creature fits' curve skeleton is pulled to the medial axis, the same in body units on
 * every grid. `medialCost` (geodesic.ts) multiplies each step by 1 + k / (dt + 0.5)^2 with dt in voxels:
 * with k fixed, the pro grid (144 voxels along the longest side, fast 80) measures the same distance to the
 * surface as 1.8 times as many voxels and pulls 3.2 times more weakly, so its branch paths cut across a
 * body that fast's follow along its axis, and what the fits read off them (where a wing's or a leg's radius
 * grows into the body, which extremity path is the tail's) differs between engines. k = 6, fast's (every
 * rule was fitted with it), scaled by the square of the resolution keeps 1 + k / dt^2 one function of the
 * distance in body units: fast is unchanged.
 * Rests on: pro lost to fast on the avian and quadruped means (session 10: avian 3.86 against 3.73%). The
 * synthetic bird's pro wing path ran through the torso and its shoulder was found 0.035 of the size inside
 * (Wing1 4.4% from the truth, fast 2.7%).
 * Measured and not kept: the same k for the quadruped's leg-to-spine paths and the fish's and snake's
 * medial paths (limb-path.ts; fox pro 3.08 -> 3.31%, Pig 5.00 -> 4.68%, horse 3.76 -> 3.82%: no gain);
 * the path smoothing window scaled with the grid too (spider pro 3.27 -> 3.53%); k scaled by the resolution
 * alone (half-way; corpus a little better, 3.81 against 3.85% over the creatures' pro fits, but synthetic
 * avian pro 1.14 against 1.06%, and it rests on no invariant). The biped fit keeps k in voxels: its rules
 * were fitted with it on both grids.
 */
import type { Grid } from './grid';

/** Fast's grid step (normalised units: the longest side is 1) and the k fitted with it. */
const FAST_H = 1 / 80;
const FAST_K = 6;

/** medialCost's k for a grid, pulling as hard in body units as k = 6 does on fast's grid. */
export function medialPullK(g: Grid): number {
  return FAST_K * (FAST_H / g.h) ** 2;
}
