/**
 * "Snap to centre" (AccuRig's midpoint placement), pure: a line along the view direction through
 * the joint crosses the mesh at entry and exit points; the joint goes to the middle of the piece it
 * lies in (an entry/exit pair around it), else of the piece nearest to it along the line, so a
 * joint dropped just outside a limb still lands in that limb (shared/mesh/line-hits.ts).
 */
import type { Vec3 } from '../api/rig-report';
import { lineHits } from '../../shared/mesh/line-hits';

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
