/**
 * Finger joints (exactly 30 bones): a fan laid over each hand from the wrist, over the hand's reach on the
 * mesh (`handReach`; the hand bone's tip when none is found), the palm width measured in the volume. The
 * thumb sits on the +Z (front) side, as in a T/A-pose with palms down.
 * With a `FingerContext` (the hand's own vertices), finger tips found on the mesh replace the fan's
 * directions so the bones follow the fingers the mesh really has; mitten hands keep the fan.
 */
import type { Volume } from './volume';
import { insideRun } from './volume';
import type { JointSet, Vec3 } from './fit-common';
import { cross, normalise, sub3 } from './fit-common';
import { FINGERS } from './templates/biped';
import { detectFingerTips, handReach } from './finger-tips';

export interface FingerContext {
  /** Normalised vertex positions of the mesh. */
  positions: Float32Array;
  /** Its triangles. */
  indices: Uint32Array;
}

const LENGTH = { Thumb: 0.5, Index: 0.95, Middle: 1, Ring: 0.95, Pinky: 0.8 } as const;
/** Half the thickness of the slab around the palm's plane holding the fingers, in palm widths. */
const SLAB = 0.3;
const SPREAD = { Thumb: 0.55, Index: 0.375, Middle: 0.125, Ring: -0.125, Pinky: -0.375 } as const;

export function placeFingers(js: JointSet, ctx: FingerContext | null, vol: Volume): void {
  for (const S of ['Left', 'Right']) {
    const wrist = js.get(`${S}Hand`);
    const tip = js.leafTips.get(`${S}Hand`) ?? wrist;
    const d = normalise(sub3(tip, wrist));
    const L0 = Math.max(Math.hypot(tip[0] - wrist[0], tip[1] - wrist[1], tip[2] - wrist[2]), vol.grid.h * 3);
    let a = cross(d, [0, 1, 0]);
    if (Math.hypot(a[0], a[1], a[2]) < 0.3) a = [0, 0, 1];
    a = normalise(a);
    if (a[2] < 0) a = [-a[0], -a[1], -a[2]];
    let width = palmWidth(vol, wrist, d, a, L0);
    // The hand bone ends short of the finger tips (on 7 of the 9 corpus characters whose artists rig fingers
    // they lie 1.2-2.0 bone lengths from the wrist): the fingers span the hand's reach on the mesh, measured
    // within 0.75 palm widths of the axis across the palm and 0.3 through it, on the side of the palm's plane
    // away from the body, so that a hanging hand's thigh is not taken for its fingers. The tips are then
    // looked for in that slab (both sides) and within the reach.
    // FIT-DESIGN.md, "Fingers".
    const hips = js.get('Hips');
    const nrm = cross(d, a);
    const side = Math.sign(nrm[0] * (wrist[0] - hips[0]) + nrm[1] * (wrist[1] - hips[1]) + nrm[2] * (wrist[2] - hips[2]));
    const R = ctx ? handReach(ctx.positions, ctx.indices, wrist, d, a, 0.75 * width, SLAB * width, L0, 3 * L0, 0.1 * L0, side) : null;
    const L = R !== null && R > L0 ? R : L0;
    if (L !== L0) width = palmWidth(vol, wrist, d, a, L);
    const knuckle: Vec3 = [wrist[0] + d[0] * 0.45 * L, wrist[1] + d[1] * 0.45 * L, wrist[2] + d[2] * 0.45 * L];
    const found = !ctx ? null : R === null ? detectFingerTips(ctx.positions, wrist, tip, d, a, width, L) : detectFingerTips(ctx.positions, wrist, tip, d, a, width, L, 1.05 * L, SLAB * width);
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

/** Palm width across `a` at the knuckles (0.45 of the hand from the wrist), within 0.3-1.2 of the hand's length, times 0.8. */
function palmWidth(vol: Volume, wrist: Vec3, d: Vec3, a: Vec3, L: number): number {
  const k: Vec3 = [wrist[0] + d[0] * 0.45 * L, wrist[1] + d[1] * 0.45 * L, wrist[2] + d[2] * 0.45 * L];
  return Math.min(1.2 * L, Math.max(0.3 * L, insideRun(vol, k, a[0], a[1], a[2], L) + insideRun(vol, k, -a[0], -a[1], -a[2], L))) * 0.8;
}

function add(p: Vec3, u: Vec3, fu: number, v: Vec3, fv: number): Vec3 {
  return [p[0] + u[0] * fu + v[0] * fv, p[1] + u[1] * fu + v[1] * fv, p[2] + u[2] * fu + v[2] * fv];
}
