/**
 * Decodes a model's texture images (PNG, JPEG, WebP) to RGBA through sharp, outside the pure
 * rasterizer. An image that cannot be decoded becomes null (the material's colour factor is used)
 * with a warning, because a broken texture should not cost a user the whole thumbnail.
 */
import sharp from 'sharp';
import type { SceneModel } from '../mesh/model';
import type { DecodedTexture } from './types';

/** Textures larger than this on either side are downscaled: thumbnails never need more. */
const MAX_SIDE = 1024;

export async function decodeTextures(
  model: Pick<SceneModel, 'textures'>, warn: (msg: string) => void = (m) => console.warn(m),
): Promise<(DecodedTexture | null)[]> {
  return Promise.all(model.textures.map(async (t, i) => {
    try {
      let img = sharp(t.data, { limitInputPixels: 8192 * 8192 });
      const meta = await img.metadata();
      if ((meta.width ?? 0) > MAX_SIDE || (meta.height ?? 0) > MAX_SIDE) {
        img = img.resize(MAX_SIDE, MAX_SIDE, { fit: 'inside' });
      }
      const { data, info } = await img.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      if (info.channels !== 4) throw new Error(`${info.channels} channels after ensureAlpha`);
      return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
    } catch (err) {
      warn(`decode-textures: texture ${i} "${t.name}" (${t.mimeType}) could not be decoded: ${(err as Error).message}`);
      return null;
    }
  }));
}
