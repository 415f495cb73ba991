/**
 * The built-in generator end to end on images made by our own code: alpha, white, coloured and
 * noisy photo-like backgrounds, a 16 px and an 8k image, an empty image.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '../../../shared/generate/decode-image';
import { GenerateError } from '../../../shared/generate/errors';
import { generateFromImageBytes } from '../../../shared/generate/generate-from-bytes';
import { maskIou } from '../../../shared/generate/image';
import { resizeMask } from '../../../shared/generate/mask-ops';
import { SilhouetteInflationGenerator } from '../../../shared/generate/silhouette-generator';
import { expectGoodModel } from './support/assertions';
import { backgroundImage, drawFigure, encode, figureOn, type Background } from './support/synth-images';

describe('generate: subject on different backgrounds', () => {
  const cases: { bg: Background; format: 'png' | 'jpeg'; source: string }[] = [
    { bg: 'alpha', format: 'png', source: 'alpha' },
    { bg: 'white', format: 'png', source: 'background' },
    { bg: 'colored', format: 'jpeg', source: 'background' },
    { bg: 'noisy', format: 'jpeg', source: 'background' },
  ];
  for (const { bg, format, source } of cases) {
    it(`${bg} background (${format}): mask matches the subject, front view matches the mask, watertight`, async () => {
      const { image, mask: truth } = figureOn(bg, 512, 512, 7);
      const result = await generateFromImageBytes(await encode(image, format), { height_meters: 1.8 });
      expect(result.report.foreground).toBe(source);
      expect(result.mask!.width).toBe(512);
      const maskIouTruth = maskIou(result.mask!, truth);
      expect(maskIouTruth, 'extracted mask vs true subject').toBeGreaterThan(bg === 'alpha' ? 0.995 : 0.97);
      const frontIou = expectGoodModel(result, result.mask!);
      expect(frontIou, 'front view vs mask').toBeGreaterThan(0.97);
      expect(result.report.height_meters).toBeCloseTo(1.8, 6);
      // The texture carries the subject's colours, not the background: the red body shows.
      const tex = await sharp(result.model.textures[0].data).raw().toBuffer({ resolveWithObject: true });
      expect(tex.info.channels).toBe(3);
      let red = 0;
      for (let i = 0; i < tex.data.length; i += 3) if (tex.data[i] > 150 && tex.data[i + 1] < 80) red++;
      expect(red / (tex.data.length / 3)).toBeGreaterThan(0.2);
    });
  }

  it('is deterministic: same bytes in, same mesh and texture out', async () => {
    const { image } = figureOn('noisy', 384, 384, 3);
    const bytes = await encode(image, 'png');
    const a = await generateFromImageBytes(bytes, { triangle_budget: 8000 });
    const b = await generateFromImageBytes(bytes, { triangle_budget: 8000 });
    expect(Buffer.from(a.model.parts[0].positions.buffer).equals(Buffer.from(b.model.parts[0].positions.buffer))).toBe(true);
    expect(Buffer.from(a.model.parts[0].indices.buffer).equals(Buffer.from(b.model.parts[0].indices.buffer))).toBe(true);
    expect(Buffer.from(a.model.textures[0].data).equals(Buffer.from(b.model.textures[0].data))).toBe(true);
  });
});

describe('generate: extreme sizes', () => {
  it('a 16 px image is upscaled to a working size and still gives a clean model', async () => {
    const { image } = drawFigure(16, 16);
    const bytes = await encode(image, 'png');
    const decoded = await decodeImage(bytes);
    expect(Math.max(decoded.width, decoded.height)).toBe(256);
    const result = await new SilhouetteInflationGenerator().generate(decoded, {});
    expect(result.report.foreground).toBe('alpha');
    expect(expectGoodModel(result, result.mask!)).toBeGreaterThan(0.97);
    // The upscaled silhouette still looks like the figure drawn at 256 px.
    const reference = drawFigure(256, 256).mask;
    expect(maskIou(result.mask!, reference)).toBeGreaterThan(0.85);
  });

  it('an 8k image is downscaled while decoding and gives the same subject', async () => {
    const { image, mask } = figureOn('white', 1024, 1024, 5);
    const raw = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    const huge = await sharp(raw, { raw: { width: 1024, height: 1024, channels: 4 } })
      .resize(8192, 8192, { kernel: 'cubic' })
      .removeAlpha()
      .jpeg({ quality: 85 })
      .toBuffer();
    const meta = await sharp(huge).metadata();
    expect([meta.width, meta.height]).toEqual([8192, 8192]);
    const t0 = performance.now();
    const result = await generateFromImageBytes(new Uint8Array(huge), {});
    const seconds = (performance.now() - t0) / 1000;
    expect(result.mask!.width).toBe(1024);
    expect(maskIou(result.mask!, resizeMask(mask, 1024, 1024))).toBeGreaterThan(0.97);
    expect(expectGoodModel(result, result.mask!)).toBeGreaterThan(0.97);
    expect(seconds).toBeLessThan(20); // generous: the machine is shared
  });
});

describe('generate: subject cut by the image border (alpha)', () => {
  it('closes the mesh along the image edge', async () => {
    const { image } = drawFigure(300, 300);
    // Keep only the left 170 columns: the body and right arm are cut by the right edge.
    const w = 170;
    const data = new Uint8ClampedArray(w * 300 * 4);
    for (let y = 0; y < 300; y++) data.set(image.data.subarray(y * 300 * 4, (y * 300 + w) * 4), y * w * 4);
    const result = await new SilhouetteInflationGenerator().generate({ width: w, height: 300, data }, { triangle_budget: 10000 });
    expect(expectGoodModel(result, result.mask!, 10000)).toBeGreaterThan(0.97);
  });
});

describe('generate: no subject', () => {
  it('a plain white image fails with "no subject found"', async () => {
    const bytes = await encode(backgroundImage('white', 400, 300), 'png');
    await expect(generateFromImageBytes(bytes, {})).rejects.toThrow(GenerateError);
    await expect(generateFromImageBytes(bytes, {})).rejects.toThrow(/^no subject found/);
  });

  it('a noisy background alone fails with "no subject found"', async () => {
    const bytes = await encode(backgroundImage('noisy', 300, 300, 9), 'jpeg');
    await expect(generateFromImageBytes(bytes, {})).rejects.toThrow(/^no subject found/);
  });

  it('a fully transparent image fails with "no subject found"', async () => {
    const empty = { width: 64, height: 64, data: new Uint8ClampedArray(64 * 64 * 4) };
    await expect(generateFromImageBytes(await encode(empty, 'png'), {})).rejects.toThrow(/^no subject found: the image is fully transparent/);
  });
});
