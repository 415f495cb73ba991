/**
 * Where a long hanging arm ends and where its hand begins, read from the voxel volume (biped-arm-down.ts
 * follows the arm's column in the body's outline).
 *
 * The column of an arm pressed against the thigh runs on down the leg, so the column is cut at an adult
 * reach from the shoulder. Long arms (the Goblin's: shoulder to finger tip 0.445 H, 0.64 of the shoulder's
 * height) reach past it; where the arm hangs free of the body, with air between it and the torso or thigh,
 * the column is the arm itself and ends where it ends. Such an arm's hand is not one adult hand length
 * (0.11 H) either: the Alien's is 0.21 H. A hanging hand turns its palm to the thigh, so seen from the side
 * it is deeper than the forearm: the wrist is where the column's depth first grows past the forearm's.
 * The same holds for an arm whose column was cut at the reach: its hand rests on the thigh above the cut
 * (Animated_Woman), so the cut is not its finger tips.
 */
import type { Volume } from './volume';

/**
 * A hanging hand's depth (front to back) over its forearm's, at least: fast grid, Goblin 1.5 (9 voxels
 * against 6), Alien 1.3-1.8 (7-9 against 5-6); the artists' wrists lie within 0.03 H of the first height
 * past 1.4 (Goblin 0.342 against 0.352 H, Alien 0.30-0.32 against 0.33 H).
 */
const HAND_DEPTH = 1.4;

/**
 * Width of the outermost inside run of the slice at height `y` on side `sign` (+1 left, +X) when it stands
 * free of the body: in its row across the body, the run ends in air before the mid-plane `xc` and more body
 * lies further in. A hanging arm beside the torso or a thigh shows that gap; the side of the body, or an
 * arm pressed against it, does not. Null when not free.
 */
export function freeRunWidth(vol: Volume, y: number, sign: number, xc: number): number | null {
  const g = vol.grid;
  const h = g.h;
  const iy = Math.floor((y - g.oy) / h);
  if (iy < 0 || iy >= g.ny) return null;
  let best = -Infinity, bz = -1, bx = -1;
  for (let iz = 0; iz < g.nz; iz++)
    for (let ix = 0; ix < g.nx; ix++) {
      if (!vol.inside[ix + g.nx * (iy + g.ny * iz)]) continue;
      const x = sign * (g.ox + (ix + 0.5) * h - xc);
      if (x > best) {
        best = x;
        bz = iz;
        bx = ix;
      }
    }
  if (bz < 0 || best <= 0) return null;
  const row = g.nx * (iy + g.ny * bz);
  let run = -1;
  for (let ix = bx, n = 0; ix >= 0 && ix < g.nx; ix -= sign, n++) {
    if (sign * (g.ox + (ix + 0.5) * h - xc) < 0) return null;
    if (vol.inside[ix + row] !== 1) run = run < 0 ? n : run;
    else if (run >= 0) return run * h;
  }
  return null;
}

/** True when the outermost part of the slice at height `y` stands free of the body (freeRunWidth). */
export function freeColumn(vol: Volume, y: number, sign: number, xc: number): boolean {
  return freeRunWidth(vol, y, sign, xc) !== null;
}

/**
 * The wrist's height on a hanging arm from the shoulder's height `topY` down to the finger tips at
 * `bottomY`, given the column's depth at a height: the first height below 0.45 of the way down where the
 * depth reaches HAND_DEPTH times the forearm's (its median over 0.3-0.45 of the way, below the elbow).
 * Null when the column never grows so.
 */
export function wristByDepth(depthAt: (y: number) => number, topY: number, bottomY: number, step: number): number | null {
  const len = topY - bottomY;
  const fore: number[] = [];
  for (let y = topY - 0.3 * len; y >= topY - 0.45 * len; y -= step) fore.push(depthAt(y));
  fore.sort((a, b) => a - b);
  const ref = fore[fore.length >> 1] ?? 0;
  if (ref <= 0) return null;
  for (let y = topY - 0.45 * len; y > bottomY; y -= step) if (depthAt(y) >= HAND_DEPTH * ref) return y;
  return null;
}
