/**
 * Hollows that the pocket fill closes off. A dress modelled with no body inside it is one shell from its hem
 * to the shoulders (0 A.D.'s f_dress and f_armor_dress: open only at the hem, on the floor). The pocket fill
 * (pocket-fill.ts) closes the skirt up to half the height, and the hollow torso above it is then a closed
 * cavity: inside by the flood fill's own definition, had the hem been closed in the mesh. Left hollow, its
 * walls were all the fit saw of the torso, and every joint from the hips to the head came out 0.10-0.19 H
 * low (semantic error 20-25% of the height on both dresses).
 *
 * A cavity counts when it runs at least MIN_SPAN of the height up from where the pocket fill stopped: a
 * torso's does (f_dress 0.5-0.82 H); a seam one voxel tall between a dress and the body under it does not
 * (Quaternius Female_Dress: six voxels at 0.506 H, which moved its fast fit's deformation error from 1.78 to
 * 2.02%), nor does a gap the fill itself declined below that height, closed off at its ends (Kenney
 * female-e with its arms lowered to 70 degrees onto its skirt: two gaps beside the waist, 0.30-0.46 H; sealed,
 * its fast fit went from 3.25 to 8.49%).
 */
import type { Grid } from './grid';
import { fillInside } from './flood-fill';

/** Least height of a sealed cavity that counts inside, as a share of the height. */
export const MIN_SPAN = 0.05;

/**
 * Marks inside (in place, and in `pocket`, the pocket fill's mask) every cavity that `inside` now encloses
 * and that runs at least `minRows` voxel rows up from `fromRow`, the first row the pocket fill left alone;
 * returns how many voxels it added.
 */
export function fillSealedCavities(g: Grid, inside: Uint8Array, pocket: Uint8Array, fromRow: number, minRows: number): number {
  // Cavity voxels still to visit: enclosed, not yet inside; cleared as each is queued.
  const open = fillInside(g, inside);
  for (let v = 0; v < inside.length; v++) if (inside[v]) open[v] = 0;
  const { nx, ny } = g;
  const nxy = nx * ny;
  let queue: Int32Array | null = null;
  let added = 0;
  for (let v0 = 0; v0 < inside.length; v0++) {
    if (!open[v0]) continue;
    queue ??= new Int32Array(inside.length);
    // One 6-connected cavity, breadth first: the queue keeps all its voxels, marked once its span is known.
    let top = 0, end = 0, lo = ny, hi = -1;
    queue[top++] = v0;
    open[v0] = 0;
    while (end < top) {
      const v = queue[end++];
      const x = v % nx, y = ((v - x) / nx) % ny;
      if (y < lo) lo = y;
      if (y > hi) hi = y;
      // A cavity never touches the grid's border (the outside fill starts there), so no neighbour wraps.
      for (let k = 0; k < 6; k++) {
        const w = v + (k === 0 ? -1 : k === 1 ? 1 : k === 2 ? -nx : k === 3 ? nx : k === 4 ? -nxy : nxy);
        if (!open[w]) continue;
        open[w] = 0;
        queue[top++] = w;
      }
    }
    if (hi - Math.max(lo, fromRow) + 1 < minRows) continue;
    for (let k = 0; k < top; k++) {
      inside[queue[k]] = 1;
      pocket[queue[k]] = 1;
    }
    added += top;
  }
  return added;
}
