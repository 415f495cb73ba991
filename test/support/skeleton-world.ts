/** World positions of a skeleton's joints, composed from its parent-relative rest transforms (as a GLB reader does). */
import type { Skeleton } from '../../shared/rig/skeleton';
import { REST_STRIDE } from '../../shared/rig/skeleton';

export function skeletonWorldPositions(s: Skeleton): Map<string, [number, number, number]> {
  const mats: number[][] = [];
  const out = new Map<string, [number, number, number]>();
  for (let j = 0; j < s.names.length; j++) {
    const o = j * REST_STRIDE;
    const [tx, ty, tz, x, y, z, w] = Array.from(s.restLocal.subarray(o, o + 7));
    const m = [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0, 2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0, 2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0, tx, ty, tz, 1];
    const p = s.parents[j];
    const world = p >= 0 ? mul(mats[p], m) : m;
    mats.push(world);
    out.set(s.names[j], [world[12], world[13], world[14]]);
  }
  return out;
}

function mul(a: number[], b: number[]): number[] {
  const o = new Array(16).fill(0);
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) o[c * 4 + r] += a[k * 4 + r] * b[c * 4 + k];
  return o;
}
