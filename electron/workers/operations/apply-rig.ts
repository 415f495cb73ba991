import type { SceneModel } from '../../../shared/mesh/model';
import type { RigResult } from '../../../shared/rig/types';

/**
 * Puts a rig result onto the scene it was computed from: the rotated geometry (when rotation_y was
 * given), the new skeleton, and each part's slice of the merged per-vertex weights. Any skin or clips
 * the input already had are replaced, since they belong to a skeleton that is gone.
 */
export function applyRig(model: SceneModel, partOffsets: Uint32Array, rig: RigResult, rotationYDegrees: number): SceneModel {
  const a = (rotationYDegrees * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const parts = model.parts.map((part, p) => {
    const first = partOffsets[p];
    const count = partOffsets[p + 1] - first;
    const positions = rig.rotatedPositions ? rig.rotatedPositions.slice(first * 3, (first + count) * 3) : part.positions;
    let normals = part.normals;
    if (normals && rig.rotatedPositions) {
      // Same rotation about +Y as the engine applied to positions: x' = c x + s z, z' = -s x + c z.
      const rotated = new Float32Array(normals.length);
      for (let i = 0; i < normals.length; i += 3) {
        const x = normals[i];
        const z = normals[i + 2];
        rotated[i] = c * x + s * z;
        rotated[i + 1] = normals[i + 1];
        rotated[i + 2] = -s * x + c * z;
      }
      normals = rotated;
    }
    return {
      ...part,
      positions,
      normals,
      skinJoints: rig.joints.slice(first * 4, (first + count) * 4),
      skinWeights: rig.weights.slice(first * 4, (first + count) * 4),
    };
  });
  return { ...model, parts, skeleton: rig.skeleton, clips: [] };
}
