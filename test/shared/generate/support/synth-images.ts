/**
 * Test images made by our own code: a figurine-like subject (head, body, arms, legs, a few
 * colours, anti-aliased edges) over several backgrounds, with its true mask.
 */
import sharp from 'sharp';
import type { Mask, RgbaImage } from '../../../../shared/generate/image';

export type Background = 'alpha' | 'white' | 'colored' | 'noisy';

interface Ellipse { cx: number; cy: number; rx: number; ry: number; color: [number, number, number] }

/** Subject shapes in unit coordinates (0..1 of the image's shorter side, centred). */
const FIGURE: Ellipse[] = [
  { cx: 0.5, cy: 0.22, rx: 0.11, ry: 0.12, color: [235, 190, 150] }, // head
  { cx: 0.5, cy: 0.5, rx: 0.17, ry: 0.22, color: [200, 40, 40] }, // body
  { cx: 0.3, cy: 0.45, rx: 0.06, ry: 0.17, color: [200, 40, 40] }, // left arm
  { cx: 0.7, cy: 0.45, rx: 0.06, ry: 0.17, color: [200, 40, 40] }, // right arm
  { cx: 0.42, cy: 0.77, rx: 0.07, ry: 0.15, color: [40, 60, 170] }, // left leg
  { cx: 0.58, cy: 0.77, rx: 0.07, ry: 0.15, color: [40, 60, 170] }, // right leg
];

/** Deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Subject coverage per pixel (4x4 supersampled) and colour. */
export function drawFigure(width: number, height: number): { image: RgbaImage; coverage: Float32Array; mask: Mask } {
  const s = Math.min(width, height);
  const ox = (width - s) / 2;
  const oy = (height - s) / 2;
  const data = new Uint8ClampedArray(width * height * 4);
  const coverage = new Float32Array(width * height);
  const mask: Mask = { width, height, data: new Uint8Array(width * height) };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let hits = 0;
      let r = 0, g = 0, b = 0;
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          const u = (x + (sx + 0.5) / 4 - ox) / s;
          const v = (y + (sy + 0.5) / 4 - oy) / s;
          // Last matching ellipse wins (legs over body, head on top).
          let col: [number, number, number] | null = null;
          for (const e of FIGURE) {
            const dx = (u - e.cx) / e.rx, dy = (v - e.cy) / e.ry;
            if (dx * dx + dy * dy <= 1) col = e.color;
          }
          if (col) {
            hits++;
            // A simple stripe pattern so the texture has detail.
            const stripe = Math.floor(v * 40) % 2 === 0 ? 1 : 0.85;
            r += col[0] * stripe; g += col[1] * stripe; b += col[2] * stripe;
          }
        }
      }
      const i = y * width + x;
      coverage[i] = hits / 16;
      mask.data[i] = hits >= 8 ? 1 : 0;
      if (hits > 0) { data[i * 4] = r / hits; data[i * 4 + 1] = g / hits; data[i * 4 + 2] = b / hits; }
      data[i * 4 + 3] = Math.round((255 * hits) / 16);
    }
  }
  return { image: { width, height, data }, coverage, mask };
}

/** The figure over a background; 'alpha' keeps transparency. */
export function figureOn(background: Background, width: number, height: number, seed = 1): { image: RgbaImage; mask: Mask } {
  const { image, coverage, mask } = drawFigure(width, height);
  if (background === 'alpha') return { image, mask };
  const bg = backgroundImage(background, width, height, seed);
  const out = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const a = coverage[i];
    for (let c = 0; c < 3; c++) out[i * 4 + c] = a * image.data[i * 4 + c] + (1 - a) * bg.data[i * 4 + c];
    out[i * 4 + 3] = 255;
  }
  return { image: { width, height, data: out }, mask };
}

export function backgroundImage(kind: Exclude<Background, 'alpha'>, width: number, height: number, seed = 1): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  const rnd = prng(seed);
  // Low-frequency blobs for the photo-like background.
  const blobs = Array.from({ length: 12 }, () => ({
    x: rnd() * width, y: rnd() * height, r: (0.1 + 0.25 * rnd()) * Math.max(width, height),
    c: [rnd() * 60 - 30, rnd() * 60 - 30, rnd() * 60 - 30],
  }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      let r: number, g: number, b: number;
      if (kind === 'white') { r = g = b = 255; }
      else if (kind === 'colored') { r = 40; g = 170; b = 120; }
      else {
        // Greenish-grey gradient like a wall or lawn, blotches and sensor noise.
        r = 110 + 40 * (x / width); g = 130 + 30 * (y / height); b = 100 + 20 * (x / width);
        for (const bl of blobs) {
          const d2 = ((x - bl.x) ** 2 + (y - bl.y) ** 2) / (bl.r * bl.r);
          const wgt = Math.exp(-d2 * 2);
          r += bl.c[0] * wgt; g += bl.c[1] * wgt; b += bl.c[2] * wgt;
        }
        r += (rnd() - 0.5) * 36; g += (rnd() - 0.5) * 36; b += (rnd() - 0.5) * 36;
      }
      data[i] = r; data[i + 1] = g; data[i + 2] = b; data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

export async function encode(image: RgbaImage, format: 'png' | 'jpeg'): Promise<Uint8Array> {
  const s = sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  });
  const buf = format === 'png' ? await s.png().toBuffer() : await s.removeAlpha().jpeg({ quality: 90 }).toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}
