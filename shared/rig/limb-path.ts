/**
 * Limb helpers shared by the animal fits: where a limb path enters the body, joints spread along a limb,
 * and the medial path between two extremities (for chains such as snakes and fish).
 */
import type { Volume } from './volume';
import type { Branch } from './curve-skeleton';
import { voxelCenter } from './grid';
import { geodesicFrom, medialCost } from './geodesic';
import { Polyline } from './polyline';
import type { Vec3 } from './fit-common';
import { at } from './fit-common';

/**
 * A tip's height for picking legs or feet among the lowest tips: standing off the mid-plane at `midX` by up to
 * `reach` counts as that much lower. Legs stand to the sides; a head, an abdomen or a tail lying on the floor is
 * central (fit-multileg.ts, fit-quadruped.ts's LEG_SIDE_REACH, fit-biped.ts's FOOT_SIDE_REACH).
 */
export function legPickHeight(p: ArrayLike<number>, midX: number, reach: number): number {
  return p[1] - Math.min(Math.abs(p[0] - midX), reach);
}

/**
 * Arclength from the tip where the limb meets the body: the radius grows well past the limb's own.
 * `fromBody` scans outwards from the body end instead (the last point, seen from the tip, of the radius's
 * final rise): a flat limb such as a wing has a radius of a voxel or two that wobbles past the threshold
 * far out on the limb (the Mesh2Motion bird's shoulder landed 40% of the way to the wing tip).
 * The limb's own radius is the median over 0.1-0.4 of `limbEnd` (the whole path unless the caller knows
 * where the limb ends: the quadruped's legs, whose paths run on through a long body; fit-quadruped.ts).
 */
export function limbRootS(path: Polyline, bodyRadius: number, fromBody = false, limbEnd = path.length): number {
  const L = path.length;
  const r: number[] = [];
  for (let i = 0; i < path.count; i++) if (path.s[i] >= 0.1 * limbEnd && path.s[i] <= 0.4 * limbEnd) r.push(path.radius[i]);
  r.sort((a, b) => a - b);
  const limbR = r.length ? r[r.length >> 1] : path.radiusAt(0.25 * L);
  const threshold = Math.max(1.5 * limbR, 0.4 * bodyRadius);
  if (fromBody) {
    for (let i = path.count - 1; i >= 0 && path.s[i] >= 0.3 * L; i--) if (path.radius[i] < threshold) return i < path.count - 1 ? path.s[i + 1] : 0.85 * L;
    return 0.3 * L;
  }
  const s = path.findS((_x, _y, _z, rad) => rad >= threshold, 0.3 * L);
  return s >= 0 ? s : 0.85 * L;
}

/**
 * Where the limb's joint with the body sits: `limbRootS` finds the path already one body-radius step
 * inside (the radius must grow well past the limb's), so step back towards the tip by the excess radius.
 */
export function limbEntryS(path: Polyline, sRoot: number): number {
  const L = path.length;
  const r: number[] = [];
  for (let i = 0; i < path.count; i++) if (path.s[i] >= 0.1 * L && path.s[i] <= 0.4 * L) r.push(path.radius[i]);
  r.sort((a, b) => a - b);
  const limbR = r.length ? r[r.length >> 1] : path.radiusAt(0.25 * L);
  return Math.max(0.5 * sRoot, sRoot - Math.max(0, path.radiusAt(sRoot) - limbR));
}

/** Points along a limb from its root (f = 0, at arclength sRoot from the tip) to the tip (f = 1). */
export function alongLimb(path: Polyline, sRoot: number, f: number): Vec3 {
  return at(path, sRoot * (1 - f));
}

/** The medial path from voxel `from` to voxel `to`, as a polyline starting at `from`. */
export function medialPathBetween(vol: Volume, from: number, to: number): Polyline {
  return medialPathsTo(vol, [from], [to])[0];
}

/**
 * Medial paths from each voxel of `froms` to the nearest (by medial cost) of the voxels `targets`, from one
 * shortest-path field: e.g. each leg up to the spine line rather than to the body's thickest point.
 */
export function medialPathsTo(vol: Volume, froms: number[], targets: ArrayLike<number>): Polyline[] {
  const cost = medialCost(vol.dt, vol.inside);
  const f = geodesicFrom(vol.grid, vol.inside, targets, { cost });
  return froms.map((from) => tracePath(vol, f.prev, from));
}

function tracePath(vol: Volume, prev: Int32Array, from: number): Polyline {
  const voxels: number[] = [];
  for (let v = from; v >= 0 && voxels.length <= prev.length; v = prev[v]) voxels.push(v);
  const pts = new Float64Array(voxels.length * 3);
  const rad = new Float64Array(voxels.length);
  const c = [0, 0, 0];
  voxels.forEach((v, i) => {
    voxelCenter(vol.grid, v, c);
    pts.set(c, i * 3);
    rad[i] = vol.dt[v] * vol.grid.h;
  });
  return new Polyline(pts, rad, 2);
}

/** Arclength of the point of `path` nearest to `p`, and that distance. */
export function nearestOnPath(path: Polyline, p: ArrayLike<number>): { s: number; d: number } {
  let best = 0, bestD = Infinity;
  for (let i = 0; i < path.count; i++) {
    const d = Math.hypot(path.points[i * 3] - p[0], path.points[i * 3 + 1] - p[1], path.points[i * 3 + 2] - p[2]);
    if (d < bestD) {
      bestD = d;
      best = path.s[i];
    }
  }
  return { s: best, d: bestD };
}

/**
 * Arclength on `main` where branch `b` runs into it: the first point of b's path (from its tip) within
 * `tol` of `main`, or with `withinRadius` within main's own radius there when that is wider (on a deep or
 * flat body the medial axis is a sheet, and two paths through it can run parallel more than a voxel or two
 * apart: fit-aquatic.ts's tail fork). -1 when it never comes that close.
 */
export function meetsPathAt(main: Polyline, b: Branch, tol: number, withinRadius = false): number {
  const p = [0, 0, 0];
  for (let i = 0; i < b.path.count; i++) {
    p[0] = b.path.points[i * 3]; p[1] = b.path.points[i * 3 + 1]; p[2] = b.path.points[i * 3 + 2];
    const n = nearestOnPath(main, p);
    if (n.d <= (withinRadius ? Math.max(tol, main.radiusAt(n.s)) : tol)) return n.s;
  }
  return -1;
}

/** Tip position of each branch. */
export function tipsOf(branches: Branch[]): { i: number; b: Branch; p: Vec3 }[] {
  return branches.map((b, i) => ({ i, b, p: at(b.path, 0) }));
}

/** Another tip lies within `tol` of `p`'s mirror image across the mid-plane x = 0 (a paired limb's end). */
export function hasMirrorTwin(tips: readonly { p: Vec3 }[], p: Vec3, tol: number): boolean {
  return tips.some((u) => u.p !== p && Math.hypot(u.p[0] + p[0], u.p[1] - p[1], u.p[2] - p[2]) < tol);
}

/** Radius of the thickest point (the centre voxel) in normalised units. */
export function centreRadius(vol: Volume, centre: number): number {
  return vol.dt[centre] * vol.grid.h;
}

/** Horizontal facing angle (degrees, 0 = +Z) of a vector. */
export function facingOf(v: ArrayLike<number>): number | null {
  return Math.hypot(v[0], v[2]) > 1e-6 ? (Math.atan2(v[0], v[2]) * 180) / Math.PI : null;
}
