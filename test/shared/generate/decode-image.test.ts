import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage, probeImage, workingSize } from '../../../shared/generate/decode-image';
import { ImageFormatError } from '../../../shared/generate/errors';
import { drawFigure, encode } from './support/synth-images';

describe('probeImage / decodeImage', () => {
  it('reads PNG with alpha and JPEG, reporting format and size without decoding', async () => {
    const { image } = drawFigure(120, 80);
    const png = await encode(image, 'png');
    expect(await probeImage(png)).toEqual({ format: 'png', width: 120, height: 80, hasAlpha: true });
    const jpeg = await encode(image, 'jpeg');
    expect(await probeImage(jpeg)).toMatchObject({ format: 'jpeg', width: 120, height: 80, hasAlpha: false });
    const webp = new Uint8Array(await sharp(Buffer.from(png)).webp().toBuffer());
    expect((await probeImage(webp)).format).toBe('webp');
  });

  it('decodes to RGBA at the working size, keeping the pixels of a small-enough image', async () => {
    const { image } = drawFigure(300, 200);
    const decoded = await decodeImage(await encode(image, 'png'));
    expect([decoded.width, decoded.height]).toEqual([300, 200]);
    expect(decoded.data.length).toBe(300 * 200 * 4);
    expect(Buffer.from(decoded.data).equals(Buffer.from(image.data))).toBe(true);
  });

  it('downscales large images to maxPixels and upscales tiny ones to minLongSide, keeping the aspect', async () => {
    expect(workingSize(8192, 4096, 1024 * 1024, 256)).toEqual({ width: 1448, height: 724 });
    expect(workingSize(16, 8, 1024 * 1024, 256)).toEqual({ width: 256, height: 128 });
    const big = new Uint8Array(await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#808080' } }).png().toBuffer());
    const d = await decodeImage(big, { maxPixels: 300_000 });
    expect(d.width * d.height).toBeLessThanOrEqual(300_000 * 1.01);
    expect(Math.abs(d.width / d.height - 3)).toBeLessThan(0.02);
    const tiny = await decodeImage(await encode(drawFigure(16, 8).image, 'png'));
    expect([tiny.width, tiny.height]).toEqual([256, 128]);
  });

  it('applies EXIF orientation, so a rotated phone photo comes out upright', async () => {
    // 60x40 landscape stored with orientation 6 (rotate 90° clockwise to display): shown 40x60.
    const raw = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#ff0000' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const d = await decodeImage(new Uint8Array(raw), { minLongSide: 1 });
    expect([d.width, d.height]).toEqual([40, 60]);
  });

  it('refuses bytes that are not an image with a clear ImageFormatError', async () => {
    const text = new TextEncoder().encode('{"this": "is json, not a picture"}');
    await expect(probeImage(text)).rejects.toThrow(ImageFormatError);
    await expect(probeImage(text)).rejects.toThrow(/not an image .*starts with 7b 22 74 68/);
    await expect(decodeImage(new Uint8Array(0))).rejects.toThrow(/empty \(0 bytes\)/);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(probeImage(svg)).rejects.toThrow(/not an image/);
  });

  it('refuses a truncated or corrupt image with ImageFormatError, not a crash', async () => {
    const png = await encode(drawFigure(200, 200).image, 'png');
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    await expect(decodeImage(truncated)).rejects.toThrow(ImageFormatError);
    const header = png.subarray(0, 12); // magic bytes and nothing else
    await expect(probeImage(header)).rejects.toThrow(/PNG is truncated: the file ends at byte 12 without an IEND chunk/);
  });

  it('probeImage finds a truncated PNG from its chunk headers (sharp reads only the header and would accept it)', async () => {
    const png = await encode(drawFigure(200, 200).image, 'png');
    await expect(probeImage(png)).resolves.toMatchObject({ format: 'png', width: 200 });
    await expect(probeImage(png.subarray(0, Math.floor(png.length / 2)))).rejects.toThrow(/PNG is truncated: chunk IDAT at byte \d+ needs \d+ bytes, the file has \d+/);
    await expect(probeImage(png.subarray(0, png.length - 12))).rejects.toThrow(/without an IEND chunk/); // cut exactly before IEND
  });

  it('refuses images over the input pixel limit before decoding them', async () => {
    const png = new Uint8Array(await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#000' } }).png().toBuffer());
    await expect(probeImage(png, { maxInputPixels: 1_000_000 })).rejects.toThrow(/too large \(4000000 pixels, limit 1000000\)/);
  });
});
