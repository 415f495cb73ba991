/**
 * A dense voxel grid over the normalised mesh. Index = x + nx * (y + ny * z).
 * Coordinates are in normalised model space (longest bounding-box side = 1).
 */
export interface Grid {
  nx: number;
  ny: number;
  nz: number;
  /** World position of the corner of voxel (0,0,0). */
  ox: number;
  oy: number;
  oz: number;
  /** Voxel edge length. */
  h: number;
}

export function gridSize(g: Grid): number {
  return g.nx * g.ny * g.nz;
}

/** Builds a grid with about `resolution` voxels along the longest side and `pad` empty voxels around the box. */
export function makeGrid(min: ArrayLike<number>, max: ArrayLike<number>, resolution: number, pad = 2): Grid {
  const longest = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2], 1e-9);
  const h = longest / resolution;
  const dims = [0, 1, 2].map((a) => Math.max(1, Math.ceil((max[a] - min[a]) / h)) + 2 * pad);
  return {
    nx: dims[0], ny: dims[1], nz: dims[2],
    ox: min[0] - pad * h, oy: min[1] - pad * h, oz: min[2] - pad * h,
    h,
  };
}

/** Voxel index containing a point, clamped to the grid. */
export function voxelOf(g: Grid, x: number, y: number, z: number): number {
  const ix = clampInt(Math.floor((x - g.ox) / g.h), g.nx);
  const iy = clampInt(Math.floor((y - g.oy) / g.h), g.ny);
  const iz = clampInt(Math.floor((z - g.oz) / g.h), g.nz);
  return ix + g.nx * (iy + g.ny * iz);
}

export function clampInt(v: number, n: number): number {
  return v < 0 ? 0 : v >= n ? n - 1 : v;
}

/** Writes the centre of voxel `v` into `out` at `offset`. */
export function voxelCenter(g: Grid, v: number, out: Float32Array | Float64Array | number[], offset = 0): void {
  const ix = v % g.nx;
  const rest = (v - ix) / g.nx;
  const iy = rest % g.ny;
  const iz = (rest - iy) / g.ny;
  out[offset] = g.ox + (ix + 0.5) * g.h;
  out[offset + 1] = g.oy + (iy + 0.5) * g.h;
  out[offset + 2] = g.oz + (iz + 0.5) * g.h;
}

/**
 * The 26 neighbour offsets of a voxel with their Euclidean lengths (in voxels). Callers must skip border
 * voxels themselves; every grid has a padding of empty voxels so inside voxels are never on the border.
 */
export interface Neighbourhood {
  offsets: Int32Array;
  lengths: Float32Array;
}

export function neighbourhood26(g: Grid): Neighbourhood {
  const offsets: number[] = [];
  const lengths: number[] = [];
  for (let dz = -1; dz <= 1; dz++)
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        if (!dx && !dy && !dz) continue;
        offsets.push(dx + g.nx * (dy + g.ny * dz));
        lengths.push(Math.hypot(dx, dy, dz));
      }
  return { offsets: Int32Array.from(offsets), lengths: Float32Array.from(lengths) };
}
