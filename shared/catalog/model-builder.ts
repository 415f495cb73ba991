/**
 * ModelBuilder: collects placed pieces per material and produces a SceneModel with one MeshPart
 * per material, in metres, with its origin at the centre of its footprint on the ground
 * (min y = 0, x and z centred), the convention of every built-in asset.
 */
import type { Material, SceneModel } from '../mesh/model';
import { appendGeo, emptyGeo, type Geo } from './geometry/geo';
import { compose, transformGeo, type Mat34 } from './geometry/transform';
import { TEXTURE_METRES, texturePng, type TextureKind } from './textures';

export interface MaterialSpec {
  /** sRGB hex colour, e.g. '#8a5a2b'. */
  color: string;
  roughness?: number;
  metallic?: number;
  /** sRGB hex emissive colour (lights, flames). */
  emissive?: string;
  texture?: TextureKind;
  doubleSided?: boolean;
}

export function srgbHexToLinear(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`model-builder: bad colour "${hex}"`);
  const n = parseInt(m[1], 16);
  const c = (v: number): number => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  };
  return [c((n >> 16) & 255), c((n >> 8) & 255), c(n & 255)];
}

interface Slot { name: string; spec: MaterialSpec; geo: Geo }

export class ModelBuilder {
  private readonly slots: Slot[] = [];

  /** `root`, when given, is applied to every piece after its own transform (e.g. a mirror). */
  constructor(private readonly assetName: string, private readonly root?: Mat34) {}

  /** Registers (or reuses, by name) a material; returns its handle. */
  mat(name: string, spec: MaterialSpec): number {
    const found = this.slots.findIndex((s) => s.name === name);
    if (found >= 0) return found;
    this.slots.push({ name, spec, geo: emptyGeo() });
    return this.slots.length - 1;
  }

  /** Adds a piece in material `m`, optionally transformed. */
  add(m: number, geo: Geo, transform?: Mat34): this {
    const slot = this.slots[m];
    if (!slot) throw new Error(`model-builder: ${this.assetName}: unknown material handle ${m}`);
    const placed = transform && this.root ? compose(this.root, transform) : transform ?? this.root;
    appendGeo(slot.geo, placed ? transformGeo(geo, placed) : geo);
    return this;
  }

  build(): SceneModel {
    const used = this.slots.filter((s) => s.geo.indices.length > 0);
    if (used.length === 0) throw new Error(`model-builder: ${this.assetName} has no geometry`);
    let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxZ = -Infinity;
    for (const s of used) {
      const p = s.geo.positions;
      for (let i = 0; i < p.length; i += 3) {
        if (p[i] < minX) minX = p[i]; if (p[i] > maxX) maxX = p[i];
        if (p[i + 1] < minY) minY = p[i + 1];
        if (p[i + 2] < minZ) minZ = p[i + 2]; if (p[i + 2] > maxZ) maxZ = p[i + 2];
      }
    }
    const ox = (minX + maxX) / 2, oz = (minZ + maxZ) / 2;
    const model: SceneModel = {
      parts: [], materials: [], textures: [], skeleton: null, clips: [],
      meta: { generator: 'rigdesk-catalog', license: 'CC0-1.0', asset: this.assetName, units: 'metres' },
    };
    const textureIndex = new Map<TextureKind, number>();
    for (const s of used) {
      let tex: number | null = null;
      if (s.spec.texture) {
        const kind = s.spec.texture;
        if (!textureIndex.has(kind)) {
          textureIndex.set(kind, model.textures.length);
          model.textures.push({ name: kind, mimeType: 'image/png', data: texturePng(kind) });
        }
        tex = textureIndex.get(kind) as number;
      }
      const [cr, cg, cb] = srgbHexToLinear(s.spec.color);
      const material: Material = {
        name: s.name,
        baseColorFactor: [cr, cg, cb, 1],
        baseColorTexture: tex,
        metallicFactor: s.spec.metallic ?? 0,
        roughnessFactor: s.spec.roughness ?? 0.8,
        emissiveFactor: s.spec.emissive ? srgbHexToLinear(s.spec.emissive) : [0, 0, 0],
        alphaMode: 'OPAQUE',
        alphaCutoff: 0.5,
        doubleSided: s.spec.doubleSided ?? false,
      };
      model.materials.push(material);
      const g = s.geo;
      const positions = new Float32Array(g.positions.length);
      for (let i = 0; i < g.positions.length; i += 3) {
        positions[i] = g.positions[i] - ox;
        positions[i + 1] = g.positions[i + 1] - minY;
        positions[i + 2] = g.positions[i + 2] - oz;
      }
      let uvs: Float32Array | null = null;
      if (s.spec.texture) {
        const k = 1 / TEXTURE_METRES[s.spec.texture];
        uvs = new Float32Array(g.uvs.length);
        for (let i = 0; i < g.uvs.length; i++) uvs[i] = g.uvs[i] * k;
      }
      model.parts.push({
        name: s.name,
        positions,
        normals: new Float32Array(g.normals),
        uvs,
        colors: g.colors ? new Float32Array(g.colors) : null,
        indices: new Uint32Array(g.indices),
        material: model.materials.length - 1,
        skinJoints: null,
        skinWeights: null,
      });
    }
    return model;
  }
}
