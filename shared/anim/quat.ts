/**
 * Quaternion helpers (xyzw) on plain arrays with offsets, so pose loops allocate nothing.
 * Every function writes into `out` at `o` and tolerates `out` aliasing an input.
 */
export type Arr = { [i: number]: number; length: number };

export function qMul(out: Arr, o: number, a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number): void {
  const ax = a[ao], ay = a[ao + 1], az = a[ao + 2], aw = a[ao + 3];
  const bx = b[bo], by = b[bo + 1], bz = b[bo + 2], bw = b[bo + 3];
  out[o] = aw * bx + ax * bw + ay * bz - az * by;
  out[o + 1] = aw * by - ax * bz + ay * bw + az * bx;
  out[o + 2] = aw * bz + ax * by - ay * bx + az * bw;
  out[o + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

/** out = conj(a) * b (inverse of a unit quaternion times b). */
export function qInvMul(out: Arr, o: number, a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number): void {
  const ax = -a[ao], ay = -a[ao + 1], az = -a[ao + 2], aw = a[ao + 3];
  const bx = b[bo], by = b[bo + 1], bz = b[bo + 2], bw = b[bo + 3];
  out[o] = aw * bx + ax * bw + ay * bz - az * by;
  out[o + 1] = aw * by - ax * bz + ay * bw + az * bx;
  out[o + 2] = aw * bz + ax * by - ay * bx + az * bw;
  out[o + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

/** out = a * conj(b). */
export function qMulInv(out: Arr, o: number, a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number): void {
  const ax = a[ao], ay = a[ao + 1], az = a[ao + 2], aw = a[ao + 3];
  const bx = -b[bo], by = -b[bo + 1], bz = -b[bo + 2], bw = b[bo + 3];
  out[o] = aw * bx + ax * bw + ay * bz - az * by;
  out[o + 1] = aw * by - ax * bz + ay * bw + az * bx;
  out[o + 2] = aw * bz + ax * by - ay * bx + az * bw;
  out[o + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

export function qAxisAngle(out: Arr, o: number, x: number, y: number, z: number, angle: number): void {
  const l = Math.hypot(x, y, z) || 1;
  const s = Math.sin(angle / 2) / l;
  out[o] = x * s; out[o + 1] = y * s; out[o + 2] = z * s; out[o + 3] = Math.cos(angle / 2);
}

/** Rotates vector v (at vo) by quaternion q (at qo) into out (at o). */
export function qRotate(out: Arr, o: number, q: ArrayLike<number>, qo: number, v: ArrayLike<number>, vo: number): void {
  const qx = q[qo], qy = q[qo + 1], qz = q[qo + 2], qw = q[qo + 3];
  const vx = v[vo], vy = v[vo + 1], vz = v[vo + 2];
  const tx = 2 * (qy * vz - qz * vy), ty = 2 * (qz * vx - qx * vz), tz = 2 * (qx * vy - qy * vx);
  out[o] = vx + qw * tx + (qy * tz - qz * ty);
  out[o + 1] = vy + qw * ty + (qz * tx - qx * tz);
  out[o + 2] = vz + qw * tz + (qx * ty - qy * tx);
}

/** Shortest-arc rotation taking direction a to direction b (need not be unit). */
export function qFromTo(out: Arr, o: number, a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number): void {
  const la = Math.hypot(a[ao], a[ao + 1], a[ao + 2]) || 1, lb = Math.hypot(b[bo], b[bo + 1], b[bo + 2]) || 1;
  const ax = a[ao] / la, ay = a[ao + 1] / la, az = a[ao + 2] / la;
  const bx = b[bo] / lb, by = b[bo + 1] / lb, bz = b[bo + 2] / lb;
  const d = ax * bx + ay * by + az * bz;
  if (d < -0.999999) {
    // Opposite: any perpendicular axis.
    let px = 0, py = -az, pz = ay;
    if (Math.hypot(px, py, pz) < 1e-6) { px = az; py = 0; pz = -ax; }
    qAxisAngle(out, o, px, py, pz, Math.PI);
    return;
  }
  const x = ay * bz - az * by, y = az * bx - ax * bz, z = ax * by - ay * bx, w = 1 + d;
  const l = Math.hypot(x, y, z, w);
  out[o] = x / l; out[o + 1] = y / l; out[o + 2] = z / l; out[o + 3] = w / l;
}

export function qNormalize(out: Arr, o: number): void {
  const l = Math.hypot(out[o], out[o + 1], out[o + 2], out[o + 3]) || 1;
  out[o] /= l; out[o + 1] /= l; out[o + 2] /= l; out[o + 3] /= l;
}

/** Spherical interpolation along the shorter arc. */
export function qSlerp(out: Arr, o: number, a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number, t: number): void {
  let bx = b[bo], by = b[bo + 1], bz = b[bo + 2], bw = b[bo + 3];
  const ax = a[ao], ay = a[ao + 1], az = a[ao + 2], aw = a[ao + 3];
  let cos = ax * bx + ay * by + az * bz + aw * bw;
  if (cos < 0) { cos = -cos; bx = -bx; by = -by; bz = -bz; bw = -bw; }
  let ka = 1 - t, kb = t;
  if (cos < 0.9995) {
    const th = Math.acos(cos), s = Math.sin(th);
    ka = Math.sin((1 - t) * th) / s; kb = Math.sin(t * th) / s;
  }
  out[o] = ax * ka + bx * kb; out[o + 1] = ay * ka + by * kb; out[o + 2] = az * ka + bz * kb; out[o + 3] = aw * ka + bw * kb;
  qNormalize(out, o);
}

/** Angle in radians of a unit quaternion's rotation. */
export function qAngle(q: ArrayLike<number>, o: number): number {
  return 2 * Math.acos(Math.min(1, Math.abs(q[o + 3])));
}
