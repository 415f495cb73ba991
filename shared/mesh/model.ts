/**
 * The internal scene model: what every reader produces and every writer consumes.
 *
 * Conventions (all readers convert to them, all writers convert from them):
 * - Y up, metres, a character faces +Z (glTF's convention).
 * - Positions are in model space: node transforms are already applied, so parts can be merged.
 * - Arrays are flat typed arrays: xyz per vertex, uv per vertex, rgba per vertex, 3 indices per triangle.
 * - Skin data, when present, is per part: 4 joint indices (into `skeleton`) and 4 weights per vertex.
 */
import type { Skeleton } from '../rig/skeleton';
import type { Clip } from '../anim/clip';

export interface TextureImage {
  name: string;
  /** `image/png`, `image/jpeg` or `image/webp`. */
  mimeType: string;
  data: Uint8Array;
}

export interface Material {
  name: string;
  /** Linear RGBA. */
  baseColorFactor: [number, number, number, number];
  /** Index into `SceneModel.textures`, or null. */
  baseColorTexture: number | null;
  metallicFactor: number;
  roughnessFactor: number;
  emissiveFactor: [number, number, number];
  alphaMode: 'OPAQUE' | 'MASK' | 'BLEND';
  alphaCutoff: number;
  doubleSided: boolean;
}

export interface MeshPart {
  name: string;
  positions: Float32Array;
  normals: Float32Array | null;
  /** glTF convention: (0,0) is the top-left of the image. */
  uvs: Float32Array | null;
  /** Linear RGBA per vertex. */
  colors: Float32Array | null;
  indices: Uint32Array;
  /** Index into `SceneModel.materials`, or null for a default material. */
  material: number | null;
  /** 4 joint indices per vertex into `SceneModel.skeleton`, when skinned. */
  skinJoints: Uint16Array | null;
  /** 4 weights per vertex summing to 1, when skinned. */
  skinWeights: Float32Array | null;
}

export interface SceneModel {
  parts: MeshPart[];
  materials: Material[];
  textures: TextureImage[];
  skeleton: Skeleton | null;
  clips: Clip[];
  /** Free-form facts about the source: format, units, generator. */
  meta: Record<string, string | number | boolean>;
}

/** A material with glTF's defaults, for parts that have none. */
export function defaultMaterial(name = 'Default'): Material {
  return {
    name,
    baseColorFactor: [0.8, 0.8, 0.8, 1],
    baseColorTexture: null,
    metallicFactor: 0,
    roughnessFactor: 0.8,
    emissiveFactor: [0, 0, 0],
    alphaMode: 'OPAQUE',
    alphaCutoff: 0.5,
    doubleSided: false,
  };
}

export function emptyScene(): SceneModel {
  return { parts: [], materials: [], textures: [], skeleton: null, clips: [], meta: {} };
}
