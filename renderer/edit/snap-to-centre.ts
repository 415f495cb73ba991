/**
 * "Snap to centre" (AccuRig's midpoint placement), pure: a line along the view direction through
 * the joint crosses the mesh at entry and exit points; the joint goes to the middle of the piece it
 * lies in (an entry/exit pair around it), else of the piece nearest to it along the line, so a
 * joint dropped just outside a limb still lands in that limb. Brute force over the triangles: a few
 * milliseconds for 20k triangles, once per drop.
 */
import type { Vec3 } from '../api/rig-report';

const EPS = 1e-12;

/** Signed distances along `dir` (unit) from `origin` to every triangle the line crosses, sorted. */
export function lineHits(positions: ArrayLike<number>, indices: ArrayLike<number>, origin: Vec3, dir: Vec3): number[] {
  const hits: number[] = [];
  const [ox, oy, oz] = origin;
  const [dx, dy, dz] = dir;
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const a = indices[t] * 3, b = indices[t + 1] * 3, c = indices[t + 2] * 3;
    // Möller–Trumbore, on the whole line (no t >= 0 test).
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
  // A line through a shared edge or vertex hits two triangles at once: count it once.
  return hits.filter((h, i) => i === 0 || h - hits[i - 1] > 1e-9);
}

/**
 * The joint moved along `viewDir` to the middle of the mesh piece it is in (or nearest to), or
 * null when the line misses the mesh. Pieces are consecutive (entry, exit) pairs from the camera side.
 */
export function snapToCentre(positions: ArrayLike<number>, indices: ArrayLike<number>, joint: Vec3, viewDir: Vec3): Vec3 | null {
  const len = Math.hypot(viewDir[0], viewDir[1], viewDir[2]);
  if (!(len > 0)) throw new Error('snapToCentre: the view direction has no length');
  const dir: Vec3 = [viewDir[0] / len, viewDir[1] / len, viewDir[2] / len];
  const hits = lineHits(positions, indices, joint, dir);
  if (hits.length < 2) return null;
  let best: number | null = null;
  let bestGap = Infinity;
  for (let i = 0; i + 1 < hits.length; i += 2) {
    const [entry, exit] = [hits[i], hits[i + 1]];
    // 0 is the joint itself on the line: inside this piece means a gap of 0.
    const gap = entry <= 0 && exit >= 0 ? 0 : Math.min(Math.abs(entry), Math.abs(exit));
    if (gap < bestGap) {
      bestGap = gap;
      best = (entry + exit) / 2;
    }
  }
  return [joint[0] + dir[0] * best!, joint[1] + dir[1] * best!, joint[2] + dir[2] * best!];
}
