/**
 * Materials as FBX Phong materials, base colour textures as Texture objects with the image
 * embedded in a Video's `Content` (so one .fbx file carries everything).
 */
import type { Material, TextureImage } from '../model';
import { D, I, P, R, S, rec } from './fbx-binary-encoder';
import type { FbxObjectGraph } from './fbx-object-graph';

const EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** Adds textures; returns their object ids (index = model texture index). */
export function addTextures(g: FbxObjectGraph, textures: TextureImage[]): bigint[] {
  const used = new Set<string>();
  return textures.map((t, i) => {
    const base = (t.name || `texture_${i}`).replace(/\.(png|jpe?g|webp)$/i, '').replace(/[^\w.-]/g, '_');
    let file = `${base}.${EXT[t.mimeType] ?? 'png'}`;
    for (let k = 1; used.has(file); k++) file = `${base}_${k}.${EXT[t.mimeType] ?? 'png'}`;
    used.add(file);
    const video = g.add('Video', base, 'Video', 'Clip', [
      rec('Type', [S('Clip')]),
      rec('Properties70', [], [P('Path', 'KString', 'XRefUrl', '', S(file)), P('RelPath', 'KString', 'XRefUrl', '', S(file))]),
      rec('UseMipMap', [I(0)]),
      rec('Filename', [S(file)]),
      rec('RelativeFilename', [S(file)]),
      rec('Content', [R(t.data)]),
    ]);
    const texture = g.add('Texture', base, 'Texture', '', [
      rec('Type', [S('TextureVideoClip')]),
      rec('Version', [I(202)]),
      rec('TextureName', [S(`${base}\x00\x01Texture`)]),
      rec('Properties70', [], [P('UseMaterial', 'bool', '', '', I(1))]),
      rec('Media', [S(`${base}\x00\x01Video`)]),
      rec('FileName', [S(file)]),
      rec('RelativeFilename', [S(file)]),
      rec('ModelUVTranslation', [D(0), D(0)]),
      rec('ModelUVScaling', [D(1), D(1)]),
      rec('Texture_Alpha_Source', [S('None')]),
      rec('Cropping', [I(0), I(0), I(0), I(0)]),
    ]);
    g.oo(video, texture);
    return texture;
  });
}

export function addMaterial(g: FbxObjectGraph, m: Material, textureIds: bigint[]): bigint {
  const [r, gr, b, a] = m.baseColorFactor;
  const id = g.add('Material', m.name || 'Material', 'Material', '', [
    rec('Version', [I(102)]),
    rec('ShadingModel', [S('Phong')]),
    rec('MultiLayer', [I(0)]),
    rec('Properties70', [], [
      P('DiffuseColor', 'Color', '', 'A', D(r), D(gr), D(b)),
      P('DiffuseFactor', 'Number', '', 'A', D(1)),
      P('EmissiveColor', 'Color', '', 'A', D(m.emissiveFactor[0]), D(m.emissiveFactor[1]), D(m.emissiveFactor[2])),
      P('EmissiveFactor', 'Number', '', 'A', D(1)),
      P('SpecularColor', 'Color', '', 'A', D(0.2), D(0.2), D(0.2)),
      P('SpecularFactor', 'Number', '', 'A', D(1 - m.roughnessFactor)),
      P('Shininess', 'Number', '', 'A', D(Math.max(2, 100 * (1 - m.roughnessFactor)))),
      P('TransparencyFactor', 'Number', '', 'A', D(1 - a)),
      P('Opacity', 'Number', '', 'A', D(a)),
      P('Diffuse', 'Vector3D', 'Vector', '', D(r), D(gr), D(b)),
    ]),
  ]);
  if (m.baseColorTexture !== null && textureIds[m.baseColorTexture] !== undefined) {
    g.op(textureIds[m.baseColorTexture], id, 'DiffuseColor');
  }
  return id;
}
