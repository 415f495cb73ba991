/**
 * Skeleton maths for the renderer: joint world matrices from local TRS and linear blend skinning.
 * Matrices are column-major 4x4 (glTF's layout), 16 floats per joint, written into caller arrays.
 */
import { REST_STRIDE, type Skeleton } from '../rig/skeleton';

/** Local TRS (10 floats at `o`) -> column-major matrix written at `out[d..d+16]`. */
function composeTrs(src: Float32Array, o: number, out: Float64Array, d: number): void {
  const tx = src[o], ty = src[o + 1], tz = src[o + 2];
  const x = src[o + 3], y = src[o + 4], z = src[o + 5], w = src[o + 6];
  const sx = src[o + 7], sy = src[o + 8], sz = src[o + 9];
  const x2 = x + x, y2 = y + y, z2 = z + z;
  const xx = x * x2, xy = x * y2, xz = x * z2, yy = y * y2, yz = y * z2, zz = z * z2;
  const wx = w * x2, wy = w * y2, wz = w * z2;
  out[d] = (1 - (yy + zz)) * sx; out[d + 1] = (xy + wz) * sx; out[d + 2] = (xz - wy) * sx; out[d + 3] = 0;
  out[d + 4] = (xy - wz) * sy; out[d + 5] = (1 - (xx + zz)) * sy; out[d + 6] = (yz + wx) * sy; out[d + 7] = 0;
  out[d + 8] = (xz + wy) * sz; out[d + 9] = (yz - wx) * sz; out[d + 10] = (1 - (xx + yy)) * sz; out[d + 11] = 0;
  out[d + 12] = tx; out[d + 13] = ty; out[d + 14] = tz; out[d + 15] = 1;
}

const tmp = new Float64Array(16);

/** out[d] = a[ai] * b[bi] (column-major); `out` may alias neither input region. */
function multiply(a: Float64Array, ai: number, b: Float64Array, bi: number, out: Float64Array, d: number): void {
  for (let c = 0; c < 4; c++) {
    const b0 = b[bi + c * 4], b1 = b[bi + c * 4 + 1], b2 = b[bi + c * 4 + 2], b3 = b[bi + c * 4 + 3];
    for (let r = 0; r < 4; r++) {
      tmp[c * 4 + r] = a[ai + r] * b0 + a[ai + 4 + r] * b1 + a[ai + 8 + r] * b2 + a[ai + 12 + r] * b3;
    }
  }
  for (let k = 0; k < 16; k++) out[d + k] = tmp[k];
}

/** World matrices (16 per joint) of a skeleton for local transforms `local` (REST_STRIDE per joint). */
export function jointWorldMatrices(skeleton: Skeleton, local: Float32Array): Float64Array {
  const n = skeleton.names.length;
  if (local.length < n * REST_STRIDE) {
    throw new Error(`render: pose has ${local.length / REST_STRIDE} joints, skeleton has ${n}`);
  }
  const world = new Float64Array(n * 16);
  const scratch = new Float64Array(16);
  for (let j = 0; j < n; j++) {
    const p = skeleton.parents[j];
    if (p < 0) {
      composeTrs(local, j * REST_STRIDE, world, j * 16);
    } else {
      if (p >= j) throw new Error(`render: joint ${j} has parent ${p} listed after it`);
      composeTrs(local, j * REST_STRIDE, scratch, 0);
      multiply(world, p * 16, scratch, 0, world, j * 16);
    }
  }
  return world;
}

/** Inverse of an affine column-major matrix at m[o] written to out[d]. */
function invertAffine(m: Float64Array, o: number, out: Float64Array, d: number): void {
  const a = m[o], b = m[o + 4], c = m[o + 8];
  const e = m[o + 1], f = m[o + 5], g = m[o + 9];
  const i = m[o + 2], j = m[o + 6], k = m[o + 10];
  const det = a * (f * k - g * j) - b * (e * k - g * i) + c * (e * j - f * i);
  const inv = Math.abs(det) > 1e-20 ? 1 / det : 0;
  const r00 = (f * k - g * j) * inv, r01 = (c * j - b * k) * inv, r02 = (b * g - c * f) * inv;
  const r10 = (g * i - e * k) * inv, r11 = (a * k - c * i) * inv, r12 = (c * e - a * g) * inv;
  const r20 = (e * j - f * i) * inv, r21 = (b * i - a * j) * inv, r22 = (a * f - b * e) * inv;
  const tx = m[o + 12], ty = m[o + 13], tz = m[o + 14];
  out[d] = r00; out[d + 1] = r10; out[d + 2] = r20; out[d + 3] = 0;
  out[d + 4] = r01; out[d + 5] = r11; out[d + 6] = r21; out[d + 7] = 0;
  out[d + 8] = r02; out[d + 9] = r12; out[d + 10] = r22; out[d + 11] = 0;
  out[d + 12] = -(r00 * tx + r01 * ty + r02 * tz);
  out[d + 13] = -(r10 * tx + r11 * ty + r12 * tz);
  out[d + 14] = -(r20 * tx + r21 * ty + r22 * tz);
  out[d + 15] = 1;
}

/** Skinning matrices posedWorld * inverse(restWorld), 16 per joint. */
export function skinningMatrices(skeleton: Skeleton, pose: Float32Array): Float64Array {
  const rest = jointWorldMatrices(skeleton, skeleton.restLocal);
  const posed = jointWorldMatrices(skeleton, pose);
  const n = skeleton.names.length;
  const out = new Float64Array(n * 16);
  const inv = new Float64Array(16);
  for (let j = 0; j < n; j++) {
    invertAffine(rest, j * 16, inv, 0);
    multiply(posed, j * 16, inv, 0, out, j * 16);
  }
  return out;
}

/**
 * Linear blend skinning of positions and normals into `outPos` / `outNrm` (normals by the
 * same blended matrix, then renormalised: exact for rotations, close enough for thumbnails).
 */
export function skinVertices(
  positions: Float32Array, normals: Float32Array | null, joints: Uint16Array, weights: Float32Array,
  matrices: Float64Array, outPos: Float32Array, outNrm: Float32Array | null, outOffset: number,
): void {
  const count = positions.length / 3;
  const jointCount = matrices.length / 16;
  for (let v = 0; v < count; v++) {
    const px = positions[v * 3], py = positions[v * 3 + 1], pz = positions[v * 3 + 2];
    let x = 0, y = 0, z = 0, nx = 0, ny = 0, nz = 0, total = 0;
    const hasN = normals !== null;
    const qx = hasN ? normals[v * 3] : 0, qy = hasN ? normals[v * 3 + 1] : 0, qz = hasN ? normals[v * 3 + 2] : 0;
    for (let k = 0; k < 4; k++) {
      const w = weights[v * 4 + k];
      const j = joints[v * 4 + k];
      if (!(w > 0) || j >= jointCount) continue;
      const m = j * 16;
      x += w * (matrices[m] * px + matrices[m + 4] * py + matrices[m + 8] * pz + matrices[m + 12]);
      y += w * (matrices[m + 1] * px + matrices[m + 5] * py + matrices[m + 9] * pz + matrices[m + 13]);
      z += w * (matrices[m + 2] * px + matrices[m + 6] * py + matrices[m + 10] * pz + matrices[m + 14]);
      nx += w * (matrices[m] * qx + matrices[m + 4] * qy + matrices[m + 8] * qz);
      ny += w * (matrices[m + 1] * qx + matrices[m + 5] * qy + matrices[m + 9] * qz);
      nz += w * (matrices[m + 2] * qx + matrices[m + 6] * qy + matrices[m + 10] * qz);
      total += w;
    }
    const o = (outOffset + v) * 3;
    if (total > 0) {
      outPos[o] = x / total; outPos[o + 1] = y / total; outPos[o + 2] = z / total;
    } else {
      outPos[o] = px; outPos[o + 1] = py; outPos[o + 2] = pz;
      nx = qx; ny = qy; nz = qz;
    }
    if (outNrm) {
      const len = Math.hypot(nx, ny, nz) || 1;
      outNrm[o] = nx / len; outNrm[o + 1] = ny / len; outNrm[o + 2] = nz / len;
    }
  }
}

/** Joint world positions (xyz per joint) from world matrices. */
export function jointPositions(world: Float64Array): Float32Array {
  const n = world.length / 16;
  const out = new Float32Array(n * 3);
  for (let j = 0; j < n; j++) {
    out[j * 3] = world[j * 16 + 12]; out[j * 3 + 1] = world[j * 16 + 13]; out[j * 3 + 2] = world[j * 16 + 14];
  }
  return out;
}
