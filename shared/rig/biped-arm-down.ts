/**
 * Arms hanging at the sides (arms-down and steep A-poses): the arm's medial path cannot be trusted there.
 * Where the arm touches the torso or the hip, the path from the hand tip cuts into the body at the first
 * contact, and the armpit probe finds "webbing" at the hand (Quaternius dress and realistic women, the
 * KayKit arms-down character: shoulders placed at hand height, 8-11% of the height off).
 *
 * What it rests on instead: a hanging arm is a column along the body's side, so the body's outline on
 * that side (the most lateral inside voxel of each horizontal slice, seen from the front) follows the arm
 * from the hand up to the top of the shoulder, and leaves it there, inwards over the shoulder towards the
 * neck, or outwards into a head or hat wider than the shoulders (chibis). The shoulder joint is one arm
 * radius inside that outline and 1.3 arm radii below the top (the joint is the centre of the round head
 * of the upper arm; measured on the corpus arms-down bipeds: 1.0-1.6 radii), or at the top when the arm
 * runs into the underside of a head sitting on the body (rootedAtNeck).
 */
import type { Volume } from './volume';
import type { Vec3 } from './fit-common';
import { at } from './fit-common';
import type { Polyline } from './polyline';
import { freeColumn, freeRunWidth, wristByDepth } from './biped-hand-end';

/**
 * Height over which an arm must hang free of the body for its own width to be read, as a share of the
 * height: in the upper 60% of their columns Female_Dress, Animated_Woman, the Goblin and the Alien hang
 * free over 0.11-0.21 H; the Zombie's arms (held forward), the synthetic robe's and arms-down body's over
 * 0-0.08 H (their arms are pressed against the body down to the forearm or the hand).
 */
const FREE_SPAN = 0.1;

export interface HangingArm {
  shoulder: Vec3;
  /** Lowest point of the arm column (the finger tips), on its axis. */
  bottom: Vec3;
  /** Height where the outline leaves the arm column at the top. */
  topY: number;
  /**
   * Height of the wrist where the hand shows where it begins (its palm deeper than the forearm), when the
   * column was followed past the arm's reach (a long free arm) or cut there (an arm resting on the body),
   * else null.
   */
  wristY: number | null;
  /** The column's axis at height `y` (one arm radius inside the outline), null outside the volume. */
  axisAt(y: number): Vec3 | null;
}

/**
 * `tip` is an extremity on the arm (the hand, or the elbow when the hand touches the body), `sign` +1 for
 * the left (+X) side, `xc` the body's mid-plane, `rArm` the arm's radius, `maxY` the highest height to scan
 * (the head's tip), `reach` the longest arm (shoulder joint to finger tips) for a shoulder at a height. Null when no hanging arm column at least `minSpan` tall passes through the tip.
 * `clothedLegs`: the legs are under a skirt or a robe, whose depth below the hips says nothing of the hand.
 */
export function hangingArm(vol: Volume, tip: Vec3, sign: number, xc: number, rArm: number, maxY: number, minSpan: number, reach: (shoulderY: number) => number, clothedLegs = false, neckY = Infinity): HangingArm | null {
  const g = vol.grid;
  const h = g.h;
  const xs = new Float64Array(g.nz);
  const outline = (y: number): { x: number; z: number; depth: number } | null => {
    const iy = Math.floor((y - g.oy) / h);
    if (iy < 0 || iy >= g.ny) return null;
    let best = -Infinity, zSum = 0, zN = 0;
    xs.fill(-Infinity);
    for (let iz = 0; iz < g.nz; iz++)
      for (let ix = 0; ix < g.nx; ix++) {
        if (!vol.inside[ix + g.nx * (iy + g.ny * iz)]) continue;
        const x = sign * (g.ox + (ix + 0.5) * h - xc);
        if (x > xs[iz]) xs[iz] = x;
        if (x > best) best = x;
      }
    if (best === -Infinity || best <= 0) return null;
    // The arm's depth: rows whose outline reaches within an arm radius of the outermost.
    for (let iz = 0; iz < g.nz; iz++)
      if (xs[iz] >= best - rArm) {
        zSum += g.oz + (iz + 0.5) * h;
        zN++;
      }
    return { x: best, z: zSum / zN, depth: zN * h };
  };
  const step = 0.5 * h;
  const lag = Math.max(1, Math.round((2 * rArm) / step));
  /**
   * Follows the column from `y0` in direction `dir` (+1 up, -1 down) until the outline turns by more than
   * 1.5 arm radii within 2 radii of height (an arm slanting at 55 degrees or steeper turns less) or jumps
   * out by 2 radii (a head or hat wider than the shoulders above, a flared skirt or the hip below).
   */
  const follow = (y0: number, dir: number, limit: number, keep: (y: number) => boolean = () => true): number => {
    const seen: number[] = [];
    for (let y = y0; dir > 0 ? y <= limit : y >= limit; y += dir * step) {
      const o = outline(y);
      if (!o || !keep(y)) return y;
      const before = seen.length >= lag ? seen[seen.length - lag] : seen.length ? seen[0] : o.x;
      const prev = seen.length ? seen[seen.length - 1] : o.x;
      if (o.x < before - 1.5 * rArm || o.x > prev + 2 * rArm) return y;
      seen.push(o.x);
    }
    return limit;
  };
  // The tip must lie on the body's outline: the arm is the outermost part at its height.
  if (!onOutline(vol, tip, sign, xc, rArm)) return null;
  const topY = follow(tip[1], 1, maxY);
  const y = topY - 1.3 * rArm;
  // The reach below counts from that usual shoulder, whatever rootedAtNeck says.
  const shoulderY = rootedAtNeck(outline, topY, neckY, rArm, step) ? topY - step : y;
  // The column may go on down the thigh: it ends at the arm's reach from the shoulder. A column still
  // standing free of the body there is the arm itself, longer than the reach: it goes on while free
  // (biped-hand-end.ts). One fused voxel layer (the arm grazing the body, a rasterising flicker: the
  // Goblin's right arm on the fast grid) does not end it; two do.
  const capY = Math.max(g.oy, y - reach(y));
  let bottomY = follow(tip[1], -1, capY);
  let capped = bottomY <= capY;
  let long = false;
  const free = (fy: number): boolean => freeColumn(vol, fy, sign, xc) || freeColumn(vol, fy - h, sign, xc);
  if (bottomY <= capY && free(capY)) {
    bottomY = follow(tip[1], -1, g.oy, (fy) => fy >= capY || free(fy));
    long = bottomY < capY - step;
  }
  if (capped && !long) {
    const outerX = (fy: number): number => outline(fy)?.x ?? -Infinity;
    const end = tipsOnThigh(outerX, free, y, bottomY, step, rArm, FREE_SPAN * (vol.max[1] - vol.min[1])) ?? tipsByStep(outerX, y, bottomY, step, rArm);
    if (end !== null) {
      bottomY = end;
      capped = false;
    }
  }
  if (topY - bottomY < minSpan || topY >= maxY) return null;
  const o = outline(shoulderY);
  const b = outline(bottomY + step);
  if (!o || !b) return null;
  // Where the arm hangs free of the body over at least FREE_SPAN of its upper 60% (above the hand, which a
  // fist or a palm makes narrower or wider), its own width across the outline's row places the axis (the
  // median run, less a voxel: the run counts voxel centres); the radius read on the medial path near the
  // hand also measures the body the arm touches there.
  const widths: number[] = [];
  for (let fy = y - 0.6 * (y - bottomY); fy <= y; fy += h) {
    const w = freeRunWidth(vol, fy, sign, xc);
    if (w !== null) widths.push(w);
  }
  widths.sort((a, b) => a - b);
  const rIn = widths.length * h >= FREE_SPAN * (vol.max[1] - vol.min[1]) ? (widths[widths.length >> 1] - h) / 2 : rArm;
  const axisAt = (ay: number): Vec3 | null => {
    const a = outline(ay);
    return a ? [xc + sign * Math.max(0, a.x - rIn), ay, a.z] : null;
  };
  // A long free arm, or an arm cut at the reach (its column ran on down the body): the hand shows where it
  // begins (biped-hand-end.ts), except beside a skirt or a robe, whose own depth grows below the hips.
  const wristY = long || (capped && !clothedLegs) ? wristByDepth((dy) => outline(dy)?.depth ?? 0, y, bottomY, step) : null;
  return {
    wristY,
    shoulder: [xc + sign * Math.max(0, o.x - rIn), shoulderY, o.z],
    bottom: [xc + sign * Math.max(0, b.x - rIn), bottomY + step, b.z],
    topY,
    axisAt,
  };
}

/**
 * Where an arm cut at its reach (its column ran on down the body) really ends, when its hand hangs beside the
 * thigh with the finger tips touching it: the column stood clear of the body over at least `minFree` of its
 * height, and below its lowest free run (an arm radius tall or more) the outline steps in by an arm radius or
 * more within two radii of height, onto the thigh's outer side. The end is the lowest height below that run
 * where the outline is still within half a radius of the run's lowest. Null when no such step: a hand resting
 * on the thigh (its palm against it: Animated_Woman) stays the outermost part, and its column is read as
 * before. Seen on assimp's test model BCN_Epileptic (a realistic man, arms hanging straight; eval:rig-games
 * --sets assimp), pro grid: the column ran 0.09 H down the thigh to the reach, the thigh's depth there was read
 * as the palm's, and the wrist went to the finger tips (10% of the height off).
 */
export function tipsOnThigh(outerX: (y: number) => number, free: (y: number) => boolean, topY: number, bottomY: number, step: number, rArm: number, minFree: number): number | null {
  // The free rows' total height, and the lowest run of them (rows at most one step apart).
  let freeSpan = 0, runTop = NaN, runEnd = NaN;
  for (let fy = topY; fy >= bottomY; fy -= step) {
    if (!free(fy)) continue;
    freeSpan += step;
    if (Number.isNaN(runEnd) || runEnd - fy > 1.5 * step) runTop = fy;
    runEnd = fy;
  }
  if (freeSpan < minFree || runTop - runEnd < rArm) return null;
  const xFree = outerX(runEnd);
  let stepsIn = false;
  for (let fy = runEnd - step; fy >= Math.max(bottomY, runEnd - 2 * rArm); fy -= step) if (outerX(fy) <= xFree - rArm) stepsIn = true;
  if (!stepsIn) return null;
  let end = runEnd;
  for (let fy = runEnd - step; fy >= runEnd - 2 * rArm && outerX(fy) >= xFree - 0.5 * rArm; fy -= step) end = fy;
  return end;
}

/** The outline's step out at a hand's lower end, in arm radii over one voxel of height (tipsByStep). */
const TIPS_STEP = 0.75;

/**
 * Where an arm cut at its reach ends when its hand is pressed against the hip or the thigh, with no air between
 * them (tipsOnThigh needs some): read from the cut upwards, the thigh's outline widens a voxel at a time at most,
 * and the hand's lower end, standing out of it by the hand's own thickness, is the first height where the
 * outline steps out by TIPS_STEP arm radii or more within one voxel. Null when it never does below four arm
 * radii under the column's top. The realistic synthetic adult with its arms 81-84 degrees down and its legs
 * apart (the hands on the thighs' sides): the thigh's depth there had been read as the palm's, the wrist 3-6%
 * of the height low. A hand resting on the thigh's front (Animated_Woman) is no step out to the side and is
 * read by its palm's depth as before.
 */
export function tipsByStep(outerX: (y: number) => number, topY: number, bottomY: number, step: number, rArm: number): number | null {
  for (let fy = bottomY + 2 * step; fy <= topY - 4 * rArm; fy += step) if (outerX(fy) - outerX(fy - 2 * step) >= TIPS_STEP * rArm) return fy;
  return null;
}

/**
 * Whether `p` lies on the body's outline on side `sign`: within two arm radii of the slice's outermost inside
 * voxel there, which stands on that side of the mid-plane `xc` (the arm is the outermost part at its height).
 */
function onOutline(vol: Volume, p: Vec3, sign: number, xc: number, rArm: number): boolean {
  return nearOutline(outermostX(vol, sliceRow(vol, p[1]), sign, xc), p, sign, xc, rArm);
}

export const sliceRow = (vol: Volume, y: number): number => Math.floor((y - vol.grid.oy) / vol.grid.h);

const nearOutline = (outer: number, p: Vec3, sign: number, xc: number, rArm: number): boolean => outer > 0 && outer - sign * (p[0] - xc) <= 2 * rArm;

/** The outermost inside voxel's distance from `xc` on side `sign` in grid row `iy`; -Infinity when none. */
export function outermostX(vol: Volume, iy: number, sign: number, xc: number): number {
  const g = vol.grid;
  let best = -Infinity;
  if (iy < 0 || iy >= g.ny) return best;
  for (let iz = 0; iz < g.nz; iz++)
    for (let ix = 0; ix < g.nx; ix++)
      if (vol.inside[ix + g.nx * (iy + g.ny * iz)]) best = Math.max(best, sign * (g.ox + (ix + 0.5) * g.h - xc));
  return best;
}

/**
 * Where an arm's medial path from its extremity first reaches the body's outline (onOutline, hangingArm's
 * test), walking up the path at most `maxLen` from its tip; the tip itself when it is there or none is. A
 * fist's thumb or a finger held forwards ends the path inside the outline: on the pro grid 0 A.D.'s fists end
 * it at a thumb 0.049-0.056 H in from the fist's outer side, and the arm column was never followed. The walk
 * takes half-voxel steps, so a slice's outline is read once for the steps that stay in its row.
 */
export function outlineStart(vol: Volume, path: Polyline, sign: number, xc: number, rArm: number, maxLen: number): Vec3 {
  const step = 0.5 * vol.grid.h;
  let row = NaN, outer = -Infinity;
  for (let s = 0; s <= Math.min(maxLen, path.length); s += step) {
    const p = at(path, s);
    const iy = sliceRow(vol, p[1]);
    if (iy !== row) {
      row = iy;
      outer = outermostX(vol, iy, sign, xc);
    }
    if (nearOutline(outer, p, sign, xc, rArm)) return p;
  }
  return at(path, 0);
}

/**
 * An arm running into the underside of a head that sits on the body (`neckY`, its base read below the
 * head's path: biped-head-features.ts) has its root hidden at the neck: KayKit's arms-down character, the
 * artist's shoulders 0.364 H under a head base at 0.356-0.372 H, its columns ending at 0.358-0.369 H, where
 * the outline narrows into the neck by only 0.34-0.7 arm radii. A shoulder's round standing clear under the
 * head turns the outline in over its top, into the neck, by 2.7-3.0 radii (the synthetic big-headed
 * arms-down biped, whose shoulder lies 1.3 radii under the column's top); 1.5 radii is the column's own
 * turn over a shoulder (`follow`).
 */
function rootedAtNeck(outline: (y: number) => { x: number } | null, topY: number, neckY: number, rArm: number, step: number): boolean {
  if (!(Math.abs(topY - neckY) <= rArm)) return false;
  const under = outline(topY - step);
  if (!under) return false;
  // The neck's outline within two voxels above the column's top.
  let neck = Infinity;
  for (let k = 0; k < 4; k++) neck = Math.min(neck, outline(topY + k * step)?.x ?? 0);
  return under.x - neck < 1.5 * rArm;
}
