import type { SceneModel } from '../mesh/model';
import { renderCore } from './render-core';
import type { Background, DecodedTexture, RenderedImage } from './types';

export interface FrontViewOptions {
  textures?: (DecodedTexture | null)[];
  /** Fraction of the image left free around the model (default 0.02). */
  margin?: number;
  /** Samples per pixel per axis (default 3). */
  supersample?: number;
  background?: Background;
}

export interface FrontView {
  /** Shaded colour render (transparent background unless told otherwise). */
  image: RenderedImage;
  /** Coverage per pixel, 0-255 (the model's silhouette), size x size. */
  mask: Uint8Array;
  /**
   * How model space maps to pixels: px = (x - centerX) * pixelsPerMetre + size / 2,
   * py = size / 2 - (y - centerY) * pixelsPerMetre (orthographic, looking down -Z).
   */
  framing: { centerX: number; centerY: number; pixelsPerMetre: number };
}

/**
 * Orthographic front view (camera on +Z looking down -Z, the way characters and props face),
 * fitted to the model's extents, for comparing a model with a front image.
 */
export function renderFrontView(model: SceneModel, size: number, options: FrontViewOptions = {}): FrontView {
  const { image, camera } = renderCore(model, {
    width: size, height: size, supersample: options.supersample ?? 3, margin: options.margin ?? 0.02,
    view: 'front', perspective: false, background: 'transparent', showBones: false,
    textures: options.textures ?? [],
  });
  const mask = new Uint8Array(size * size);
  for (let i = 0; i < mask.length; i++) mask[i] = image.data[i * 4 + 3];
  const ss = options.supersample ?? 3;
  // Camera right is +X and up is +Y for the front view; sample scale / supersample = pixel scale.
  const pixelsPerMetre = camera.scale / ss;
  const framing = { centerX: camera.cx + camera.eye[0], centerY: camera.cy + camera.eye[1], pixelsPerMetre };
  if (options.background && options.background !== 'transparent') {
    const bg = options.background;
    const a = bg[3] / 255;
    const out = new Uint8ClampedArray(image.data.length);
    for (let i = 0; i < mask.length; i++) {
      const fa = image.data[i * 4 + 3] / 255;
      const oa = fa + a * (1 - fa);
      for (let c = 0; c < 3; c++) {
        out[i * 4 + c] = oa > 0 ? (image.data[i * 4 + c] * fa + bg[c] * a * (1 - fa)) / oa : 0;
      }
      out[i * 4 + 3] = oa * 255;
    }
    return { image: { width: size, height: size, data: out }, mask, framing };
  }
  return { image, mask, framing };
}
