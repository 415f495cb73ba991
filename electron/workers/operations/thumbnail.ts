import type { SceneModel } from '../../../shared/mesh/model';
import { decodeTextures } from '../../../shared/render/decode-textures';
import { encodePng } from '../../../shared/render/encode-png';
import { renderThumbnail } from '../../../shared/render/render-thumbnail';
import type { OperationFile } from '../operation';

/** A shaded 512 px PNG of a job's model (with its bones when it has a skeleton) as the job's thumbnail. */
export async function thumbnailFile(model: SceneModel, baseName: string): Promise<OperationFile> {
  const textures = await decodeTextures(model);
  const image = renderThumbnail(model, { width: 512, height: 512, showBones: model.skeleton !== null, textures });
  return { role: 'thumbnail', filename: `${baseName}.png`, contentType: 'image/png', data: await encodePng(image) };
}
