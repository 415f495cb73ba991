import { defaultMaterial, emptyScene, type SceneModel } from '../../shared/mesh/model';
import type { SyntheticCharacter } from '../../shared/rig/synthetic/characters';

/** A synthetic character (one merged triangle set with part offsets) as a SceneModel with its parts. */
export function sceneFromSynthetic(character: SyntheticCharacter): SceneModel {
  const scene = emptyScene();
  scene.materials.push(defaultMaterial('Skin'));
  const { positions, indices, partOffsets } = character.mesh;
  for (let p = 0; p < partOffsets.length - 1; p++) {
    const first = partOffsets[p];
    const end = partOffsets[p + 1];
    const local: number[] = [];
    for (let t = 0; t < indices.length; t += 3) {
      if (indices[t] >= first && indices[t] < end) local.push(indices[t] - first, indices[t + 1] - first, indices[t + 2] - first);
    }
    scene.parts.push({
      name: character.partNames[p] ?? `part_${p}`,
      positions: positions.slice(first * 3, end * 3),
      normals: null,
      uvs: null,
      colors: null,
      indices: Uint32Array.from(local),
      material: 0,
      skinJoints: null,
      skinWeights: null,
    });
  }
  return scene;
}
