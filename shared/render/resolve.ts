/**
 * Resolve: box-filters the supersampled linear buffer down to the output size, composites over
 * the background and encodes to 8-bit sRGB with straight alpha. Averaging happens in linear,
 * premultiplied space so edges blend like real coverage instead of darkening.
 */
import { SRGB_TO_LINEAR, linearToSrgb8 } from './color';
import type { Background, RenderedImage } from './types';

export function resolveSamples(
  color: Float32Array, sampleWidth: number, ss: number, width: number, height: number, background: Background,
): RenderedImage {
  const data = new Uint8ClampedArray(width * height * 4);
  const inv = 1 / (ss * ss);
  const opaqueBg = background !== 'transparent';
  const bgA = opaqueBg ? background[3] / 255 : 0;
  const bgR = opaqueBg ? SRGB_TO_LINEAR[Math.round(background[0]) & 255] * bgA : 0;
  const bgG = opaqueBg ? SRGB_TO_LINEAR[Math.round(background[1]) & 255] * bgA : 0;
  const bgB = opaqueBg ? SRGB_TO_LINEAR[Math.round(background[2]) & 255] * bgA : 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < ss; sy++) {
        let s = ((y * ss + sy) * sampleWidth + x * ss) * 4;
        for (let sx = 0; sx < ss; sx++, s += 4) {
          r += color[s]; g += color[s + 1]; b += color[s + 2]; a += color[s + 3];
        }
      }
      r *= inv; g *= inv; b *= inv; a *= inv;
      // Premultiplied "over" the background.
      r += bgR * (1 - a); g += bgG * (1 - a); b += bgB * (1 - a);
      const outA = a + bgA * (1 - a);
      const o = (y * width + x) * 4;
      if (outA > 0) {
        data[o] = linearToSrgb8(r / outA);
        data[o + 1] = linearToSrgb8(g / outA);
        data[o + 2] = linearToSrgb8(b / outA);
      }
      data[o + 3] = Math.round(outA * 255);
    }
  }
  return { width, height, data };
}
