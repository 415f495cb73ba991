/**
 * Rig quality metrics (GUIDE section 4): CD-J2J and CD-J2B (chamfer distances between joint sets and
 * from joints to bone segments), normalised by the caller.
 */
export function chamferJ2J(a: Float64Array, b: Float64Array): number {
  return 0.5 * (meanNearestPoint(a, b) + meanNearestPoint(b, a));
}

/** `aParents`/`bParents` define bone segments (joint to parent); joints with no bone use the joint itself. */
export function chamferJ2B(a: Float64Array, aParents: ArrayLike<number>, b: Float64Array, bParents: ArrayLike<number>): number {
  return 0.5 * (meanNearestBone(a, b, bParents) + meanNearestBone(b, a, aParents));
}

/** Mean distance from each joint of `a` to the nearest of `b`: one of CD-J2J's two halves. */
export function meanNearestPoint(a: Float64Array, b: Float64Array): number {
  const na = a.length / 3, nb = b.length / 3;
  let sum = 0;
  for (let i = 0; i < na; i++) {
    let best = Infinity;
    for (let j = 0; j < nb; j++) best = Math.min(best, Math.hypot(a[i * 3] - b[j * 3], a[i * 3 + 1] - b[j * 3 + 1], a[i * 3 + 2] - b[j * 3 + 2]));
    sum += best;
  }
  return na ? sum / na : 0;
}

function meanNearestBone(a: Float64Array, b: Float64Array, bParents: ArrayLike<number>): number {
  const na = a.length / 3, nb = b.length / 3;
  let sum = 0;
  for (let i = 0; i < na; i++) {
    let best = Infinity;
    for (let j = 0; j < nb; j++) {
      const p = bParents[j] >= 0 ? bParents[j] : j;
      best = Math.min(best, segDist(a, i, b, j, p));
    }
    sum += best;
  }
  return na ? sum / na : 0;
}

function segDist(a: Float64Array, i: number, b: Float64Array, j: number, p: number): number {
  const ax = b[j * 3], ay = b[j * 3 + 1], az = b[j * 3 + 2];
  const dx = b[p * 3] - ax, dy = b[p * 3 + 1] - ay, dz = b[p * 3 + 2] - az;
  const px = a[i * 3] - ax, py = a[i * 3 + 1] - ay, pz = a[i * 3 + 2] - az;
  const l2 = dx * dx + dy * dy + dz * dz;
  const t = l2 > 0 ? Math.max(0, Math.min(1, (px * dx + py * dy + pz * dz) / l2)) : 0;
  return Math.hypot(px - t * dx, py - t * dy, pz - t * dz);
}

export function longestSide(positions: ArrayLike<number>): number {
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3)
    for (let a = 0; a < 3; a++) {
      lo[a] = Math.min(lo[a], positions[i + a]);
      hi[a] = Math.max(hi[a], positions[i + a]);
    }
  return Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
}

export function heightOf(positions: ArrayLike<number>): number {
  let lo = Infinity, hi = -Infinity;
  for (let i = 1; i < positions.length; i += 3) {
    lo = Math.min(lo, positions[i]);
    hi = Math.max(hi, positions[i]);
  }
  return hi - lo;
}

/** Mean of the values that are defined and not NaN, or undefined when none are (a table's mean column). */
export function meanDefined(xs: readonly (number | undefined)[]): number | undefined {
  const v = xs.filter((x): x is number => x !== undefined && !Number.isNaN(x));
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : undefined;
}

/** Largest of the values that are defined and not NaN, or undefined when none are. */
export function maxDefined(xs: readonly (number | undefined)[]): number | undefined {
  const v = xs.filter((x): x is number => x !== undefined && !Number.isNaN(x));
  return v.length ? Math.max(...v) : undefined;
}
