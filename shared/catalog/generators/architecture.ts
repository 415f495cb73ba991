/**
 * Architecture kit pieces on a 2 m grid: walls (plain, windowed, doorways, arches, crenellated,
 * timber-framed, damaged), floor tiles, pillars and columns, stairs, fences and gates.
 */
import type { SceneModel } from '../../mesh/model';
import { box, boxBetween, compose, scale, cylinder, extrude, hashString, icosphere, flatten, displace, lathe, mulberry32, range, rotateX, rotateY, rotateZ, translate, tube } from '../geometry';
import { ModelBuilder, type MaterialSpec } from '../model-builder';
import { METAL, PLANT, STONE, WOOD } from '../palette';

export type WallOpening = 'none' | 'window' | 'door' | 'arch' | 'double_window';
export interface WallParams { w: number; h: number; t: number; material: MaterialSpec; opening: WallOpening; top?: 'flat' | 'crenellated' | 'damaged'; timber?: boolean; trim?: MaterialSpec;
  /** A plinth course along the bottom, end posts, or a coping cap along the top. */
  detail?: 'plinth' | 'posts' | 'cap' }

/** A wall is built as solid boxes around its opening (no holes in one mesh, so every piece stays simple). */
export function wall(name: string, p: WallParams): SceneModel {
  const b = new ModelBuilder(name);
  const m = b.mat('wall', p.material);
  const trim = b.mat('trim', p.trim ?? WOOD.dark);
  const { w, h, t } = p;
  const slab = (x0: number, y0: number, x1: number, y1: number): void => { if (x1 - x0 > 1e-3 && y1 - y0 > 1e-3) b.add(m, boxBetween(x0, y0, -t / 2, x1, y1, t / 2)); };
  const openings: [number, number, number, number][] = [];
  if (p.opening === 'window') openings.push([-0.35, h * 0.4, 0.35, h * 0.75]);
  if (p.opening === 'double_window') openings.push([-w * 0.35, h * 0.45, -w * 0.1, h * 0.75], [w * 0.1, h * 0.45, w * 0.35, h * 0.75]);
  if (p.opening === 'door' || p.opening === 'arch') openings.push([-0.5, 0, 0.5, Math.min(2.1, h * 0.7)]);
  // Split into vertical strips between opening edges, each strip filled except where openings are.
  const xs = [-w / 2, w / 2, ...openings.flatMap(([x0, , x1]) => [x0, x1])].sort((a, c) => a - c);
  for (let i = 0; i + 1 < xs.length; i++) {
    const x0 = xs[i], x1 = xs[i + 1];
    const mid = (x0 + x1) / 2;
    const holes = openings.filter(([ox0, , ox1]) => mid > ox0 && mid < ox1).sort((a, c) => a[1] - c[1]);
    let y = 0;
    for (const [, oy0, , oy1] of holes) { slab(x0, y, x1, oy0); y = oy1; }
    slab(x0, y, x1, h);
  }
  for (const [x0, y0, x1, y1] of openings) {
    if (p.opening === 'arch') {
      // Arch fill above a rounded opening: a half-ring of wedge boxes.
      const r = (x1 - x0) / 2, cy = y1 - r;
      const n = 8;
      for (let k = 0; k < n; k++) {
        const a0 = (k / n) * Math.PI, a1 = ((k + 1) / n) * Math.PI;
        const pts: [number, number][] = [[Math.cos(a0) * r, cy + Math.sin(a0) * r], [Math.cos(a0) * r, y1], [Math.cos(a1) * r, y1], [Math.cos(a1) * r, cy + Math.sin(a1) * r]];
        if (Math.abs(pts[0][0] - pts[3][0]) < 1e-6) continue;
        b.add(m, extrude(pts, t));
      }
      const stone = b.mat('arch_stones', STONE.grey);
      for (let k = 0; k <= n; k++) {
        const a = (k / n) * Math.PI;
        b.add(stone, box(0.14, 0.2, t + 0.04), compose(translate(Math.cos(a) * (r + 0.07), cy + Math.sin(a) * (r + 0.07), 0), rotateZ(a - Math.PI / 2)));
      }
    } else {
      // Frame / sill around the opening.
      b.add(trim, boxBetween(x0 - 0.06, y1, -t / 2 - 0.03, x1 + 0.06, y1 + 0.08, t / 2 + 0.03));
      if (y0 > 0) b.add(trim, boxBetween(x0 - 0.06, y0 - 0.06, -t / 2 - 0.05, x1 + 0.06, y0, t / 2 + 0.05));
      b.add(trim, boxBetween(x0 - 0.06, y0, -t / 2 - 0.03, x0, y1, t / 2 + 0.03));
      b.add(trim, boxBetween(x1, y0, -t / 2 - 0.03, x1 + 0.06, y1, t / 2 + 0.03));
      if (y0 > 0) b.add(trim, boxBetween((x0 + x1) / 2 - 0.02, y0, -0.02, (x0 + x1) / 2 + 0.02, y1, 0.02));
    }
  }
  if (p.top === 'crenellated') {
    const merlons = Math.max(2, Math.round(w / 0.5));
    const mw = w / merlons;
    for (let i = 0; i < merlons; i += 2) b.add(m, boxBetween(-w / 2 + i * mw, h, -t / 2, -w / 2 + (i + 1) * mw, h + 0.4, t / 2));
  }
  if (p.top === 'damaged') {
    const rng = mulberry32(hashString(name));
    const cols = 6;
    for (let i = 0; i < cols; i++) {
      const hh = range(rng, 0, 0.5) * (i % 2 ? 1 : 0.4);
      if (hh > 0.05) b.add(m, boxBetween(-w / 2 + (i * w) / cols, h, -t / 2, -w / 2 + ((i + 1) * w) / cols, h + hh, t / 2));
    }
    const rubble = b.mat('rubble', STONE.grey);
    for (let i = 0; i < 7; i++) { const r = range(rng, 0.06, 0.16); b.add(rubble, flatten(displace(icosphere(r, 1), i + 3, r * 0.3, 5 / r)), compose(translate(range(rng, -w / 2, w / 2), r * 0.3, t / 2 + range(rng, 0.1, 0.45)), rotateY(range(rng, 0, 3)), scale(1.3, 0.6, 1))); }
  }
  if (p.detail === 'plinth') b.add(b.mat('plinth', STONE.dark), boxBetween(-w / 2, 0, -t / 2 - 0.05, w / 2, 0.3, t / 2 + 0.05));
  if (p.detail === 'posts') for (const x of [-w / 2, w / 2]) b.add(trim, boxBetween(x - 0.08, 0, -t / 2 - 0.04, x + 0.08, h + 0.1, t / 2 + 0.04));
  if (p.detail === 'cap') b.add(b.mat('coping', STONE.grey), boxBetween(-w / 2 - 0.03, h, -t / 2 - 0.06, w / 2 + 0.03, h + 0.1, t / 2 + 0.06));
  if (p.timber) {
    for (const x of [-w / 2, 0, w / 2 - 0.12]) if (!openings.some(([ox0, , ox1]) => x + 0.12 > ox0 && x < ox1)) b.add(trim, boxBetween(x, 0, t / 2, x + 0.12, h, t / 2 + 0.03));
    b.add(trim, boxBetween(-w / 2, h - 0.12, t / 2, w / 2, h, t / 2 + 0.03));
    b.add(trim, boxBetween(-w / 2, 0, t / 2, w / 2, 0.12, t / 2 + 0.03));
  }
  return b.build();
}

export function wallCorner(name: string, material: MaterialSpec, h: number, t: number, post: boolean): SceneModel {
  const b = new ModelBuilder(name);
  const m = b.mat('wall', material);
  b.add(m, boxBetween(-1, 0, -t / 2, t / 2, h, t / 2));
  b.add(m, boxBetween(-t / 2, 0, -1, t / 2, h, -t / 2));
  if (post) b.add(b.mat('post', STONE.dark), boxBetween(-t / 2 - 0.08, 0, -t / 2 - 0.08, t / 2 + 0.08, h + 0.2, t / 2 + 0.08));
  return b.build();
}

export type FloorStyle = 'slab' | 'tiles' | 'planks' | 'cobbles' | 'checker' | 'grate' | 'stepping' | 'dirt';

export function floorTile(name: string, size: number, style: FloorStyle, material: MaterialSpec, kerb = false): SceneModel {
  const b = new ModelBuilder(name);
  const m = b.mat('floor', material);
  const t = 0.1;
  const rng = mulberry32(hashString(name));
  if (style === 'checker') {
    const dark = b.mat('dark', STONE.dark);
    const n = 4, c = size / n;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) b.add((i + j) % 2 ? dark : m, boxBetween(-size / 2 + i * c, 0, -size / 2 + j * c, -size / 2 + (i + 1) * c, t, -size / 2 + (j + 1) * c));
  } else if (style === 'planks') {
    const n = 6, c = size / n;
    for (let i = 0; i < n; i++) b.add(m, boxBetween(-size / 2 + i * c + 0.005, 0, -size / 2, -size / 2 + (i + 1) * c - 0.005, t - range(rng, 0, 0.012), size / 2));
    b.add(b.mat('joists', WOOD.dark), boxBetween(-size / 2, 0, -size / 2, size / 2, t * 0.5, size / 2));
  } else if (style === 'stepping') {
    const grass = b.mat('grass', { color: '#5a8a3a', roughness: 1 });
    b.add(grass, boxBetween(-size / 2, 0, -size / 2, size / 2, t * 0.6, size / 2));
    for (let i = 0; i < 5; i++) {
      const r = range(rng, 0.18, 0.3);
      b.add(m, flatten(lathe([[r, 0], [r * 0.95, 0.05], [0, 0.06]], { segments: 7, phase: i })), translate(range(rng, -0.6, 0.6), t * 0.6 - 0.02, -size / 2 + 0.25 + i * (size - 0.5) / 4));
    }
  } else if (style === 'grate') {
    b.add(m, boxBetween(-size / 2, 0, -size / 2, size / 2, t, -0.3)).add(m, boxBetween(-size / 2, 0, 0.3, size / 2, t, size / 2));
    b.add(m, boxBetween(-size / 2, 0, -0.3, -0.3, t, 0.3)).add(m, boxBetween(0.3, 0, -0.3, size / 2, t, 0.3));
    const iron = b.mat('iron', METAL.iron);
    for (let i = 0; i < 6; i++) b.add(iron, boxBetween(-0.3, t - 0.04, -0.3 + i * 0.12 + 0.02, 0.3, t, -0.3 + i * 0.12 + 0.05));
    b.add(b.mat('pit', { color: '#111114', roughness: 1 }), boxBetween(-0.3, 0, -0.3, 0.3, 0.01, 0.3));
  } else if (style === 'dirt') {
    const g = flatten(displace(box(size, t, size), hashString(name), 0.0, 1));
    b.add(m, g, translate(0, t / 2, 0));
    const stone = b.mat('pebbles', STONE.grey);
    for (let i = 0; i < 8; i++) b.add(stone, flatten(icosphere(range(rng, 0.04, 0.1), 0)), translate(range(rng, -0.8, 0.8), t, range(rng, -0.8, 0.8)));
  } else if (style === 'tiles') {
    const n = 3, c = size / n;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) b.add(m, boxBetween(-size / 2 + i * c + 0.015, 0, -size / 2 + j * c + 0.015, -size / 2 + (i + 1) * c - 0.015, t - range(rng, 0, 0.02), -size / 2 + (j + 1) * c - 0.015));
    b.add(b.mat('grout', STONE.dark), boxBetween(-size / 2, 0, -size / 2, size / 2, t * 0.7, size / 2));
  } else {
    b.add(m, boxBetween(-size / 2, 0, -size / 2, size / 2, t, size / 2));
  }
  if (kerb) {
    const k = b.mat('kerb', STONE.dark);
    b.add(k, boxBetween(-size / 2, 0, -size / 2, size / 2, t + 0.06, -size / 2 + 0.15)).add(k, boxBetween(-size / 2, 0, size / 2 - 0.15, size / 2, t + 0.06, size / 2));
  }
  return b.build();
}

export type PillarStyle = 'round' | 'square' | 'broken' | 'fluted' | 'wooden' | 'obelisk' | 'pedestal' | 'twisted';

export function pillar(name: string, h: number, style: PillarStyle, material: MaterialSpec): SceneModel {
  const b = new ModelBuilder(name);
  const m = b.mat('stone', material);
  const r = 0.22;
  const base = (): void => { b.add(m, boxBetween(-r * 1.5, 0, -r * 1.5, r * 1.5, 0.15, r * 1.5)); b.add(m, cylinder(r * 1.3, r * 1.15, 0.1, 16), translate(0, 0.15, 0)); };
  const capital = (y: number): void => { b.add(m, cylinder(r * 1.05, r * 1.35, 0.12, 16), translate(0, y, 0)); b.add(m, boxBetween(-r * 1.5, y + 0.12, -r * 1.5, r * 1.5, y + 0.25, r * 1.5)); };
  switch (style) {
    case 'round': base(); b.add(m, lathe([[r, 0], [r * 0.88, h - 0.5]], { segments: 16, caps: false }), translate(0, 0.25, 0)); capital(h - 0.25); break;
    case 'fluted': {
      base();
      const n = 12;
      b.add(m, cylinder(r * 0.85, r * 0.8, h - 0.5, n), translate(0, 0.25, 0));
      for (let i = 0; i < n; i++) { const a = (i / n) * Math.PI * 2; b.add(m, cylinder(0.04, 0.035, h - 0.5, 5), translate(Math.sin(a) * r * 0.85, 0.25, Math.cos(a) * r * 0.85)); }
      capital(h - 0.25);
      break;
    }
    case 'square': b.add(m, boxBetween(-r * 1.4, 0, -r * 1.4, r * 1.4, 0.2, r * 1.4)); b.add(m, boxBetween(-r, 0.2, -r, r, h - 0.2, r)); b.add(m, boxBetween(-r * 1.4, h - 0.2, -r * 1.4, r * 1.4, h, r * 1.4)); break;
    case 'broken': {
      base();
      const rng = mulberry32(hashString(name));
      const top = h * range(rng, 0.35, 0.6);
      b.add(m, cylinder(r, r * 0.95, top - 0.25, 12), translate(0, 0.25, 0));
      b.add(m, cylinder(r * 0.95, r * 0.3, 0.2, 12), compose(translate(0, top, 0), rotateZ(0.25)));
      b.add(m, cylinder(r, r, 0.8, 12), compose(translate(0.7, r, 0.2), rotateY(0.6), rotateZ(Math.PI / 2)));
      break;
    }
    case 'wooden': {
      const w = b.mat('wood', WOOD.dark);
      b.add(b.mat('footing', STONE.grey), boxBetween(-0.2, 0, -0.2, 0.2, 0.2, 0.2));
      b.add(w, boxBetween(-0.12, 0.2, -0.12, 0.12, h, 0.12));
      for (const s of [-1, 1]) b.add(w, box(0.08, 0.6, 0.08), compose(translate(s * 0.3, h - 0.25, 0), rotateZ(s * 0.785)));
      break;
    }
    case 'obelisk':
      b.add(m, boxBetween(-0.5, 0, -0.5, 0.5, 0.3, 0.5));
      b.add(m, lathe([[0.32, 0], [0.2, h - 0.8], [0, h - 0.3]], { segments: 4, phase: Math.PI / 4 }), translate(0, 0.3, 0));
      break;
    case 'pedestal':
      b.add(m, lathe([[0.35, 0], [0.35, 0.1], [0.25, 0.16], [0.2, h - 0.2], [0.3, h - 0.12], [0.35, h], [0, h]], { segments: 16 }));
      break;
    case 'twisted': {
      base();
      const n = 14, segH = (h - 0.5) / n;
      for (let i = 0; i < n; i++) b.add(m, box(r * 1.5, segH, r * 1.5), compose(translate(0, 0.25 + segH * (i + 0.5), 0), rotateY((i / n) * Math.PI)));
      capital(h - 0.25);
      break;
    }
  }
  return b.build();
}

export type StairStyle = 'solid' | 'open' | 'spiral' | 'ladder' | 'railed' | 'corner';

export function stairs(name: string, steps: number, rise: number, run: number, width: number, style: StairStyle, material: MaterialSpec): SceneModel {
  // Built rising towards +Z, then mirrored so the bottom step faces the viewer (+Z is the front).
  const b = new ModelBuilder(name, scale(1, 1, -1));
  const m = b.mat('steps', material);
  const wood = b.mat('wood', WOOD.dark);
  if (style === 'spiral') {
    b.add(m, cylinder(0.1, 0.1, steps * rise + 0.9, 12));
    for (let i = 0; i < steps; i++) b.add(m, box(width, 0.05, 0.3), compose(translate(0, (i + 1) * rise, 0), rotateY((i / steps) * Math.PI * 1.5), translate(width / 2, 0, 0)));
    return b.build();
  }
  if (style === 'ladder') {
    const H = steps * rise;
    for (const s of [-1, 1]) b.add(wood, box(0.05, H / Math.cos(0.25), 0.05), compose(translate(s * width / 2, H / 2, 0), rotateX(-0.25)));
    for (let i = 0; i < steps; i++) { const y = (i + 0.5) * rise; b.add(wood, cylinder(0.015, 0.015, width, 6), compose(translate(-width / 2, y, -Math.tan(0.25) * (y - H / 2)), rotateZ(-Math.PI / 2))); }
    return b.build();
  }
  for (let i = 0; i < steps; i++) {
    const y1 = (i + 1) * rise, z0 = i * run - (steps * run) / 2;
    if (style === 'open') {
      b.add(m, boxBetween(-width / 2, y1 - 0.05, z0 - run * 0.05, width / 2, y1, z0 + run));
    } else if (style === 'corner') {
      b.add(m, boxBetween(-width / 2, 0, z0, width / 2, y1, z0 + run));
      b.add(m, boxBetween(width / 2, 0, z0, width / 2 + (steps - i) * run, y1, z0 + run));
    } else {
      b.add(m, boxBetween(-width / 2, 0, -(steps * run) / 2 + i * run, width / 2, y1, (steps * run) / 2));
    }
  }
  if (style === 'open' || style === 'railed') {
    const H = steps * rise, L = steps * run;
    const ang = Math.atan2(H, L);
    for (const s of [-1, 1]) {
      const mat = style === 'open' ? wood : m;
      if (style === 'open') b.add(mat, box(0.05, 0.2, Math.hypot(H, L)), compose(translate(s * (width / 2 + 0.025), H / 2 - 0.05, 0), rotateX(-ang)));
      if (style === 'railed' || s > 0) {
        const x = s * (width / 2 - 0.03);
        for (let i = 0; i <= steps; i += 2) b.add(wood, cylinder(0.02, 0.02, 0.9, 6), translate(x, Math.min(i + 1, steps) * rise, -(L / 2) + i * run + run / 2 - (i === steps ? run : 0)));
        b.add(wood, box(0.06, 0.05, Math.hypot(H, L)), compose(translate(x, H / 2 + 0.9 + rise / 2, 0), rotateX(-ang)));
      }
    }
  }
  return b.build();
}

export type FenceStyle = 'picket' | 'rail' | 'iron' | 'stone_low' | 'hedge' | 'gate' | 'post' | 'wattle' | 'rope';

export function fence(name: string, length: number, h: number, style: FenceStyle, material: MaterialSpec): SceneModel {
  const b = new ModelBuilder(name);
  const m = b.mat('fence', material);
  const posts = Math.max(2, Math.round(length / 1.0) + 1);
  const postX = (i: number): number => -length / 2 + (i * length) / (posts - 1);
  switch (style) {
    case 'picket': {
      for (let i = 0; i < posts; i++) b.add(m, boxBetween(postX(i) - 0.04, 0, -0.04, postX(i) + 0.04, h + 0.05, 0.04));
      for (const y of [h * 0.25, h * 0.7]) b.add(m, boxBetween(-length / 2, y, 0.04, length / 2, y + 0.07, 0.065));
      const n = Math.round(length / 0.13);
      for (let i = 0; i < n; i++) { const x = -length / 2 + (i + 0.5) * (length / n); b.add(m, extrude([[-0.04, 0], [0.04, 0], [0.04, h - 0.08], [0, h], [-0.04, h - 0.08]], 0.02), translate(x, 0.03, 0.075)); }
      break;
    }
    case 'rail':
      for (let i = 0; i < posts; i++) b.add(m, cylinder(0.06, 0.055, h + 0.1, 7), translate(postX(i), 0, 0));
      for (const y of [h * 0.4, h * 0.85]) b.add(m, cylinder(0.04, 0.04, length, 7), compose(translate(-length / 2, y, 0.05), rotateZ(-Math.PI / 2)));
      break;
    case 'iron': {
      const stone = b.mat('base', STONE.grey);
      b.add(stone, boxBetween(-length / 2, 0, -0.12, length / 2, 0.25, 0.12));
      for (const x of [-length / 2, length / 2]) b.add(stone, boxBetween(x - 0.15, 0, -0.15, x + 0.15, h + 0.15, 0.15));
      const n = Math.round(length / 0.12);
      for (let i = 1; i < n; i++) {
        const x = -length / 2 + (i * length) / n;
        b.add(m, cylinder(0.012, 0.012, h - 0.25, 5), translate(x, 0.25, 0));
        b.add(m, cylinder(0.025, 0, 0.08, 4), translate(x, h, 0));
      }
      for (const y of [0.35, h - 0.1]) b.add(m, boxBetween(-length / 2, y, -0.015, length / 2, y + 0.03, 0.015));
      break;
    }
    case 'stone_low': {
      const rng = mulberry32(hashString(name));
      const courses = 3, ch = h / courses;
      for (let c = 0; c < courses; c++) {
        let x = -length / 2;
        while (x < length / 2 - 0.05) {
          const w = Math.min(range(rng, 0.25, 0.45), length / 2 - x);
          b.add(m, flatten(displace(box(w - 0.02, ch - 0.02, 0.35), Math.floor(x * 100) + c, 0.015, 8)), translate(x + w / 2, c * ch + ch / 2, range(rng, -0.02, 0.02)));
          x += w;
        }
      }
      break;
    }
    case 'hedge': {
      const leaf = b.mat('hedge', PLANT.darkLeaves);
      b.add(leaf, flatten(displace(box(length, h, 0.6), hashString(name), 0.04, 5)), translate(0, h / 2, 0));
      void m;
      break;
    }
    case 'gate': {
      for (const x of [-length / 2, length / 2]) b.add(m, boxBetween(x - 0.07, 0, -0.07, x + 0.07, h + 0.2, 0.07));
      const iron = b.mat('hinges', METAL.iron);
      for (const s of [-1, 1]) {
        const x0 = s < 0 ? -length / 2 + 0.08 : 0.01, x1 = s < 0 ? -0.01 : length / 2 - 0.08;
        for (const y of [0.15, h - 0.1]) b.add(m, boxBetween(x0, y, -0.03, x1, y + 0.1, 0.03));
        const n = 4;
        for (let i = 0; i < n; i++) { const x = x0 + ((i + 0.5) * (x1 - x0)) / n; b.add(m, boxBetween(x - 0.04, 0.1, -0.02, x + 0.04, h - 0.05, 0.02)); }
        b.add(m, box(Math.hypot(x1 - x0, h - 0.3), 0.07, 0.03), compose(translate((x0 + x1) / 2, h / 2, 0.03), rotateZ(s * Math.atan2(h - 0.3, x1 - x0))));
        b.add(iron, boxBetween(s < 0 ? x0 : x1 - 0.15, 0.2, -0.04, s < 0 ? x0 + 0.15 : x1, 0.24, 0.04));
      }
      break;
    }
    case 'post':
      b.add(m, boxBetween(-0.08, 0, -0.08, 0.08, h, 0.08));
      b.add(m, lathe([[0.1, 0], [0.06, 0.1], [0, 0.14]], { segments: 4, phase: Math.PI / 4 }), translate(0, h, 0));
      b.add(b.mat('ring', METAL.iron), torus2(), translate(0, h * 0.7, 0.09));
      break;
    case 'wattle': {
      for (let i = 0; i < posts * 2 - 1; i++) b.add(m, cylinder(0.025, 0.02, h + 0.08, 5), translate(-length / 2 + (i * length) / (posts * 2 - 2), 0, 0));
      const rows = Math.round(h / 0.07);
      for (let r = 0; r < rows; r++) {
        const path: [number, number, number][] = [];
        const n = (posts * 2 - 2) * 2;
        for (let k = 0; k <= n; k++) path.push([-length / 2 + (k * length) / n, 0.05 + r * 0.07, ((k + r) % 2 ? 1 : -1) * 0.03]);
        b.add(m, tube(path, 0.016, 4));
      }
      break;
    }
    case 'rope': {
      for (let i = 0; i < posts; i++) b.add(m, lathe([[0.07, 0], [0.06, h], [0.04, h + 0.05], [0, h + 0.06]], { segments: 8 }), translate(postX(i), 0, 0));
      const rope = b.mat('rope', { color: '#b8a070', roughness: 1 });
      for (let i = 0; i + 1 < posts; i++) {
        const path: [number, number, number][] = [];
        for (let k = 0; k <= 8; k++) { const t = k / 8; path.push([postX(i) + t * (postX(i + 1) - postX(i)), h - 0.08 - Math.sin(t * Math.PI) * 0.15, 0]); }
        b.add(rope, tube(path, 0.015, 5));
      }
      break;
    }
  }
  return b.build();
}

function torus2() { return lathe([[0.04, -0.008], [0.048, 0], [0.04, 0.008], [0.032, 0]], { segments: 10, caps: false }); }

export function doorway(name: string, w: number, h: number, style: 'plank' | 'arched' | 'portcullis' | 'double'): SceneModel {
  const b = new ModelBuilder(name);
  const frame = b.mat('frame', STONE.grey);
  const door = b.mat('door', WOOD.planks);
  const iron = b.mat('iron', METAL.iron);
  b.add(frame, boxBetween(-w / 2 - 0.25, 0, -0.2, -w / 2, h + 0.25, 0.2)).add(frame, boxBetween(w / 2, 0, -0.2, w / 2 + 0.25, h + 0.25, 0.2));
  b.add(frame, boxBetween(-w / 2, h, -0.2, w / 2, h + 0.25, 0.2));
  if (style === 'portcullis') {
    for (let i = 0; i <= 6; i++) b.add(iron, boxBetween(-w / 2 + (i * w) / 6 - 0.02, 0, -0.02, -w / 2 + (i * w) / 6 + 0.02, h, 0.02));
    for (let j = 1; j < 6; j++) b.add(iron, boxBetween(-w / 2, (j * h) / 6 - 0.02, -0.03, w / 2, (j * h) / 6 + 0.02, 0.03));
  } else {
    const leaves = style === 'double' ? 2 : 1;
    const lw = w / leaves;
    for (let i = 0; i < leaves; i++) {
      const x0 = -w / 2 + i * lw;
      b.add(door, boxBetween(x0 + 0.01, 0, -0.04, x0 + lw - 0.01, h - (style === 'arched' ? 0.2 : 0), 0.04));
      for (const y of [0.3, h - 0.5]) b.add(iron, boxBetween(x0 + 0.05, y, 0.04, x0 + lw - 0.05, y + 0.06, 0.05));
      b.add(iron, torus2(), compose(translate(i === 0 && leaves === 2 ? x0 + lw - 0.12 : x0 + lw * 0.8, h * 0.48, 0.07), rotateX(Math.PI / 2)));
    }
    if (style === 'arched') b.add(frame, extrude([[-w / 2, 0], [w / 2, 0], [w / 2, 0.25], [0, 0.05], [-w / 2, 0.25]], 0.4), translate(0, h - 0.2, 0));
  }
  return b.build();
}
