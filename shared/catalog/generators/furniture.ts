/** Furniture: tables, chairs, stools, benches, shelves, beds, wardrobes, cabinets, desks, dressers; and decor. */
import type { SceneModel } from '../../mesh/model';
import { box, boxBetween, compose, cylinder, lathe, mulberry32, hashString, range, rotateX, rotateY, rotateZ, translate, tube } from '../geometry';
import { ModelBuilder, type MaterialSpec } from '../model-builder';
import { CLOTH, METAL, MISC, WOOD } from '../palette';

type Wood = keyof typeof WOOD;
export type LegStyle = 'square' | 'turned' | 'tapered' | 'trestle' | 'pedestal';

function legs(b: ModelBuilder, m: number, style: LegStyle, w: number, d: number, h: number, inset: number): void {
  if (style === 'pedestal') {
    b.add(m, lathe([[Math.min(w, d) * 0.3, 0], [Math.min(w, d) * 0.3, 0.03], [0.05, 0.08], [0.04, h], [0, h]], { segments: 12 }));
    return;
  }
  if (style === 'trestle') {
    for (const sx of [-1, 1]) {
      const x = sx * (w / 2 - inset);
      b.add(m, boxBetween(x - 0.03, 0, -d / 2 + inset * 0.5, x + 0.03, 0.06, d / 2 - inset * 0.5));
      b.add(m, boxBetween(x - 0.03, 0.06, -0.05, x + 0.03, h, 0.05));
    }
    b.add(m, boxBetween(-w / 2 + inset, h * 0.3, -0.025, w / 2 - inset, h * 0.38, 0.025));
    return;
  }
  for (const sx of [-1, 1]) for (const sz of [-1, 1]) {
    const at = translate(sx * (w / 2 - inset), 0, sz * (d / 2 - inset));
    if (style === 'square') b.add(m, box(0.05, h, 0.05), compose(at, translate(0, h / 2, 0)));
    else if (style === 'tapered') b.add(m, cylinder(0.018, 0.03, h, 4, true), compose(at, rotateY(Math.PI / 4)));
    else b.add(m, lathe([[0.022, 0], [0.03, h * 0.1], [0.018, h * 0.3], [0.03, h * 0.5], [0.02, h * 0.7], [0.028, h * 0.9], [0.028, h], [0, h]], { segments: 8 }), at);
  }
}

export interface TableParams { w: number; d: number; h: number; round: boolean; legs: LegStyle; wood: Wood; cloth?: MaterialSpec; drawer?: boolean; items?: boolean }

export function table(name: string, p: TableParams): SceneModel {
  const b = new ModelBuilder(name);
  const m = b.mat('wood', WOOD[p.wood]);
  const top = 0.04;
  if (p.round) b.add(m, cylinder(p.w / 2, p.w / 2, top, 24), translate(0, p.h - top, 0));
  else b.add(m, box(p.w, top, p.d), translate(0, p.h - top / 2, 0));
  const inset = p.round ? p.w * 0.28 : 0.07;
  legs(b, m, p.legs, p.w, p.round ? p.w : p.d, p.h - top, inset);
  if (!p.round && p.legs !== 'trestle' && p.legs !== 'pedestal') {
    b.add(m, boxBetween(-p.w / 2 + inset, p.h - top - 0.08, -p.d / 2 + inset - 0.01, p.w / 2 - inset, p.h - top, p.d / 2 - inset + 0.01));
  }
  if (p.drawer && !p.round) {
    b.add(b.mat('drawer', WOOD.dark), box(p.w * 0.4, 0.06, 0.01), translate(0, p.h - top - 0.04, p.d / 2 - inset + 0.015));
    b.add(b.mat('brass', METAL.brass), cylinder(0.01, 0.01, 0.02, 6), compose(translate(0, p.h - top - 0.04, p.d / 2 - inset + 0.02), rotateZ(Math.PI / 2), rotateY(0)));
  }
  if (p.cloth) {
    const c = b.mat('cloth', p.cloth);
    if (p.round) b.add(c, lathe([[p.w / 2 + 0.1, p.h - 0.25], [p.w / 2 + 0.02, p.h + 0.002], [0, p.h + 0.002]], { segments: 24 }));
    else b.add(c, boxBetween(-p.w * 0.3, p.h, -p.d / 2 - 0.01, p.w * 0.3, p.h + 0.004, p.d / 2 + 0.01));
  }
  if (p.items) {
    const rng = mulberry32(hashString(name));
    const plate = b.mat('plate', MISC.ceramic);
    const cup = b.mat('cup', METAL.brass);
    for (let i = 0; i < 3; i++) {
      const x = range(rng, -p.w * 0.3, p.w * 0.3), z = range(rng, -p.d * 0.25, p.d * 0.25);
      b.add(plate, cylinder(0.09, 0.11, 0.015, 14), translate(x, p.h + 0.004, z));
      b.add(cup, lathe([[0.03, 0], [0.035, 0.08], [0, 0.08]], { segments: 10 }), translate(x + 0.14, p.h + 0.004, z));
    }
  }
  return b.build();
}

export interface ChairParams { seat: number; back: 'none' | 'slats' | 'solid' | 'spindles' | 'ladder'; arms: boolean; legs: LegStyle; wood: Wood; cushion?: keyof typeof CLOTH; backH?: number }

export function chair(name: string, p: ChairParams): SceneModel {
  const b = new ModelBuilder(name);
  const m = b.mat('wood', WOOD[p.wood]);
  const s = p.seat, sh = 0.45, bh = p.backH ?? 0.5;
  b.add(m, box(s, 0.04, s), translate(0, sh - 0.02, 0));
  legs(b, m, p.legs === 'pedestal' ? 'square' : p.legs, s, s, sh - 0.04, 0.04);
  if (p.cushion) b.add(b.mat('cushion', CLOTH[p.cushion]), box(s * 0.9, 0.05, s * 0.9), translate(0, sh + 0.025, 0));
  if (p.back !== 'none') {
    const z = -s / 2 + 0.025;
    for (const sx of [-1, 1]) b.add(m, boxBetween(sx * (s / 2 - 0.045) - 0.022, sh, z - 0.022, sx * (s / 2 - 0.045) + 0.022, sh + bh, z + 0.022));
    b.add(m, boxBetween(-s / 2 + 0.02, sh + bh - 0.07, z - 0.02, s / 2 - 0.02, sh + bh, z + 0.02));
    if (p.back === 'solid') b.add(m, boxBetween(-s / 2 + 0.06, sh + 0.05, z - 0.012, s / 2 - 0.06, sh + bh - 0.07, z + 0.012));
    if (p.back === 'slats') for (let i = 0; i < 3; i++) { const x = -s * 0.2 + i * s * 0.2; b.add(m, boxBetween(x - 0.025, sh + 0.02, z - 0.01, x + 0.025, sh + bh - 0.07, z + 0.01)); }
    if (p.back === 'spindles') for (let i = 0; i < 5; i++) { const x = -s * 0.3 + i * s * 0.15; b.add(m, cylinder(0.01, 0.01, bh - 0.08, 6), translate(x, sh + 0.01, z)); }
    if (p.back === 'ladder') for (let i = 0; i < 3; i++) b.add(m, boxBetween(-s / 2 + 0.06, sh + 0.1 + i * bh * 0.22, z - 0.012, s / 2 - 0.06, sh + 0.14 + i * bh * 0.22, z + 0.012));
  }
  if (p.arms) for (const sx of [-1, 1]) {
    b.add(m, boxBetween(sx * s / 2 - 0.03, sh + 0.22, -s / 2 + 0.02, sx * s / 2 + 0.03, sh + 0.25, s / 2));
    b.add(m, boxBetween(sx * s / 2 - 0.02, sh, s / 2 - 0.06, sx * s / 2 + 0.02, sh + 0.22, s / 2 - 0.02));
  }
  return b.build();
}

export function stool(name: string, round: boolean, legCount: 3 | 4, h: number, wood: Wood, cushion?: keyof typeof CLOTH): SceneModel {
  const b = new ModelBuilder(name);
  const m = b.mat('wood', WOOD[wood]);
  const r = 0.17;
  if (round) b.add(m, cylinder(r, r, 0.04, 18), translate(0, h - 0.04, 0));
  else b.add(m, box(r * 2, 0.04, r * 2), translate(0, h - 0.02, 0));
  for (let i = 0; i < legCount; i++) {
    const a = (i / legCount) * Math.PI * 2 + (legCount === 4 ? Math.PI / 4 : 0);
    b.add(m, tube([[Math.cos(a) * r * 1.05, 0, Math.sin(a) * r * 1.05], [Math.cos(a) * r * 0.7, h - 0.04, Math.sin(a) * r * 0.7]], 0.018, 6));
  }
  b.add(m, lathe([[r * 0.78, 0], [r * 0.82, 0.025]], { segments: 16, caps: false }), translate(0, h * 0.35, 0));
  if (cushion) b.add(b.mat('cushion', CLOTH[cushion]), cylinder(r * 0.9, r * 0.85, 0.05, 16), translate(0, h, 0));
  return b.build();
}

export function bench(name: string, length: number, back: boolean, wood: Wood, metalLegs: boolean): SceneModel {
  const b = new ModelBuilder(name);
  const m = b.mat('wood', WOOD[wood]);
  const legM = metalLegs ? b.mat('iron', METAL.iron) : m;
  const sh = 0.45, d = 0.38;
  for (let i = 0; i < 3; i++) b.add(m, boxBetween(-length / 2, sh - 0.035, -d / 2 + i * (d / 3) + 0.01, length / 2, sh, -d / 2 + (i + 1) * (d / 3) - 0.01));
  for (const sx of [-1, 1]) {
    const x = sx * (length / 2 - 0.12);
    b.add(legM, boxBetween(x - 0.03, 0, -d / 2, x + 0.03, sh - 0.035, -d / 2 + 0.05));
    b.add(legM, boxBetween(x - 0.03, 0, d / 2 - 0.05, x + 0.03, sh - 0.035, d / 2));
    b.add(legM, boxBetween(x - 0.03, sh - 0.1, -d / 2, x + 0.03, sh - 0.035, d / 2));
    if (back) b.add(legM, boxBetween(x - 0.03, sh - 0.035, -d / 2, x + 0.03, sh + 0.45, -d / 2 + 0.05));
  }
  if (back) for (let i = 0; i < 2; i++) b.add(m, boxBetween(-length / 2, sh + 0.15 + i * 0.16, -d / 2 - 0.02, length / 2, sh + 0.27 + i * 0.16, -d / 2));
  return b.build();
}

export function shelf(name: string, w: number, h: number, d: number, shelves: number, wood: Wood, fill: 'empty' | 'books' | 'jars' | 'mixed', backed: boolean): SceneModel {
  const b = new ModelBuilder(name);
  const m = b.mat('wood', WOOD[wood]);
  const t = 0.03;
  b.add(m, boxBetween(-w / 2, 0, -d / 2, -w / 2 + t, h, d / 2)).add(m, boxBetween(w / 2 - t, 0, -d / 2, w / 2, h, d / 2));
  if (backed) b.add(m, boxBetween(-w / 2 + t, 0, -d / 2, w / 2 - t, h, -d / 2 + 0.01));
  const rng = mulberry32(hashString(name));
  const colors = ['#8a2a2a', '#2a4a8a', '#3a6a3a', '#6a4a2a', '#5a2a6a', '#a88a3a'];
  for (let i = 0; i <= shelves; i++) {
    const y = i === 0 ? 0.05 : (i / shelves) * (h - t);
    b.add(m, boxBetween(-w / 2 + t, y, -d / 2, w / 2 - t, y + t, d / 2));
    if (i === shelves || fill === 'empty') continue;
    const space = (h - t) / shelves - t - 0.02;
    let x = -w / 2 + t + 0.02;
    while (x < w / 2 - t - 0.08) {
      const kind = fill === 'mixed' ? (rng() < 0.6 ? 'books' : 'jars') : fill;
      if (kind === 'books') {
        const bw = range(rng, 0.03, 0.06), bh = space * range(rng, 0.6, 0.95);
        const ci = Math.floor(rng() * colors.length);
        const bookM = b.mat(`book_${ci}`, { color: colors[ci], roughness: 0.8 });
        b.add(bookM, boxBetween(x, y + t, -d * 0.35, x + bw, y + t + bh, d * 0.35));
        x += bw + 0.004;
      } else {
        const r = range(rng, 0.03, 0.05), jh = space * range(rng, 0.4, 0.7);
        b.add(b.mat('jar', MISC.clay), lathe([[r, 0], [r, jh * 0.8], [r * 0.6, jh], [0, jh]], { segments: 10 }), translate(x + r, y + t, 0));
        x += r * 2 + 0.01;
      }
    }
  }
  return b.build();
}

export function bed(name: string, width: number, kind: 'simple' | 'framed' | 'canopy' | 'bunk', blanket: keyof typeof CLOTH, wood: Wood): SceneModel {
  const b = new ModelBuilder(name);
  const m = b.mat('wood', WOOD[wood]);
  const cloth = b.mat('blanket', CLOTH[blanket]);
  const pillow = b.mat('pillow', CLOTH.cream);
  const L = 2.0;
  const level = (y: number): void => {
    b.add(m, boxBetween(-width / 2, y, -L / 2, width / 2, y + 0.1, L / 2));
    b.add(b.mat('mattress', CLOTH.cream), boxBetween(-width / 2 + 0.04, y + 0.1, -L / 2 + 0.04, width / 2 - 0.04, y + 0.25, L / 2 - 0.04));
    b.add(cloth, boxBetween(-width / 2 + 0.02, y + 0.12, -L / 2 + 0.55, width / 2 - 0.02, y + 0.27, L / 2 - 0.02));
    const pw = width > 1.2 ? 2 : 1;
    for (let i = 0; i < pw; i++) {
      const x = pw === 1 ? 0 : (i - 0.5) * width * 0.48;
      b.add(pillow, box(width / pw - 0.12, 0.1, 0.35), translate(x, y + 0.3, -L / 2 + 0.28));
    }
  };
  const post = (x: number, z: number, h: number): void => { b.add(m, boxBetween(x - 0.04, 0, z - 0.04, x + 0.04, h, z + 0.04)); };
  level(0.25);
  if (kind === 'simple') { for (const sx of [-1, 1]) for (const sz of [-1, 1]) post(sx * (width / 2 - 0.04), sz * (L / 2 - 0.04), 0.3); }
  else {
    const hh = kind === 'canopy' ? 2.1 : kind === 'bunk' ? 1.8 : 1.0;
    const fh = kind === 'canopy' ? 2.1 : kind === 'bunk' ? 1.8 : 0.7;
    for (const sx of [-1, 1]) { post(sx * (width / 2 - 0.04), -L / 2 + 0.04, hh); post(sx * (width / 2 - 0.04), L / 2 - 0.04, fh); }
    b.add(m, boxBetween(-width / 2, 0.5, -L / 2, width / 2, 0.9, -L / 2 + 0.05));
    b.add(m, boxBetween(-width / 2, 0.45, L / 2 - 0.05, width / 2, 0.65, L / 2));
    if (kind === 'bunk') {
      level(1.25);
      for (let i = 0; i < 4; i++) b.add(m, boxBetween(width / 2, 0.4 + i * 0.3, L / 2 - 0.35, width / 2 + 0.04, 0.44 + i * 0.3, L / 2 - 0.1));
    }
    if (kind === 'canopy') {
      const c = b.mat('canopy', { ...CLOTH[blanket], doubleSided: true });
      b.add(c, boxBetween(-width / 2, 2.1, -L / 2, width / 2, 2.14, L / 2));
      for (const sx of [-1, 1]) b.add(c, boxBetween(sx * width / 2 - 0.01, 1.7, -L / 2, sx * width / 2 + 0.01, 2.1, L / 2));
    }
  }
  return b.build();
}

export function cabinet(name: string, w: number, h: number, d: number, doors: number, drawers: number, wood: Wood, legsUnder: boolean): SceneModel {
  const b = new ModelBuilder(name);
  const m = b.mat('wood', WOOD[wood]);
  const front = b.mat('front', WOOD[wood === 'dark' ? 'medium' : 'dark']);
  const knob = b.mat('knob', METAL.brass);
  const y0 = legsUnder ? 0.12 : 0;
  if (legsUnder) for (const sx of [-1, 1]) for (const sz of [-1, 1]) b.add(m, cylinder(0.025, 0.02, y0, 8), translate(sx * (w / 2 - 0.05), 0, sz * (d / 2 - 0.05)));
  b.add(m, boxBetween(-w / 2, y0, -d / 2, w / 2, h, d / 2));
  b.add(m, boxBetween(-w / 2 - 0.02, h, -d / 2 - 0.02, w / 2 + 0.02, h + 0.03, d / 2 + 0.02));
  const body = h - y0;
  const drawerH = drawers > 0 ? Math.min(0.2, body * 0.25) : 0;
  for (let i = 0; i < drawers; i++) {
    const y = h - 0.03 - (i + 1) * drawerH;
    b.add(front, boxBetween(-w / 2 + 0.03, y + 0.01, d / 2, w / 2 - 0.03, y + drawerH - 0.01, d / 2 + 0.015));
    b.add(knob, lathe([[0.012, 0], [0.015, 0.015], [0, 0.02]], { segments: 8 }), compose(translate(0, y + drawerH / 2, d / 2 + 0.015), rotateX(Math.PI / 2)));
  }
  const doorTop = h - 0.03 - drawers * drawerH;
  if (doors > 0) {
    const dw = (w - 0.06) / doors;
    for (let i = 0; i < doors; i++) {
      const x0 = -w / 2 + 0.03 + i * dw;
      b.add(front, boxBetween(x0 + 0.005, y0 + 0.03, d / 2, x0 + dw - 0.005, doorTop - 0.01, d / 2 + 0.015));
      const kx = doors === 1 ? x0 + dw - 0.05 : i % 2 === 0 ? x0 + dw - 0.04 : x0 + 0.04;
      b.add(knob, lathe([[0.012, 0], [0.015, 0.015], [0, 0.02]], { segments: 8 }), compose(translate(kx, (y0 + doorTop) / 2, d / 2 + 0.015), rotateX(Math.PI / 2)));
    }
  }
  return b.build();
}

export function rug(name: string, w: number, d: number, round: boolean, main: keyof typeof CLOTH, border: keyof typeof CLOTH): SceneModel {
  const b = new ModelBuilder(name);
  const m = b.mat('rug', CLOTH[main]);
  const e = b.mat('border', CLOTH[border]);
  if (round) {
    b.add(e, cylinder(w / 2, w / 2, 0.012, 32));
    b.add(m, cylinder(w / 2 - 0.08, w / 2 - 0.08, 0.014, 32));
  } else {
    b.add(e, boxBetween(-w / 2, 0, -d / 2, w / 2, 0.012, d / 2));
    b.add(m, boxBetween(-w / 2 + 0.08, 0, -d / 2 + 0.08, w / 2 - 0.08, 0.014, d / 2 - 0.08));
  }
  return b.build();
}

export function bookStack(name: string, count: number, open: boolean): SceneModel {
  const b = new ModelBuilder(name);
  const rng = mulberry32(hashString(name));
  const colors = ['#8a2a2a', '#2a4a8a', '#3a6a3a', '#6a4a2a', '#5a2a6a'];
  const paper = b.mat('pages', MISC.paper);
  let y = 0;
  for (let i = 0; i < count; i++) {
    const w = range(rng, 0.16, 0.24), d = w * 1.35, t = range(rng, 0.025, 0.05);
    const cover = b.mat(`cover_${i % colors.length}`, { color: colors[i % colors.length], roughness: 0.8 });
    const at = compose(translate(range(rng, -0.02, 0.02), y, 0), rotateY(range(rng, -0.3, 0.3)));
    b.add(cover, boxBetween(-w / 2, 0, -d / 2, w / 2, t, d / 2), at);
    b.add(paper, boxBetween(-w / 2 + 0.01, 0.004, -d / 2 + 0.005, w / 2 + 0.002, t - 0.004, d / 2 - 0.005), at);
    y += t;
  }
  if (open) {
    const cover = b.mat('cover_open', { color: '#6a2a1a', roughness: 0.8 });
    for (const s of [-1, 1]) {
      b.add(cover, box(0.2, 0.006, 0.27), compose(translate(s * 0.1, y + 0.01, 0), rotateZ(s * -0.08)));
      b.add(paper, box(0.19, 0.02, 0.26), compose(translate(s * 0.1, y + 0.022, 0), rotateZ(s * -0.08)));
    }
  }
  return b.build();
}

export function wallPainting(name: string, w: number, h: number, frame: keyof typeof METAL | Wood, colors: string[]): SceneModel {
  const b = new ModelBuilder(name);
  const f = b.mat('frame', frame in METAL ? METAL[frame as keyof typeof METAL] : WOOD[frame as Wood]);
  b.add(f, boxBetween(-w / 2, 0, -0.02, w / 2, h, 0.0));
  b.add(f, boxBetween(-w / 2, 0, 0, w / 2, 0.05, 0.03)).add(f, boxBetween(-w / 2, h - 0.05, 0, w / 2, h, 0.03));
  b.add(f, boxBetween(-w / 2, 0.05, 0, -w / 2 + 0.05, h - 0.05, 0.03)).add(f, boxBetween(w / 2 - 0.05, 0.05, 0, w / 2, h - 0.05, 0.03));
  // Canvas as horizontal colour bands: landscape-like.
  colors.forEach((c, i) => {
    const m = b.mat(`paint_${i}`, { color: c, roughness: 0.9 });
    const y0 = 0.05 + ((h - 0.1) * i) / colors.length, y1 = 0.05 + ((h - 0.1) * (i + 1)) / colors.length;
    b.add(m, boxBetween(-w / 2 + 0.05, y0, 0, w / 2 - 0.05, y1, 0.01));
  });
  return b.build();
}
