import sharp from 'sharp';
import type { RenderedImage } from './types';

/** A rendered image as PNG bytes (RGBA, via sharp). */
export async function encodePng(image: RenderedImage): Promise<Uint8Array> {
  if (image.data.length !== image.width * image.height * 4) {
    throw new Error(`encode-png: ${image.data.length} bytes for ${image.width}x${image.height} RGBA`);
  }
  const buf = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: 4 },
  }).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
}
