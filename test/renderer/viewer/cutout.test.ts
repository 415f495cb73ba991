import { describe, expect, it } from 'vitest';
import { cutout } from '../../../renderer/viewer/cutout';

function image(w: number, h: number, paint: (x: number, y: number) => [number, number, number, number]) {
  const px = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) px.set(paint(x, y), (y * w + x) * 4);
  return px;
}

describe('cutout', () => {
  it('removes a plain background and keeps an enclosed area of the same colour', () => {
    // White background, a red ring (10..29) with a white hole inside (16..23).
    const w = 40;
    const src = image(w, w, (x, y) => {
      const inRing = x >= 10 && x < 30 && y >= 10 && y < 30;
      const inHole = x >= 16 && x < 24 && y >= 16 && y < 24;
      return inRing && !inHole ? [200, 30, 30, 255] : [250, 250, 250, 255];
    });
    const r = cutout(src, w, w);
    expect(r.background).toEqual([250, 250, 250]);
    expect(r.rgba[(0 * w + 0) * 4 + 3]).toBe(0);
    expect(r.rgba[(12 * w + 12) * 4 + 3]).toBe(255);
    expect(r.rgba[(20 * w + 20) * 4 + 3]).toBe(255); // enclosed white stays
    expect(r.coverage).toBeCloseTo(400 / 1600);
  });

  it('tolerates noise in the backdrop', () => {
    const w = 32;
    const src = image(w, w, (x, y) => (x > 8 && x < 24 && y > 8 && y < 24 ? [20, 60, 200, 255] : [240 - ((x * 7 + y * 3) % 20), 240, 235, 255]));
    expect(cutout(src, w, w).coverage).toBeCloseTo(225 / 1024, 2);
  });

  it('keeps the alpha of an image that already has a transparent border', () => {
    const src = image(8, 8, (x, y) => (x > 1 && x < 6 && y > 1 && y < 6 ? [9, 9, 9, 255] : [0, 0, 0, 0]));
    const r = cutout(src, 8, 8);
    expect(r.background).toBeNull();
    expect(r.coverage).toBe(16 / 64);
  });

  it('rejects a buffer that does not match the size', () => {
    expect(() => cutout(new Uint8ClampedArray(10), 4, 4)).toThrow(/cutout: 4x4/);
  });
});
