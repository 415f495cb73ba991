/**
 * Carries voxel weights to every mesh vertex: trilinear blend of the (up to 8) inside voxels around the
 * vertex, top 4 influences, normalised. Only voxels adjacent to the vertex's own cell are read, so a gap of
 * one outside voxel is enough to keep an arm's weights off the torso.
 */
import type { Volume } from './volume';
import type { VoxelWeights } from './skin-weights';

let acc = new Float32Array(256);
let touched = new Int32Array(256);

export function ensureScratch(jointCount: number): void {
  if (acc.length < jointCount) {
    acc = new Float32Array(jointCount);
    touched = new Int32Array(jointCount);
  }
}

/** Writes 4 joints and weights per vertex; vertices with no inside voxel around them get weight 0 (fixed by part-weights). */
export function sampleVertexWeights(vol: Volume, vw: VoxelWeights, positions: Float32Array, jointCount: number, outJoints: Uint16Array, outWeights: Float32Array): void {
  ensureScratch(jointCount);
  const g = vol.grid;
  const inv = 1 / g.h;
  const nxy = g.nx * g.ny;
  const nv = positions.length / 3;
  for (let i = 0; i < nv; i++) {
    const fx = (positions[i * 3] - g.ox) * inv - 0.5;
    const fy = (positions[i * 3 + 1] - g.oy) * inv - 0.5;
    const fz = (positions[i * 3 + 2] - g.oz) * inv - 0.5;
    const ix = Math.floor(fx), iy = Math.floor(fy), iz = Math.floor(fz);
    const tx = fx - ix, ty = fy - iy, tz = fz - iz;
    let nt = 0;
    for (let c = 0; c < 8; c++) {
      const dx = c & 1, dy = (c >> 1) & 1, dz = (c >> 2) & 1;
      const x = ix + dx, y = iy + dy, z = iz + dz;
      if (x < 0 || y < 0 || z < 0 || x >= g.nx || y >= g.ny || z >= g.nz) continue;
      const ci = vw.compact[x + g.nx * y + nxy * z];
      if (ci < 0) continue;
      const f = (dx ? tx : 1 - tx) * (dy ? ty : 1 - ty) * (dz ? tz : 1 - tz) + 1e-6;
      for (let k = 0; k < 4; k++) {
        const w = vw.weights[ci * 4 + k];
        if (w <= 0) continue;
        const j = vw.joints[ci * 4 + k];
        if (acc[j] === 0) touched[nt++] = j;
        acc[j] += w * f;
      }
    }
    writeTopFour(nt, i * 4, outJoints, outWeights);
  }
}

/** Picks the 4 largest of the `nt` touched accumulators into the output, normalises, and clears them. */
export function writeTopFour(nt: number, out: number, outJoints: Uint16Array, outWeights: Float32Array): void {
  for (let k = 0; k < 4; k++) {
    outJoints[out + k] = 0;
    outWeights[out + k] = 0;
  }
  for (let t = 0; t < nt; t++) {
    const j = touched[t];
    const w = acc[j];
    acc[j] = 0;
    if (w <= outWeights[out + 3]) continue;
    let k = 3;
    while (k > 0 && outWeights[out + k - 1] < w) {
      outWeights[out + k] = outWeights[out + k - 1];
      outJoints[out + k] = outJoints[out + k - 1];
      k--;
    }
    outWeights[out + k] = w;
    outJoints[out + k] = j;
  }
  let s = outWeights[out] + outWeights[out + 1] + outWeights[out + 2] + outWeights[out + 3];
  if (s <= 0) return;
  // Influences under MIN_WEIGHT are dropped: the tails of smoothing and trilinear blending, invisible in a
  // pose but specks on a heat map (and a stray 1% of the other thigh at the crotch).
  let kept = 0;
  for (let k = 0; k < 4; k++) {
    if (outWeights[out + k] < MIN_WEIGHT * s) {
      outWeights[out + k] = 0;
      outJoints[out + k] = 0;
    } else kept += outWeights[out + k];
  }
  s = kept;
  for (let k = 0; k < 4; k++) outWeights[out + k] /= s;
}

/** Smallest influence kept on a vertex (fraction of its total weight). */
export const MIN_WEIGHT = 0.01;

/** Adds `w` for joint `j` into the shared accumulator; returns the new touched count. */
export function accumulate(j: number, w: number, nt: number): number {
  if (acc[j] === 0 && w > 0) touched[nt++] = j;
  acc[j] += w;
  return nt;
}
