/**
 * readWithAssimp: FBX, OBJ(+MTL), STL, DAE and 3DS through assimp to GLB, then the glTF path.
 *
 * Companion files are gathered through the caller's resolver: an OBJ's `mtllib` files are
 * handed to assimp; texture images (MTL `map_Kd`, FBX/DAE file references) are not, because
 * assimp's glTF exporter only references them by URI; the glTF loader then resolves those URIs
 * (by full path or base name) through the same resolver.
 */
import { weld } from '@gltf-transform/functions';
import { convertWithAssimp, type AssimpFile } from './assimp-convert';
import type { MeshFormat } from './detect-format';
import { resolveUri, loadGltfDocument, type ResourceResolver } from './load-gltf';
import { sceneModelFromDocument } from './read-gltf';
import type { SceneModel } from './model';
import { returnTracksToRenamedBones } from './assimp-renamed-bones';
import { rebindDuplicateBoneNames } from './assimp-duplicate-bones';
import { fbxAxisChange } from './fbx/fbx-axes';
import type { Document } from '@gltf-transform/core';

function safeName(filename: string | null, format: MeshFormat): string {
  const base = (filename ?? '').split(/[\\/]/).pop()?.replace(/[^\w.\- ]/g, '_') ?? '';
  return base.toLowerCase().endsWith(`.${format}`) ? base : `model.${format}`;
}

async function objCompanions(data: Uint8Array, resolve: ResourceResolver | undefined, warnings: string[]): Promise<AssimpFile[]> {
  const text = new TextDecoder().decode(data);
  const files: AssimpFile[] = [];
  for (const m of text.matchAll(/^mtllib\s+(.+?)\s*$/gm)) {
    const name = m[1];
    const got = await resolveUri(name, resolve);
    if (got) files.push({ name: name.split(/[\\/]/).pop()!, data: got });
    else warnings.push(`material library "${name}" was not supplied with the OBJ; parts keep a default material`);
  }
  return files;
}

export async function readWithAssimp(
  data: Uint8Array,
  filename: string | null,
  format: MeshFormat,
  resolve: ResourceResolver | undefined,
  warnings: string[],
): Promise<SceneModel> {
  const files: AssimpFile[] = [{ name: safeName(filename, format), data }];
  if (format === 'obj') files.push(...(await objCompanions(data, resolve, warnings)));
  const glb = await convertWithAssimp(files);
  const { doc } = await loadGltfDocument(glb, 'glb', resolve, warnings);
  // assimp's FBX/OBJ/STL importers emit one vertex per face corner; weld them back (exact matches).
  await doc.transform(weld());
  let sameNamedBones = new Set<string>();
  // The repair reads the FBX itself; a file assimp reads but our FBX parser does not (another FBX version)
  // keeps assimp's binding, with a warning, rather than failing.
  if (format === 'fbx')
    try {
      sameNamedBones = rebindDuplicateBoneNames(doc, data).sameNamedBones;
    } catch (err) {
      warnings.push(`bones sharing a name across armatures were not checked: ${(err as Error).message}`);
    }
  if (format === 'fbx') turnFbxAxesToYUp(doc, data, warnings);
  const model = sceneModelFromDocument(doc, warnings);
  returnTracksToRenamedBones(model, sameNamedBones);
  model.meta.generator = `assimp (${format})`;
  if (format === 'stl') zUpToYUp(model);
  // FBX and Collada state their units and axes (assimp converts them); the others have none.
  model.meta.units = format === 'fbx' || format === 'dae' ? 'm' : 'unspecified (read as metres)';
  return model;
}

/**
 * assimp keeps an FBX's own axes; a file that states Z up (or any axes other than Y up, Z front) gets
 * a root node turning it to Y up, so meshes, skeleton and clips turn together (see fbx-axes.ts).
 */
function turnFbxAxesToYUp(doc: Document, data: Uint8Array, warnings: string[]): void {
  let turn: number[] | null;
  try {
    turn = fbxAxisChange(data);
  } catch (err) {
    warnings.push(`the FBX's axes were not applied, so it is read as Y up, Z front: ${(err as Error).message}`);
    return;
  }
  if (!turn) return;
  for (const scene of doc.getRoot().listScenes()) {
    const root = doc.createNode('fbx_axes_to_y_up').setMatrix(turn as Parameters<typeof root.setMatrix>[0]);
    for (const child of scene.listChildren()) {
      scene.removeChild(child);
      root.addChild(child);
    }
    scene.addChild(root);
  }
  warnings.push('the FBX states axes other than Y up; it was turned to Y up as its GlobalSettings say');
}

/**
 * STL is a 3D-printing format whose convention is Z up (parts sit on the build plate at z = 0);
 * turn it to Rigdesk's Y up: (x, y, z) -> (x, z, -y), a proper rotation so winding is kept.
 */
function zUpToYUp(model: SceneModel): void {
  for (const part of model.parts) {
    for (const arr of [part.positions, part.normals]) {
      if (!arr) continue;
      for (let i = 0; i < arr.length; i += 3) {
        const y = arr[i + 1];
        arr[i + 1] = arr[i + 2];
        arr[i + 2] = -y;
      }
    }
  }
}
