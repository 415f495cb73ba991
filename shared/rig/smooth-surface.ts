/**
 * Pro engine: Laplacian smoothing of vertex weights along the mesh's own edges (never across parts or
 * gaps, since only real edges are followed), keeping at most 4 influences. Removes the voxel-scale
 * ripples that trilinear sampling leaves on coarse cells.
 */
import { accumulate, ensureScratch, writeTopFour } from './sample-weights';

export function smoothSurfaceWeights(positions: Float32Array, indices: Uint32Array, joints: Uint16Array, weights: Float32Array, jointCount: number, iterations: number): void {
  const nv = positions.length / 3;
  // CSR adjacency from triangle edges (duplicates are harmless: they only weight shared edges more).
  const degree = new Int32Array(nv + 1);
  for (let t = 0; t < indices.length; t += 3)
    for (let e = 0; e < 3; e++) {
      degree[indices[t + e]] += 2;
    }
  const start = new Int32Array(nv + 1);
  for (let v = 0; v < nv; v++) start[v + 1] = start[v] + degree[v];
  const fill = start.slice(0, nv);
  const adj = new Int32Array(start[nv]);
  for (let t = 0; t < indices.length; t += 3)
    for (let e = 0; e < 3; e++) {
      const a = indices[t + e];
      adj[fill[a]++] = indices[t + ((e + 1) % 3)];
      adj[fill[a]++] = indices[t + ((e + 2) % 3)];
    }
  ensureScratch(jointCount);
  const srcJ = joints;
  const srcW = weights;
  const dstJ = new Uint16Array(joints.length);
  const dstW = new Float32Array(weights.length);
  for (let it = 0; it < iterations; it++) {
    for (let v = 0; v < nv; v++) {
      const deg = start[v + 1] - start[v];
      let nt = 0;
      for (let k = 0; k < 4; k++) nt = accumulate(srcJ[v * 4 + k], srcW[v * 4 + k] * 0.5, nt);
      if (deg > 0) {
        const f = 0.5 / deg;
        for (let e = start[v]; e < start[v + 1]; e++) {
          const u = adj[e];
          for (let k = 0; k < 4; k++) nt = accumulate(srcJ[u * 4 + k], srcW[u * 4 + k] * f, nt);
        }
      }
      writeTopFour(nt, v * 4, dstJ, dstW);
    }
    srcJ.set(dstJ);
    srcW.set(dstW);
  }
}
