/**
 * Materials and base colour textures of a glTF-Transform Document as SceneModel materials.
 * KHR_texture_transform is reported back so the reader can bake it into the UVs (Kenney's packs
 * use it to address a shared colour map); other texture slots are not carried (see FORMATS.md).
 */
import type { Material as GltfMaterial, Texture } from '@gltf-transform/core';
import type { Transform } from '@gltf-transform/extensions';
import type { Material, TextureImage } from './model';

export interface UvTransform {
  offset: [number, number];
  rotation: number;
  scale: [number, number];
}

export interface MaterialTable {
  materials: Material[];
  textures: TextureImage[];
  /** Material index of each glTF material. */
  index: Map<GltfMaterial, number>;
  /** Per material index: which TEXCOORD set its base colour uses, and its UV transform. */
  texCoord: number[];
  uvTransform: (UvTransform | null)[];
}

export function sniffImageMime(data: Uint8Array): string | null {
  if (data.length > 8 && data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47) return 'image/png';
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8) return 'image/jpeg';
  if (data.length > 12 && String.fromCharCode(...data.subarray(8, 12)) === 'WEBP') return 'image/webp';
  return null;
}

export function readMaterials(materials: GltfMaterial[], warnings: string[]): MaterialTable {
  const table: MaterialTable = { materials: [], textures: [], index: new Map(), texCoord: [], uvTransform: [] };
  const texIndex = new Map<Texture, number>();
  for (const m of materials) {
    let texture: number | null = null;
    let texCoord = 0;
    let uvTransform: UvTransform | null = null;
    const tex = m.getBaseColorTexture();
    const image = tex?.getImage() ?? null;
    if (tex && image && image.length > 0) {
      const mime = sniffImageMime(image) ?? tex.getMimeType();
      if (mime === 'image/png' || mime === 'image/jpeg' || mime === 'image/webp') {
        if (!texIndex.has(tex)) {
          texIndex.set(tex, table.textures.length);
          table.textures.push({ name: tex.getName() || tex.getURI().split(/[\\/]/).pop() || `texture_${table.textures.length}`, mimeType: mime, data: image });
        }
        texture = texIndex.get(tex)!;
        const info = m.getBaseColorTextureInfo();
        texCoord = info?.getTexCoord() ?? 0;
        const tt = info?.getExtension<Transform>('KHR_texture_transform');
        if (tt) {
          uvTransform = { offset: tt.getOffset() as [number, number], rotation: tt.getRotation(), scale: tt.getScale() as [number, number] };
          texCoord = tt.getTexCoord() ?? texCoord;
        }
      } else warnings.push(`texture "${tex.getName() || tex.getURI()}" has type ${mime || 'unknown'}; only PNG, JPEG and WebP are kept`);
    }
    table.index.set(m, table.materials.length);
    table.texCoord.push(texCoord);
    table.uvTransform.push(uvTransform);
    table.materials.push({
      name: m.getName() || `material_${table.materials.length}`,
      baseColorFactor: m.getBaseColorFactor() as [number, number, number, number],
      baseColorTexture: texture,
      metallicFactor: m.getMetallicFactor(),
      roughnessFactor: m.getRoughnessFactor(),
      emissiveFactor: m.getEmissiveFactor() as [number, number, number],
      alphaMode: m.getAlphaMode(),
      alphaCutoff: m.getAlphaCutoff(),
      doubleSided: m.getDoubleSided(),
    });
  }
  return table;
}

/** Bakes a KHR_texture_transform into UVs in place (u' = T * R * S * u, as the extension defines). */
export function applyUvTransform(uvs: Float32Array, t: UvTransform): void {
  const c = Math.cos(t.rotation);
  const s = Math.sin(t.rotation);
  for (let i = 0; i < uvs.length; i += 2) {
    const u = uvs[i] * t.scale[0];
    const v = uvs[i + 1] * t.scale[1];
    uvs[i] = t.offset[0] + c * u + s * v;
    uvs[i + 1] = t.offset[1] - s * u + c * v;
  }
}
