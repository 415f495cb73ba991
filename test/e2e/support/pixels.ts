/** Pixel comparisons of canvas screenshots (PNG decoded by sharp), for "the 3D view is not blank". */
import sharp from 'sharp';
import type { Locator } from 'playwright-core';

export interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

export async function grab(locator: Locator): Promise<Raw> {
  const png = await locator.screenshot({ animations: 'disabled' });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Fraction of pixels whose RGB differs by more than `threshold` (sum of channel differences). */
export function changedFraction(a: Raw, b: Raw, threshold = 48): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`pixels: sizes differ ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  let changed = 0;
  const n = a.width * a.height;
  for (let i = 0; i < n; i++) {
    const o = i * 3;
    if (Math.abs(a.data[o] - b.data[o]) + Math.abs(a.data[o + 1] - b.data[o + 1]) + Math.abs(a.data[o + 2] - b.data[o + 2]) > threshold) changed++;
  }
  return changed / n;
}

/**
 * Frames of a playing view, `gapMs` apart. One screenshot of a clip can catch the pose that is
 * closest to rest (a walk passes near it twice a cycle), so motion checks look at several.
 */
export async function grabFrames(locator: Locator, count: number, gapMs: number): Promise<Raw[]> {
  const frames: Raw[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0) await locator.page().waitForTimeout(gapMs);
    frames.push(await grab(locator));
  }
  return frames;
}

/** Largest change from `reference` over `frames`, and largest change between consecutive frames. */
export function motion(reference: Raw, frames: Raw[]): { fromReference: number; betweenFrames: number } {
  let fromReference = 0;
  let betweenFrames = 0;
  frames.forEach((f, i) => {
    fromReference = Math.max(fromReference, changedFraction(reference, f));
    if (i > 0) betweenFrames = Math.max(betweenFrames, changedFraction(frames[i - 1], f));
  });
  return { fromReference, betweenFrames };
}

/** Fraction of the pixels in `box` (x0, y0, x1, y1; clamped to the frame) whose RGB differs from `rgb` by more than `threshold`. */
export function unlikeInBox(frame: Raw, box: [number, number, number, number], rgb: [number, number, number], threshold = 48): number {
  const [x0, y0, x1, y1] = [Math.max(0, Math.round(box[0])), Math.max(0, Math.round(box[1])), Math.min(frame.width, Math.round(box[2])), Math.min(frame.height, Math.round(box[3]))];
  let unlike = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const o = (y * frame.width + x) * 3;
      if (Math.abs(frame.data[o] - rgb[0]) + Math.abs(frame.data[o + 1] - rgb[1]) + Math.abs(frame.data[o + 2] - rgb[2]) > threshold) unlike++;
    }
  return unlike / Math.max(1, (x1 - x0) * (y1 - y0));
}

/** The most frequent RGB of a frame (the backdrop, when the content covers less than half of it). */
export function dominantColour(frame: Raw): [number, number, number] {
  const counts = new Map<number, number>();
  let best = 0;
  let bestCount = 0;
  for (let o = 0; o < frame.data.length; o += 3) {
    const key = (frame.data[o] << 16) | (frame.data[o + 1] << 8) | frame.data[o + 2];
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (n > bestCount) [best, bestCount] = [key, n];
  }
  return [best >> 16, (best >> 8) & 255, best & 255];
}
