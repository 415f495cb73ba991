/**
 * A mesh with holes (a missing face where two pieces were meant to meet, an open seam or snout: common in
 * low-poly game assets) lets the outside flood fill run in through them, and the body's interior comes out
 * empty: a shell one or two voxels thick, whose medial paths run in its skin and whose distance transform
 * reads every part as equally thin. 0 A.D.'s pig and piglet (27 open edges each) fill 1.00 times their
 * surface voxels on the fast grid; solid bodies 1.7-4.6 (0 A.D.'s quadrupeds, the corpus characters), and
 * bodies of thin sheets 1.07-1.30 (0 A.D.'s hawk, crow and seagull with spread wings, the corpus Eagle 1.26,
 * Mesh2Motion's dragon 1.12).
 *
 * Repair, when the inside is under HOLLOW times the surface: the surface's morphological closing (dilated by
 * CLOSE_SHARE of the grid's longest side, the outside filled, kept where it lies deeper than that: holes
 * narrower than about twice the radius are sealed) is counted inside, if it adds at least GROW times the
 * inside the flood fill found. A leaked body gains several times its shell (the pig 2.7 on fast); the thin
 * sheets above gain under half and are left as they were, as is a cup (its opening is no hole). The rig
 * report says when a mesh was sealed. Cost: a few dilation sweeps, one flood fill and one distance
 * transform on a padded grid, only for a volume that looks hollow.
 */
import type { Grid } from './grid';
import { countInside, fillInside } from './flood-fill';
import { distanceTransform } from './distance-transform';

/** Below this many inside voxels per surface voxel, the fill may have leaked. */
export const HOLLOW = 1.3;
/**
 * The closing's radius as a share of the grid's longest side, so that the same holes are sealed on every grid
 * (3 voxels on fast's 80, 5 on pro's 144): on pro's finer grid a hole the fast grid does not see opens the
 * body (0 A.D.'s rabbit: inside 2.9 times its surface on fast, 1.2 on pro).
 */
export const CLOSE_SHARE = 0.032;
/** The closing is kept when it adds at least this share of the inside found. */
export const GROW = 0.5;

/**
 * Seals a leaked shell in place (`inside` gains the closed interior); returns the mask of voxels added, null
 * when the volume did not look hollow or the closing added little.
 */
export function closeLeakedShell(g: Grid, surface: Uint8Array, inside: Uint8Array): Uint8Array | null {
  const insideCount = countInside(inside);
  if (insideCount >= HOLLOW * countInside(surface)) return null;
  const radius = Math.ceil(CLOSE_SHARE * Math.max(g.nx, g.ny, g.nz));
  // The closing runs on a grid padded by the radius and a voxel more, so that the dilated surface never
  // reaches the border the outside fill starts from (a flat sheet's grid is a few voxels deep).
  const pad = radius + 1;
  const G: Grid = { ...g, nx: g.nx + 2 * pad, ny: g.ny + 2 * pad, nz: g.nz + 2 * pad };
  const { nx, ny, nz } = G;
  const nxy = nx * ny;
  const big = (x: number, y: number, z: number): number => x + pad + nx * (y + pad + ny * (z + pad));
  const band = new Uint8Array(nx * ny * nz);
  for (let z = 0; z < g.nz; z++) for (let y = 0; y < g.ny; y++) for (let x = 0; x < g.nx; x++) if (surface[x + g.nx * (y + g.ny * z)]) band[big(x, y, z)] = 1;
  const next = new Uint8Array(band.length);
  for (let k = 0; k < radius; k++) {
    next.set(band);
    for (let v = 0; v < band.length; v++) {
      if (!band[v]) continue;
      const x = v % nx, y = ((v - x) / nx) % ny, z = (v - x - nx * y) / nxy;
      if (x > 0) next[v - 1] = 1;
      if (x < nx - 1) next[v + 1] = 1;
      if (y > 0) next[v - nx] = 1;
      if (y < ny - 1) next[v + nx] = 1;
      if (z > 0) next[v - nxy] = 1;
      if (z < nz - 1) next[v + nxy] = 1;
    }
    band.set(next);
  }
  const dt = distanceTransform(G, fillInside(G, band));
  const added = new Uint8Array(inside.length);
  let count = 0;
  for (let z = 0; z < g.nz; z++)
    for (let y = 0; y < g.ny; y++)
      for (let x = 0; x < g.nx; x++) {
        const v = x + g.nx * (y + g.ny * z);
        if (!inside[v] && dt[big(x, y, z)] > radius) {
          added[v] = 1;
          count++;
        }
      }
  if (count < GROW * insideCount) return null;
  for (let v = 0; v < inside.length; v++) if (added[v]) inside[v] = 1;
  return added;
}
