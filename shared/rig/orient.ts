/**
 * Joint orientations by one convention, so clips transfer between Rigdesk rigs:
 * - each joint's +Y axis points to its primary child (its first child in template order; a leaf continues
 *   towards its leaf tip when it has one, else its parent's direction);
 * - roll: +Z is the world +Z (forward) made perpendicular to +Y; for bones within ~25 degrees of the
 *   forward axis (feet, quadruped spines) +Z is world +Y (up) instead, so the roll never flips near +-Z;
 * - +X = Y x Z. Scale is 1. `restLocal` is relative to the parent (the root's to model space).
 */
import type { Skeleton } from './skeleton';
import { REST_STRIDE } from './skeleton';

export function orientSkeleton(
  names: string[], parents: Int32Array, positions: Float64Array, leafTips: Map<number, ArrayLike<number>>, roles: string[],
): Skeleton {
  const n = names.length;
  const rot = new Float64Array(n * 9); // world rotation, columns X Y Z
  const primary = new Int32Array(n).fill(-1);
  for (let j = 0; j < n; j++) {
    const p = parents[j];
    if (p >= 0 && primary[p] < 0) primary[p] = j;
  }
  const y = [0, 0, 0];
  for (let j = 0; j < n; j++) {
    const c = primary[j];
    const tip = leafTips.get(j);
    if (c >= 0) dirTo(positions, j, positions, c, y);
    else if (tip) {
      y[0] = tip[0] - positions[j * 3]; y[1] = tip[1] - positions[j * 3 + 1]; y[2] = tip[2] - positions[j * 3 + 2];
    } else if (parents[j] >= 0) {
      const p = parents[j];
      y[0] = rot[p * 9 + 3]; y[1] = rot[p * 9 + 4]; y[2] = rot[p * 9 + 5];
    } else {
      y[0] = 0; y[1] = 1; y[2] = 0;
    }
    let len = Math.hypot(y[0], y[1], y[2]);
    if (len < 1e-12) {
      y[0] = 0; y[1] = 1; y[2] = 0; len = 1;
    }
    const yx = y[0] / len, yy = y[1] / len, yz = y[2] / len;
    // Reference forward axis, or up for bones that point along it.
    let rx = 0, ry = 0, rz = 1;
    if (Math.abs(yz) > 0.9) {
      rx = 0; ry = 1; rz = 0;
    }
    const dot = rx * yx + ry * yy + rz * yz;
    let zx = rx - dot * yx, zy = ry - dot * yy, zz = rz - dot * yz;
    const zl = Math.hypot(zx, zy, zz) || 1;
    zx /= zl; zy /= zl; zz /= zl;
    const xx = yy * zz - yz * zy, xy = yz * zx - yx * zz, xz = yx * zy - yy * zx;
    rot.set([xx, xy, xz, yx, yy, yz, zx, zy, zz], j * 9);
  }
  const restLocal = new Float32Array(n * REST_STRIDE);
  const q = [0, 0, 0, 1];
  const local = new Float64Array(9);
  for (let j = 0; j < n; j++) {
    const p = parents[j];
    const o = j * REST_STRIDE;
    if (p < 0) {
      restLocal[o] = positions[j * 3]; restLocal[o + 1] = positions[j * 3 + 1]; restLocal[o + 2] = positions[j * 3 + 2];
      matToQuat(rot, j * 9, q);
    } else {
      const dx = positions[j * 3] - positions[p * 3], dy = positions[j * 3 + 1] - positions[p * 3 + 1], dz = positions[j * 3 + 2] - positions[p * 3 + 2];
      // translation in parent frame = R_p^T d
      restLocal[o] = rot[p * 9] * dx + rot[p * 9 + 1] * dy + rot[p * 9 + 2] * dz;
      restLocal[o + 1] = rot[p * 9 + 3] * dx + rot[p * 9 + 4] * dy + rot[p * 9 + 5] * dz;
      restLocal[o + 2] = rot[p * 9 + 6] * dx + rot[p * 9 + 7] * dy + rot[p * 9 + 8] * dz;
      // local rotation = R_p^T R_j; columns c of R_j dotted with columns of R_p
      for (let c = 0; c < 3; c++)
        for (let r = 0; r < 3; r++)
          local[c * 3 + r] = rot[p * 9 + r * 3] * rot[j * 9 + c * 3] + rot[p * 9 + r * 3 + 1] * rot[j * 9 + c * 3 + 1] + rot[p * 9 + r * 3 + 2] * rot[j * 9 + c * 3 + 2];
      matToQuat(local, 0, q);
    }
    restLocal[o + 3] = q[0]; restLocal[o + 4] = q[1]; restLocal[o + 5] = q[2]; restLocal[o + 6] = q[3];
    restLocal[o + 7] = 1; restLocal[o + 8] = 1; restLocal[o + 9] = 1;
  }
  return { names, parents: Int32Array.from(parents), restLocal, roles };
}

function dirTo(a: Float64Array, i: number, b: Float64Array, j: number, out: number[]): void {
  out[0] = b[j * 3] - a[i * 3];
  out[1] = b[j * 3 + 1] - a[i * 3 + 1];
  out[2] = b[j * 3 + 2] - a[i * 3 + 2];
}

/** Rotation matrix stored as columns (X, Y, Z) at `o` to a unit quaternion xyzw. */
export function matToQuat(m: ArrayLike<number>, o: number, q: number[]): void {
  // m[o + c*3 + r] = element (row r, column c)
  const m00 = m[o], m10 = m[o + 1], m20 = m[o + 2];
  const m01 = m[o + 3], m11 = m[o + 4], m21 = m[o + 5];
  const m02 = m[o + 6], m12 = m[o + 7], m22 = m[o + 8];
  const tr = m00 + m11 + m22;
  if (tr > 0) {
    const s = 0.5 / Math.sqrt(tr + 1);
    q[3] = 0.25 / s; q[0] = (m21 - m12) * s; q[1] = (m02 - m20) * s; q[2] = (m10 - m01) * s;
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    q[3] = (m21 - m12) / s; q[0] = 0.25 * s; q[1] = (m01 + m10) / s; q[2] = (m02 + m20) / s;
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    q[3] = (m02 - m20) / s; q[0] = (m01 + m10) / s; q[1] = 0.25 * s; q[2] = (m12 + m21) / s;
  } else {
    const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
    q[3] = (m10 - m01) / s; q[0] = (m02 + m20) / s; q[1] = (m12 + m21) / s; q[2] = 0.25 * s;
  }
  const l = Math.hypot(q[0], q[1], q[2], q[3]) || 1;
  q[0] /= l; q[1] /= l; q[2] /= l; q[3] /= l;
}
