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
