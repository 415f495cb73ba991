/**
 * Image to 3D model generation: public surface for the service, the worker and the harnesses.
 */
export { decodeImage, probeImage, sniffImageFormat, DECODE_DEFAULTS, type DecodeImageOptions, type ImageProbe } from './decode-image';
export { encodePng } from './encode-png';
export {
  GENERATE_DEFAULTS,
  GENERATE_OPTION_SPECS,
  GenerateOptionsError,
  resolveGenerateOptions,
  type FrontViewFrame,
  type GenerateContext,
  type GenerateOptions,
  type GenerateReport,
  type GenerateResult,
  type ModelGenerator,
  type ResolvedGenerateOptions,
} from './engine';
export { GenerateError, ImageFormatError } from './errors';
export { extractForeground, type ForegroundResult } from './extract-foreground';
export { maskIou, type Mask, type RgbaImage } from './image';
export { checkClosedManifold, type ManifoldReport } from './mesh-checks';
export { rasterizeFrontMask, renderFrontColor } from './rasterize-front';
export { SilhouetteInflationGenerator } from './silhouette-generator';
export { generateFromImageBytes } from './generate-from-bytes';
