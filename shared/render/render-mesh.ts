/**
 * The renderer's flat view of a SceneModel: every part merged into one vertex/triangle list with
 * (posed) positions, unit normals, optional UVs and colours, and a material per triangle.
 * Missing normals are computed (area-weighted, from index connectivity) so shading never needs
 * a special case; missing UVs or colours are flagged per triangle instead of filled in.
 */
import type { SceneModel } from '../mesh/model';
import { skinningMatrices, skinVertices } from './pose';

export interface RenderMesh {
  vertexCount: number;
  triangleCount: number;
  positions: Float32Array;
  normals: Float32Array;
  /** 2 per vertex; meaningful only where `triHasUv` is 1. */
  uvs: Float32Array;
  /** 4 per vertex, linear; 1s where the part has no colours. */
  colors: Float32Array;
  indices: Uint32Array;
  /** Material index per triangle, -1 for the default material. */
  triMaterial: Int32Array;
  triHasUv: Uint8Array;
}

export function buildRenderMesh(model: SceneModel, pose?: Float32Array): RenderMesh {
  let vertexCount = 0;
  let indexCount = 0;
  for (const part of model.parts) {
    vertexCount += part.positions.length / 3;
    indexCount += part.indices.length - (part.indices.length % 3);
  }
  const positions = new Float32Array(vertexCount * 3);
  const normals = new Float32Array(vertexCount * 3);
  const uvs = new Float32Array(vertexCount * 2);
  const colors = new Float32Array(vertexCount * 4).fill(1);
  const indices = new Uint32Array(indexCount);
  const triangleCount = indexCount / 3;
  const triMaterial = new Int32Array(triangleCount);
  const triHasUv = new Uint8Array(triangleCount);
  const matrices = pose && model.skeleton ? skinningMatrices(model.skeleton, pose) : null;

  let v0 = 0;
  let t0 = 0;
  for (const part of model.parts) {
    const n = part.positions.length / 3;
    const triCount = Math.floor(part.indices.length / 3);
    const material = part.material !== null && part.material < model.materials.length ? part.material : -1;
    const hasNormals = part.normals !== null && part.normals.length === n * 3;
    if (matrices && part.skinJoints && part.skinWeights) {
      skinVertices(part.positions, hasNormals ? part.normals : null, part.skinJoints, part.skinWeights,
        matrices, positions, hasNormals ? normals : null, v0);
    } else {
      positions.set(part.positions, v0 * 3);
      if (hasNormals) normals.set(part.normals as Float32Array, v0 * 3);
    }
    const hasUv = part.uvs !== null && part.uvs.length === n * 2;
    if (hasUv) uvs.set(part.uvs as Float32Array, v0 * 2);
    if (part.colors && part.colors.length === n * 4) colors.set(part.colors, v0 * 4);
    for (let t = 0; t < triCount; t++) {
      const a = part.indices[t * 3], b = part.indices[t * 3 + 1], c = part.indices[t * 3 + 2];
      if (a >= n || b >= n || c >= n) throw new Error(`render: part "${part.name}" index out of range at triangle ${t}`);
      indices[(t0 + t) * 3] = a + v0; indices[(t0 + t) * 3 + 1] = b + v0; indices[(t0 + t) * 3 + 2] = c + v0;
      triMaterial[t0 + t] = material;
      triHasUv[t0 + t] = hasUv ? 1 : 0;
    }
    if (!hasNormals) accumulateNormals(positions, indices, t0, triCount, normals);
    v0 += n;
    t0 += triCount;
  }
  normalizeAll(normals);
  return { vertexCount, triangleCount, positions, normals, uvs, colors, indices, triMaterial, triHasUv };
}

/** Area-weighted face normals summed into each corner (cross product length = 2 x area). */
function accumulateNormals(p: Float32Array, idx: Uint32Array, t0: number, count: number, out: Float32Array): void {
  for (let t = t0; t < t0 + count; t++) {
    const a = idx[t * 3] * 3, b = idx[t * 3 + 1] * 3, c = idx[t * 3 + 2] * 3;
    const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
    const vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    out[a] += nx; out[a + 1] += ny; out[a + 2] += nz;
    out[b] += nx; out[b + 1] += ny; out[b + 2] += nz;
    out[c] += nx; out[c + 1] += ny; out[c + 2] += nz;
  }
}

function normalizeAll(n: Float32Array): void {
  for (let i = 0; i < n.length; i += 3) {
    const len = Math.hypot(n[i], n[i + 1], n[i + 2]);
    if (len > 1e-20) { n[i] /= len; n[i + 1] /= len; n[i + 2] /= len; } else { n[i] = 0; n[i + 1] = 1; n[i + 2] = 0; }
  }
}
