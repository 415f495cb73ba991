/** Nature: noise-displaced rocks, trees of several families, bushes, grass, flowers, mushrooms, cacti, logs. */
import type { SceneModel } from '../../mesh/model';
import {
  compose, cylinder, displace, flatten, hashString, icosphere, lathe, mulberry32, range, rotateX, rotateY, rotateZ,
  scale, translate, tube, type Geo,
} from '../geometry';
import { ModelBuilder, type MaterialSpec } from '../model-builder';
import { PLANT, STONE } from '../palette';

export interface RockParams {
  size: number;
  /** x, y, z stretch of the base shape. */
  stretch: [number, number, number];
  roughness: number;
  /** Cut off below this fraction of height so the rock sits flat. */
  sink: number;
  stone: keyof typeof STONE;
  faceted: boolean;
  moss?: boolean;
}

function rockGeo(seed: number, p: RockParams): Geo {
  const g = displace(icosphere(p.size, p.faceted ? 1 : 2), seed, p.size * p.roughness, 1.6 / p.size, 3);
  for (let i = 0; i < g.positions.length; i += 3) {
    g.positions[i] *= p.stretch[0];
    g.positions[i + 1] = Math.max(g.positions[i + 1] * p.stretch[1], -p.size * p.stretch[1] * (1 - p.sink));
    g.positions[i + 2] *= p.stretch[2];
  }
  return flatten(g);
}

export function rock(name: string, p: RockParams): SceneModel {
  const b = new ModelBuilder(name);
  const m = b.mat('stone', STONE[p.stone]);
  b.add(m, rockGeo(hashString(name), p));
  if (p.moss) {
    const moss = b.mat('moss', { color: '#5a7a32', roughness: 1 });
    const cap = rockGeo(hashString(name), { ...p, size: p.size * 0.92, sink: 0.75 });
    b.add(moss, cap, translate(0, p.size * p.stretch[1] * 0.12, 0));
  }
  return b.build();
}

/** Several rocks of one family arranged as a cluster. */
export function rockCluster(name: string, p: RockParams, count: number): SceneModel {
  const b = new ModelBuilder(name);
  const m = b.mat('stone', STONE[p.stone]);
  const rng = mulberry32(hashString(name));
  for (let i = 0; i < count; i++) {
    const s = i === 0 ? 1 : range(rng, 0.35, 0.7);
    const a = range(rng, 0, Math.PI * 2), d = i === 0 ? 0 : p.size * range(rng, 0.9, 1.5);
    b.add(m, rockGeo(hashString(name) + i * 77, { ...p, size: p.size * s }), compose(translate(Math.cos(a) * d, 0, Math.sin(a) * d), rotateY(a)));
  }
  return b.build();
}

export type TreeKind = 'round' | 'pine' | 'birch' | 'dead' | 'palm' | 'willow' | 'poplar' | 'cluster';

export interface TreeParams { height: number; kind: TreeKind; leaves: MaterialSpec; trunk: MaterialSpec; lobes?: number }

function blob(seed: number, r: number): Geo {
  return flatten(displace(icosphere(r, 1), seed, r * 0.25, 1.2 / r, 2));
}

export function tree(name: string, p: TreeParams): SceneModel {
  const b = new ModelBuilder(name);
  const bark = b.mat('bark', p.trunk);
  const leaf = b.mat('leaves', p.leaves);
  const seed = hashString(name);
  const rng = mulberry32(seed);
  const H = p.height;
  switch (p.kind) {
    case 'pine': {
      b.add(bark, cylinder(H * 0.04, H * 0.025, H * 0.35, 8));
      const tiers = p.lobes ?? 4;
      for (let i = 0; i < tiers; i++) {
        const y = H * (0.2 + (i * 0.76) / tiers), r = H * (0.3 - (i * 0.24) / tiers);
        b.add(leaf, flatten(lathe([[r, 0], [r * 0.35, H * 0.26], [0, H * 0.3]], { segments: 9, phase: i })), translate(0, y, 0));
      }
      break;
    }
    case 'round': case 'cluster': case 'willow': case 'poplar': {
      const trunkH = H * (p.kind === 'poplar' ? 0.3 : 0.5);
      b.add(bark, tube([[0, 0, 0], [H * 0.02, trunkH * 0.5, 0], [0, trunkH, H * 0.01]], [H * 0.05, H * 0.035, H * 0.03], 8));
      const lobes = p.lobes ?? (p.kind === 'cluster' ? 5 : 3);
      const crownY = p.kind === 'poplar' ? H * 0.6 : H * 0.68;
      const crownR = p.kind === 'poplar' ? H * 0.18 : H * 0.28;
      for (let i = 0; i < lobes; i++) {
        const a = range(rng, 0, Math.PI * 2), d = i === 0 ? 0 : crownR * range(rng, 0.4, 0.7);
        const r = crownR * (i === 0 ? 1 : range(rng, 0.55, 0.8));
        const stretchY = p.kind === 'poplar' ? 2.2 : p.kind === 'willow' ? 0.8 : 0.9;
        b.add(leaf, blob(seed + i, r), compose(translate(Math.cos(a) * d, crownY + (i === 0 ? 0 : range(rng, -0.1, 0.2) * crownR), Math.sin(a) * d), scale(1, stretchY, 1)));
      }
      if (p.kind === 'willow') {
        for (let i = 0; i < 10; i++) {
          const a = (i / 10) * Math.PI * 2;
          b.add(leaf, flatten(cylinder(crownR * 0.12, crownR * 0.04, H * 0.45, 5)), translate(Math.cos(a) * crownR * 0.85, crownY - H * 0.5, Math.sin(a) * crownR * 0.85));
        }
      }
      if (p.kind === 'cluster') {
        for (let i = 0; i < 2; i++) {
          const a = i * Math.PI + 0.5;
          b.add(bark, tube([[0, trunkH * 0.5, 0], [Math.cos(a) * crownR * 0.6, crownY - crownR * 0.3, Math.sin(a) * crownR * 0.6]], H * 0.015, 6));
        }
      }
      break;
    }
    case 'birch': {
      b.add(bark, cylinder(H * 0.03, H * 0.018, H * 0.9, 8));
      for (let i = 0; i < 5; i++) {
        const y = H * (0.45 + i * 0.1), a = i * 2.4;
        b.add(leaf, blob(seed + i, H * (0.16 - i * 0.015)), translate(Math.cos(a) * H * 0.06, y, Math.sin(a) * H * 0.06));
      }
      break;
    }
    case 'dead': {
      b.add(bark, cylinder(H * 0.05, H * 0.025, H * 0.7, 7));
      for (let i = 0; i < 5; i++) {
        const y = H * range(rng, 0.35, 0.65), a = range(rng, 0, Math.PI * 2), len = H * range(rng, 0.25, 0.4);
        const path: [number, number, number][] = [[0, y, 0], [Math.cos(a) * len * 0.5, y + len * 0.3, Math.sin(a) * len * 0.5], [Math.cos(a + 0.3) * len, y + len * 0.7, Math.sin(a + 0.3) * len]];
        b.add(bark, tube(path, [H * 0.018, H * 0.01, H * 0.004], 5));
      }
      b.add(bark, tube([[0, H * 0.68, 0], [H * 0.05, H * 0.85, 0], [H * 0.02, H, H * 0.03]], [H * 0.025, H * 0.012, H * 0.004], 5));
      void leaf;
      break;
    }
    case 'palm': {
      const path: [number, number, number][] = [];
      for (let i = 0; i <= 8; i++) { const t = i / 8; path.push([Math.sin(t * 1.2) * H * 0.18, t * H * 0.85, 0]); }
      b.add(bark, tube(path, path.map((_, i) => H * (0.04 - i * 0.002)), 7));
      const top = path[8];
      for (let i = 0; i < 7; i++) {
        const a = (i / 7) * Math.PI * 2;
        const frond: [number, number, number][] = [];
        for (let k = 0; k <= 5; k++) { const t = k / 5; frond.push([top[0] + Math.cos(a) * t * H * 0.35, top[1] + Math.sin(t * 2.2) * H * 0.1 - t * t * H * 0.12, top[2] + Math.sin(a) * t * H * 0.35]); }
        b.add(leaf, tube(frond, [H * 0.01, H * 0.035, H * 0.04, H * 0.035, H * 0.02, H * 0.003], 3));
      }
      break;
    }
  }
  return b.build();
}

export function bush(name: string, r: number, lobes: number, leaves: MaterialSpec, berries?: string): SceneModel {
  const b = new ModelBuilder(name);
  const leaf = b.mat('leaves', leaves);
  const seed = hashString(name);
  const rng = mulberry32(seed);
  for (let i = 0; i < lobes; i++) {
    const a = (i / lobes) * Math.PI * 2 + range(rng, 0, 0.5), d = i === 0 ? 0 : r * 0.55;
    const rr = r * (i === 0 ? 0.85 : range(rng, 0.5, 0.7));
    b.add(leaf, blob(seed + i, rr), translate(Math.cos(a) * d, rr * 0.8, Math.sin(a) * d));
  }
  if (berries) {
    const m = b.mat('berries', { color: berries, roughness: 0.4 });
    for (let i = 0; i < 9; i++) {
      const a = range(rng, 0, Math.PI * 2), el = range(rng, 0.2, 1.2);
      b.add(m, icosphere(r * 0.07, 0), translate(Math.cos(a) * Math.cos(el) * r * 1.0, r * 0.7 + Math.sin(el) * r * 0.7, Math.sin(a) * Math.cos(el) * r * 1.0));
    }
  }
  return b.build();
}

export function grass(name: string, blades: number, height: number, color: string): SceneModel {
  const b = new ModelBuilder(name);
  const m = b.mat('grass', { color, roughness: 0.9, doubleSided: true });
  const rng = mulberry32(hashString(name));
  for (let i = 0; i < blades; i++) {
    const a = range(rng, 0, Math.PI * 2), d = range(rng, 0, height * 0.3), h = height * range(rng, 0.6, 1.1);
    const lean = range(rng, 0.1, 0.5);
    const blade = lathe([[0.012, 0], [0.008, h * 0.6], [0, h]], { segments: 3 });
    b.add(m, flatten(blade), compose(translate(Math.cos(a) * d, 0, Math.sin(a) * d), rotateY(a), rotateX(lean)));
  }
  return b.build();
}

export function flower(name: string, petals: number, petalColor: string, stems: number, height: number): SceneModel {
  const b = new ModelBuilder(name);
  const stem = b.mat('stem', PLANT.stem);
  const petal = b.mat('petals', { color: petalColor, roughness: 0.7, doubleSided: true });
  const center = b.mat('center', { color: '#e8c030', roughness: 0.7 });
  const rng = mulberry32(hashString(name));
  for (let s = 0; s < stems; s++) {
    const a = range(rng, 0, Math.PI * 2), d = stems === 1 ? 0 : range(rng, 0.03, 0.09);
    const h = height * range(rng, 0.8, 1.1);
    const x = Math.cos(a) * d, z = Math.sin(a) * d;
    b.add(stem, tube([[x, 0, z], [x * 1.3, h * 0.5, z * 1.3], [x * 1.5, h, z * 1.5]], 0.004, 4));
    const top = translate(x * 1.5, h, z * 1.5);
    b.add(center, icosphere(0.012, 0), top);
    for (let k = 0; k < petals; k++) {
      const pa = (k / petals) * Math.PI * 2;
      b.add(petal, flatten(icosphere(0.014, 0)), compose(top, rotateY(pa), translate(0.022, 0, 0), scale(1.5, 0.35, 0.8)));
    }
    b.add(stem, flatten(icosphere(0.02, 0)), compose(translate(x * 1.2, h * 0.35, z * 1.2), rotateY(a), translate(0.02, 0, 0), scale(1.6, 0.25, 0.7)));
  }
  return b.build();
}

export function mushroom(name: string, count: number, capColor: string, spotted: boolean, capShape: 'dome' | 'flat' | 'cone'): SceneModel {
  const b = new ModelBuilder(name);
  const stemM = b.mat('stem', { color: '#eee4cc', roughness: 0.8 });
  const cap = b.mat('cap', { color: capColor, roughness: 0.6 });
  const spots = b.mat('spots', { color: '#f6f2e8', roughness: 0.7 });
  const rng = mulberry32(hashString(name));
  for (let i = 0; i < count; i++) {
    const s = i === 0 ? 1 : range(rng, 0.45, 0.75);
    const a = range(rng, 0, Math.PI * 2), d = i === 0 ? 0 : range(rng, 0.06, 0.12);
    const at = translate(Math.cos(a) * d, 0, Math.sin(a) * d);
    const h = 0.1 * s, r = 0.07 * s;
    b.add(stemM, lathe([[r * 0.35, 0], [r * 0.28, h], [0, h]], { segments: 8 }), at);
    const prof: [number, number][] = capShape === 'dome' ? [[r * 0.3, 0], [r, 0.005], [r * 0.9, r * 0.45], [r * 0.5, r * 0.8], [0, r * 0.9]]
      : capShape === 'flat' ? [[r * 0.3, 0], [r * 1.2, 0.01], [r * 1.1, r * 0.25], [0, r * 0.35]]
        : [[r * 0.3, 0], [r * 0.8, 0.005], [r * 0.4, r * 0.8], [0, r * 1.3]];
    b.add(cap, lathe(prof, { segments: 12 }), compose(at, translate(0, h * 0.95, 0)));
    if (spotted) for (let k = 0; k < 5; k++) {
      const sa = (k / 5) * Math.PI * 2 + i;
      b.add(spots, icosphere(r * 0.12, 0), compose(at, translate(Math.cos(sa) * r * 0.6, h + r * 0.55, Math.sin(sa) * r * 0.6), scale(1, 0.4, 1)));
    }
  }
  return b.build();
}

export function cactus(name: string, arms: number, height: number, potted: boolean): SceneModel {
  const b = new ModelBuilder(name);
  const green = b.mat('cactus', { color: '#4a8a4a', roughness: 0.8 });
  const base = potted ? height * 0.18 : 0;
  if (potted) b.add(b.mat('pot', { color: '#b5653e', roughness: 0.9 }), lathe([[height * 0.09, 0], [height * 0.12, height * 0.18], [0, height * 0.18]], { segments: 12 }));
  const r = height * 0.08;
  b.add(green, lathe([[r, 0], [r, height * 0.85], [r * 0.7, height * 0.95], [0, height]], { segments: 10 }), translate(0, base, 0));
  for (let i = 0; i < arms; i++) {
    const a = i * 2.3, y = base + height * (0.35 + i * 0.15), len = height * 0.22;
    const ox = Math.cos(a), oz = Math.sin(a);
    b.add(green, tube([[0, y, 0], [ox * len, y, oz * len], [ox * len, y + len * 1.2, oz * len]], r * 0.6, 8));
  }
  return b.build();
}

export function log(name: string, length: number, radius: number, kind: 'fallen' | 'stump' | 'pile'): SceneModel {
  const b = new ModelBuilder(name);
  const bark = b.mat('bark', PLANT.bark);
  const end = b.mat('end', { color: '#c8a070', roughness: 0.9 });
  const one = (at: ReturnType<typeof translate>, L: number, r: number): void => {
    b.add(bark, lathe([[r, 0], [r * 0.95, L]], { segments: 10, caps: false }), at);
    b.add(end, cylinder(r * 0.96, r * 0.96, 0.001, 10), compose(at, translate(0, -0.001, 0)));
    b.add(end, cylinder(r * 0.92, r * 0.92, 0.001, 10), compose(at, translate(0, L, 0)));
  };
  if (kind === 'stump') {
    one(translate(0, 0, 0), length, radius);
    for (let i = 0; i < 4; i++) {
      const a = (i / 4) * Math.PI * 2 + 0.4;
      b.add(bark, tube([[Math.cos(a) * radius * 0.7, radius * 0.4, Math.sin(a) * radius * 0.7], [Math.cos(a) * radius * 1.5, 0.0, Math.sin(a) * radius * 1.5]], [radius * 0.3, radius * 0.08], 6));
    }
  } else if (kind === 'fallen') {
    one(compose(translate(-length / 2, radius, 0), rotateZ(-Math.PI / 2)), length, radius);
  } else {
    const rows = [[-1, 0], [0, 0], [1, 0], [-0.5, 1], [0.5, 1], [0, 2]];
    for (const [x, row] of rows) one(compose(translate(x * radius * 2.05, radius + row * radius * 1.75, -length / 2), rotateX(Math.PI / 2)), length, radius);
  }
  return b.build();
}
