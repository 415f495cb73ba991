/** Software renderer for thumbnails and front views (pure), plus sharp-based decode/encode helpers. */
export { renderThumbnail } from './render-thumbnail';
export { renderFrontView, type FrontView, type FrontViewOptions } from './render-front-view';
export { decodeTextures } from './decode-textures';
export { encodePng } from './encode-png';
export { contactSheet } from './contact-sheet';
export { computeBounds } from './camera';
export type { RenderedImage, DecodedTexture, ThumbnailOptions, Background } from './types';
