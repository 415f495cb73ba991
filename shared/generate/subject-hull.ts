/**
 * convexHullMask: the filled convex hull of a mask's pixels (after dropping specks), the
 * "rectangle" of GrabCut found automatically: where the subject can be.
 */
import { createMask, type Mask } from './image';
import { labelComponents } from './mask-ops';

/**
 * @param minFraction components smaller than this fraction of the largest are ignored, so
 *   isolated noise pixels far away do not stretch the hull.
 */
export function convexHullMask(mask: Mask, minFraction = 0.02): Mask {
  const { width: w, height: h } = mask;
  const { labels, areas } = labelComponents(mask, 1);
  let largest = 0;
  for (let i = 1; i < areas.length; i++) largest = Math.max(largest, areas[i]);
  const keep = (l: number): boolean => l !== 0 && areas[l] >= minFraction * largest;
  // Leftmost and rightmost kept pixel per row: the hull of these is the hull of all.
  const pts: number[] = [];
  for (let y = 0; y < h; y++) {
    let l = -1, r = -1;
    for (let x = 0; x < w; x++) if (keep(labels[y * w + x])) { if (l < 0) l = x; r = x; }
    if (l < 0) continue;
    pts.push(l, y);
    if (r !== l) pts.push(r, y);
  }
  const out = createMask(w, h);
  if (pts.length === 0) return out;
  const hull = monotoneChain(pts);
  // Fill: per row, the span between the hull's crossings (pixel centres; corners included).
  for (let y = 0; y < h; y++) {
    let lo = Infinity, hi = -Infinity;
    for (let k = 0; k < hull.length; k += 2) {
      const ax = hull[k], ay = hull[k + 1];
      const bx = hull[(k + 2) % hull.length], by = hull[(k + 3) % hull.length];
      if ((ay <= y && by >= y) || (by <= y && ay >= y)) {
        if (ay === by) { lo = Math.min(lo, ax, bx); hi = Math.max(hi, ax, bx); }
        else {
          const x = ax + ((y - ay) / (by - ay)) * (bx - ax);
          lo = Math.min(lo, x); hi = Math.max(hi, x);
        }
      }
    }
    if (lo > hi) continue;
    for (let x = Math.max(0, Math.ceil(lo - 1e-9)); x <= Math.min(w - 1, Math.floor(hi + 1e-9)); x++) out.data[y * w + x] = 1;
  }
  return out;
}

/** Andrew's monotone chain; input and output flat [x0, y0, x1, y1, ...], output counter-clockwise. */
function monotoneChain(flat: number[]): number[] {
  const n = flat.length / 2;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => flat[a * 2] - flat[b * 2] || flat[a * 2 + 1] - flat[b * 2 + 1]);
  if (n < 3) return order.flatMap((i) => [flat[i * 2], flat[i * 2 + 1]]);
  const cross = (o: number, a: number, b: number): number =>
    (flat[a * 2] - flat[o * 2]) * (flat[b * 2 + 1] - flat[o * 2 + 1]) - (flat[a * 2 + 1] - flat[o * 2 + 1]) * (flat[b * 2] - flat[o * 2]);
  const lower: number[] = [];
  for (const i of order) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], i) <= 0) lower.pop();
    lower.push(i);
  }
  const upper: number[] = [];
  for (let k = order.length - 1; k >= 0; k--) {
    const i = order[k];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], i) <= 0) upper.pop();
    upper.push(i);
  }
  lower.pop();
  upper.pop();
  return [...lower, ...upper].flatMap((i) => [flat[i * 2], flat[i * 2 + 1]]);
}
