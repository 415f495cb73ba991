/**
 * Finger joints (exactly 30 bones): a fan laid over each hand from the wrist, the hand tip and the palm
 * width measured in the volume. The thumb sits on the +Z (front) side, as in a T/A-pose with palms down.
 * With a `FingerContext` (the hand's own vertices), finger tips found on the mesh replace the fan's
 * directions so the bones follow the fingers the mesh really has; mitten hands keep the fan.
 */
import type { Volume } from './volume';
import { insideRun } from './volume';
import type { JointSet, Vec3 } from './fit-common';
import { cross, normalise, sub3 } from './fit-common';
import { FINGERS } from './templates/biped';
import { detectFingerTips } from './finger-tips';

export interface FingerContext {
  /** Normalised vertex positions of the mesh. */
  positions: Float32Array;
}

const LENGTH = { Thumb: 0.5, Index: 0.95, Middle: 1, Ring: 0.95, Pinky: 0.8 } as const;
const SPREAD = { Thumb: 0.55, Index: 0.375, Middle: 0.125, Ring: -0.125, Pinky: -0.375 } as const;

export function placeFingers(js: JointSet, ctx: FingerContext | null, vol: Volume): void {
  for (const S of ['Left', 'Right']) {
    const wrist = js.get(`${S}Hand`);
    const tip = js.leafTips.get(`${S}Hand`) ?? wrist;
    const d = normalise(sub3(tip, wrist));
    const L = Math.max(Math.hypot(tip[0] - wrist[0], tip[1] - wrist[1], tip[2] - wrist[2]), vol.grid.h * 3);
    let a = cross(d, [0, 1, 0]);
    if (Math.hypot(a[0], a[1], a[2]) < 0.3) a = [0, 0, 1];
    a = normalise(a);
    if (a[2] < 0) a = [-a[0], -a[1], -a[2]];
    const knuckle: Vec3 = [wrist[0] + d[0] * 0.45 * L, wrist[1] + d[1] * 0.45 * L, wrist[2] + d[2] * 0.45 * L];
    const width = Math.min(1.2 * L, Math.max(0.3 * L, insideRun(vol, knuckle, a[0], a[1], a[2], L) + insideRun(vol, knuckle, -a[0], -a[1], -a[2], L))) * 0.8;
    const found = ctx ? detectFingerTips(ctx.positions, wrist, tip, d, a, width, L) : null;
    for (const f of FINGERS) {
      let base: Vec3;
      let dir: Vec3;
      let len: number;
      if (f === 'Thumb') {
        base = add(wrist, d, 0.15 * L, a, 0.3 * width);
        dir = normalise([d[0] + a[0], d[1] + a[1] - 0.3, d[2] + a[2]]);
        len = LENGTH.Thumb * L;
      } else {
        base = add(knuckle, a, SPREAD[f] * width, d, 0);
        dir = d;
        len = LENGTH[f] * 0.55 * L;
      }
      const t = found?.get(f);
      if (t) {
        const v = sub3(t, base);
        len = Math.hypot(v[0], v[1], v[2]) * 0.9;
        dir = normalise(v);
      }
      js.set(`${S}Hand${f}1`, base);
      js.set(`${S}Hand${f}2`, add(base, dir, 0.45 * len, d, 0));
      js.set(`${S}Hand${f}3`, add(base, dir, 0.75 * len, d, 0));
      js.leafTips.set(`${S}Hand${f}3`, add(base, dir, len, d, 0));
    }
    js.leafTips.delete(`${S}Hand`);
  }
}

function add(p: Vec3, u: Vec3, fu: number, v: Vec3, fv: number): Vec3 {
  return [p[0] + u[0] * fu + v[0] * fv, p[1] + u[1] * fu + v[1] * fv, p[2] + u[2] * fu + v[2] * fv];
}
