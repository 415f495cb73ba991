/**
 * Extremities and the curve skeleton of the inside volume, grown from a central voxel.
 *
 * Repeatedly take the inside voxel farthest (geodesically) from the skeleton grown so far; if it is far
 * enough (its "prominence"), trace its medial path back to the centre and add it. Every branch therefore
 * is a real protrusion (limb, head, tail, wing) and prominence rejects bumps. Paths come from one
 * medial-cost shortest-path tree, so branches merge where the limbs meet the body.
 * Rejected: thinning (topological skeletons) - spurious twigs on noisy voxel surfaces and no natural
 * ranking of branches; local maxima of the geodesic field - many duplicates on flat ends (feet, heads).
 */
import type { Grid } from './grid';
import { voxelCenter } from './grid';
import { geodesicFrom, medialCost } from './geodesic';
import { Polyline } from './polyline';

export interface Branch {
  /** Tip voxel (the extremity). */
  tip: number;
  /** Geodesic distance of the tip from the skeleton grown before it (normalised units). */
  prominence: number;
  /** Path from the tip to the centre, in normalised units, with the inside radius per point. */
  path: Polyline;
  /** Arclength (from the tip) at which this branch meets an earlier branch or the centre. */
  joinS: number;
  /** Index of the branch it joins, -1 for the centre. */
  joins: number;
  /** Voxels of the path from the tip to the centre. */
  voxels: Int32Array;
}

export interface CurveSkeleton {
  centre: number;
  branches: Branch[];
}

export interface CurveSkeletonOptions {
  /** Minimum prominence in normalised units. */
  minProminence: number;
  maxBranches: number;
  /** Voxels to grow from (usually one). */
  centre: number;
  /** Also require prominence >= this multiple of the inside radius where the branch joins (rejects bumps). */
  minRelative?: number;
  /** medialCost's k (default 6, in voxels); the creature fits pass medialPullK (medial-pull.ts). */
  medialK?: number;
  /**
   * A branch for which this is false is kept but not counted against maxBranches (the biped's sheet
   * extremities, biped-sheets.ts); at most `cap` branches in all (default maxBranches).
   */
  counts?: (b: Branch) => boolean;
  cap?: number;
}

export function growCurveSkeleton(g: Grid, inside: Uint8Array, dt: Float32Array, opts: CurveSkeletonOptions): CurveSkeleton {
  const cost = medialCost(dt, inside, opts.medialK);
  const medial = geodesicFrom(g, inside, [opts.centre], { cost });
  const tree = geodesicFrom(g, inside, [opts.centre]);
  const owner = new Int16Array(inside.length).fill(-2);
  owner[opts.centre] = -1;
  const branches: Branch[] = [];
  const c = [0, 0, 0];
  const cap = Math.max(opts.maxBranches, opts.cap ?? 0);
  let counted = 0;
  // Only inside voxels get a distance: the farthest is sought among them (a few % of the grid), in grid order.
  const insideList = insideVoxels(inside);
  for (let guard = 0; counted < opts.maxBranches && branches.length < cap && guard < 4 * cap; guard++) {
    const best = farthestVoxel(insideList, tree.dist);
    const bestD = best < 0 ? 0 : tree.dist[best];
    const prominence = bestD * g.h;
    if (best < 0 || prominence < opts.minProminence) break;
    const voxels: number[] = [];
    for (let v = best; v >= 0 && voxels.length <= inside.length; v = medial.prev[v]) voxels.push(v);
    let joinIndex = voxels.length - 1;
    let joins = -1;
    for (let i = 0; i < voxels.length; i++) {
      if (owner[voxels[i]] !== -2) {
        joinIndex = i;
        joins = owner[voxels[i]];
        break;
      }
    }
    // A bump (not prominent relative to the body's radius where it joins) is absorbed into the tree
    // without becoming a branch; its voxels count as the joined branch's.
    const bump = (opts.minRelative ?? 0) * dt[voxels[joinIndex]] * g.h > prominence;
    const id = bump ? joins : branches.length;
    const fresh: number[] = [];
    for (let i = 0; i < joinIndex; i++) {
      owner[voxels[i]] = id;
      fresh.push(voxels[i]);
    }
    const pts = new Float64Array(voxels.length * 3);
    const rad = new Float64Array(voxels.length);
    for (let i = 0; i < voxels.length; i++) {
      voxelCenter(g, voxels[i], c);
      pts[i * 3] = c[0]; pts[i * 3 + 1] = c[1]; pts[i * 3 + 2] = c[2];
      rad[i] = dt[voxels[i]] * g.h;
    }
    const path = new Polyline(pts, rad, 2);
    if (!bump) {
      const b: Branch = { tip: best, prominence, path, joinS: path.s[joinIndex], joins, voxels: Int32Array.from(voxels) };
      branches.push(b);
      if (!opts.counts || opts.counts(b)) counted++;
    }
    if (fresh.length === 0) {
      tree.dist[best] = 0; // cannot happen for a positive prominence, but never loop forever
      continue;
    }
    geodesicFrom(g, inside, fresh, { into: tree, improveOnly: true });
  }
  return { centre: opts.centre, branches };
}

/** The first voxel of `list` at the largest finite positive distance, -1 when none. */
function farthestVoxel(list: Int32Array, dist: Float32Array): number {
  let best = -1;
  let bestD = 0;
  for (let i = 0; i < list.length; i++) {
    const d = dist[list[i]];
    if (d > bestD && d !== Infinity) {
      bestD = d;
      best = list[i];
    }
  }
  return best;
}

/** The indices of the inside voxels, ascending. */
function insideVoxels(inside: Uint8Array): Int32Array {
  const list = new Int32Array(inside.length);
  let n = 0;
  for (let v = 0; v < inside.length; v++) if (inside[v]) list[n++] = v;
  return list.subarray(0, n);
}

/** The inside voxel with the largest radius among those accepted by `filter` (e.g. a height band). */
export function thickestVoxel(g: Grid, inside: Uint8Array, dt: Float32Array, filter?: (x: number, y: number, z: number) => boolean): number {
  let best = -1;
  let bestR = -1;
  const c = [0, 0, 0];
  for (let v = 0; v < inside.length; v++) {
    if (!inside[v] || dt[v] <= bestR) continue;
    if (filter) {
      voxelCenter(g, v, c);
      if (!filter(c[0], c[1], c[2])) continue;
    }
    bestR = dt[v];
    best = v;
  }
  return best;
}

/**
 * The same extremities traced again to a new centre (one medial shortest-path tree from it). Used when the
 * first centre turned out to be in the wrong body part (a chibi's head is thicker than its torso).
 */
export function retraceBranches(g: Grid, inside: Uint8Array, dt: Float32Array, centre: number, branches: Branch[], medialK?: number): Branch[] {
  const medial = geodesicFrom(g, inside, [centre], { cost: medialCost(dt, inside, medialK) });
  const c = [0, 0, 0];
  return branches.map((b) => {
    const voxels: number[] = [];
    for (let v = b.tip; v >= 0 && voxels.length <= inside.length; v = medial.prev[v]) voxels.push(v);
    if (voxels[voxels.length - 1] !== centre) return b; // tip not connected to the new centre: keep the old path
    const pts = new Float64Array(voxels.length * 3);
    const rad = new Float64Array(voxels.length);
    for (let i = 0; i < voxels.length; i++) {
      voxelCenter(g, voxels[i], c);
      pts[i * 3] = c[0]; pts[i * 3 + 1] = c[1]; pts[i * 3 + 2] = c[2];
      rad[i] = dt[voxels[i]] * g.h;
    }
    const path = new Polyline(pts, rad, 2);
    return { tip: b.tip, prominence: b.prominence, path, joinS: path.length, joins: -1, voxels: Int32Array.from(voxels) };
  });
}
