/**
 * Geodesic distances through the inside voxels (26-connected Dijkstra, Euclidean steps in voxel units).
 * A `medial` cost factor makes paths hug the medial axis: a step costs more near the surface, so traced
 * limb paths run through the middle of each cross-section instead of cutting corners along the skin.
 */
import type { Grid } from './grid';
import { neighbourhood26 } from './grid';
import { MinHeap } from './heap';

export interface GeodesicField {
  dist: Float32Array;
  /** Predecessor voxel on the shortest path to a source, -1 for sources and unreached voxels. */
  prev: Int32Array;
  /**
   * When present, the voxels given a distance by the last run (its first `count` entries): a reused field is
   * then reset through this list instead of whole (so a new field must start all Infinity and -1), and
   * callers visit only what was reached. The per-bone runs of the skin solve (skin-weights.ts) each reach a
   * limb's worth of a grid they would otherwise clear.
   */
  reached?: { list: Int32Array; count: number };
}

export interface GeodesicOptions {
  /** Per-voxel cost multiplier (e.g. from the distance transform); 1 when absent. */
  cost?: Float32Array;
  /** Stop expanding beyond this distance. */
  maxDist?: number;
  /** Reuse these arrays (they are overwritten, or only improved when `improveOnly`). */
  into?: GeodesicField;
  /** Keep existing distances and only lower them (incremental multi-source updates). */
  improveOnly?: boolean;
  /** Per-voxel cap: a voxel is not reached (nor expanded) beyond its own limit. */
  limit?: Float32Array;
}

const heap = new MinHeap(1 << 16);

export function geodesicFrom(g: Grid, inside: Uint8Array, sources: ArrayLike<number>, opts: GeodesicOptions = {}): GeodesicField {
  const n = inside.length;
  const field = opts.into ?? { dist: new Float32Array(n), prev: new Int32Array(n) };
  const { dist, prev, reached } = field;
  if (reached && opts.improveOnly) throw new Error('geodesicFrom: a reached list is kept for fresh runs only');
  if (reached) {
    for (let i = 0; i < reached.count; i++) {
      dist[reached.list[i]] = Infinity;
      prev[reached.list[i]] = -1;
    }
  } else if (!opts.improveOnly) {
    dist.fill(Infinity);
    prev.fill(-1);
  }
  if (reached) reached.count = 0;
  const { offsets, lengths } = neighbourhood26(g);
  const cost = opts.cost;
  const maxDist = opts.maxDist ?? Infinity;
  const limit = opts.limit;
  heap.clear();
  for (let i = 0; i < sources.length; i++) {
    const s = sources[i];
    if (!inside[s]) continue;
    if (reached && dist[s] === Infinity) reached.list[reached.count++] = s;
    dist[s] = 0;
    prev[s] = -1;
    heap.push(0, s);
  }
  while (heap.size > 0) {
    const d = heap.topKey();
    const v = heap.pop();
    if (d > dist[v]) continue;
    const cv = cost ? cost[v] : 1;
    for (let k = 0; k < 26; k++) {
      const u = v + offsets[k];
      if (!inside[u]) continue;
      const step = cost ? 0.5 * (cv + cost[u]) * lengths[k] : lengths[k];
      // Round to float32 before comparing: the stored distance is float32, and comparing a double against
      // its own rounding re-queues voxels endlessly on the lattice's many equal-length paths.
      const nd = Math.fround(d + step);
      if (nd < dist[u] && nd <= maxDist && (!limit || nd <= limit[u])) {
        if (reached && dist[u] === Infinity) reached.list[reached.count++] = u;
        dist[u] = nd;
        prev[u] = v;
        heap.push(nd, u);
      }
    }
  }
  return field;
}

/** Cost multiplier pulling paths to the medial axis: 1 + k / (dt + 0.5)^2 (dt in voxels). */
export function medialCost(dt: Float32Array, inside: Uint8Array, k = 6): Float32Array {
  const cost = new Float32Array(dt.length);
  for (let v = 0; v < dt.length; v++) {
    if (!inside[v]) continue;
    const r = dt[v] + 0.5;
    cost[v] = 1 + k / (r * r);
  }
  return cost;
}
