/**
 * Small morphological helpers on binary masks: component filtering, hole filling, resampling.
 * Pure functions on typed arrays.
 */
import { createMask, type Mask } from './image';

/**
 * Label 4-connected components of pixels equal to `value`.
 * Returns labels (0 = not `value`, 1..count) and each component's area (index = label).
 */
export function labelComponents(mask: Mask, value: 0 | 1): { labels: Int32Array; areas: number[]; touchesBorder: boolean[] } {
  const { width: w, height: h, data } = mask;
  const labels = new Int32Array(w * h);
  const stack = new Int32Array(w * h);
  const areas = [0];
  const touchesBorder = [false];
  let next = 0;
  for (let start = 0; start < w * h; start++) {
    if (data[start] !== value || labels[start] !== 0) continue;
    next++;
    let area = 0;
    let border = false;
    let top = 0;
    stack[top++] = start;
    labels[start] = next;
    while (top > 0) {
      const i = stack[--top];
      area++;
      const x = i % w;
      const y = (i - x) / w;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) border = true;
      if (x > 0 && data[i - 1] === value && labels[i - 1] === 0) { labels[i - 1] = next; stack[top++] = i - 1; }
      if (x < w - 1 && data[i + 1] === value && labels[i + 1] === 0) { labels[i + 1] = next; stack[top++] = i + 1; }
      if (y > 0 && data[i - w] === value && labels[i - w] === 0) { labels[i - w] = next; stack[top++] = i - w; }
      if (y < h - 1 && data[i + w] === value && labels[i + w] === 0) { labels[i + w] = next; stack[top++] = i + w; }
    }
    areas.push(area);
    touchesBorder.push(border);
  }
  return { labels, areas, touchesBorder };
}

/** Drop subject components smaller than `minArea` pixels (in place). */
export function removeSmallComponents(mask: Mask, minArea: number): void {
  const { labels, areas } = labelComponents(mask, 1);
  for (let i = 0; i < labels.length; i++) if (labels[i] !== 0 && areas[labels[i]] < minArea) mask.data[i] = 0;
}

/** Fill background regions not touching the border and smaller than `maxArea` pixels (in place). */
export function fillSmallHoles(mask: Mask, maxArea: number): void {
  const { labels, areas, touchesBorder } = labelComponents(mask, 0);
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i];
    if (l !== 0 && !touchesBorder[l] && areas[l] < maxArea) mask.data[i] = 1;
  }
}

/** Largest subject component area (0 when empty). */
export function largestComponentArea(mask: Mask): number {
  const { areas } = labelComponents(mask, 1);
  let best = 0;
  for (let i = 1; i < areas.length; i++) if (areas[i] > best) best = areas[i];
  return best;
}

/**
 * Resize a mask to another size by bilinear interpolation of the 0/1 values thresholded at 0.5,
 * which gives a smooth (not staircase) boundary when upscaling.
 */
export function resizeMask(mask: Mask, width: number, height: number): Mask {
  const out = createMask(width, height);
  const sx = mask.width / width;
  const sy = mask.height / height;
  const mw = mask.width;
  const mh = mask.height;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(mh - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(mh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(mw - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(mw - 1, x0 + 1);
      const tx = fx - x0;
      const top = mask.data[y0 * mw + x0] * (1 - tx) + mask.data[y0 * mw + x1] * tx;
      const bot = mask.data[y1 * mw + x0] * (1 - tx) + mask.data[y1 * mw + x1] * tx;
      out.data[y * width + x] = top * (1 - ty) + bot * ty >= 0.5 ? 1 : 0;
    }
  }
  return out;
}
