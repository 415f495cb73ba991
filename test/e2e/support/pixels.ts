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
