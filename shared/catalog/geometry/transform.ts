/**
 * Affine transforms for placing catalog pieces: a 3x4 matrix as 12 numbers, row-major
 * ([r00 r01 r02 tx, r10 r11 r12 ty, r20 r21 r22 tz]). Compose right to left like maths:
 * compose(translate(...), rotateY(...)) rotates first, then translates.
 */
import type { Geo } from './geo';

export type Mat34 = number[];

export const IDENTITY: Mat34 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

export function translate(x: number, y: number, z: number): Mat34 {
  return [1, 0, 0, x, 0, 1, 0, y, 0, 0, 1, z];
}
export function scale(x: number, y = x, z = x): Mat34 {
  return [x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0];
}
export function rotateX(a: number): Mat34 {
  const c = Math.cos(a), s = Math.sin(a);
  return [1, 0, 0, 0, 0, c, -s, 0, 0, s, c, 0];
}
export function rotateY(a: number): Mat34 {
  const c = Math.cos(a), s = Math.sin(a);
  return [c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0];
}
export function rotateZ(a: number): Mat34 {
  const c = Math.cos(a), s = Math.sin(a);
  return [c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0];
}

function mul(a: Mat34, b: Mat34): Mat34 {
  const o: Mat34 = new Array(12);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 4; c++) {
      o[r * 4 + c] = a[r * 4] * b[c] + a[r * 4 + 1] * b[4 + c] + a[r * 4 + 2] * b[8 + c] + (c === 3 ? a[r * 4 + 3] : 0);
    }
  }
  return o;
}

/** compose(A, B, C) = A * B * C: C is applied first. */
export function compose(...ms: Mat34[]): Mat34 {
  return ms.reduce((acc, m) => mul(acc, m), IDENTITY);
}

/**
 * Applies `m` to a copy of `g`: positions by m, normals by the inverse transpose (correct under
 * non-uniform scale), and winding flipped when m mirrors (negative determinant).
 */
export function transformGeo(g: Geo, m: Mat34): Geo {
  const a = m[0], b = m[1], c = m[2], d = m[4], e = m[5], f = m[6], gg = m[8], h = m[9], i = m[10];
  const det = a * (e * i - f * h) - b * (d * i - f * gg) + c * (d * h - e * gg);
  // Cofactor matrix = det * inverse transpose; the scale factor vanishes on renormalising.
  const n00 = e * i - f * h, n01 = f * gg - d * i, n02 = d * h - e * gg;
  const n10 = c * h - b * i, n11 = a * i - c * gg, n12 = b * gg - a * h;
  const n20 = b * f - c * e, n21 = c * d - a * f, n22 = a * e - b * d;
  const sign = det < 0 ? -1 : 1;
  const out: Geo = { positions: [], normals: [], uvs: g.uvs.slice(), indices: [] };
  if (g.colors) out.colors = g.colors.slice();
  for (let k = 0; k < g.positions.length; k += 3) {
    const x = g.positions[k], y = g.positions[k + 1], z = g.positions[k + 2];
    out.positions.push(a * x + b * y + c * z + m[3], d * x + e * y + f * z + m[7], gg * x + h * y + i * z + m[11]);
    const nx = g.normals[k], ny = g.normals[k + 1], nz = g.normals[k + 2];
    let tx = n00 * nx + n01 * ny + n02 * nz, ty = n10 * nx + n11 * ny + n12 * nz, tz = n20 * nx + n21 * ny + n22 * nz;
    const l = Math.hypot(tx, ty, tz) || 1;
    tx = (tx / l) * sign; ty = (ty / l) * sign; tz = (tz / l) * sign;
    out.normals.push(tx, ty, tz);
  }
  for (let k = 0; k < g.indices.length; k += 3) {
    if (det < 0) out.indices.push(g.indices[k], g.indices[k + 2], g.indices[k + 1]);
    else out.indices.push(g.indices[k], g.indices[k + 1], g.indices[k + 2]);
  }
  return out;
}
