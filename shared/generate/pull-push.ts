/**
 * pullPush: fill unknown samples of an RGB grid from known ones (a coverage-weighted mip pyramid,
 * then each level blended over the upsampled coarser one). O(samples), any fill distance.
 * Used for the texture's background texels and for the local background estimate.
 */

/**
 * @param col RGB per sample (3 floats), meaningful where `wt` > 0.
 * @param wt confidence per sample in [0, 1]; 1 keeps the sample, 0 fills it.
 * @returns filled RGB per sample.
 */
/** Fill low-coverage texels: colour = w·own + (1-w)·(upsampled coarser level). */
export function pullPush(col: Float32Array, wt: Float32Array, w: number, h: number): Float32Array {
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

