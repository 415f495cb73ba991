/**
 * sRGB <-> linear conversions through lookup tables: the shading pass runs per sample, and
 * Math.pow per channel per sample costs more than the whole rasterisation.
 */

/** 8-bit sRGB value -> linear [0, 1]. */
export const SRGB_TO_LINEAR = new Float32Array(256);
for (let i = 0; i < 256; i++) {
  const c = i / 255;
  SRGB_TO_LINEAR[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
}

const LINEAR_STEPS = 4096;
const LINEAR_TO_SRGB8 = new Uint8Array(LINEAR_STEPS + 1);
for (let i = 0; i <= LINEAR_STEPS; i++) {
  const c = i / LINEAR_STEPS;
  const s = c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055;
  LINEAR_TO_SRGB8[i] = Math.round(Math.min(1, Math.max(0, s)) * 255);
}

/** Linear [0, 1] (clamped) -> 8-bit sRGB. */
export function linearToSrgb8(c: number): number {
  if (!(c > 0)) return 0;
  if (c >= 1) return 255;
  return LINEAR_TO_SRGB8[(c * LINEAR_STEPS + 0.5) | 0];
}
