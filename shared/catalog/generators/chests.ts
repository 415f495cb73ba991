/** Chests and trunks: flat or rounded lids, bands, locks, handles, closed or open. */
import type { SceneModel } from '../../mesh/model';
import { box, boxBetween, compose, extrude, rotateX, rotateY, torus, translate, type Geo } from '../geometry';
import { ModelBuilder } from '../model-builder';
import { METAL, WOOD } from '../palette';

export interface ChestParams {
  w: number; h: number; d: number;
  lid: 'flat' | 'round' | 'peaked';
  open: boolean;
  bands: number;
  wood?: keyof typeof WOOD;
  metal?: keyof typeof METAL;
  handles?: boolean;
  treasure?: boolean;
  feet?: boolean;
}

function lidShape(p: ChestParams, lidH: number): Geo {
  const { w, d } = p;
  if (p.lid === 'flat') return boxBetween(-w / 2, 0, -d / 2, w / 2, lidH, d / 2);
  const pts: [number, number][] = [];
  if (p.lid === 'round') {
    const n = 10;
    for (let i = 0; i <= n; i++) {
      const a = Math.PI - (i / n) * Math.PI;
      pts.push([(Math.cos(a) * d) / 2, Math.sin(a) * lidH]);
    }
  } else {
    pts.push([-d / 2, 0], [d / 2, 0], [d / 2, lidH * 0.4], [0, lidH], [-d / 2, lidH * 0.4]);
  }
  if (p.lid === 'round') pts.reverse();
  // Profile is in (z, y); extrude along X by rotating the extruded piece.
  return extrudeAlongX(pts, w);
}

function extrudeAlongX(pts: [number, number][], w: number): Geo {
  const g = extrude(pts.map(([z, y]) => [z, y] as [number, number]), w);
  // extrude: shape in (x, y), depth along z -> rotate so the shape's x becomes z.
  const out: Geo = { positions: [], normals: [], uvs: g.uvs, indices: g.indices };
  for (let i = 0; i < g.positions.length; i += 3) {
    out.positions.push(g.positions[i + 2], g.positions[i + 1], -g.positions[i]);
    out.normals.push(g.normals[i + 2], g.normals[i + 1], -g.normals[i]);
  }
  return out;
}

export function chest(name: string, p: ChestParams): SceneModel {
  const b = new ModelBuilder(name);
  const wood = b.mat('wood', WOOD[p.wood ?? 'red']);
  const metal = b.mat('metal', METAL[p.metal ?? 'iron']);
  const { w, h, d } = p;
  const foot = p.feet ? h * 0.12 : 0;
  const bodyH = h * 0.62;
  const lidH = p.lid === 'flat' ? h * 0.18 : h - bodyH;
  const y0 = foot;
  b.add(wood, boxBetween(-w / 2, y0, -d / 2, w / 2, y0 + bodyH, d / 2));
  if (p.feet) for (const sx of [-1, 1]) for (const sz of [-1, 1]) {
    b.add(metal, boxBetween(sx * w / 2 - sx * 0.06 - 0.03, 0, sz * d / 2 - sz * 0.06 - 0.03, sx * w / 2 - sx * 0.06 + 0.03, foot, sz * d / 2 - sz * 0.06 + 0.03));
  }
  const lidPlace = p.open
    ? compose(translate(0, y0 + bodyH, -d / 2), rotateX(-1.9), translate(0, 0, d / 2))
    : translate(0, y0 + bodyH, 0);
  b.add(wood, lidShape(p, lidH), lidPlace);
  if (p.open && p.treasure) {
    const gold = b.mat('gold', METAL.gold);
    b.add(gold, boxBetween(-w / 2 + 0.03, y0 + bodyH * 0.7, -d / 2 + 0.03, w / 2 - 0.03, y0 + bodyH * 0.92, d / 2 - 0.03));
    for (let i = 0; i < 5; i++) {
      b.add(gold, torus(0.035, 0.012, 10, 4), compose(translate(-w / 3 + (i * w) / 6, y0 + bodyH * 0.95, (i % 2 ? 0.05 : -0.06) * d), rotateX(1.3)));
    }
  } else if (p.open) {
    const cloth = b.mat('cloth', { color: '#8a2a2a', texture: 'fabric', roughness: 1 });
    b.add(cloth, boxBetween(-w / 2 + 0.03, y0 + 0.03, -d / 2 + 0.03, w / 2 - 0.03, y0 + bodyH * 0.6, d / 2 - 0.03));
  }
  // Metal bands over body (and lid when closed).
  const bandW = Math.min(0.05, w * 0.06);
  for (let i = 0; i < p.bands; i++) {
    const x = p.bands === 1 ? 0 : -w / 2 + w * (0.15 + (0.7 * i) / (p.bands - 1));
    b.add(metal, boxBetween(x - bandW / 2, y0 - 0.002, -d / 2 - 0.01, x + bandW / 2, y0 + bodyH, d / 2 + 0.01));
    if (!p.open) {
      const band = lidShape({ ...p, w: bandW, d: d + 0.02 }, lidH + 0.01);
      b.add(metal, band, translate(x, y0 + bodyH, 0));
    }
  }
  // Lock plate on the front.
  const lockM = b.mat('lock', METAL[p.metal === 'gold' ? 'gold' : 'brass']);
  b.add(lockM, box(w * 0.12, bodyH * 0.28, 0.02), translate(0, y0 + bodyH * 0.82, d / 2 + 0.01));
  if (p.handles) {
    for (const sx of [-1, 1]) b.add(metal, torus(0.05, 0.01, 10, 4), compose(translate(sx * (w / 2 + 0.01), y0 + bodyH * 0.65, 0), rotateY(Math.PI / 2), rotateX(Math.PI / 2)));
  }
  return b.build();
}
