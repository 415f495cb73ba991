/**
 * Plain image and mask containers shared by the generation engine. Row-major, top-left origin.
 */

/** 8-bit RGBA pixels, 4 bytes per pixel, not premultiplied. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** One byte per pixel: 1 = subject, 0 = background. */
export interface Mask {
  width: number;
  height: number;
  data: Uint8Array;
}

export function createMask(width: number, height: number): Mask {
  return { width, height, data: new Uint8Array(width * height) };
}

export function maskArea(mask: Mask): number {
  let n = 0;
  const d = mask.data;
  for (let i = 0; i < d.length; i++) n += d[i];
  return n;
}

/** Intersection over union of two masks of the same size. */
export function maskIou(a: Mask, b: Mask): number {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`mask-iou: size mismatch ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  }
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.data.length; i++) {
    const x = a.data[i];
    const y = b.data[i];
    inter += x & y;
    union += x | y;
  }
  return union === 0 ? 1 : inter / union;
}
