/**
 * generateFromImageBytes: what the `generate_model` worker operation calls: decode the stored
 * image, run a generator (the built-in one unless another is given), return the result.
 */
import { decodeImage, type DecodeImageOptions } from './decode-image';
import type { GenerateContext, GenerateOptions, GenerateResult, ModelGenerator } from './engine';
import { SilhouetteInflationGenerator } from './silhouette-generator';

/**
 * @throws ImageFormatError when the bytes are not an image; GenerateError when no model can be made.
 * @example
 * const { model } = await generateFromImageBytes(bytes, { height_meters: 1.8 });
 * const glb = await writeGlb(model);
 */
export async function generateFromImageBytes(
  data: Uint8Array,
  options: GenerateOptions = {},
  generator: ModelGenerator = new SilhouetteInflationGenerator(),
  context: GenerateContext = {},
  decodeOptions: DecodeImageOptions = {},
): Promise<GenerateResult> {
  context.progress?.('decode', 0);
  const image = await decodeImage(data, decodeOptions);
  return generator.generate(image, options, context);
}
