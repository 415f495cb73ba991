/**
 * Finds finger tips on the hand's own vertices: vertices beyond the knuckles are binned across the palm
 * (axis `a`) and the farthest vertex along the hand direction in each bin is a tip candidate; well
 * separated peaks are fingers. Returns null for mitten-like hands (fewer than 3 peaks), so the fan is used.
 * `maxAlong` and `halfNormal` bound the search along the hand and through the palm.
 */
import type { Vec3 } from './fit-common';

const BINS = 24;
const binBest = new Float64Array(BINS);
const binVertex = new Int32Array(BINS);

export function detectFingerTips(
  positions: Float32Array, wrist: Vec3, tip: Vec3, d: Vec3, a: Vec3, width: number, L: number,
  maxAlong = 1.3 * L, halfNormal = 0.5 * L,
): Map<string, Vec3> | null {
  binBest.fill(-Infinity);
  binVertex.fill(-1);
  const half = width * 0.75;
  const n = [d[1] * a[2] - d[2] * a[1], d[2] * a[0] - d[0] * a[2], d[0] * a[1] - d[1] * a[0]];
  for (let v = 0; v < positions.length; v += 3) {
    const x = positions[v] - wrist[0], y = positions[v + 1] - wrist[1], z = positions[v + 2] - wrist[2];
    const along = x * d[0] + y * d[1] + z * d[2];
    if (along < 0.45 * L || along > maxAlong) continue;
    const across = x * a[0] + y * a[1] + z * a[2];
    const normal = x * n[0] + y * n[1] + z * n[2];
    if (Math.abs(across) > half || Math.abs(normal) > halfNormal) continue;
    const bin = Math.min(BINS - 1, Math.max(0, Math.floor(((across + half) / (2 * half)) * BINS)));
    if (along > binBest[bin]) {
      binBest[bin] = along;
      binVertex[bin] = v;
    }
  }
  // Peaks: bins whose reach exceeds both neighbours' and the valley between peaks by 10% of the hand.
  const peaks: number[] = [];
  for (let b = 0; b < BINS; b++) {
    if (binVertex[b] < 0) continue;
    const l = b > 0 ? binBest[b - 1] : -Infinity;
    const r = b < BINS - 1 ? binBest[b + 1] : -Infinity;
    if (binBest[b] >= l && binBest[b] > r) {
      if (peaks.length) {
        const prev = peaks[peaks.length - 1];
        let valley = Infinity;
        for (let k = prev + 1; k < b; k++) valley = Math.min(valley, binBest[k]);
        if (Math.min(binBest[prev], binBest[b]) - valley < 0.1 * L) {
          if (binBest[b] > binBest[prev]) peaks[peaks.length - 1] = b;
          continue;
        }
      }
      peaks.push(b);
    }
  }
  if (peaks.length < 3) return null;
  // Thumb side is +a; assign from +a to -a: Index, Middle, Ring, Pinky (the thumb keeps its fan direction).
  const order = peaks.slice().sort((p, q) => q - p);
  const names = ['Index', 'Middle', 'Ring', 'Pinky'];
  const out = new Map<string, Vec3>();
  for (let k = 0; k < Math.min(4, order.length); k++) {
    const v = binVertex[order[k]];
    out.set(names[k], [positions[v], positions[v + 1], positions[v + 2]]);
  }
  void tip;
  return out;
}

const REACH_BINS = 64;
const reachOccupied = new Float64Array(REACH_BINS);
/** Slab coordinates (along, across, through) of an edge's two ends. */
const ends = new Float64Array(6);

/**
 * How far the hand's surface reaches along `d` from the wrist: the mesh's surface in a slab around the
 * hand's axis (within `halfAcross` across the palm, `halfNormal` through it) is binned along `d` up to
 * `maxAlong`, sampled along every triangle edge one bin apart (a low-poly hand's vertices alone leave gaps
 * longer than a finger's joint); from the bin holding `start` the run of occupied bins is followed outward
 * until a gap of `gap`. Null when the run reaches `maxAlong` (the slab runs on into a leg or the body, not
 * a finger tip), or when nothing lies within `gap` of `start` (the hand bone's tip is off the surface).
 * `away` (+1 / -1) keeps only the half of the slab on that side of the palm's plane (0: both halves).
 */
export function handReach(
  positions: Float32Array, indices: Uint32Array, wrist: Vec3, d: Vec3, a: Vec3, halfAcross: number, halfNormal: number, start: number, maxAlong: number, gap: number,
  away = 0,
): number | null {
  const lo = away > 0 ? 0 : -halfNormal, hi = away < 0 ? 0 : halfNormal;
  reachOccupied.fill(-1);
  const n = [d[1] * a[2] - d[2] * a[1], d[2] * a[0] - d[0] * a[2], d[0] * a[1] - d[1] * a[0]];
  const bin = maxAlong / REACH_BINS;
  for (let t = 0; t < indices.length; t += 3)
    for (let e = 0; e < 3; e++) {
      for (let k = 0; k < 2; k++) {
        const v = indices[t + ((e + k) % 3)] * 3;
        const x = positions[v] - wrist[0], y = positions[v + 1] - wrist[1], z = positions[v + 2] - wrist[2];
        ends[k * 3] = x * d[0] + y * d[1] + z * d[2];
        ends[k * 3 + 1] = x * a[0] + y * a[1] + z * a[2];
        ends[k * 3 + 2] = x * n[0] + y * n[1] + z * n[2];
      }
      // Both ends past the same face of the box: the edge misses it.
      if ((ends[0] < 0 && ends[3] < 0) || (ends[0] >= maxAlong && ends[3] >= maxAlong)) continue;
      if (Math.min(ends[1], ends[4]) > halfAcross || Math.max(ends[1], ends[4]) < -halfAcross) continue;
      if (Math.min(ends[2], ends[5]) > hi || Math.max(ends[2], ends[5]) < lo) continue;
      const len = Math.hypot(ends[3] - ends[0], ends[4] - ends[1], ends[5] - ends[2]);
      const steps = Math.min(256, Math.ceil(len / bin));
      for (let q = 0; q <= steps; q++) {
        const u = steps ? q / steps : 0;
        const along = ends[0] + (ends[3] - ends[0]) * u;
        if (along < 0 || along >= maxAlong) continue;
        const through = ends[2] + (ends[5] - ends[2]) * u;
        if (Math.abs(ends[1] + (ends[4] - ends[1]) * u) > halfAcross || through > hi || through < lo) continue;
        const b = Math.floor(along / bin);
        if (along > reachOccupied[b]) reachOccupied[b] = along;
      }
    }
  const gapBins = Math.max(1, Math.ceil(gap / bin));
  let last = -1, empty = 0;
  for (let b = Math.min(REACH_BINS - 1, Math.floor(start / bin)); b < REACH_BINS; b++) {
    if (reachOccupied[b] >= 0) {
      last = b;
      empty = 0;
    } else if (++empty >= gapBins) break;
  }
  if (last < 0 || last === REACH_BINS - 1) return null;
  return reachOccupied[last];
}
