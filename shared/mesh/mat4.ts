/**
 * Minimal column-major 4x4 matrix and quaternion helpers (glTF's layout), on Float64Array so that
 * composing long joint chains does not lose precision. Results go into a caller's target.
 */
export type Mat4 = Float64Array;

export function mat4(): Mat4 {
  const m = new Float64Array(16);
  m[0] = m[5] = m[10] = m[15] = 1;
  return m;
}

export function identity(out: Mat4): Mat4 {
  out.fill(0);
  out[0] = out[5] = out[10] = out[15] = 1;
  return out;
}

/** out = a * b (safe when out aliases a or b). */
export function multiply(out: Mat4, a: ArrayLike<number>, b: ArrayLike<number>): Mat4 {
  const r = scratch16;
  for (let c = 0; c < 4; c++) {
    for (let row = 0; row < 4; row++) {
      r[c * 4 + row] =
        a[row] * b[c * 4] + a[4 + row] * b[c * 4 + 1] + a[8 + row] * b[c * 4 + 2] + a[12 + row] * b[c * 4 + 3];
    }
  }
  out.set(r);
  return out;
}
const scratch16 = new Float64Array(16);

/** out = inverse(m); returns false (out = identity) when m is singular. */
export function invert(out: Mat4, m: ArrayLike<number>): boolean {
  const a00 = m[0], a01 = m[1], a02 = m[2], a03 = m[3];
  const a10 = m[4], a11 = m[5], a12 = m[6], a13 = m[7];
  const a20 = m[8], a21 = m[9], a22 = m[10], a23 = m[11];
  const a30 = m[12], a31 = m[13], a32 = m[14], a33 = m[15];
  const b00 = a00 * a11 - a01 * a10, b01 = a00 * a12 - a02 * a10, b02 = a00 * a13 - a03 * a10;
  const b03 = a01 * a12 - a02 * a11, b04 = a01 * a13 - a03 * a11, b05 = a02 * a13 - a03 * a12;
  const b06 = a20 * a31 - a21 * a30, b07 = a20 * a32 - a22 * a30, b08 = a20 * a33 - a23 * a30;
  const b09 = a21 * a32 - a22 * a31, b10 = a21 * a33 - a23 * a31, b11 = a22 * a33 - a23 * a32;
  const det = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06;
  if (!det || !Number.isFinite(det)) {
    identity(out);
    return false;
  }
  const d = 1 / det;
  out[0] = (a11 * b11 - a12 * b10 + a13 * b09) * d;
  out[1] = (a02 * b10 - a01 * b11 - a03 * b09) * d;
  out[2] = (a31 * b05 - a32 * b04 + a33 * b03) * d;
  out[3] = (a22 * b04 - a21 * b05 - a23 * b03) * d;
  out[4] = (a12 * b08 - a10 * b11 - a13 * b07) * d;
  out[5] = (a00 * b11 - a02 * b08 + a03 * b07) * d;
  out[6] = (a32 * b02 - a30 * b05 - a33 * b01) * d;
  out[7] = (a20 * b05 - a22 * b02 + a23 * b01) * d;
  out[8] = (a10 * b10 - a11 * b08 + a13 * b06) * d;
  out[9] = (a01 * b08 - a00 * b10 - a03 * b06) * d;
  out[10] = (a30 * b04 - a31 * b02 + a33 * b00) * d;
  out[11] = (a21 * b02 - a20 * b04 - a23 * b00) * d;
  out[12] = (a11 * b07 - a10 * b09 - a12 * b06) * d;
  out[13] = (a00 * b09 - a01 * b07 + a02 * b06) * d;
  out[14] = (a31 * b01 - a30 * b03 - a32 * b00) * d;
  out[15] = (a20 * b03 - a21 * b01 + a22 * b00) * d;
  return true;
}

/** out = T * R * S from translation, quaternion xyzw and scale. */
export function compose(out: Mat4, t: ArrayLike<number>, q: ArrayLike<number>, s: ArrayLike<number>): Mat4 {
  const x = q[0], y = q[1], z = q[2], w = q[3];
  const x2 = x + x, y2 = y + y, z2 = z + z;
  const xx = x * x2, xy = x * y2, xz = x * z2, yy = y * y2, yz = y * z2, zz = z * z2;
  const wx = w * x2, wy = w * y2, wz = w * z2;
  out[0] = (1 - (yy + zz)) * s[0]; out[1] = (xy + wz) * s[0]; out[2] = (xz - wy) * s[0]; out[3] = 0;
  out[4] = (xy - wz) * s[1]; out[5] = (1 - (xx + zz)) * s[1]; out[6] = (yz + wx) * s[1]; out[7] = 0;
  out[8] = (xz + wy) * s[2]; out[9] = (yz - wx) * s[2]; out[10] = (1 - (xx + yy)) * s[2]; out[11] = 0;
  out[12] = t[0]; out[13] = t[1]; out[14] = t[2]; out[15] = 1;
  return out;
}

/** Splits m into translation, rotation (xyzw) and scale; a negative determinant flips scale x. */
export function decompose(m: ArrayLike<number>, t: Float64Array | number[], q: Float64Array | number[], s: Float64Array | number[]): void {
  let sx = Math.hypot(m[0], m[1], m[2]);
  const sy = Math.hypot(m[4], m[5], m[6]);
  const sz = Math.hypot(m[8], m[9], m[10]);
  if (determinant3(m) < 0) sx = -sx;
  t[0] = m[12]; t[1] = m[13]; t[2] = m[14];
  s[0] = sx; s[1] = sy; s[2] = sz;
  const ix = sx ? 1 / sx : 0, iy = sy ? 1 / sy : 0, iz = sz ? 1 / sz : 0;
  const m11 = m[0] * ix, m12 = m[4] * iy, m13 = m[8] * iz;
  const m21 = m[1] * ix, m22 = m[5] * iy, m23 = m[9] * iz;
  const m31 = m[2] * ix, m32 = m[6] * iy, m33 = m[10] * iz;
  const trace = m11 + m22 + m33;
  let x, y, z, w;
  if (trace > 0) {
    const k = 0.5 / Math.sqrt(trace + 1);
    w = 0.25 / k; x = (m32 - m23) * k; y = (m13 - m31) * k; z = (m21 - m12) * k;
  } else if (m11 > m22 && m11 > m33) {
    const k = 2 * Math.sqrt(1 + m11 - m22 - m33);
    w = (m32 - m23) / k; x = 0.25 * k; y = (m12 + m21) / k; z = (m13 + m31) / k;
  } else if (m22 > m33) {
    const k = 2 * Math.sqrt(1 + m22 - m11 - m33);
    w = (m13 - m31) / k; x = (m12 + m21) / k; y = 0.25 * k; z = (m23 + m32) / k;
  } else {
    const k = 2 * Math.sqrt(1 + m33 - m11 - m22);
    w = (m21 - m12) / k; x = (m13 + m31) / k; y = (m23 + m32) / k; z = 0.25 * k;
  }
  const n = Math.hypot(x, y, z, w) || 1;
  q[0] = x / n; q[1] = y / n; q[2] = z / n; q[3] = w / n;
}

export function determinant3(m: ArrayLike<number>): number {
  return (
    m[0] * (m[5] * m[10] - m[6] * m[9]) - m[4] * (m[1] * m[10] - m[2] * m[9]) + m[8] * (m[1] * m[6] - m[2] * m[5])
  );
}

/** Largest absolute difference to the identity matrix. */
export function distanceFromIdentity(m: ArrayLike<number>): number {
  let d = 0;
  for (let i = 0; i < 16; i++) d = Math.max(d, Math.abs(m[i] - (i % 5 === 0 ? 1 : 0)));
  return d;
}

/** out = a * b for quaternions xyzw. */
export function quatMultiply(out: Float64Array | Float32Array | number[], a: ArrayLike<number>, b: ArrayLike<number>, outOffset = 0): void {
  const ax = a[0], ay = a[1], az = a[2], aw = a[3];
  const bx = b[0], by = b[1], bz = b[2], bw = b[3];
  out[outOffset] = ax * bw + aw * bx + ay * bz - az * by;
  out[outOffset + 1] = ay * bw + aw * by + az * bx - ax * bz;
  out[outOffset + 2] = az * bw + aw * bz + ax * by - ay * bx;
  out[outOffset + 3] = aw * bw - ax * bx - ay * by - az * bz;
}
