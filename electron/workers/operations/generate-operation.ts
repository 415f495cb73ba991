/**
 * The `generate_model` operation: image bytes to a textured, closed GLB with a thumbnail and a
 * report, through the built-in generator (shared/generate). Runs in a job worker process.
 */
import { readFileSync } from 'node:fs';
import { generateFromImageBytes } from '../../../shared/generate/generate-from-bytes';
import { GenerateError, ImageFormatError } from '../../../shared/generate/errors';
import type { ResolvedGenerateOptions } from '../../../shared/generate/engine';
import { writeGlb } from '../../../shared/mesh/write-glb';
import { OperationError, type Operation } from '../operation';
import { thumbnailFile } from './thumbnail';

const run: Operation = async (input, ctx) => {
  const options = input.params as unknown as ResolvedGenerateOptions;
  let result;
  try {
    result = await generateFromImageBytes(new Uint8Array(readFileSync(input.inputPath!)), options, undefined, {
      progress: (stage, fraction) => ctx.progress(stage, 0.9 * fraction),
    });
  } catch (err) {
    if (err instanceof GenerateError || err instanceof ImageFormatError) throw new OperationError(err.message);
    throw err;
  }
  ctx.progress('writing', 0.92);
  const base = (input.inputName ?? 'image').replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '_') || 'image';
  return {
    files: [
      { role: 'model', filename: `${base}_model.glb`, contentType: 'model/gltf-binary', data: await writeGlb(result.model) },
      await thumbnailFile(result.model, `${base}_model`),
      { role: 'report', filename: `${base}_generation_report.json`, contentType: 'application/json', data: new TextEncoder().encode(JSON.stringify({ options, ...result.report }, null, 2)) },
    ],
  };
};
export default run;
