/**
 * Small generated textures (64x64 PNG, tiling) for the built-in packs: wood grain, planks,
 * stone bricks, cobbles, fabric weave, bark and leaves. Greyscale-ish detail on a mid tone, so a
 * material's colour factor tints them; each is generated once per process and memoised.
 */
import { fbm3, valueNoise3 } from './geometry/noise';
import { encodePngSync } from './png-encode-sync';

export type TextureKind = 'wood' | 'planks' | 'bricks' | 'cobbles' | 'fabric' | 'bark' | 'leaves' | 'tiles';

const SIZE = 64;
const cache = new Map<TextureKind, Uint8Array>();

/** Texel world size: each texture spans this many metres before repeating (UVs are in metres). */
export const TEXTURE_METRES: Record<TextureKind, number> = {
  wood: 0.5, planks: 1, bricks: 1, cobbles: 1, fabric: 0.25, bark: 0.5, leaves: 0.5, tiles: 1,
};

export function texturePng(kind: TextureKind): Uint8Array {
  const hit = cache.get(kind);
  if (hit) return hit;
  const rgba = new Uint8Array(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const v = Math.max(0, Math.min(1, texel(kind, x / SIZE, y / SIZE)));
      const o = (y * SIZE + x) * 4;
      const c = Math.round(v * 255);
      rgba[o] = c; rgba[o + 1] = c; rgba[o + 2] = c; rgba[o + 3] = 255;
    }
  }
  const png = encodePngSync(SIZE, SIZE, rgba);
  cache.set(kind, png);
  return png;
}

/** Tiling noise: sample on a torus-like wrap by mixing periodic coordinates. */
function tnoise(seed: number, u: number, v: number, freq: number): number {
  const a = u * Math.PI * 2, b = v * Math.PI * 2;
  const r = freq / (Math.PI * 2);
  return fbm3(seed, Math.cos(a) * r + 10, Math.sin(a) * r + Math.cos(b) * r, Math.sin(b) * r + 20, 3);
}

function texel(kind: TextureKind, u: number, v: number): number {
  switch (kind) {
    case 'wood': {
      const ring = Math.sin((v * 9 + tnoise(1, u, v, 3) * 1.5) * Math.PI * 2) * 0.5 + 0.5;
      return 0.78 + ring * 0.14 + tnoise(2, u, v, 12) * 0.06;
    }
    case 'planks': {
      const row = Math.floor(v * 4);
      const inRow = v * 4 - row;
      const seam = inRow < 0.06 ? 0.55 : 1;
      const grain = Math.sin((u * 3 + row * 0.37 + tnoise(3, u, v, 4) * 0.6) * Math.PI * 8) * 0.06;
      return (0.82 + grain + valueNoise3(5, row, 0, 0) * 0.12) * seam;
    }
    case 'bricks': {
      const row = Math.floor(v * 8);
      const shift = row % 2 ? 0.125 : 0;
      const col = Math.floor((u + shift) * 4);
      const bu = ((u + shift) * 4) % 1, bv = (v * 8) % 1;
      const mortar = bu < 0.05 || bv < 0.1 ? 0.5 : 1;
      return (0.78 + valueNoise3(7, col, row, 0) * 0.18 + tnoise(8, u, v, 16) * 0.05) * mortar;
    }
    case 'cobbles': {
      const n = tnoise(9, u, v, 6);
      const cell = Math.abs(Math.sin(u * Math.PI * 6 + n * 2) * Math.sin(v * Math.PI * 6 + n * 2));
      return cell < 0.12 ? 0.5 : 0.8 + n * 0.15;
    }
    case 'fabric': {
      const weave = (Math.floor(u * 32) + Math.floor(v * 32)) % 2 ? 0.92 : 0.82;
      return weave + tnoise(10, u, v, 8) * 0.05;
    }
    case 'bark': {
      const ridges = Math.abs(Math.sin((u * 10 + tnoise(11, u, v, 3) * 1.2) * Math.PI));
      return 0.62 + ridges * 0.3 + tnoise(12, u, v, 10) * 0.05;
    }
    case 'leaves':
      return 0.78 + tnoise(13, u, v, 10) * 0.25;
    case 'tiles': {
      const tu = (u * 4) % 1, tv = (v * 4) % 1;
      const grout = tu < 0.04 || tv < 0.04 ? 0.55 : 1;
      return (0.85 + valueNoise3(14, Math.floor(u * 4), Math.floor(v * 4), 0) * 0.12 + tnoise(15, u, v, 12) * 0.04) * grout;
    }
  }
}
