/**
 * The generation engine's contract: what any image-to-3D generator implements.
 *
 * The service (POST /v1/models, the `generate_model` worker operation) only talks to a
 * `ModelGenerator`; the built-in one is `SilhouetteInflationGenerator`. A stronger generator (an
 * ONNX model the user places in the data folder, for example) implements the same interface and
 * is selected by the worker; the API, options and result shape do not change. See README.md.
 */
import type { SceneModel } from '../mesh/model';
import { GenerateError } from './errors';
import type { Mask, RgbaImage } from './image';

/** Request options, named as in the API (snake_case). All optional; see GENERATE_OPTION_SPECS. */
export interface GenerateOptions {
  /** Height of the model in metres (real-world scale). */
  height_meters?: number;
  /** Upper bound on the triangle count of the generated mesh. */
  triangle_budget?: number;
  /** Left/right symmetry: `off` keeps the silhouette, `on` mirrors it, `auto` mirrors nearly symmetric subjects. */
  symmetry?: 'off' | 'on' | 'auto';
  /** Depth multiplier: 1 inflates a disc into a sphere; lower is flatter. */
  depth_scale?: number;
  /** Longer side of the base colour texture in pixels (smaller when the subject is smaller). */
  texture_size?: number;
}

export type ResolvedGenerateOptions = Required<GenerateOptions>;

type NumberSpec = { type: 'number' | 'integer'; default: number; minimum: number; maximum: number; description: string };
type EnumSpec = { type: 'string'; default: string; enum: readonly string[]; description: string };

/** Option names, defaults and ranges: the single source for validation, docs and the OpenAPI schema. */
export const GENERATE_OPTION_SPECS: Record<keyof GenerateOptions, NumberSpec | EnumSpec> = {
  height_meters: { type: 'number', default: 1, minimum: 0.01, maximum: 100, description: 'Model height in metres; the base sits at y = 0.' },
  triangle_budget: { type: 'integer', default: 40000, minimum: 1000, maximum: 500000, description: 'Maximum triangle count.' },
  symmetry: { type: 'string', default: 'off', enum: ['off', 'on', 'auto'], description: 'Left/right symmetry of the shape.' },
  depth_scale: { type: 'number', default: 1, minimum: 0.05, maximum: 4, description: 'Thickness multiplier (1: round cross-sections).' },
  texture_size: { type: 'integer', default: 1024, minimum: 64, maximum: 4096, description: 'Maximum texture side in pixels.' },
};

export const GENERATE_DEFAULTS: ResolvedGenerateOptions = {
  height_meters: 1,
  triangle_budget: 40000,
  symmetry: 'off',
  depth_scale: 1,
  texture_size: 1024,
};

/** A bad option value; the service answers 400 naming the field. */
export class GenerateOptionsError extends GenerateError {
  override name = 'GenerateOptionsError';
  constructor(readonly field: string, message: string) {
    super(message);
  }
}

/**
 * Validate request options (unknown keys are ignored) and fill in defaults.
 * @throws GenerateOptionsError naming the field and its allowed range.
 * @example resolveGenerateOptions({ height_meters: 1.8, symmetry: 'auto' })
 */
export function resolveGenerateOptions(input: Record<string, unknown> | GenerateOptions = {}): ResolvedGenerateOptions {
  const src = input as Record<string, unknown>;
  const out: Record<string, unknown> = { ...GENERATE_DEFAULTS };
  for (const [key, spec] of Object.entries(GENERATE_OPTION_SPECS)) {
    const value = src[key];
    if (value === undefined || value === null) continue;
    if (spec.type === 'string') {
      if (typeof value !== 'string' || !spec.enum.includes(value)) {
        throw new GenerateOptionsError(key, `generate: ${key} must be one of ${spec.enum.join(', ')}`);
      }
    } else {
      const ok = typeof value === 'number' && Number.isFinite(value) && (spec.type === 'number' || Number.isInteger(value));
      if (!ok || (value as number) < spec.minimum || (value as number) > spec.maximum) {
        throw new GenerateOptionsError(
          key,
          `generate: ${key} must be ${spec.type === 'integer' ? 'an integer' : 'a number'} from ${spec.minimum} to ${spec.maximum}`,
        );
      }
    }
    out[key] = value;
  }
  return out as unknown as ResolvedGenerateOptions;
}

/**
 * Where the model sits in the working image seen from the front (orthographic, from +Z):
 * pixel x = origin_x + X · pixels_per_meter, pixel y = origin_y - Y · pixels_per_meter.
 * Used to compare the model's front view with the subject mask.
 */
export interface FrontViewFrame {
  width: number;
  height: number;
  pixels_per_meter: number;
  origin_x: number;
  origin_y: number;
}

export interface GenerateReport {
  /** Which generator made the model (e.g. `silhouette-inflation`). */
  generator: string;
  /** Where the subject mask came from: the alpha channel or background separation. */
  foreground: 'alpha' | 'background';
  /** Fraction of the image covered by the subject. */
  coverage: number;
  symmetric: boolean;
  triangles: number;
  vertices: number;
  width_meters: number;
  height_meters: number;
  depth_meters: number;
  texture_width: number;
  texture_height: number;
  frame: FrontViewFrame;
  timings_ms: Record<string, number>;
}

export interface GenerateResult {
  /** One textured part, Y up, metres, facing +Z, origin at the centre of the base. */
  model: SceneModel;
  report: GenerateReport;
  /** The subject mask the model was made from, at the working image's resolution. */
  mask?: Mask;
}

/** Optional hooks a caller (the worker) passes in. */
export interface GenerateContext {
  /** Internal stage and overall progress in [0, 1]. */
  progress?(stage: string, fraction: number): void;
}

/**
 * An image-to-3D generator. Implementations must be deterministic for the same input and
 * options, throw `GenerateError` with a message for a person when no model can be made, and
 * return a closed mesh facing +Z with its base at y = 0 scaled to `height_meters`.
 */
export interface ModelGenerator {
  readonly id: string;
  generate(image: RgbaImage, options: GenerateOptions, context?: GenerateContext): Promise<GenerateResult>;
}
