/**
 * Quaternions to FBX Euler angles. FBX's default rotation order eEulerXYZ applies X first, then
 * Y, then Z: R = Rz(z) * Ry(y) * Rx(x), angles in degrees.
 */
const RAD = 180 / Math.PI;

/** Writes x, y, z degrees for quaternion q (xyzw) into out[o..o+2]. */
export function quatToEulerXYZ(q: ArrayLike<number>, out: Float64Array | number[], o = 0): void {
  const x = q[0], y = q[1], z = q[2], w = q[3];
  const m00 = 1 - 2 * (y * y + z * z);
  const m10 = 2 * (x * y + w * z);
  const m20 = 2 * (x * z - w * y);
  const m21 = 2 * (y * z + w * x);
  const m22 = 1 - 2 * (x * x + y * y);
  const sy = Math.max(-1, Math.min(1, -m20));
  if (Math.abs(sy) < 0.9999999) {
    out[o] = Math.atan2(m21, m22) * RAD;
    out[o + 1] = Math.asin(sy) * RAD;
    out[o + 2] = Math.atan2(m10, m00) * RAD;
  } else {
    // gimbal lock: put all of the remaining rotation on z
    const m01 = 2 * (x * y - w * z);
    const m11 = 1 - 2 * (x * x + z * z);
    out[o] = 0;
    out[o + 1] = Math.asin(sy) * RAD;
    out[o + 2] = Math.atan2(-m01, m11) * RAD;
  }
}

/** Shifts each angle by whole turns so consecutive keys never jump by more than 180 degrees. */
export function unwrapDegrees(values: Float64Array, comps: number): void {
  for (let i = comps; i < values.length; i++) {
    const prev = values[i - comps];
    let v = values[i];
    while (v - prev > 180) v -= 360;
    while (v - prev < -180) v += 360;
    values[i] = v;
  }
}
