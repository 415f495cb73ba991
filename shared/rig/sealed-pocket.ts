/**
 * Pockets that a leaked shell's closing sealed. closeLeakedShell (shell-close.ts) seals every gap narrower
 * than its radius, and a garment's hem close around the legs is such a gap: the air under the garment is
 * then inside before fillOpenPockets (pocket-fill.ts) runs, so it is not marked as a pocket, and the
 * crotch probe (biped-crotch.ts) stops at the hem. 0 A.D.'s bodies are open at the neck and the wrists (the
 * heads and hands are separate props), so pro's grid seals them, and two long tunics' hems with them: hip
 * joints 0.15-0.16 H low, where fast's grid (which seals none of them) finds the crotch inside the tunic.
 *
 * The sealed voxels that stand over the outside (straight down from them through sealed or pocket voxels
 * only, the first other voxel is outside) are the floor of such a pocket and what lies above it; the
 * interior of a leaked body sealed all round (a pig's belly) stands on its own shell instead. Only the
 * pocket mask changes, never what is inside.
 */
import type { Grid } from './grid';

/**
 * Adds to `pocket` (or a new mask) the voxels of `sealed` below grid row `belowRow` that stand over the
 * outside; returns the pocket mask, or `pocket` as it was when none do.
 */
export function addSealedPockets(g: Grid, inside: Uint8Array, sealed: Uint8Array, pocket: Uint8Array | null, belowRow: number): Uint8Array | null {
  const { nx, ny, nz } = g;
  const rows = Math.min(ny, belowRow);
  let out = pocket;
  for (let z = 0; z < nz; z++)
    for (let x = 0; x < nx; x++) {
      // The grid's border rows are outside (the grid is padded), so a column starts open.
      let overOutside = true;
      for (let y = 0; y < rows; y++) {
        const v = x + nx * (y + ny * z);
        // A pocket the fill found stands over the outside by its own definition.
        if (!inside[v] || (pocket !== null && pocket[v] === 1)) overOutside = true;
        else if (!sealed[v]) overOutside = false;
        else if (overOutside) {
          out ??= new Uint8Array(inside.length);
          out[v] = 1;
        }
      }
    }
  return out;
}
