/** Shared material looks for the built-in packs (sRGB colours), so packs read as one family. */
import type { MaterialSpec } from './model-builder';

export const WOOD: Record<string, MaterialSpec> = {
  light: { color: '#c8995e', texture: 'wood', roughness: 0.85 },
  medium: { color: '#9a6a3a', texture: 'wood', roughness: 0.85 },
  dark: { color: '#5e3b22', texture: 'wood', roughness: 0.85 },
  red: { color: '#8c4a32', texture: 'wood', roughness: 0.85 },
  grey: { color: '#8d8172', texture: 'wood', roughness: 0.9 },
  planks: { color: '#a87a4a', texture: 'planks', roughness: 0.9 },
};

export const METAL: Record<string, MaterialSpec> = {
  iron: { color: '#4a4d52', metallic: 0.8, roughness: 0.5 },
  steel: { color: '#9aa1a8', metallic: 0.9, roughness: 0.35 },
  gold: { color: '#d9a928', metallic: 1, roughness: 0.3 },
  brass: { color: '#b58b3a', metallic: 0.9, roughness: 0.4 },
  copper: { color: '#b66a3c', metallic: 0.9, roughness: 0.4 },
  rust: { color: '#7a4a30', metallic: 0.5, roughness: 0.8 },
};

export const STONE: Record<string, MaterialSpec> = {
  grey: { color: '#8e8e8a', roughness: 0.95 },
  dark: { color: '#5f6166', roughness: 0.95 },
  sand: { color: '#c8b48a', roughness: 0.95 },
  red: { color: '#9a5a48', roughness: 0.95 },
  mossy: { color: '#6f7a5a', roughness: 0.95 },
  bricks: { color: '#a0968a', texture: 'bricks', roughness: 0.95 },
  redBricks: { color: '#b06a52', texture: 'bricks', roughness: 0.95 },
  cobbles: { color: '#8c8a84', texture: 'cobbles', roughness: 0.95 },
  tiles: { color: '#b8b0a2', texture: 'tiles', roughness: 0.9 },
  marble: { color: '#e4e0d8', roughness: 0.4 },
};

export const PLANT: Record<string, MaterialSpec> = {
  bark: { color: '#6b4a30', texture: 'bark', roughness: 0.95 },
  birch: { color: '#e6e0d2', texture: 'bark', roughness: 0.9 },
  leaves: { color: '#4f8a3a', texture: 'leaves', roughness: 0.9 },
  darkLeaves: { color: '#2f6a3a', texture: 'leaves', roughness: 0.9 },
  autumn: { color: '#c8752e', texture: 'leaves', roughness: 0.9 },
  pine: { color: '#2f5a3c', roughness: 0.9 },
  grass: { color: '#6aa84a', roughness: 0.9, doubleSided: true },
  stem: { color: '#5c8a3a', roughness: 0.9 },
};

export const CLOTH: Record<string, MaterialSpec> = {
  red: { color: '#a8322e', texture: 'fabric', roughness: 1 },
  blue: { color: '#2e5aa8', texture: 'fabric', roughness: 1 },
  green: { color: '#3a7a42', texture: 'fabric', roughness: 1 },
  cream: { color: '#e6dcc0', texture: 'fabric', roughness: 1 },
  purple: { color: '#6a3a8a', texture: 'fabric', roughness: 1 },
  burlap: { color: '#b89a6a', texture: 'fabric', roughness: 1 },
};

export const MISC: Record<string, MaterialSpec> = {
  glassGreen: { color: '#4f9a62', roughness: 0.15 },
  glassBlue: { color: '#5a86c0', roughness: 0.15 },
  glassAmber: { color: '#c0802e', roughness: 0.15 },
  clay: { color: '#b5653e', roughness: 0.9 },
  ceramic: { color: '#e8e4da', roughness: 0.4 },
  ceramicBlue: { color: '#3c6ab0', roughness: 0.4 },
  wax: { color: '#efe6c8', roughness: 0.6 },
  flame: { color: '#ffb02e', emissive: '#ff8a1e', roughness: 1 },
  glow: { color: '#ffe7a0', emissive: '#ffd060', roughness: 1 },
  rope: { color: '#b8a070', roughness: 1 },
  leather: { color: '#6a3e24', roughness: 0.8 },
  straw: { color: '#d8c070', roughness: 1 },
  water: { color: '#3a7ab0', roughness: 0.1 },
  coal: { color: '#2a2a2c', roughness: 1 },
  paper: { color: '#ece2c6', roughness: 1 },
  black: { color: '#1e1e22', roughness: 0.6 },
  white: { color: '#f0f0ec', roughness: 0.6 },
};
