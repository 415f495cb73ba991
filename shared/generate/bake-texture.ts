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
import type { Mask, RgbaImage } from './image';

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

/** Fill low-coverage texels: colour = w·own + (1-w)·(upsampled coarser level). */
function pullPush(col: Float32Array, wt: Float32Array, w: number, h: number): Float32Array {
  if (w === 1 && h === 1) return col;
  const cw = Math.max(1, Math.ceil(w / 2));
  const chh = Math.max(1, Math.ceil(h / 2));
  const ccol = new Float32Array(cw * chh * 3);
  const cwt = new Float32Array(cw * chh);
  for (let y = 0; y < chh; y++) {
    for (let x = 0; x < cw; x++) {
      let r = 0, g = 0, b = 0, s = 0, cnt = 0;
      for (let dy = 0; dy < 2; dy++) {
        for (let dx = 0; dx < 2; dx++) {
          const sx = 2 * x + dx, sy = 2 * y + dy;
          if (sx >= w || sy >= h) continue;
          const t = sy * w + sx;
          const a = wt[t];
          r += a * col[t * 3]; g += a * col[t * 3 + 1]; b += a * col[t * 3 + 2]; s += a; cnt++;
        }
      }
      const c = y * cw + x;
      if (s > 0) { ccol[c * 3] = r / s; ccol[c * 3 + 1] = g / s; ccol[c * 3 + 2] = b / s; }
      // Coverage saturates quickly so that a coarse texel with some subject counts as known.
      cwt[c] = Math.min(1, (2 * s) / cnt);
    }
  }
  const coarse = pullPush(ccol, cwt, cw, chh);
  const out = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    // Bilinear upsample of the coarse level at this texel's centre.
    const fy = Math.min(chh - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
    const yA = Math.floor(fy), yB = Math.min(chh - 1, yA + 1), ty = fy - yA;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(cw - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
      const xA = Math.floor(fx), xB = Math.min(cw - 1, xA + 1), tx = fx - xA;
      const t = y * w + x;
      const a = wt[t];
      for (let c = 0; c < 3; c++) {
        const up =
          (coarse[(yA * cw + xA) * 3 + c] * (1 - tx) + coarse[(yA * cw + xB) * 3 + c] * tx) * (1 - ty) +
          (coarse[(yB * cw + xA) * 3 + c] * (1 - tx) + coarse[(yB * cw + xB) * 3 + c] * tx) * ty;
        out[t * 3 + c] = a * col[t * 3 + c] + (1 - a) * up;
      }
    }
  }
  return out;
}

function nearestPow2(v: number): number {
  return Math.max(4, 2 ** Math.round(Math.log2(Math.max(1, v))));
}

function floorPow2(v: number): number {
  return Math.max(4, 2 ** Math.floor(Math.log2(Math.max(1, v))));
}
