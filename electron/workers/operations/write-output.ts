import type { SceneModel } from '../../../shared/mesh/model';
import { writeFbx } from '../../../shared/mesh/fbx/write-fbx';
import { writeGlb } from '../../../shared/mesh/write-glb';
import type { OperationFile } from '../operation';

/** The job's model file in the requested format. */
export async function writeOutputModel(model: SceneModel, format: 'glb' | 'fbx', baseName: string): Promise<OperationFile> {
  if (format === 'glb') {
    return { role: 'model', filename: `${baseName}.glb`, contentType: 'model/gltf-binary', data: await writeGlb(model) };
  }
  return { role: 'model', filename: `${baseName}.fbx`, contentType: 'application/octet-stream', data: writeFbx(model) };
}
