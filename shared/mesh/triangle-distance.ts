/**
 * The point of a triangle closest to a point (by the Voronoi regions of its vertices, edges and face, after
 * Ericson, Real-Time Collision Detection, 5.1.5), written to `out`; returns the squared distance. On numbers,
 * no allocation: called for every triangle of the pieces near a point (rigid-chain.ts's neighbour search).
 * `a`, `b`, `c` are offsets of the corners in `P` (3 x the vertex index).
 */
export function closestOnTriangle(
  px: number, py: number, pz: number,
  P: ArrayLike<number>, a: number, b: number, c: number, out: Float64Array,
): number {
  const ax = P[a], ay = P[a + 1], az = P[a + 2];
  const abx = P[b] - ax, aby = P[b + 1] - ay, abz = P[b + 2] - az;
  const acx = P[c] - ax, acy = P[c + 1] - ay, acz = P[c + 2] - az;
  const apx = px - ax, apy = py - ay, apz = pz - az;
  const d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
  if (d1 <= 0 && d2 <= 0) return from(px, py, pz, apx, apy, apz, out);
  const bpx = px - P[b], bpy = py - P[b + 1], bpz = pz - P[b + 2];
  const d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
  if (d3 >= 0 && d4 <= d3) return from(px, py, pz, bpx, bpy, bpz, out);
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const v = d1 / (d1 - d3);
    return from(px, py, pz, apx - v * abx, apy - v * aby, apz - v * abz, out);
  }
  const cpx = px - P[c], cpy = py - P[c + 1], cpz = pz - P[c + 2];
  const d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
  if (d6 >= 0 && d5 <= d6) return from(px, py, pz, cpx, cpy, cpz, out);
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const w = d2 / (d2 - d6);
    return from(px, py, pz, apx - w * acx, apy - w * acy, apz - w * acz, out);
  }
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
    const bcx = P[c] - P[b], bcy = P[c + 1] - P[b + 1], bcz = P[c + 2] - P[b + 2];
    return from(px, py, pz, bpx - w * bcx, bpy - w * bcy, bpz - w * bcz, out);
  }
  const denom = 1 / (va + vb + vc);
  const v = vb * denom, w = vc * denom;
  return from(px, py, pz, apx - v * abx - w * acx, apy - v * aby - w * acy, apz - v * abz - w * acz, out);
}

/** The closest point is p - (x, y, z): written to `out`, and the squared length of (x, y, z) returned. */
function from(px: number, py: number, pz: number, x: number, y: number, z: number, out: Float64Array): number {
  out[0] = px - x;
  out[1] = py - y;
  out[2] = pz - z;
  return x * x + y * y + z * z;
}
