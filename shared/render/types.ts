/** Types shared by the software renderer's pure stages and its sharp-based I/O helpers. */

/** Straight (not premultiplied) RGBA, 8 bits per channel, sRGB-encoded, rows top to bottom. */
export interface RenderedImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** A decoded texture: straight RGBA, sRGB-encoded, rows top to bottom (glTF UV (0,0) = top-left). */
export interface DecodedTexture {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

export type Background = [number, number, number, number] | 'transparent';

export interface ThumbnailOptions {
  /** Output width in pixels (default 256). */
  width?: number;
  /** Output height in pixels (default 256). */
  height?: number;
  /** sRGB 0-255 RGBA, or 'transparent' (default). */
  background?: Background;
  /** Draw the skeleton (when the model has one) over the model as octahedral bones. */
  showBones?: boolean;
  /** 'three-quarter' (default): from front-right and above; 'front': straight down -Z, eye level. */
  view?: 'front' | 'three-quarter';
  /**
   * Posed local joint transforms, REST_STRIDE (10) floats per joint like `Skeleton.restLocal`;
   * skinned parts are deformed by linear blend skinning. Omitted: the rest pose.
   */
  pose?: Float32Array;
  /**
   * Decoded images, indexed like `SceneModel.textures` (from `decodeTextures`); a null or missing
   * entry falls back to the material's colour factor.
   */
  textures?: (DecodedTexture | null)[];
  /** Samples per pixel along each axis (default 3, so 9 samples per pixel). */
  supersample?: number;
  /** Fraction of the image left empty around the model on the longer axis (default 0.06). */
  margin?: number;
}

export const THUMBNAIL_DEFAULTS = {
  width: 256,
  height: 256,
  background: 'transparent' as Background,
  showBones: false,
  view: 'three-quarter' as 'front' | 'three-quarter',
  supersample: 3,
  margin: 0.06,
};
