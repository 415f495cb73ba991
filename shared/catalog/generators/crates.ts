/** Crates: framed, slatted, X-braced, iron-cornered and banded boxes, single or stacked. */
import type { SceneModel } from '../../mesh/model';
import { box, boxBetween, compose, rotateY, rotateZ, translate, tube, type Geo } from '../geometry';
import { ModelBuilder } from '../model-builder';
import { METAL, WOOD } from '../palette';

export type CrateStyle = 'framed' | 'slatted' | 'braced' | 'iron_corners' | 'banded' | 'open';

export interface CrateParams {
  w: number; h: number; d: number;
  style: CrateStyle;
  wood?: keyof typeof WOOD;
  /** Rope handles on the two short sides. */
  handles?: boolean;
}

/** One crate with its base at y = 0, centred on x/z, added to builder `b`. */
export function addCrate(b: ModelBuilder, p: CrateParams, at: [number, number, number] = [0, 0, 0], yaw = 0): void {
  const body = b.mat('wood', WOOD[p.wood ?? 'medium']);
  const trim = b.mat('trim', WOOD.dark);
  const iron = b.mat('iron', METAL.iron);
  const place = (g: Geo): void => { b.add(body, g, compose(translate(at[0], at[1], at[2]), rotateY(yaw))); };
  const placeM = (m: number, g: Geo): void => { b.add(m, g, compose(translate(at[0], at[1], at[2]), rotateY(yaw))); };
  const { w, h, d } = p;
  const t = Math.min(w, h, d) * 0.08;
  if (p.style === 'slatted') {
    // Four corner posts and horizontal slats with gaps on every side.
    for (const sx of [-1, 1]) for (const sz of [-1, 1]) {
      placeM(trim, boxBetween(sx * w / 2 - sx * t, 0, sz * d / 2 - sz * t, sx * w / 2, h, sz * d / 2));
    }
    const slats = 4;
    const sh = h / (slats * 1.6);
    for (let i = 0; i < slats; i++) {
      const y0 = (i + 0.3) * (h / slats);
      place(boxBetween(-w / 2 + t * 0.3, y0, d / 2 - t * 0.6, w / 2 - t * 0.3, y0 + sh, d / 2));
      place(boxBetween(-w / 2 + t * 0.3, y0, -d / 2, w / 2 - t * 0.3, y0 + sh, -d / 2 + t * 0.6));
      place(boxBetween(w / 2 - t * 0.6, y0, -d / 2 + t * 0.3, w / 2, y0 + sh, d / 2 - t * 0.3));
      place(boxBetween(-w / 2, y0, -d / 2 + t * 0.3, -w / 2 + t * 0.6, y0 + sh, d / 2 - t * 0.3));
    }
    place(boxBetween(-w / 2 + t, 0, -d / 2 + t, w / 2 - t, t * 0.6, d / 2 - t));
    return;
  }
  if (p.style === 'open') {
    // Open-topped: bottom and four walls, no lid, a little straw inside.
    place(boxBetween(-w / 2, 0, -d / 2, w / 2, t, d / 2));
    place(boxBetween(-w / 2, 0, d / 2 - t, w / 2, h, d / 2));
    place(boxBetween(-w / 2, 0, -d / 2, w / 2, h, -d / 2 + t));
    place(boxBetween(-w / 2, 0, -d / 2 + t, -w / 2 + t, h, d / 2 - t));
    place(boxBetween(w / 2 - t, 0, -d / 2 + t, w / 2, h, d / 2 - t));
    const straw = b.mat('straw', { color: '#d8c070', roughness: 1 });
    placeM(straw, boxBetween(-w / 2 + t, t, -d / 2 + t, w / 2 - t, h * 0.7, d / 2 - t));
    placeM(trim, boxBetween(-w / 2 - t * 0.3, h - t, d / 2, w / 2 + t * 0.3, h, d / 2 + t * 0.3));
    placeM(trim, boxBetween(-w / 2 - t * 0.3, h - t, -d / 2 - t * 0.3, w / 2 + t * 0.3, h, -d / 2));
    return;
  }
  place(boxBetween(-w / 2 + t * 0.5, t * 0.5, -d / 2 + t * 0.5, w / 2 - t * 0.5, h - t * 0.5, d / 2 - t * 0.5));
  // Frame: 12 edges as trim boards.
  const edges = (m: number, th: number): void => {
    for (const sy of [0, 1]) {
      const y0 = sy ? h - th : 0, y1 = sy ? h : th;
      placeM(m, boxBetween(-w / 2, y0, d / 2 - th, w / 2, y1, d / 2));
      placeM(m, boxBetween(-w / 2, y0, -d / 2, w / 2, y1, -d / 2 + th));
      placeM(m, boxBetween(-w / 2, y0, -d / 2 + th, -w / 2 + th, y1, d / 2 - th));
      placeM(m, boxBetween(w / 2 - th, y0, -d / 2 + th, w / 2, y1, d / 2 - th));
    }
    for (const sx of [-1, 1]) for (const sz of [-1, 1]) {
      placeM(m, boxBetween(sx > 0 ? w / 2 - th : -w / 2, th, sz > 0 ? d / 2 - th : -d / 2, sx > 0 ? w / 2 : -w / 2 + th, h - th, sz > 0 ? d / 2 : -d / 2 + th));
    }
  };
  if (p.style === 'framed' || p.style === 'braced') edges(trim, t);
  if (p.style === 'braced') {
    // Diagonal braces on the front and back faces.
    const diag = Math.hypot(w - 2 * t, h - 2 * t);
    const ang = Math.atan2(h - 2 * t, w - 2 * t);
    for (const sz of [-1, 1]) {
      b.add(trim, box(diag, t, t * 0.6), compose(translate(at[0], at[1], at[2]), rotateY(yaw), translate(0, h / 2, sz * (d / 2 + t * 0.1)), rotateZ(ang)));
    }
  }
  if (p.style === 'iron_corners') {
    edges(trim, t * 0.7);
    const c = t * 2.2;
    for (const sx of [-1, 1]) for (const sy of [0, 1]) for (const sz of [-1, 1]) {
      const x0 = sx > 0 ? w / 2 - c : -w / 2 - t * 0.15, x1 = sx > 0 ? w / 2 + t * 0.15 : -w / 2 + c;
      const y0 = sy ? h - c : -t * 0.0, y1 = sy ? h + t * 0.15 : c;
      const z0 = sz > 0 ? d / 2 - c : -d / 2 - t * 0.15, z1 = sz > 0 ? d / 2 + t * 0.15 : -d / 2 + c;
      placeM(iron, boxBetween(x0, y0, z0, x1, y1, z1));
    }
  }
  if (p.handles) {
    const rope = b.mat('rope', { color: '#b8a070', roughness: 1 });
    for (const sx of [-1, 1]) {
      const path: [number, number, number][] = [];
      for (let i = 0; i <= 8; i++) { const a = (i / 8) * Math.PI; path.push([sx * (w / 2 + Math.sin(a) * t * 1.2), h * 0.62, Math.cos(a) * d * 0.18]); }
      placeM(rope, tube(path, t * 0.22, 5));
    }
  }
  if (p.style === 'banded') {
    for (const fx of [-0.3, 0.3]) {
      placeM(iron, boxBetween(fx * w - t * 0.6, -t * 0.1, -d / 2 - t * 0.15, fx * w + t * 0.6, h + t * 0.15, d / 2 + t * 0.15));
    }
  }
}

export function crate(name: string, p: CrateParams): SceneModel {
  const b = new ModelBuilder(name);
  addCrate(b, p);
  return b.build();
}

/** Crates stacked: `layout` gives each crate's offset, size factor and yaw. */
export function crateStack(name: string, p: CrateParams, layout: [number, number, number, number, number][]): SceneModel {
  const b = new ModelBuilder(name);
  for (const [x, y, z, s, yaw] of layout) addCrate(b, { ...p, w: p.w * s, h: p.h * s, d: p.d * s }, [x, y, z], yaw);
  return b.build();
}
