/**
 * Spines with different joint counts or spacing: the joints strictly between the hips and the head take
 * their rotation from the source bones that span the same stretch of the spine, found by arc length
 * along each chain (each target bone averages the source bones it overlaps, weighted by the overlap).
 * Matching by role alone gave KayKit's `chest` (at 78% of its hips-to-head chain, just under the
 * shoulders) to a Rigdesk `Spine1` at 40%, so the whole upper back bent from far too low and swung the
 * big KayKit heads (Running_A head region 1.48% -> see README).
 * Notes: rejected slerping between the two nearest source joints at each target joint (a joint's rotation
 * moves the whole bone below it, so overlap of bones is what matters, not joint positions).
 */
import type { Skeleton } from '../rig/skeleton';
import type { WorldPose } from './pose';

export interface ChainBlend {
  /** Source joints whose world rotation change is averaged. */
  joints: number[];
  weights: number[];
}

/** Path of joints from `from` down to `to` (inclusive), or null when `to` is not below `from`. */
export function pathDown(skel: Skeleton, from: number, to: number): number[] | null {
  const path: number[] = [];
  for (let j = to; j >= 0; j = skel.parents[j]) {
    path.push(j);
    if (j === from) return path.reverse();
  }
  return null;
}

/** Cumulative rest distance along a path, normalised to [0, 1]. */
function arcParams(path: number[], rest: WorldPose): number[] {
  const out = [0];
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] * 3, b = path[i] * 3, p = rest.position;
    out.push(out[i - 1] + Math.hypot(p[b] - p[a], p[b + 1] - p[a + 1], p[b + 2] - p[a + 2]));
  }
  const total = out[out.length - 1] || 1;
  return out.map((x) => x / total);
}

/**
 * Blends for target joints strictly inside the chain from role `startRole` to role `endRole` (both must
 * be present in both skeletons). `rotationSource` maps target joints to source joints for the ends.
 */
export function chainBlends(src: Skeleton, target: Skeleton, srcRest: WorldPose, tgtRest: WorldPose, srcRoles: string[], tgtRoles: string[], startRole: string, endRole: string): Map<number, ChainBlend> {
  const out = new Map<number, ChainBlend>();
  const sPath = pathDown(src, srcRoles.indexOf(startRole), srcRoles.indexOf(endRole));
  const tPath = pathDown(target, tgtRoles.indexOf(startRole), tgtRoles.indexOf(endRole));
  if (!sPath || !tPath || sPath.length < 2 || tPath.length < 3 || srcRoles.indexOf(startRole) < 0 || tgtRoles.indexOf(startRole) < 0) return out;
  const su = arcParams(sPath, srcRest), tu = arcParams(tPath, tgtRest);
  for (let i = 1; i < tPath.length - 1; i++) {
    const lo = tu[i], hi = tu[i + 1];
    const joints: number[] = [], weights: number[] = [];
    for (let s = 0; s < sPath.length - 1; s++) {
      const overlap = Math.min(hi, su[s + 1]) - Math.max(lo, su[s]);
      if (overlap > 1e-9) { joints.push(sPath[s]); weights.push(overlap); }
    }
    if (!joints.length) continue;
    const sum = weights.reduce((a, b) => a + b, 0);
    out.set(tPath[i], { joints, weights: weights.map((w) => w / sum) });
  }
  return out;
}
