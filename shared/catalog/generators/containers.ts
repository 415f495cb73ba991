/** Containers and bottles: lathe-profiled bottles, flasks, jugs, pots, vases, urns, plus buckets, sacks and baskets. */
import type { SceneModel } from '../../mesh/model';
import { compose, cylinder, displace, icosphere, lathe, rotateY, rotateZ, scale, torus, translate, tube } from '../geometry';
import { ModelBuilder, type MaterialSpec } from '../model-builder';
import { CLOTH, METAL, MISC, WOOD } from '../palette';

/** Profiles as (radius, y) in metres, bottom to top. */
export const VESSEL_PROFILES: Record<string, [number, number][]> = {
  wine_bottle: [[0, 0], [0.038, 0], [0.04, 0.01], [0.04, 0.2], [0.032, 0.23], [0.014, 0.26], [0.013, 0.31], [0.016, 0.315], [0.016, 0.325], [0, 0.325]],
  potion_round: [[0, 0], [0.03, 0], [0.055, 0.03], [0.065, 0.07], [0.055, 0.11], [0.02, 0.135], [0.016, 0.17], [0.022, 0.175], [0.022, 0.18], [0, 0.18]],
  potion_square: [[0, 0], [0.045, 0], [0.05, 0.02], [0.05, 0.09], [0.02, 0.12], [0.016, 0.15], [0.02, 0.155], [0, 0.155]],
  flask_conical: [[0, 0], [0.07, 0], [0.07, 0.01], [0.022, 0.13], [0.02, 0.18], [0.025, 0.185], [0, 0.185]],
  jug: [[0, 0], [0.07, 0], [0.09, 0.05], [0.095, 0.11], [0.07, 0.18], [0.045, 0.22], [0.05, 0.25], [0.043, 0.25], [0.043, 0.22], [0, 0.22]],
  amphora: [[0, 0], [0.04, 0], [0.03, 0.04], [0.12, 0.2], [0.14, 0.3], [0.1, 0.45], [0.05, 0.52], [0.05, 0.6], [0.07, 0.62], [0, 0.62]],
  vase_tall: [[0, 0], [0.06, 0], [0.07, 0.02], [0.1, 0.15], [0.08, 0.3], [0.05, 0.38], [0.07, 0.45], [0, 0.45]],
  vase_round: [[0, 0], [0.06, 0], [0.13, 0.08], [0.14, 0.14], [0.1, 0.22], [0.06, 0.25], [0.08, 0.28], [0, 0.28]],
  clay_pot: [[0, 0], [0.1, 0], [0.15, 0.12], [0.17, 0.2], [0.16, 0.26], [0.14, 0.28], [0.15, 0.3], [0, 0.3]],
  urn: [[0, 0], [0.09, 0], [0.09, 0.03], [0.05, 0.06], [0.15, 0.2], [0.16, 0.32], [0.1, 0.44], [0.12, 0.47], [0.08, 0.5], [0.03, 0.55], [0, 0.56]],
  jar: [[0, 0], [0.07, 0], [0.08, 0.02], [0.08, 0.14], [0.06, 0.16], [0.06, 0.18], [0, 0.18]],
  mug: [[0, 0], [0.045, 0], [0.047, 0.1], [0.04, 0.1], [0.04, 0.09], [0, 0.09]],
  goblet: [[0, 0], [0.04, 0], [0.04, 0.008], [0.008, 0.02], [0.008, 0.08], [0.035, 0.1], [0.045, 0.15], [0.04, 0.15], [0.03, 0.1], [0, 0.1]],
  ink_pot: [[0, 0], [0.04, 0], [0.045, 0.03], [0.03, 0.05], [0.015, 0.055], [0.016, 0.065], [0, 0.065]],
};

export function vessel(name: string, profile: [number, number][], material: MaterialSpec, extras: {
  cork?: boolean; handle?: 'side' | 'two' | null; label?: MaterialSpec; segments?: number; scale?: number;
} = {}): SceneModel {
  const b = new ModelBuilder(name);
  const body = b.mat('body', material);
  const s = extras.scale ?? 1;
  const prof = profile.map(([r, y]) => [r * s, y * s] as [number, number]);
  const seg = extras.segments ?? 16;
  b.add(body, lathe(prof, { segments: seg, caps: true, creaseAngle: 0.7 }));
  const top = prof[prof.length - 1][1];
  const maxR = Math.max(...prof.map((p) => p[0]));
  if (extras.cork) {
    const neckR = prof[prof.length - 2][0];
    b.add(b.mat('cork', { color: '#a07850', roughness: 1 }), cylinder(neckR * 0.85, neckR * 1.05, top * 0.1, 10), translate(0, top * 0.97, 0));
  }
  if (extras.label) {
    // Label band around the widest part of the body.
    const ys = prof.filter((p) => p[0] > maxR * 0.95).map((p) => p[1]);
    const y0 = Math.min(...ys), y1 = Math.max(...ys);
    const mid = (y0 + y1) / 2, half = Math.max(0.01, (y1 - y0) * 0.3);
    b.add(b.mat('label', extras.label), lathe([[maxR * 1.01, mid - half], [maxR * 1.01, mid + half]], { segments: seg, caps: false }));
  }
  if (extras.handle) {
    const sides = extras.handle === 'two' ? [-1, 1] : [1];
    for (const sd of sides) {
      const path: [number, number, number][] = [];
      for (let i = 0; i <= 8; i++) {
        const a = (i / 8) * Math.PI;
        path.push([sd * (maxR * 0.85 + Math.sin(a) * maxR * 0.45), top * (0.35 + 0.45 * (i / 8)) , 0]);
      }
      b.add(body, tube(path, maxR * 0.09, 6));
    }
  }
  return b.build();
}

export function bucket(name: string, wood: boolean, water: boolean): SceneModel {
  const b = new ModelBuilder(name);
  const body = b.mat('body', wood ? WOOD.medium : METAL.steel);
  const metal = b.mat('metal', METAL.iron);
  const wall = lathe([[0.13, 0], [0.16, 0.28]], { segments: 16, caps: false });
  const inner = lathe([[0.145, 0.28], [0.118, 0.02]], { segments: 16, caps: false });
  b.add(body, wall).add(body, inner).add(body, cylinder(0.13, 0.13, 0.02, 16));
  b.add(body, lathe([[0.145, 0.28], [0.16, 0.28]], { segments: 16, caps: false }));
  if (wood) for (const y of [0.05, 0.23]) b.add(metal, torus(0.135 + y * 0.107, 0.006, 16, 4), translate(0, y, 0));
  if (water) b.add(b.mat('water', MISC.water), cylinder(0.15, 0.15, 0.005, 16), translate(0, 0.22, 0));
  const path: [number, number, number][] = [];
  for (let i = 0; i <= 10; i++) { const a = (i / 10) * Math.PI; path.push([Math.cos(a) * 0.16, 0.28 + Math.sin(a) * 0.14, 0]); }
  b.add(metal, tube(path, 0.006, 5), rotateY(0.4));
  return b.build();
}

export function sack(name: string, cloth: keyof typeof CLOTH, fill: number, tied: boolean, seed: number): SceneModel {
  const b = new ModelBuilder(name);
  const m = b.mat('sack', CLOTH[cloth]);
  const body = displace(icosphere(0.25, 2), seed, 0.04, 4);
  b.add(m, body, compose(translate(0, 0.2 * fill, 0), scale(0.95, 0.85 * fill + 0.2, 0.8)));
  if (tied) {
    b.add(m, lathe([[0.06, 0], [0.03, 0.06], [0.05, 0.12], [0.07, 0.14], [0, 0.15]], { segments: 10 }), translate(0, 0.2 * fill + (0.85 * fill + 0.2) * 0.25 - 0.03, 0));
    b.add(b.mat('rope', MISC.rope), torus(0.032, 0.008, 10, 4), translate(0, 0.2 * fill + (0.85 * fill + 0.2) * 0.25 + 0.035, 0));
  }
  return b.build();
}

export function basket(name: string, r: number, h: number, handle: boolean, contents: 'empty' | 'apples' | 'bread'): SceneModel {
  const b = new ModelBuilder(name);
  const straw = b.mat('wicker', { color: '#c49a5a', texture: 'fabric', roughness: 1 });
  b.add(straw, lathe([[r * 0.75, 0], [r, h]], { segments: 18, caps: false }));
  b.add(straw, lathe([[r * 0.94, h], [r * 0.7, 0.015]], { segments: 18, caps: false }));
  b.add(straw, cylinder(r * 0.75, r * 0.75, 0.015, 18));
  b.add(straw, torus(r, 0.012, 18, 4), translate(0, h, 0));
  if (handle) {
    const path: [number, number, number][] = [];
    for (let i = 0; i <= 12; i++) { const a = (i / 12) * Math.PI; path.push([Math.cos(a) * r * 0.95, h + Math.sin(a) * r * 0.9, 0]); }
    b.add(straw, tube(path, 0.012, 5));
  }
  if (contents !== 'empty') {
    const m = b.mat(contents, contents === 'apples' ? { color: '#b02a22', roughness: 0.5 } : { color: '#c8883e', roughness: 0.9 });
    const n = contents === 'apples' ? 6 : 3;
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2;
      const rr = contents === 'apples' ? r * 0.3 : r * 0.35;
      const piece = icosphere(rr, 1);
      const t = contents === 'apples' ? translate(Math.cos(a) * r * 0.45, h * 0.75, Math.sin(a) * r * 0.45)
        : compose(translate(Math.cos(a) * r * 0.3, h * 0.85, Math.sin(a) * r * 0.3), rotateY(a), rotateZ(0.3), scale(1.6, 0.6, 0.8));
      b.add(m, piece, t);
    }
  }
  return b.build();
}
