import { describe, expect, it } from 'vitest';
import { GENERATE_DEFAULTS, GENERATE_OPTION_SPECS, GenerateOptionsError, resolveGenerateOptions } from '../../../shared/generate/engine';
import { maskIou } from '../../../shared/generate/image';
import { SilhouetteInflationGenerator } from '../../../shared/generate/silhouette-generator';
import { rasterizeFrontMask } from '../../../shared/generate/rasterize-front';
import { expectGoodModel } from './support/assertions';
import { figureOn } from './support/synth-images';

describe('generate options', () => {
  it('fills defaults and keeps valid values', () => {
    expect(resolveGenerateOptions({})).toEqual(GENERATE_DEFAULTS);
    for (const [k, spec] of Object.entries(GENERATE_OPTION_SPECS)) expect(GENERATE_DEFAULTS[k as keyof typeof GENERATE_DEFAULTS]).toBe(spec.default);
    expect(resolveGenerateOptions({ height_meters: 1.8, symmetry: 'auto', unknown_field: 3 })).toMatchObject({ height_meters: 1.8, symmetry: 'auto' });
  });

  it('names the field and its range when a value is invalid', () => {
    const bad: [string, unknown, RegExp][] = [
      ['triangle_budget', 10, /triangle_budget must be an integer from 1000 to 500000/],
      ['triangle_budget', 5000.5, /integer/],
      ['height_meters', -1, /height_meters must be a number from 0.01 to 100/],
      ['height_meters', '2', /height_meters/],
      ['depth_scale', Number.NaN, /depth_scale/],
      ['symmetry', 'yes', /symmetry must be one of off, on, auto/],
    ];
    for (const [field, value, message] of bad) {
      let error: unknown;
      try { resolveGenerateOptions({ [field]: value }); } catch (e) { error = e; }
      expect(error).toBeInstanceOf(GenerateOptionsError);
      expect((error as GenerateOptionsError).field).toBe(field);
      expect((error as Error).message).toMatch(message);
    }
  });

  it('respects a small triangle budget, depth_scale and height_meters', async () => {
    const { image } = figureOn('alpha', 400, 400);
    const gen = new SilhouetteInflationGenerator();
    const small = await gen.generate(image, { triangle_budget: 2000, height_meters: 0.3 });
    expect(small.report.triangles).toBeLessThanOrEqual(2000);
    expect(small.report.triangles).toBeGreaterThan(1000);
    expect(expectGoodModel(small, small.mask!, 2000)).toBeGreaterThan(0.93);
    expect(small.report.height_meters).toBeCloseTo(0.3, 6);
    const flat = await gen.generate(image, { triangle_budget: 2000, height_meters: 0.3, depth_scale: 0.25 });
    expect(flat.report.depth_meters / small.report.depth_meters).toBeCloseTo(0.25, 2);
  });

  it('symmetry "on" makes the shape mirror-symmetric; "auto" leaves an asymmetric subject alone', async () => {
    const { image } = figureOn('alpha', 400, 400);
    // Make the subject asymmetric: erase the right arm.
    for (let y = 0; y < 400; y++) for (let x = 250; x < 400; x++) if (y > 110 && y < 260) image.data[(y * 400 + x) * 4 + 3] = 0;
    const gen = new SilhouetteInflationGenerator();
    const on = await gen.generate(image, { symmetry: 'on', triangle_budget: 10000 });
    const auto = await gen.generate(image, { symmetry: 'auto', triangle_budget: 10000 });
    expect(on.report.symmetric).toBe(true);
    expect(auto.report.symmetric).toBe(false);
    const mirrorIou = (r: typeof on) => {
      const p = r.model.parts[0].positions;
      const mirrored = new Float32Array(p);
      for (let i = 0; i < p.length; i += 3) mirrored[i] = -p[i];
      const f = r.report.frame;
      return maskIou(rasterizeFrontMask(p, r.model.parts[0].indices, f), rasterizeFrontMask(mirrored, r.model.parts[0].indices, f));
    };
    expect(mirrorIou(on)).toBeGreaterThan(0.99);
    expect(mirrorIou(auto)).toBeLessThan(0.95);
    expectGoodModel(on, on.mask!, 10000);
  });
});
