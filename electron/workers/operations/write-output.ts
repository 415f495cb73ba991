import type { SceneModel } from '../../../shared/mesh/model';
import { writeGlb } from '../../../shared/mesh/write-glb';
import { OperationError, type OperationFile } from '../operation';

/** The job's model file in the requested format. */
export async function writeOutputModel(model: SceneModel, format: 'glb' | 'fbx', baseName: string): Promise<OperationFile> {
  if (format === 'glb') {
    return { role: 'model', filename: `${baseName}.glb`, contentType: 'model/gltf-binary', data: await writeGlb(model) };
  }
  const fbx = await loadFbxWriter();
  if (!fbx) throw new OperationError('FBX output is not available in this build yet; submit again with output_format "glb".');
  return { role: 'model', filename: `${baseName}.fbx`, contentType: 'application/octet-stream', data: fbx(model) };
}

/** The binary FBX writer, when this build has it. */
async function loadFbxWriter(): Promise<((model: SceneModel) => Uint8Array) | null> {
  const specifier = '../../../shared/mesh/fbx/write-fbx';
  try {
    const mod = (await import(/* @vite-ignore */ specifier)) as { writeFbx?: (model: SceneModel) => Uint8Array };
    return mod.writeFbx ?? null;
  } catch {
    return null;
  }
}
