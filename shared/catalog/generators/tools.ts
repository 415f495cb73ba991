/**
 * Hand tools and weapons, modelled lying in their natural "standing" pose: long tools upright
 * (handle down, head up) so their origin at the base is where they would lean against a wall.
 */
import type { SceneModel } from '../../mesh/model';
import { box, boxBetween, compose, cylinder, extrude, lathe, rotateX, rotateY, rotateZ, torus, translate, tube } from '../geometry';
import { ModelBuilder } from '../model-builder';
import { METAL, MISC, WOOD } from '../palette';

type Wood = keyof typeof WOOD;
type Metal = keyof typeof METAL;

function handle(b: ModelBuilder, wood: Wood, length: number, r = 0.016): void {
  b.add(b.mat('handle', WOOD[wood]), cylinder(r, r * 0.9, length, 8));
}

export function hammer(name: string, kind: 'claw' | 'sledge' | 'mallet', wood: Wood): SceneModel {
  const b = new ModelBuilder(name);
  const L = kind === 'sledge' ? 0.9 : 0.32;
  handle(b, wood, L, kind === 'sledge' ? 0.02 : 0.013);
  const steel = b.mat('head', kind === 'mallet' ? WOOD.light : METAL.steel);
  if (kind === 'mallet') b.add(steel, cylinder(0.045, 0.045, 0.16, 12), compose(translate(-0.08, L, 0), rotateZ(-Math.PI / 2)));
  else if (kind === 'sledge') b.add(steel, box(0.26, 0.09, 0.09), translate(0, L, 0));
  else {
    b.add(steel, box(0.05, 0.035, 0.035), translate(0.045, L, 0));
    b.add(steel, cylinder(0.018, 0.022, 0.05, 10), compose(translate(0.07, L, 0), rotateZ(-Math.PI / 2)));
    b.add(steel, extrude([[0, -0.015], [0, 0.02], [-0.08, 0.0], [-0.1, -0.04]], 0.03), translate(0.02, L, 0));
  }
  return b.build();
}

export function axe(name: string, kind: 'hatchet' | 'felling' | 'double', wood: Wood): SceneModel {
  const b = new ModelBuilder(name);
  const L = kind === 'hatchet' ? 0.38 : 0.85;
  handle(b, wood, L, 0.016);
  const steel = b.mat('blade', METAL.steel);
  const s = kind === 'hatchet' ? 0.7 : 1;
  const blade: [number, number][] = [[0, -0.03 * s], [0.06 * s, -0.04 * s], [0.14 * s, -0.09 * s], [0.15 * s, 0.06 * s], [0.06 * s, 0.03 * s], [0, 0.035 * s]];
  b.add(steel, extrude(blade, 0.02), translate(0.015, L - 0.05, 0));
  if (kind === 'double') b.add(steel, extrude(blade.map(([x, y]) => [-x, y] as [number, number]), 0.02), translate(-0.015, L - 0.05, 0));
  else b.add(steel, box(0.04, 0.05, 0.03), translate(-0.01, L - 0.05, 0));
  return b.build();
}

export function pickaxe(name: string, wood: Wood, metal: Metal, curve = 0.35): SceneModel {
  const b = new ModelBuilder(name);
  handle(b, wood, 0.8, 0.017);
  const m = b.mat('head', METAL[metal]);
  const path: [number, number, number][] = [];
  for (let i = 0; i <= 8; i++) { const t = i / 8 - 0.5; path.push([t * 0.55, 0.78 - t * t * curve, 0]); }
  b.add(m, tube(path, [0.004, 0.012, 0.018, 0.022, 0.024, 0.022, 0.018, 0.012, 0.004], 6));
  return b.build();
}

export function shovel(name: string, kind: 'spade' | 'round' | 'scoop', wood: Wood): SceneModel {
  const b = new ModelBuilder(name);
  handle(b, wood, 1.0, 0.016);
  const w = b.mat('handle', WOOD[wood]);
  b.add(w, boxBetween(-0.06, 1.0, -0.012, 0.06, 1.03, 0.012));
  const steel = b.mat('blade', METAL.steel);
  const outline: [number, number][] = kind === 'spade'
    ? [[-0.09, 0], [0.09, 0], [0.09, 0.26], [0.02, 0.3], [-0.02, 0.3], [-0.09, 0.26]]
    : kind === 'round'
      ? [[0, -0.04], [0.08, 0.02], [0.11, 0.14], [0.1, 0.26], [0.03, 0.3], [-0.03, 0.3], [-0.1, 0.26], [-0.11, 0.14], [-0.08, 0.02]]
      : [[-0.13, 0], [0.13, 0], [0.14, 0.28], [0.03, 0.32], [-0.03, 0.32], [-0.14, 0.28]];
  b.add(steel, extrude(outline, 0.008), compose(translate(0, 0.3, 0), rotateZ(Math.PI)));
  return b.build();
}

export function rake(name: string, teeth: number, kind: 'garden' | 'leaf', wood: Wood): SceneModel {
  const b = new ModelBuilder(name);
  const L = 1.3;
  b.add(b.mat('handle', WOOD[wood]), cylinder(0.014, 0.014, L, 8), translate(0, 0.12, 0));
  const m = b.mat('head', kind === 'garden' ? METAL.iron : WOOD.light);
  if (kind === 'garden') {
    const w = teeth * 0.03;
    b.add(m, box(w, 0.025, 0.025), translate(0, 0.12, 0));
    for (let i = 0; i < teeth; i++) b.add(m, cylinder(0.005, 0.004, 0.1, 4), translate(-w / 2 + 0.015 + i * 0.03, 0.02, 0));
  } else {
    for (let i = 0; i < teeth; i++) {
      const a = -0.7 + (1.4 * i) / (teeth - 1);
      b.add(m, box(0.012, 0.3, 0.004), compose(translate(0, 0.13, 0), rotateZ(a), translate(0, -0.15, 0)));
    }
    b.add(m, torus(0.15, 0.006, 12, 4), compose(translate(0, 0.05, 0), rotateX(Math.PI / 2)));
  }
  return b.build();
}

export function pitchfork(name: string, prongs: number, wood: Wood): SceneModel {
  const b = new ModelBuilder(name);
  handle(b, wood, 1.2, 0.015);
  const m = b.mat('fork', METAL.iron);
  const w = (prongs - 1) * 0.045;
  b.add(m, box(w + 0.02, 0.02, 0.02), translate(0, 1.2, 0));
  for (let i = 0; i < prongs; i++) b.add(m, cylinder(0.006, 0.003, 0.28, 5), translate(-w / 2 + i * 0.045, 1.2, 0));
  return b.build();
}

export function broom(name: string, kind: 'besom' | 'push'): SceneModel {
  const b = new ModelBuilder(name);
  const straw = b.mat('bristles', MISC.straw);
  if (kind === 'besom') {
    b.add(b.mat('handle', WOOD.medium), cylinder(0.016, 0.016, 1.1, 8), translate(0, 0.3, 0));
    b.add(straw, lathe([[0.11, 0], [0.08, 0.2], [0.03, 0.38], [0, 0.38]], { segments: 12 }));
    b.add(b.mat('twine', MISC.rope), torus(0.04, 0.008, 10, 4), translate(0, 0.3, 0));
  } else {
    b.add(b.mat('head', WOOD.dark), box(0.4, 0.05, 0.06), translate(0, 0.1, 0));
    b.add(straw, box(0.38, 0.08, 0.05), translate(0, 0.04, 0));
    b.add(b.mat('handle', WOOD.medium), cylinder(0.015, 0.015, 1.2, 8), compose(translate(0, 0.12, 0), rotateX(0.35)));
  }
  return b.build();
}

export function saw(name: string, teeth: number): SceneModel {
  const b = new ModelBuilder(name);
  const outline: [number, number][] = [[0, 0]];
  const L = 0.55;
  for (let i = 0; i < teeth; i++) outline.push([((i + 0.5) / teeth) * L, -0.012], [((i + 1) / teeth) * L, 0]);
  outline.push([L, 0.06], [0, 0.12]);
  b.add(b.mat('blade', METAL.steel), extrude(outline, 0.003), translate(0, 0.015, 0));
  b.add(b.mat('grip', WOOD.red), extrude([[-0.14, 0.02], [0, 0.02], [0, 0.16], [-0.12, 0.18], [-0.16, 0.1]], 0.03), translate(0, 0.0, 0));
  return b.build();
}

export function sword(name: string, kind: 'short' | 'long' | 'broad' | 'curved' | 'great', metal: Metal, grip: keyof typeof MISC | Wood): SceneModel {
  const b = new ModelBuilder(name);
  const bladeL = kind === 'short' ? 0.45 : kind === 'long' ? 0.85 : kind === 'great' ? 1.1 : 0.7;
  const gripL = kind === 'great' ? 0.28 : 0.14;
  const bladeW = kind === 'broad' ? 0.07 : 0.045;
  const g = b.mat('grip', grip in MISC ? MISC[grip as keyof typeof MISC] : WOOD[grip as Wood]);
  const m = b.mat('blade', METAL[metal]);
  const guard = b.mat('guard', METAL[metal === 'steel' ? 'brass' : 'iron']);
  b.add(guard, icosphere1(0.025), translate(0, 0.02, 0));
  b.add(g, cylinder(0.015, 0.015, gripL, 8), translate(0, 0.03, 0));
  b.add(guard, box(kind === 'curved' ? 0.1 : kind === 'great' ? 0.3 : 0.2, 0.025, 0.035), translate(0, gripL + 0.04, 0));
  const outline: [number, number][] = kind === 'curved'
    ? [[-bladeW / 2, 0], [bladeW / 2, 0], [bladeW / 2 + 0.03, bladeL * 0.6], [bladeW * 0.2 + 0.08, bladeL], [-bladeW / 2 + 0.05, bladeL * 0.7]]
    : [[-bladeW / 2, 0], [bladeW / 2, 0], [bladeW / 2 * 0.9, bladeL * 0.85], [0, bladeL], [-bladeW / 2 * 0.9, bladeL * 0.85]];
  b.add(m, extrude(outline, 0.01), translate(0, gripL + 0.05, 0));
  return b.build();
}

function icosphere1(r: number) {
  return lathe([[0, -r], [r * 0.7, -r * 0.7], [r, 0], [r * 0.7, r * 0.7], [0, r]], { segments: 8 });
}

export function polearm(name: string, kind: 'spear' | 'halberd' | 'trident'): SceneModel {
  const b = new ModelBuilder(name);
  handle(b, 'medium', 1.8, 0.018);
  const m = b.mat('head', METAL.steel);
  if (kind === 'spear') b.add(m, extrude([[-0.03, 0], [0.03, 0], [0, 0.25]], 0.015), translate(0, 1.8, 0));
  else if (kind === 'trident') {
    b.add(m, box(0.2, 0.025, 0.02), translate(0, 1.8, 0));
    for (const x of [-0.09, 0, 0.09]) b.add(m, extrude([[-0.01, 0], [0.01, 0], [0.012, 0.16], [0, 0.2], [-0.012, 0.16]], 0.012), translate(x, 1.81, 0));
  } else {
    b.add(m, extrude([[-0.02, 0], [0.02, 0], [0, 0.3]], 0.015), translate(0, 1.8, 0));
    b.add(m, extrude([[0, 0], [0.18, -0.08], [0.2, 0.05], [0.18, 0.18], [0, 0.12]], 0.01), translate(0.01, 1.65, 0));
    b.add(m, extrude([[0, 0], [-0.1, 0.04], [0, 0.08]], 0.01), translate(-0.01, 1.68, 0));
  }
  return b.build();
}

export function shield(name: string, shape: 'round' | 'kite' | 'heater', paint: string, metal: Metal, crossBands = false): SceneModel {
  const b = new ModelBuilder(name);
  const face = b.mat('face', { color: paint, texture: 'planks', roughness: 0.8 });
  const rim = b.mat('rim', METAL[metal]);
  if (shape === 'round') {
    b.add(face, cylinder(0.32, 0.32, 0.03, 24), compose(translate(0, 0.33, 0), rotateX(Math.PI / 2)));
    b.add(rim, torus(0.32, 0.015, 24, 4), compose(translate(0, 0.33, 0.015), rotateX(Math.PI / 2)));
    b.add(rim, lathe([[0.08, 0], [0.06, 0.04], [0, 0.05]], { segments: 14 }), compose(translate(0, 0.33, 0.015), rotateX(Math.PI / 2)));
    if (crossBands) for (const a of [0, Math.PI / 2]) b.add(rim, box(0.6, 0.05, 0.01), compose(translate(0, 0.33, 0.02), rotateZ(a)));
  } else {
    const pts: [number, number][] = shape === 'kite'
      ? [[0, 0], [0.2, 0.45], [0.22, 0.72], [0.12, 0.82], [-0.12, 0.82], [-0.22, 0.72], [-0.2, 0.45]]
      : [[0, 0], [0.16, 0.12], [0.25, 0.32], [0.26, 0.6], [-0.26, 0.6], [-0.25, 0.32], [-0.16, 0.12]];
    b.add(face, extrude(pts, 0.03));
    b.add(rim, box(0.05, pts[3][1] * 0.9, 0.01), translate(0, pts[3][1] * 0.5, 0.02));
    b.add(rim, box(pts[3][0] * 2 * 0.9, 0.05, 0.01), translate(0, pts[3][1] * 0.65, 0.02));
  }
  return b.build();
}

export function mace(name: string, kind: 'flanged' | 'spiked' | 'club'): SceneModel {
  const b = new ModelBuilder(name);
  const m = b.mat('head', kind === 'club' ? WOOD.dark : METAL.iron);
  handle(b, kind === 'club' ? 'dark' : 'medium', 0.55, 0.017);
  if (kind === 'club') b.add(m, lathe([[0.017, 0], [0.05, 0.15], [0.06, 0.25], [0, 0.28]], { segments: 10 }), translate(0, 0.4, 0));
  else {
    b.add(m, lathe([[0.02, 0], [0.05, 0.03], [0.055, 0.1], [0.03, 0.14], [0, 0.15]], { segments: 12 }), translate(0, 0.52, 0));
    for (let i = 0; i < 6; i++) {
      const a = (i / 6) * Math.PI * 2;
      if (kind === 'flanged') b.add(m, box(0.05, 0.12, 0.008), compose(translate(0, 0.59, 0), rotateY(a), translate(0.05, 0, 0)));
      else b.add(m, cylinder(0.015, 0, 0.06, 5), compose(translate(0, 0.6, 0), rotateY(a), rotateZ(-Math.PI / 2), translate(0, 0.04, 0)));
    }
  }
  return b.build();
}

export function bow(name: string, kind: 'short' | 'long'): SceneModel {
  const b = new ModelBuilder(name);
  const L = kind === 'long' ? 1.6 : 1.0;
  const path: [number, number, number][] = [];
  for (let i = 0; i <= 12; i++) { const t = i / 12; path.push([Math.sin(t * Math.PI) * L * 0.14, t * L, 0]); }
  b.add(b.mat('wood', WOOD.medium), tube(path, path.map((_, i) => 0.008 + 0.01 * Math.sin((i / 12) * Math.PI)), 6));
  b.add(b.mat('string', MISC.white), cylinder(0.002, 0.002, L, 3));
  b.add(b.mat('grip', MISC.leather), cylinder(0.022, 0.022, 0.12, 8), translate(L * 0.14, L / 2 - 0.06, 0));
  return b.build();
}
