/**
 * encodePng: RGBA pixels to PNG bytes through sharp (the I/O edge; the engine core stays pure).
 */
import sharp from 'sharp';
import type { RgbaImage } from './image';

export async function encodePng(image: RgbaImage, options: { opaque?: boolean } = {}): Promise<Uint8Array> {
  let pipeline = sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  });
  if (options.opaque) pipeline = pipeline.removeAlpha();
  // Deterministic bytes: fixed compression settings, no metadata.
  const buf = await pipeline.png({ compressionLevel: 6, adaptiveFiltering: false, palette: false }).toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}
