/**
 * bakeTexture: the base colour texture of a generated model: the image cropped to the subject,
 * with every non-subject texel filled from nearby subject colours (pull-push), so bilinear
 * filtering and the back/sides never show the background.
 *
 * Notes:
 * - The back uses the same planar projection as the front (a mirrored back, as seen from behind),
 *   which needs no second atlas island and keeps the contour vertices shared (watertight).
 * - Texture sides are powers of two (nearest to the crop size, at most texture_size rounded down
 *   to a power of two), which also makes the texture size independent of sub-pixel crop jitter.
 * - Pull-push (a mip pyramid of coverage-weighted colour, then blending each level over the
 *   upsampled coarser one) fills any amount of background in O(pixels), unlike iterative
 *   dilation whose cost grows with the distance to fill.
 */
import type { RgbaImage } from './image';
import { pullPush } from './pull-push';

export interface TextureCrop {
  /** Crop rectangle in image pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface BakedTexture {
  image: RgbaImage;
  crop: TextureCrop;
}

/**
 * @param weights per image pixel in [0, 1]: how much its colour can be trusted as subject colour.
 */
export function bakeTexture(image: RgbaImage, weights: Float32Array, bounds: TextureCrop, maxSize: number): BakedTexture {
  const x0 = Math.max(0, Math.floor(bounds.x));
  const y0 = Math.max(0, Math.floor(bounds.y));
  const x1 = Math.min(image.width, Math.ceil(bounds.x + bounds.width));
  const y1 = Math.min(image.height, Math.ceil(bounds.y + bounds.height));
  const cw = Math.max(1, x1 - x0);
  const ch = Math.max(1, y1 - y0);
  // Power-of-two sides (what mipmapping on older GPUs wants); UVs are normalised, so the
  // slight change of aspect costs nothing.
  const limit = floorPow2(maxSize);
  const tw = Math.min(limit, nearestPow2(cw));
  const th = Math.min(limit, nearestPow2(ch));

  // Level 0: coverage-weighted colour sums per texel (box filter over the crop).
  const col = new Float32Array(tw * th * 3);
  const wt = new Float32Array(tw * th);
  for (let ty = 0; ty < th; ty++) {
    const sy0 = y0 + Math.floor((ty * ch) / th);
    const sy1 = Math.max(sy0 + 1, y0 + Math.floor(((ty + 1) * ch) / th));
    for (let tx = 0; tx < tw; tx++) {
      const sx0 = x0 + Math.floor((tx * cw) / tw);
      const sx1 = Math.max(sx0 + 1, x0 + Math.floor(((tx + 1) * cw) / tw));
      let r = 0, g = 0, b = 0, sw = 0;
      for (let sy = sy0; sy < sy1; sy++) {
        for (let sx = sx0; sx < sx1; sx++) {
          const p = sy * image.width + sx;
          const a = weights[p];
          if (a <= 0) continue;
          r += a * image.data[p * 4]; g += a * image.data[p * 4 + 1]; b += a * image.data[p * 4 + 2]; sw += a;
        }
      }
      const t = ty * tw + tx;
      const area = (sy1 - sy0) * (sx1 - sx0);
      col[t * 3] = r; col[t * 3 + 1] = g; col[t * 3 + 2] = b;
      // A texel with a quarter of its area on the subject already trusts its own (subject-only) mean.
      wt[t] = Math.min(1, (4 * sw) / area);
      if (sw > 0) { col[t * 3] /= sw; col[t * 3 + 1] /= sw; col[t * 3 + 2] /= sw; }
    }
  }
  const filled = pullPush(col, wt, tw, th);
  const out = new Uint8ClampedArray(tw * th * 4);
  for (let t = 0; t < tw * th; t++) {
    out[t * 4] = filled[t * 3]; out[t * 4 + 1] = filled[t * 3 + 1]; out[t * 4 + 2] = filled[t * 3 + 2]; out[t * 4 + 3] = 255;
  }
  return { image: { width: tw, height: th, data: out }, crop: { x: x0, y: y0, width: cw, height: ch } };
}

function nearestPow2(v: number): number {
  return Math.max(4, 2 ** Math.round(Math.log2(Math.max(1, v))));
}

function floorPow2(v: number): number {
  return Math.max(4, 2 ** Math.floor(Math.log2(Math.max(1, v))));
}
