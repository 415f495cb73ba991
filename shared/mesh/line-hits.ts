/**
 * Where a line crosses a triangle mesh: signed distances along a unit direction from an origin to every
 * triangle it crosses (Möller–Trumbore on the whole line), sorted, a crossing through a shared edge or
 * vertex counted once. Brute force over the triangles, no allocation per triangle: used once per joint
 * (the studio's snap to centre, the rig's piece contacts), a few milliseconds for 20k triangles.
 */
const EPS = 1e-12;

/** `skip(t)` leaves out the triangle starting at index `t` of `indices` (for example those of one piece). */
export function lineHits(positions: ArrayLike<number>, indices: ArrayLike<number>, origin: ArrayLike<number>, dir: ArrayLike<number>, skip?: (t: number) => boolean): number[] {
  const hits: number[] = [];
  const ox = origin[0], oy = origin[1], oz = origin[2];
  const dx = dir[0], dy = dir[1], dz = dir[2];
  for (let t = 0; t + 2 < indices.length; t += 3) {
    if (skip?.(t)) continue;
    const a = indices[t] * 3, b = indices[t + 1] * 3, c = indices[t + 2] * 3;
    const e1x = positions[b] - positions[a], e1y = positions[b + 1] - positions[a + 1], e1z = positions[b + 2] - positions[a + 2];
    const e2x = positions[c] - positions[a], e2y = positions[c + 1] - positions[a + 1], e2z = positions[c + 2] - positions[a + 2];
    const px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
    const det = e1x * px + e1y * py + e1z * pz;
    if (Math.abs(det) < EPS) continue;
    const inv = 1 / det;
    const sx = ox - positions[a], sy = oy - positions[a + 1], sz = oz - positions[a + 2];
    const u = (sx * px + sy * py + sz * pz) * inv;
    if (u < 0 || u > 1) continue;
    const qx = sy * e1z - sz * e1y, qy = sz * e1x - sx * e1z, qz = sx * e1y - sy * e1x;
    const v = (dx * qx + dy * qy + dz * qz) * inv;
    if (v < 0 || u + v > 1) continue;
    hits.push((e2x * qx + e2y * qy + e2z * qz) * inv);
  }
  hits.sort((x, y) => x - y);
  return hits.filter((h, i) => i === 0 || h - hits[i - 1] > 1e-9);
}
