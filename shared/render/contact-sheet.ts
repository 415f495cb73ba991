import type { RenderedImage } from './types';

/**
 * Tiles images into a grid over an opaque background (transparent pixels show it), for looking
 * at many thumbnails at once. All tiles are placed at `cell` x `cell`, top-left aligned.
 */
export function contactSheet(
  images: RenderedImage[], columns: number, cell: number,
  background: [number, number, number] = [236, 236, 240], gap = 4,
): RenderedImage {
  const rows = Math.max(1, Math.ceil(images.length / columns));
  const width = columns * (cell + gap) + gap, height = rows * (cell + gap) + gap;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data[i * 4] = background[0]; data[i * 4 + 1] = background[1]; data[i * 4 + 2] = background[2]; data[i * 4 + 3] = 255;
  }
  images.forEach((img, k) => {
    const ox = gap + (k % columns) * (cell + gap), oy = gap + Math.floor(k / columns) * (cell + gap);
    for (let y = 0; y < Math.min(cell, img.height); y++) {
      for (let x = 0; x < Math.min(cell, img.width); x++) {
        const s = (y * img.width + x) * 4, d = ((oy + y) * width + ox + x) * 4;
        const a = img.data[s + 3] / 255;
        for (let c = 0; c < 3; c++) data[d + c] = img.data[s + c] * a + data[d + c] * (1 - a);
      }
    }
  });
  return { width, height, data };
}
