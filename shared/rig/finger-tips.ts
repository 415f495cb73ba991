/**
 * Finds finger tips on the hand's own vertices: vertices beyond the knuckles are binned across the palm
 * (axis `a`) and the farthest vertex along the hand direction in each bin is a tip candidate; well
 * separated peaks are fingers. Returns null for mitten-like hands (fewer than 3 peaks), so the fan is used.
 */
import type { Vec3 } from './fit-common';

const BINS = 24;
const binBest = new Float64Array(BINS);
const binVertex = new Int32Array(BINS);

export function detectFingerTips(
  positions: Float32Array, wrist: Vec3, tip: Vec3, d: Vec3, a: Vec3, width: number, L: number,
): Map<string, Vec3> | null {
  binBest.fill(-Infinity);
  binVertex.fill(-1);
  const half = width * 0.75;
  const n = [d[1] * a[2] - d[2] * a[1], d[2] * a[0] - d[0] * a[2], d[0] * a[1] - d[1] * a[0]];
  for (let v = 0; v < positions.length; v += 3) {
    const x = positions[v] - wrist[0], y = positions[v + 1] - wrist[1], z = positions[v + 2] - wrist[2];
    const along = x * d[0] + y * d[1] + z * d[2];
    if (along < 0.45 * L || along > 1.3 * L) continue;
    const across = x * a[0] + y * a[1] + z * a[2];
    const normal = x * n[0] + y * n[1] + z * n[2];
    if (Math.abs(across) > half || Math.abs(normal) > 0.5 * L) continue;
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
