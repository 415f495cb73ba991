/**
 * writeGlb: a SceneModel as a binary glTF 2.0 file, through glTF-Transform.
 *
 * This first version writes static meshes with materials, textures, UVs and vertex colours.
 * Skins and clips are written by the mesh-formats layer (see its README table).
 */
import { Document, NodeIO, type Material as GltfMaterial, type Texture } from '@gltf-transform/core';
import type { SceneModel } from './model';

export async function writeGlb(model: SceneModel): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene('Scene');

  const textures: Texture[] = model.textures.map((t) =>
    doc.createTexture(t.name).setImage(t.data).setMimeType(t.mimeType),
  );
  const materials: GltfMaterial[] = model.materials.map((m) => {
    const mat = doc
      .createMaterial(m.name)
      .setBaseColorFactor(m.baseColorFactor)
      .setMetallicFactor(m.metallicFactor)
      .setRoughnessFactor(m.roughnessFactor)
      .setEmissiveFactor(m.emissiveFactor)
      .setAlphaMode(m.alphaMode)
      .setAlphaCutoff(m.alphaCutoff)
      .setDoubleSided(m.doubleSided);
    if (m.baseColorTexture !== null) mat.setBaseColorTexture(textures[m.baseColorTexture]);
    return mat;
  });

  for (const part of model.parts) {
    const prim = doc.createPrimitive();
    prim.setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(part.positions).setBuffer(buffer));
    if (part.normals) prim.setAttribute('NORMAL', doc.createAccessor().setType('VEC3').setArray(part.normals).setBuffer(buffer));
    if (part.uvs) prim.setAttribute('TEXCOORD_0', doc.createAccessor().setType('VEC2').setArray(part.uvs).setBuffer(buffer));
    if (part.colors) prim.setAttribute('COLOR_0', doc.createAccessor().setType('VEC4').setArray(part.colors).setBuffer(buffer));
    prim.setIndices(doc.createAccessor().setType('SCALAR').setArray(part.indices).setBuffer(buffer));
    if (part.material !== null) prim.setMaterial(materials[part.material]);
    const mesh = doc.createMesh(part.name).addPrimitive(prim);
    scene.addChild(doc.createNode(part.name).setMesh(mesh));
  }
  doc.getRoot().setDefaultScene(scene);
  doc.getRoot().getAsset().generator = 'Rigdesk';
  return new NodeIO().writeBinary(doc);
}
