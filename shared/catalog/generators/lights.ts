/** Lights: torches, candles, candelabra, lanterns, braziers, chandeliers, lamp posts, campfires. */
import type { SceneModel } from '../../mesh/model';
import { box, boxBetween, compose, cylinder, icosphere, lathe, rotateX, rotateY, rotateZ, scale, torus, translate, tube } from '../geometry';
import { ModelBuilder } from '../model-builder';
import { METAL, MISC, STONE, WOOD } from '../palette';

function flame(b: ModelBuilder, x: number, y: number, z: number, size: number): void {
  const f = b.mat('flame', MISC.flame);
  b.add(f, lathe([[0, 0], [size * 0.5, size * 0.35], [size * 0.35, size * 0.8], [0, size * 1.5]], { segments: 8 }), translate(x, y, z));
}

function candle(b: ModelBuilder, x: number, y: number, z: number, r: number, h: number, lit: boolean): void {
  b.add(b.mat('wax', MISC.wax), cylinder(r, r * 0.95, h, 10), translate(x, y, z));
  b.add(b.mat('wick', MISC.black), cylinder(r * 0.12, r * 0.12, r * 0.6, 4), translate(x, y + h, z));
  if (lit) flame(b, x, y + h + r * 0.3, z, r * 1.2);
}

export function candles(name: string, heights: number[], lit: boolean, holder: 'none' | 'dish' | 'candlestick'): SceneModel {
  const b = new ModelBuilder(name);
  const brass = b.mat('brass', METAL.brass);
  let base = 0;
  if (holder === 'dish') {
    b.add(brass, lathe([[0, 0], [0.07, 0], [0.075, 0.012], [0.068, 0.015], [0, 0.012]], { segments: 16 }));
    b.add(brass, torus(0.02, 0.004, 8, 4), compose(translate(0.08, 0.012, 0), rotateX(Math.PI / 2)));
    base = 0.012;
  } else if (holder === 'candlestick') {
    b.add(brass, lathe([[0, 0], [0.06, 0], [0.06, 0.01], [0.015, 0.03], [0.012, 0.18], [0.03, 0.2], [0.03, 0.215], [0, 0.215]], { segments: 14 }));
    base = 0.215;
  }
  heights.forEach((h, i) => {
    const a = (i / heights.length) * Math.PI * 2;
    const off = heights.length > 1 ? 0.035 : 0;
    candle(b, Math.cos(a) * off, base, Math.sin(a) * off, 0.012 + (h > 0.12 ? 0.004 : 0), h, lit);
  });
  return b.build();
}

export function candelabra(name: string, arms: number): SceneModel {
  const b = new ModelBuilder(name);
  const brass = b.mat('brass', METAL.brass);
  b.add(brass, lathe([[0, 0], [0.08, 0], [0.08, 0.015], [0.02, 0.04], [0.014, 0.3], [0, 0.3]], { segments: 14 }));
  candle(b, 0, 0.3, 0, 0.013, 0.1, true);
  for (let i = 0; i < arms; i++) {
    const a = (i / arms) * Math.PI * 2;
    const path: [number, number, number][] = [];
    for (let k = 0; k <= 6; k++) {
      const t = k / 6;
      path.push([Math.cos(a) * t * 0.12, 0.2 + Math.sin(t * Math.PI) * -0.04 + t * 0.06, Math.sin(a) * t * 0.12]);
    }
    b.add(brass, tube(path, 0.007, 5));
    b.add(brass, cylinder(0.022, 0.016, 0.02, 10), translate(Math.cos(a) * 0.12, 0.26, Math.sin(a) * 0.12));
    candle(b, Math.cos(a) * 0.12, 0.28, Math.sin(a) * 0.12, 0.012, 0.08, true);
  }
  return b.build();
}

export function torch(name: string, kind: 'wall' | 'standing' | 'hand'): SceneModel {
  const b = new ModelBuilder(name);
  const wood = b.mat('handle', WOOD.dark);
  const iron = b.mat('iron', METAL.iron);
  const head = b.mat('cloth', { color: '#3a2a1e', roughness: 1 });
  if (kind === 'wall') {
    b.add(iron, boxBetween(-0.05, 0, -0.14, 0.05, 0.16, -0.12));
    b.add(iron, boxBetween(-0.012, 0.06, -0.12, 0.012, 0.085, 0.0));
    b.add(iron, torus(0.03, 0.006, 10, 4), translate(0, 0.075, 0));
    const tilt = compose(translate(0, 0.0, 0.0), rotateX(0.35));
    b.add(wood, cylinder(0.018, 0.024, 0.3, 8), compose(tilt, translate(0, -0.05, 0)));
    b.add(head, cylinder(0.03, 0.035, 0.07, 8), compose(tilt, translate(0, 0.22, 0)));
    flame(b, 0, 0.29, 0.1, 0.07);
  } else if (kind === 'standing') {
    for (let i = 0; i < 3; i++) {
      const a = (i / 3) * Math.PI * 2;
      b.add(iron, cylinder(0.012, 0.012, 0.5, 6), compose(translate(Math.cos(a) * 0.12, 0, Math.sin(a) * 0.12), rotateY(-a), rotateZ(0.24)));
    }
    b.add(iron, cylinder(0.02, 0.02, 1.3, 8), translate(0, 0.3, 0));
    b.add(iron, lathe([[0.03, 0], [0.1, 0.1], [0.11, 0.14], [0.09, 0.14], [0.02, 0.02]], { segments: 12, caps: false }), translate(0, 1.58, 0));
    b.add(b.mat('coal', MISC.coal), cylinder(0.095, 0.095, 0.02, 12), translate(0, 1.7, 0));
    flame(b, 0, 1.7, 0, 0.14);
  } else {
    b.add(wood, cylinder(0.02, 0.026, 0.45, 8));
    b.add(head, cylinder(0.035, 0.04, 0.09, 8), translate(0, 0.42, 0));
    b.add(iron, torus(0.036, 0.006, 8, 4), translate(0, 0.44, 0));
    flame(b, 0, 0.5, 0, 0.08);
  }
  return b.build();
}

export function lantern(name: string, shape: 'square' | 'round', mount: 'table' | 'hanging' | 'post'): SceneModel {
  const b = new ModelBuilder(name);
  const metal = b.mat('metal', METAL.iron);
  const glow = b.mat('glow', MISC.glow);
  let y0 = 0;
  if (mount === 'post') {
    b.add(metal, lathe([[0, 0], [0.18, 0], [0.16, 0.08], [0.06, 0.12], [0.05, 2.2], [0, 2.2]], { segments: 12 }));
    b.add(metal, boxBetween(-0.02, 2.05, -0.02, 0.45, 2.09, 0.02));
    y0 = 1.6;
  }
  const cx = mount === 'post' ? 0.4 : 0;
  const s = mount === 'post' ? 1.4 : 1;
  if (shape === 'square') {
    b.add(metal, box(0.16 * s, 0.02 * s, 0.16 * s), translate(cx, y0 + 0.01 * s, 0));
    for (const sx of [-1, 1]) for (const sz of [-1, 1]) b.add(metal, boxBetween(cx + sx * 0.07 * s - 0.008, y0, sz * 0.07 * s - 0.008, cx + sx * 0.07 * s + 0.008, y0 + 0.22 * s, sz * 0.07 * s + 0.008));
    b.add(glow, box(0.13 * s, 0.18 * s, 0.13 * s), translate(cx, y0 + 0.11 * s, 0));
    b.add(metal, lathe([[0.11 * s, 0], [0.02 * s, 0.08 * s], [0, 0.08 * s]], { segments: 4, phase: Math.PI / 4 }), translate(cx, y0 + 0.22 * s, 0));
  } else {
    b.add(metal, cylinder(0.08 * s, 0.08 * s, 0.025 * s, 14), translate(cx, y0, 0));
    b.add(glow, lathe([[0.06 * s, 0], [0.08 * s, 0.08 * s], [0.06 * s, 0.17 * s], [0, 0.17 * s]], { segments: 14 }), translate(cx, y0 + 0.025 * s, 0));
    for (let i = 0; i < 4; i++) {
      const a = (i / 4) * Math.PI * 2;
      b.add(metal, cylinder(0.006, 0.006, 0.17 * s, 4), translate(cx + Math.cos(a) * 0.075 * s, y0 + 0.025 * s, Math.sin(a) * 0.075 * s));
    }
    b.add(metal, lathe([[0.085 * s, 0], [0.03 * s, 0.06 * s], [0, 0.07 * s]], { segments: 14 }), translate(cx, y0 + 0.19 * s, 0));
  }
  const topY = y0 + (shape === 'square' ? 0.3 : 0.26) * s;
  if (mount === 'hanging') {
    b.add(metal, torus(0.03, 0.006, 10, 4), compose(translate(cx, topY + 0.03, 0), rotateX(Math.PI / 2)));
    b.add(metal, cylinder(0.004, 0.004, 0.4, 4), translate(cx, topY + 0.06, 0));
  } else if (mount === 'table') {
    const path: [number, number, number][] = [];
    for (let i = 0; i <= 8; i++) { const a = (i / 8) * Math.PI; path.push([cx + Math.cos(a) * 0.05, topY + Math.sin(a) * 0.05, 0]); }
    b.add(metal, tube(path, 0.005, 4));
  }
  return b.build();
}

export function brazier(name: string, style: 'bowl' | 'tripod' | 'stone'): SceneModel {
  const b = new ModelBuilder(name);
  const iron = b.mat('iron', METAL.iron);
  const coal = b.mat('coal', MISC.coal);
  let top = 0;
  if (style === 'stone') {
    const stone = b.mat('stone', STONE.grey);
    b.add(stone, lathe([[0.35, 0], [0.35, 0.1], [0.22, 0.15], [0.2, 0.7], [0.35, 0.78], [0.4, 0.9], [0.3, 0.9], [0.2, 0.85], [0, 0.85]], { segments: 8, creaseAngle: 0.2 }));
    top = 0.85;
  } else {
    if (style === 'tripod') {
      for (let i = 0; i < 3; i++) {
        const a = (i / 3) * Math.PI * 2;
        b.add(iron, tube([[Math.cos(a) * 0.35, 0, Math.sin(a) * 0.35], [Math.cos(a) * 0.2, 0.5, Math.sin(a) * 0.2], [Math.cos(a) * 0.25, 0.8, Math.sin(a) * 0.25]], 0.02, 6));
      }
      top = 0.7;
    } else {
      b.add(iron, lathe([[0, 0], [0.2, 0], [0.2, 0.03], [0.06, 0.08], [0.05, 0.5], [0, 0.5]], { segments: 12 }));
      top = 0.5;
    }
    b.add(iron, lathe([[0.05, 0], [0.3, 0.15], [0.34, 0.2], [0.31, 0.2], [0.04, 0.03]], { segments: 16, caps: false }), translate(0, top, 0));
    top += 0.12;
  }
  b.add(coal, cylinder(0.27, 0.27, 0.04, 14), translate(0, top, 0));
  for (let i = 0; i < 3; i++) flame(b, Math.cos(i * 2.1) * 0.08, top + 0.03, Math.sin(i * 2.1) * 0.08, 0.16 - i * 0.03);
  return b.build();
}

export function chandelier(name: string, arms: number, rings: number): SceneModel {
  const b = new ModelBuilder(name);
  const iron = b.mat('iron', METAL.iron);
  for (let r = 0; r < rings; r++) {
    const R = 0.45 - r * 0.18, y = r * 0.25;
    b.add(iron, torus(R, 0.02, 24, 5), translate(0, y, 0));
    for (let i = 0; i < arms - r * 2; i++) {
      const a = (i / (arms - r * 2)) * Math.PI * 2;
      candle(b, Math.cos(a) * R, y + 0.02, Math.sin(a) * R, 0.015, 0.09, true);
    }
    for (let i = 0; i < 3; i++) {
      const a = (i / 3) * Math.PI * 2 + 0.5;
      b.add(iron, tube([[Math.cos(a) * R, y, Math.sin(a) * R], [0, 0.8, 0]], 0.006, 4));
    }
  }
  b.add(iron, cylinder(0.01, 0.01, 0.6, 5), translate(0, 0.8, 0));
  b.add(iron, torus(0.04, 0.008, 10, 4), compose(translate(0, 1.44, 0), rotateX(Math.PI / 2)));
  return b.build();
}

export function campfire(name: string, logs: number, stones: boolean, spit: boolean): SceneModel {
  const b = new ModelBuilder(name);
  const wood = b.mat('logs', { color: '#5a3a22', texture: 'bark', roughness: 1 });
  for (let i = 0; i < logs; i++) {
    const a = (i / logs) * Math.PI * 2;
    // Logs lean inwards like a tipi, butts on the ground around the fire.
    b.add(wood, tube([[Math.cos(a) * 0.3, 0.03, Math.sin(a) * 0.3], [Math.cos(a) * 0.04, 0.38, Math.sin(a) * 0.04]], [0.045, 0.035], 7));
  }
  if (stones) {
    const stone = b.mat('stone', STONE.grey);
    for (let i = 0; i < 10; i++) {
      const a = (i / 10) * Math.PI * 2;
      b.add(stone, icosphere(0.07, 1), compose(translate(Math.cos(a) * 0.42, 0.04, Math.sin(a) * 0.42), scale(1.3, 0.7, 1)));
    }
  }
  b.add(b.mat('coal', MISC.coal), cylinder(0.2, 0.22, 0.03, 10));
  flame(b, 0, 0.05, 0, 0.28);
  flame(b, 0.08, 0.04, 0.05, 0.16);
  if (spit) {
    const iron = b.mat('iron', METAL.iron);
    for (const x of [-0.45, 0.45]) {
      b.add(iron, tube([[x, 0, -0.1], [x, 0.7, 0]], 0.012, 5));
      b.add(iron, tube([[x, 0, 0.1], [x, 0.7, 0]], 0.012, 5));
    }
    b.add(iron, cylinder(0.01, 0.01, 1.0, 5), compose(translate(-0.5, 0.68, 0), rotateZ(-Math.PI / 2)));
    b.add(b.mat('pot', METAL.iron), lathe([[0, 0], [0.1, 0.02], [0.13, 0.1], [0.11, 0.18], [0, 0.18]], { segments: 12 }), translate(0, 0.35, 0));
  }
  return b.build();
}

export function oilLamp(name: string, metal: keyof typeof METAL, footed: boolean): SceneModel {
  const b = new ModelBuilder(name);
  const m = b.mat('body', METAL[metal]);
  const y = footed ? 0.08 : 0;
  if (footed) b.add(m, lathe([[0, 0], [0.05, 0], [0.05, 0.01], [0.012, 0.03], [0.012, 0.08], [0, 0.08]], { segments: 12 }));
  b.add(m, lathe([[0, 0], [0.05, 0], [0.07, 0.03], [0.06, 0.05], [0.02, 0.06], [0, 0.06]], { segments: 14 }), compose(translate(0, y, 0), scale(1.3, 1, 0.9)));
  b.add(m, cylinder(0.012, 0.008, 0.08, 6), compose(translate(0.07, y + 0.04, 0), rotateZ(-1.2)));
  b.add(m, tube([[-0.06, y + 0.03, 0], [-0.1, y + 0.06, 0], [-0.08, y + 0.1, 0], [-0.05, y + 0.06, 0]], 0.006, 4));
  flame(b, 0.14, y + 0.07, 0, 0.035);
  return b.build();
}
