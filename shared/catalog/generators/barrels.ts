/** Barrels and kegs: bulging staves (lathe), iron hoops, lids, lying or on a stand, stacks. */
import type { SceneModel } from '../../mesh/model';
import { boxBetween, compose, cylinder, disc, emptyGeo, lathe, rotateX, rotateY, rotateZ, torus, translate, type Mat34 } from '../geometry';
import { ModelBuilder } from '../model-builder';
import { METAL, MISC, WOOD } from '../palette';

export interface BarrelParams {
  radius: number;
  height: number;
  /** Extra radius at the belly, as a fraction of radius. */
  bulge: number;
  hoops: number;
  wood?: keyof typeof WOOD;
  metal?: keyof typeof METAL;
  top?: 'lid' | 'open_water' | 'open_empty' | 'tap';
  staves?: number;
}

export function addBarrel(b: ModelBuilder, p: BarrelParams, place: Mat34): void {
  const wood = b.mat('staves', WOOD[p.wood ?? 'medium']);
  const metal = b.mat('hoops', METAL[p.metal ?? 'iron']);
  const { radius: r, height: h, bulge } = p;
  const seg = p.staves ?? 14;
  const profile: [number, number][] = [];
  const steps = 8;
  for (let i = 0; i <= steps; i++) {
    const y = (i / steps) * h;
    const k = Math.sin((i / steps) * Math.PI);
    profile.push([r * (1 + bulge * k), y]);
  }
  b.add(wood, lathe(profile, { segments: seg, caps: false, creaseAngle: 0.5 }), place);
  const radiusAt = (y: number): number => r * (1 + bulge * Math.sin((y / h) * Math.PI));
  // Inner wall and head so the barrel reads as solid from above.
  const top = p.top ?? 'lid';
  const headY = top === 'lid' || top === 'tap' ? h * 0.96 : top === 'open_water' ? h * 0.82 : h * 0.12;
  const inner = lathe([[r * 0.92, headY], [r * 0.92, h]], { segments: seg, caps: false });
  // Flip the inner wall to face inwards.
  for (let i = 0; i < inner.normals.length; i++) inner.normals[i] = -inner.normals[i];
  for (let i = 0; i < inner.indices.length; i += 3) { const t = inner.indices[i + 1]; inner.indices[i + 1] = inner.indices[i + 2]; inner.indices[i + 2] = t; }
  b.add(wood, inner, place);
  const rim = lathe([[r * 0.92, h], [r, h]], { segments: seg, caps: false });
  b.add(wood, rim, place);
  const head = emptyGeo();
  disc(head, r * 0.92, headY, 1, seg);
  b.add(top === 'open_water' ? b.mat('water', MISC.water) : wood, head, place);
  const bottom = emptyGeo();
  disc(bottom, r, 0, -1, seg);
  b.add(wood, bottom, place);
  for (let i = 0; i < p.hoops; i++) {
    const y = p.hoops === 1 ? h / 2 : h * (0.1 + (0.8 * i) / (p.hoops - 1));
    b.add(metal, torus(radiusAt(y) + 0.003, Math.max(0.008, r * 0.03), seg, 4), compose(place, translate(0, y, 0)));
  }
  if (top === 'tap') {
    b.add(metal, cylinder(r * 0.06, r * 0.06, r * 0.35, 8), compose(place, translate(0, h * 0.3, radiusAt(h * 0.3) - r * 0.05), rotateX(Math.PI / 2)));
    b.add(metal, cylinder(r * 0.05, r * 0.05, r * 0.15, 8), compose(place, translate(0, h * 0.3 - r * 0.15, radiusAt(h * 0.3) + r * 0.25)));
  }
}

export function barrel(name: string, p: BarrelParams): SceneModel {
  const b = new ModelBuilder(name);
  addBarrel(b, p, translate(0, 0, 0));
  return b.build();
}

/** A barrel lying on its side on two chocks (or a small stand). */
export function barrelLying(name: string, p: BarrelParams, stand: boolean): SceneModel {
  const b = new ModelBuilder(name);
  const maxR = p.radius * (1 + p.bulge);
  addBarrel(b, { ...p, top: 'tap' }, compose(translate(-p.height / 2, maxR + (stand ? 0.12 : 0.02), 0), rotateZ(-Math.PI / 2)));
  const wood = b.mat('stand', WOOD.dark);
  for (const x of [-p.height * 0.3, p.height * 0.3]) {
    if (stand) {
      b.add(wood, boxBetween(x - 0.04, 0, -maxR * 0.9, x + 0.04, 0.16, maxR * 0.9));
      for (const z of [-maxR * 0.8, maxR * 0.8]) b.add(wood, boxBetween(x - 0.04, 0, z - 0.04, x + 0.04, maxR * 0.7, z + 0.04));
    } else {
      for (const z of [-maxR * 0.75, maxR * 0.75]) b.add(wood, boxBetween(x - 0.05, 0, z - 0.06, x + 0.05, 0.08, z + 0.06));
    }
  }
  return b.build();
}

/** Barrels stacked: `spots` are (x, z, lying) placements; lying ones rest on the standing row. */
export function barrelGroup(name: string, p: BarrelParams, spots: [number, number, number][]): SceneModel {
  const b = new ModelBuilder(name);
  for (const [x, z, yaw] of spots) addBarrel(b, p, compose(translate(x, 0, z), rotateY(yaw)));
  return b.build();
}
