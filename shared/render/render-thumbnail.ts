import type { SceneModel } from '../mesh/model';
import { renderCore } from './render-core';
import { THUMBNAIL_DEFAULTS, type RenderedImage, type ThumbnailOptions } from './types';

/**
 * A shaded, anti-aliased, auto-framed thumbnail of a model, in software (no GPU).
 * Pure: textures must be decoded beforehand (`decodeTextures`) and passed in `options.textures`.
 *
 * @example
 * const textures = await decodeTextures(model);
 * const png = await encodePng(renderThumbnail(model, { textures, showBones: true }));
 */
export function renderThumbnail(model: SceneModel, options: ThumbnailOptions = {}): RenderedImage {
  const o = { ...THUMBNAIL_DEFAULTS, ...options };
  return renderCore(model, {
    width: o.width, height: o.height, supersample: o.supersample, margin: o.margin,
    view: o.view, perspective: true, background: o.background, showBones: o.showBones,
    pose: o.pose, textures: o.textures ?? [],
  }).image;
}
