import type { SceneModel } from './model';

/**
 * All parts of a scene as one triangle set, the form the engines work on.
 * `partOffsets[i]` is the first merged vertex of part i (length parts + 1), so per-vertex
 * results (skin weights) map back to every original part without loss.
 */
export interface TriangleSet {
  positions: Float32Array;
  indices: Uint32Array;
  partOffsets: Uint32Array;
}

export function mergeParts(model: SceneModel): TriangleSet {
  return mergeTriangles(model.parts);
}

/** Triangle lists (positions xyz, indices into them) as one set, in the given order. */
export function mergeTriangles(parts: readonly { positions: ArrayLike<number>; indices: ArrayLike<number> }[]): TriangleSet {
  let vertexCount = 0;
  let indexCount = 0;
  for (const part of parts) {
    vertexCount += part.positions.length / 3;
    indexCount += part.indices.length;
  }
  const positions = new Float32Array(vertexCount * 3);
  const indices = new Uint32Array(indexCount);
  const partOffsets = new Uint32Array(parts.length + 1);
  let v = 0;
  let i = 0;
  parts.forEach((part, p) => {
    partOffsets[p] = v;
    positions.set(part.positions, v * 3);
    for (let k = 0; k < part.indices.length; k++) indices[i + k] = part.indices[k] + v;
    v += part.positions.length / 3;
    i += part.indices.length;
  });
  partOffsets[parts.length] = v;
  return { positions, indices, partOffsets };
}
