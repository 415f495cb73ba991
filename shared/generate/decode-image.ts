/**
 * decodeImage / probeImage: image bytes to RGBA pixels at a working resolution, through sharp.
 *
 * This is the I/O edge of the generation engine (the rest works on typed arrays). `probeImage`
 * is cheap (magic bytes plus sharp's header read, no pixel decode), so the service can refuse
 * a non-image with a 400 before it creates a job; `decodeImage` runs in the worker.
 *
 * Notes:
 * - Huge images are shrunk by sharp while decoding (JPEG shrink-on-load), so an 8k photo never
 *   becomes a 256 MB RGBA buffer in JS. Tiny images are upscaled with a cubic kernel so the
 *   silhouette stays smooth (nearest-neighbour upscaling gave staircase silhouettes on 16 px art).
 * - SVG, PDF and other formats sharp could render are refused on purpose: only raster formats
 *   identified by their magic bytes are accepted, so the accepted set does not depend on how
 *   libvips was built.
 */
import sharp, { type Metadata } from 'sharp';
import { ImageFormatError } from './errors';
import type { RgbaImage } from './image';
import { memorySource, type ByteSource } from '../mesh/byte-source';
import { checkPngChunks } from './png-chunks';

export interface DecodeImageOptions {
  /** Images with more pixels are downscaled (aspect kept) to at most this many. Default 1,048,576 (1024²). */
  maxPixels?: number;
  /** Images whose longer side is shorter are upscaled to it. Default 256. */
  minLongSide?: number;
  /** Refuse inputs with more pixels than this before decoding. Default 100,000,000 (10k x 10k). */
  maxInputPixels?: number;
}

export const DECODE_DEFAULTS: Required<DecodeImageOptions> = {
  maxPixels: 1024 * 1024,
  minLongSide: 256,
  maxInputPixels: 100_000_000,
};

export interface ImageProbe {
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff' | 'avif';
  width: number;
  height: number;
  hasAlpha: boolean;
}

/** Recognise a raster format from its first bytes; null when unknown. */
export function sniffImageFormat(data: Uint8Array): ImageProbe['format'] | null {
  const b = data;
  const ascii = (start: number, s: string): boolean => {
    if (b.length < start + s.length) return false;
    for (let i = 0; i < s.length; i++) if (b[start + i] !== s.charCodeAt(i)) return false;
    return true;
  };
  if (b.length >= 8 && b[0] === 0x89 && ascii(1, 'PNG\r\n\x1a\n')) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'gif';
  if (ascii(0, 'II*\0') || ascii(0, 'MM\0*')) return 'tiff';
  if (ascii(4, 'ftypavif') || ascii(4, 'ftypavis')) return 'avif';
  return null;
}

/**
 * Check that `input` is a readable raster image without decoding its pixels. A file on disk (a
 * ByteSource with a path) is read only in part: its first bytes, a PNG's chunk headers, and the
 * header that sharp reads itself.
 * @throws ImageFormatError naming what is wrong.
 * @example const { width, height } = await probeImage(bytes);
 */
export async function probeImage(input: Uint8Array | ByteSource, options: DecodeImageOptions = {}): Promise<ImageProbe> {
  const src = input instanceof Uint8Array ? memorySource(input) : input;
  const maxInputPixels = options.maxInputPixels ?? DECODE_DEFAULTS.maxInputPixels;
  if (src.size === 0) throw new ImageFormatError('decode-image: the image is empty (0 bytes)');
  const head = src.read(0, 16);
  const format = sniffImageFormat(head);
  if (format === null) {
    throw new ImageFormatError(
      'decode-image: the bytes are not an image (expected PNG, JPEG, WebP, GIF, TIFF or AVIF; ' +
        `file starts with ${hexPrefix(head)})`,
    );
  }
  if (format === 'png') checkPngChunks(src);
  let meta: Metadata;
  try {
    meta = await sharp(src.path ?? src.read(0, src.size), { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new ImageFormatError(`decode-image: unreadable ${format.toUpperCase()} header (${errMessage(err)})`);
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < 1 || height < 1) throw new ImageFormatError(`decode-image: ${format} has no pixels (${width}x${height})`);
  if (width * height > maxInputPixels) {
    throw new ImageFormatError(
      `decode-image: ${width}x${height} is too large (${width * height} pixels, limit ${maxInputPixels})`,
    );
  }
  return { format, width, height, hasAlpha: meta.hasAlpha === true };
}

/**
 * Decode image bytes to RGBA at a working resolution (EXIF orientation applied, first frame of
 * animations, any colour space or bit depth converted to 8-bit sRGB).
 * @throws ImageFormatError when the bytes are not a readable image.
 * @example const image = await decodeImage(new Uint8Array(await readFile('cat.png')));
 */
export async function decodeImage(data: Uint8Array, options: DecodeImageOptions = {}): Promise<RgbaImage> {
  const opts = { ...DECODE_DEFAULTS, ...options };
  const probe = await probeImage(data, opts);
  // Orientation may swap the axes; the target size only depends on the pixel count and aspect.
  const target = workingSize(probe.width, probe.height, opts.maxPixels, opts.minLongSide);
  try {
    let pipeline = sharp(data, { limitInputPixels: opts.maxInputPixels, failOn: 'error' }).rotate();
    if (target.width !== probe.width || target.height !== probe.height) {
      const upscale = target.width > probe.width;
      // `fit: inside` with the larger side as bound keeps the aspect whatever the orientation.
      const side = Math.max(target.width, target.height);
      pipeline = pipeline.resize(side, side, { fit: 'inside', kernel: upscale ? 'cubic' : 'lanczos3' });
    }
    const { data: raw, info } = await pipeline
      .toColourspace('srgb')
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) throw new Error(`expected 4 channels, got ${info.channels}`);
    return {
      width: info.width,
      height: info.height,
      data: new Uint8ClampedArray(raw.buffer, raw.byteOffset, raw.byteLength),
    };
  } catch (err) {
    throw new ImageFormatError(`decode-image: cannot decode ${probe.format} (${errMessage(err)})`);
  }
}

/** The working size for an image: at most `maxPixels`, longer side at least `minLongSide`. */
export function workingSize(width: number, height: number, maxPixels: number, minLongSide: number) {
  let scale = 1;
  if (width * height > maxPixels) scale = Math.sqrt(maxPixels / (width * height));
  else if (Math.max(width, height) < minLongSide) scale = minLongSide / Math.max(width, height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

function hexPrefix(data: Uint8Array): string {
  return Array.from(data.subarray(0, 8), (v) => v.toString(16).padStart(2, '0')).join(' ');
}

function errMessage(err: unknown): string {
  return err instanceof Error ? err.message.split('\n')[0] : String(err);
}
