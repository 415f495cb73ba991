/**
 * readModel: any supported 3D file into the internal SceneModel plus a report of what was read.
 *
 * @example
 *   const { model, report } = await readModel(bytes, 'knight.glb', {
 *     resolveResource: (uri) => readFileSync(path.join(dir, uri)),
 *   });
 */
import { asMeshFormatError } from './errors';
import { probeModel } from './probe-model';
import { loadGltfDocument, type ResourceResolver } from './load-gltf';
import { sceneModelFromDocument } from './read-gltf';
import { readWithAssimp } from './read-assimp';
import { modelReport, type ModelReport } from './model-report';
import type { SceneModel } from './model';

export interface ReadOptions {
  /** Supplies companion files (external buffers, textures, MTL) by the URI the file uses. */
  resolveResource?: ResourceResolver;
}

export interface ReadResult {
  model: SceneModel;
  report: ModelReport;
}

export type { ModelReport, ResourceResolver };

export async function readModel(data: Uint8Array, filename: string | null, options: ReadOptions = {}): Promise<ReadResult> {
  const { format } = probeModel(data, filename); // also applies the face limit where headers tell the count
  const warnings: string[] = [];
  let model: SceneModel;
  try {
    if (format === 'glb' || format === 'gltf') {
      const { doc } = await loadGltfDocument(data, format, options.resolveResource, warnings);
      model = sceneModelFromDocument(doc, warnings);
    } else {
      model = await readWithAssimp(data, filename, format, options.resolveResource, warnings);
    }
  } catch (err) {
    throw asMeshFormatError(`read-${format}`, err);
  }
  model.meta.format = format;
  if (filename) model.meta.sourceName = filename.split(/[\\/]/).pop() ?? filename;
  return { model, report: modelReport(model, format, warnings) };
}
