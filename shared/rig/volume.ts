/**
 * The voxel volume of a normalised mesh: surface voxels, inside (after the outside flood fill) and the
 * distance transform. Everything the skeleton fitting and the weight solve read about the shape.
 */
import type { Grid } from './grid';
import { makeGrid, voxelOf } from './grid';
import { voxelizeSurface } from './voxelize';
import { countInside, fillInside } from './flood-fill';
import { distanceTransform } from './distance-transform';
import { fillOpenPockets } from './pocket-fill';
import { MIN_SPAN, fillSealedCavities } from './sealed-cavity';
import { bridgePieces } from './bridge-pieces';
import { closeLeakedShell } from './shell-close';
import { addSealedPockets } from './sealed-pocket';

/** Pockets open only at the bottom are closed when walls stand within this share of the height on all four sides (pocket-fill.ts). */
const POCKET_REACH = 0.25;
/**
 * ... and only in the lower half of the height: clothing that hides the legs (skirts, robes, open low-poly
 * torsos) is what the fill repairs. A hat or hair shell over the head is left open: the head joint is found
 * at the neck either way, and closing it raised the head top that the torso centre is measured from
 * (Kenney male-f pro: head and shoulder joints 3-4% of the height high).
 */
const POCKET_BELOW = 0.5;

export interface Volume {
  grid: Grid;
  inside: Uint8Array;
  /** Distance to the outside in voxels (0 outside). */
  dt: Float32Array;
  insideCount: number;
  /**
   * Voxels of pockets open only at the bottom, counted inside by pocket-fill.ts, and those a leaked shell's
   * closing sealed over the outside (sealed-pocket.ts); null when there are none.
   */
  pocket: Uint8Array | null;
  /** Interior of a mesh whose holes let the outside fill in, sealed by shell-close.ts; null when none was. */
  sealed: Uint8Array | null;
  /** Normalised bounding box of the mesh. */
  min: Float64Array;
  max: Float64Array;
}

/**
 * The grid and the rasterisation read the normalised coordinates snapped to multiples of 2^-16 (1/500 of a
 * pro voxel). The same model in other units or moved (x100, x0.01, shifted by five sizes) reaches the
 * normalised frame through different float roundings, a few 1e-7 apart; the grid starts at the bounding
 * box's corner, so every vertex on the box's faces, and every vertex of a toy modelled on round numbers,
 * lies on a voxel boundary, and those last bits decided which voxel it filled: joints moved by up to 11% of
 * the size (Kenney toes and necks, the KayKit arms-down character's hips). Snapped, both roundings give the
 * same bits and the same rig. Only the volume snaps: mesh islands weld vertices by exact position, and
 * snapping would weld pieces that merely touch.
 */
const SNAP = 65536;

function snap(v: number): number {
  return Math.round(v * SNAP) / SNAP;
}

/** Normalised positions snapped as the volume reads them. */
function snapPositions(positions: Float32Array): Float32Array {
  const snapped = new Float32Array(positions.length);
  for (let i = 0; i < positions.length; i++) snapped[i] = snap(positions[i]);
  return snapped;
}

export function buildVolume(positions: Float32Array, indices: Uint32Array, rawMin: Float64Array, rawMax: Float64Array, resolution: number): Volume {
  const snapped = snapPositions(positions);
  const min = rawMin.map(snap), max = rawMax.map(snap);
  const grid = makeGrid(min, max, resolution, 2);
  const surface = voxelizeSurface(grid, snapped, indices);
  const inside = fillInside(grid, surface);
  const sealed = closeLeakedShell(grid, surface, inside);
  const H = max[1] - min[1];
  const pocketRows = Math.floor((min[1] + POCKET_BELOW * H - grid.oy) / grid.h);
  const filled = fillOpenPockets(grid, inside, Math.ceil((POCKET_REACH * H) / grid.h), pocketRows);
  if (filled) fillSealedCavities(grid, inside, filled, pocketRows, Math.ceil((MIN_SPAN * H) / grid.h));
  const pocket = sealed ? addSealedPockets(grid, inside, sealed, filled, pocketRows) : filled;
  bridgePieces(grid, inside, H);
  const dt = distanceTransform(grid, inside);
  return { grid, inside, dt, insideCount: countInside(inside), min, max, pocket, sealed };
}

/** Inside radius (normalised units) at a point, 0 outside. */
export function radiusAt(vol: Volume, x: number, y: number, z: number): number {
  return vol.dt[voxelOf(vol.grid, x, y, z)] * vol.grid.h;
}

export function insideAt(vol: Volume, x: number, y: number, z: number): boolean {
  return vol.inside[voxelOf(vol.grid, x, y, z)] === 1;
}

/** Length of the inside run from a point along a unit direction (normalised units), up to `maxLen`. */
export function insideRun(vol: Volume, p: ArrayLike<number>, dx: number, dy: number, dz: number, maxLen: number): number {
  const step = vol.grid.h * 0.5;
  let t = 0;
  while (t < maxLen) {
    if (!insideAt(vol, p[0] + dx * t, p[1] + dy * t, p[2] + dz * t)) return t;
    t += step;
  }
  return maxLen;
}

/**
 * The inside runs from `p` towards the front (+Z) and the back (-Z), up to `maxLen` each: [front, back],
 * [0, 0] when `p` is outside. The body's depth through `p` is their sum, its front-to-back centre at
 * p[2] + (front - back) / 2.
 */
export function frontBackRuns(vol: Volume, p: ArrayLike<number>, maxLen: number): [number, number] {
  if (!insideAt(vol, p[0], p[1], p[2])) return [0, 0];
  return [insideRun(vol, p, 0, 0, 1, maxLen), insideRun(vol, p, 0, 0, -1, maxLen)];
}

/** Centre of the body's horizontal slice at height `y` along X (halfway between its extreme inside voxels), null when empty. */
export function sliceCentreX(vol: Volume, y: number): number | null {
  const g = vol.grid;
  const iy = Math.floor((y - g.oy) / g.h);
  if (iy < 0 || iy >= g.ny) return null;
  let lo = Infinity, hi = -Infinity;
  for (let iz = 0; iz < g.nz; iz++)
    for (let ix = 0; ix < g.nx; ix++)
      if (vol.inside[ix + g.nx * (iy + g.ny * iz)]) {
        if (ix < lo) lo = ix;
        if (ix > hi) hi = ix;
      }
  return lo > hi ? null : g.ox + ((lo + hi + 1) / 2) * g.h;
}
