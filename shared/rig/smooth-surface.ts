/**
 * Pro engine: Laplacian smoothing of vertex weights along the mesh's own edges (never across parts or
 * gaps, since only real edges are followed), keeping at most 4 influences. Removes the voxel-scale
 * ripples that trilinear sampling leaves on coarse cells.
 */
import { accumulate, ensureScratch, writeTopFour } from './sample-weights';
import { surfaceGraph } from './surface-graph';

export function smoothSurfaceWeights(positions: Float32Array, indices: Uint32Array, joints: Uint16Array, weights: Float32Array, jointCount: number, iterations: number): void {
  const nv = positions.length / 3;
  const { start, adj } = surfaceGraph(nv, indices);
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
