/**
 * What every body-plan fit produces, and helpers shared by the fits: joints keyed by template key,
 * limb chains along branch paths, centring in the cross-section, and left/right symmetry.
 */
import type { Template } from './templates/template';
import type { Volume } from './volume';
import { insideAt, radiusAt } from './volume';
import type { Polyline } from './polyline';
import type { CheckCode, FitCheck } from './fit-checks';

export type Vec3 = [number, number, number];

export interface FitResult {
  names: string[];
  keys: string[];
  parents: Int32Array;
  roles: string[];
  deform: boolean[];
  /** Normalised world positions, 3 per joint. */
  positions: Float64Array;
  /** For deforming leaves (e.g. a hand without fingers): where their bone ends, for weights and orientation. */
  leafTips: Map<number, Vec3>;
  warnings: string[];
  /** Horizontal facing angle in degrees (0 = +Z, 90 = +X) when the fit could tell, else null. */
  facingDeg: number | null;
  /** The fit's own doubts (joints placed by proportion, legs joined under clothing, ...), see fit-checks.ts. */
  doubts?: FitCheck[];
  /** Confidence the fit gives its doubted joints, by template key. */
  doubtConfidence?: Map<string, number>;
  /**
   * Joints (template keys) where the fit traced a fold of the shape itself (a frog's folded hind leg,
   * leg-fold.ts): their bone folding back on its parent's is the shape's, not a fit error (`folded_chain`).
   */
  folds?: Set<string>;
}

/** Joint positions by template key, filled by a fit, then turned into a FitResult. */
export class JointSet {
  readonly pos = new Map<string, Vec3>();
  readonly leafTips = new Map<string, Vec3>();
  readonly warnings: string[] = [];
  readonly doubts: FitCheck[] = [];
  readonly doubtConfidence = new Map<string, number>();
  /** See FitResult.folds. */
  readonly folds = new Set<string>();
  facingDeg: number | null = null;

  /** Records that the fit is unsure of these joints (confidence in [0, 1]) and why; see fit-checks.ts. */
  doubt(code: CheckCode, keys: string[], confidence: number, message: string): void {
    this.doubts.push({ code, joints: keys, message, repaired: false });
    for (const k of keys) this.doubtConfidence.set(k, Math.min(confidence, this.doubtConfidence.get(k) ?? 1));
  }

  set(key: string, p: ArrayLike<number>): void {
    this.pos.set(key, [p[0], p[1], p[2]]);
  }

  get(key: string): Vec3 {
    const p = this.pos.get(key);
    if (!p) throw new Error(`fit: joint ${key} not placed`);
    return p;
  }

  toResult(t: Template, nameOf: (key: string) => string = (k) => k): FitResult {
    const n = t.joints.length;
    const positions = new Float64Array(n * 3);
    const parents = new Int32Array(n);
    const leafTips = new Map<number, Vec3>();
    t.joints.forEach((j, i) => {
      const p = this.get(j.key);
      positions.set(p, i * 3);
      parents[i] = j.parent === null ? -1 : t.joints.findIndex((q) => q.key === j.parent);
      const tip = this.leafTips.get(j.key);
      if (tip) leafTips.set(i, tip);
    });
    return {
      names: t.joints.map((j) => nameOf(j.key)),
      keys: t.joints.map((j) => j.key),
      parents,
      roles: t.joints.map((j) => j.role),
      deform: t.joints.map((j) => j.deform),
      positions,
      leafTips,
      warnings: this.warnings,
      facingDeg: this.facingDeg,
      doubts: this.doubts,
      doubtConfidence: this.doubtConfidence,
      folds: this.folds,
    };
  }
}

export function lerp3(a: ArrayLike<number>, b: ArrayLike<number>, f: number): Vec3 {
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}

/** `p` mirrored across the plane x = `xc` (the body's mid-plane). */
export function mirrorX(p: ArrayLike<number>, xc: number): Vec3 {
  return [2 * xc - p[0], p[1], p[2]];
}

export function dist3(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** Point on a path at arclength `s` from its tip. */
export function at(path: Polyline, s: number): Vec3 {
  const p = path.pointAt(s, [0, 0, 0]);
  return [p[0], p[1], p[2]];
}

/** The path's unit direction at arclength `s`, towards its tip: the chord over 5% of its length either side. */
export function pathDirection(path: Polyline, s: number): Vec3 {
  const d = 0.05 * path.length;
  return normalise(sub3(at(path, Math.max(0, s - d)), at(path, Math.min(path.length, s + d))));
}

/**
 * Moves a joint to the centroid of the limb cross-section through it (plane normal `dir`), keeping only the
 * connected inside region around the joint so neighbouring limbs or the torso are not averaged in.
 */
export function centreInSection(vol: Volume, p: Vec3, dir: Vec3, maxRadius: number): Vec3 {
  const h = vol.grid.h;
  const len = Math.hypot(dir[0], dir[1], dir[2]) || 1;
  const d = [dir[0] / len, dir[1] / len, dir[2] / len];
  // Two axes spanning the plane.
  const ref = Math.abs(d[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  const u = normalise(cross(d, ref));
  const v = cross(d, u);
  // Walk rays from p in 32 directions to the boundary (this keeps the region star-shaped and connected).
  let sx = 0, sy = 0, sz = 0, count = 0;
  const step = h * 0.5;
  if (!insideAt(vol, p[0], p[1], p[2])) return p;
  for (let k = 0; k < 32; k++) {
    const a = (k / 32) * Math.PI * 2;
    const ca = Math.cos(a), sa = Math.sin(a);
    const rx = u[0] * ca + v[0] * sa, ry = u[1] * ca + v[1] * sa, rz = u[2] * ca + v[2] * sa;
    let t = 0;
    while (t < maxRadius && insideAt(vol, p[0] + rx * (t + step), p[1] + ry * (t + step), p[2] + rz * (t + step))) t += step;
    // Centroid of the ray's inside segment [0, t], weighted by t (area of the sector grows with t).
    sx += rx * t * t * (2 / 3);
    sy += ry * t * t * (2 / 3);
    sz += rz * t * t * (2 / 3);
    count += t;
  }
  if (count <= 0) return p;
  return [p[0] + sx / count, p[1] + sy / count, p[2] + sz / count];
}

/**
 * Area of the cross-section through `p` (plane normal `dir`), from 16 rays walked to the boundary (or
 * `maxRadius`). Unlike the inside radius it sees a section that is narrow in one direction only.
 */
export function sectionArea(vol: Volume, p: ArrayLike<number>, dir: ArrayLike<number>, maxRadius: number): number {
  if (!insideAt(vol, p[0], p[1], p[2])) return 0;
  const d = normalise(dir);
  const u = normalise(cross(d, Math.abs(d[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0]));
  const v = cross(d, u);
  const step = vol.grid.h * 0.5;
  let area = 0;
  for (let k = 0; k < 16; k++) {
    const a = (k / 16) * Math.PI * 2;
    const rx = u[0] * Math.cos(a) + v[0] * Math.sin(a), ry = u[1] * Math.cos(a) + v[1] * Math.sin(a), rz = u[2] * Math.cos(a) + v[2] * Math.sin(a);
    let t = 0;
    while (t < maxRadius && insideAt(vol, p[0] + rx * (t + step), p[1] + ry * (t + step), p[2] + rz * (t + step))) t += step;
    area += 0.5 * t * t * ((2 * Math.PI) / 16);
  }
  return area;
}

export function cross(a: ArrayLike<number>, b: ArrayLike<number>): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

export function normalise(a: ArrayLike<number>): Vec3 {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
}

export function sub3(a: ArrayLike<number>, b: ArrayLike<number>): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

export function isMirrorSymmetric(vol: Volume): boolean {
  const g = vol.grid;
  let match = 0;
  let total = 0;
  for (let z = 0; z < g.nz; z += 2)
    for (let y = 0; y < g.ny; y += 2)
      for (let x = 0; x < g.nx; x += 2) {
        const v = x + g.nx * (y + g.ny * z);
        if (!vol.inside[v]) continue;
        total++;
        const wx = g.ox + (x + 0.5) * g.h;
        if (insideAt(vol, -wx, g.oy + (y + 0.5) * g.h, g.oz + (z + 0.5) * g.h)) match++;
      }
  return total > 0 && match / total > 0.9;
}

/**
 * Joints of a limb each centred in the section across the bone to the next joint, in order (`[joint,
 * next]` pairs): the medial path runs a voxel or two off a thin limb's axis.
 */
export function centreAlongLimb(vol: Volume, js: JointSet, pairs: readonly (readonly [string, string])[], maxRadius: number): void {
  for (const [k, next] of pairs) {
    const dir = normalise(sub3(js.get(next), js.get(k)));
    js.set(k, centreInSection(vol, js.get(k), dir, maxRadius));
  }
}

/**
 * On a mirror-symmetric body the joints of its central chain (spine, head, tail) lie on the mirror plane
 * x = 0; the medial path runs up to half a voxel off it (voxel centres on an even grid straddle the plane).
 */
export function centreOnMirror(js: JointSet, keys: Iterable<string>): void {
  for (const key of keys) {
    const p = js.pos.get(key);
    if (p) js.set(key, [0, p[1], p[2]]);
    const t = js.leafTips.get(key);
    if (t) js.leafTips.set(key, [0, t[1], t[2]]);
  }
}

/**
 * Share of the inside voxels around a joint (a cube of half-size LOCAL_MIRROR_REACH of the body's height)
 * whose mirror image is inside too, a voxel at a time so that no array is allocated. 1 when there is
 * nothing inside to judge by.
 */
export function localMirrorMatch(vol: Volume, p: ArrayLike<number>): number {
  const g = vol.grid;
  const r = LOCAL_MIRROR_REACH * (vol.max[1] - vol.min[1]);
  const lo = (v: number, o: number): number => Math.max(0, Math.floor((v - r - o) / g.h));
  const hi = (v: number, o: number, n: number): number => Math.min(n - 1, Math.floor((v + r - o) / g.h));
  const x0 = lo(p[0], g.ox), x1 = hi(p[0], g.ox, g.nx);
  const y0 = lo(p[1], g.oy), y1 = hi(p[1], g.oy, g.ny);
  const z0 = lo(p[2], g.oz), z1 = hi(p[2], g.oz, g.nz);
  let match = 0, total = 0;
  for (let z = z0; z <= z1; z++)
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        if (!vol.inside[x + g.nx * (y + g.ny * z)]) continue;
        total++;
        if (insideAt(vol, -(g.ox + (x + 0.5) * g.h), g.oy + (y + 0.5) * g.h, g.oz + (z + 0.5) * g.h)) match++;
      }
  return total > 0 ? match / total : 1;
}

/**
 * Half-size of the neighbourhood `localMirrorMatch` reads, as a share of the body's height: about a limb's
 * thickness (corpus arms and shins 0.02-0.05 H in radius), so that a foot a stride ahead of its partner
 * (0.1-0.2 H) is judged by its own voxels, not by the symmetric torso.
 */
const LOCAL_MIRROR_REACH = 0.04;
/**
 * A pair is mirrored when at least this share of each joint's neighbourhood mirrors inside: the whole-body
 * test (isMirrorSymmetric) asks 0.9 of every voxel; a neighbourhood of a few hundred voxels on the fast grid
 * loses a few to rasterising, and a limb held asymmetrically keeps under half (its partner is elsewhere).
 */
const LOCAL_MIRROR_MIN = 0.7;

/**
 * Mirror symmetry about x = 0, on a body whose volume is symmetric (most inside voxels have an inside
 * mirror): each Left/Right pair is replaced by the average of the joint and its partner's mirror image,
 * but only where both neighbourhoods mirror too (localMirrorMatch): a symmetric body striding or
 * holding one arm up still passes the whole-body test, and averaging its feet put both toes between them,
 * outside either foot (sweep seed 34: a toe outside the mesh).
 */
export function symmetrise(js: JointSet, vol: Volume): void {
  const mirrored = (a: ArrayLike<number>, b: ArrayLike<number>): boolean =>
    localMirrorMatch(vol, a) >= LOCAL_MIRROR_MIN && localMirrorMatch(vol, b) >= LOCAL_MIRROR_MIN;
  for (const [key, p] of js.pos) {
    if (!key.startsWith('Left')) continue;
    const other = js.pos.get('Right' + key.slice(4));
    if (!other || !mirrored(p, other)) continue;
    const x = (p[0] - other[0]) / 2, y = (p[1] + other[1]) / 2, z = (p[2] + other[2]) / 2;
    js.set(key, [x, y, z]);
    js.set('Right' + key.slice(4), [-x, y, z]);
  }
  for (const [key, p] of js.leafTips) {
    if (!key.startsWith('Left')) continue;
    const other = js.leafTips.get('Right' + key.slice(4));
    if (!other || !mirrored(p, other)) continue;
    const x = (p[0] - other[0]) / 2, y = (p[1] + other[1]) / 2, z = (p[2] + other[2]) / 2;
    js.leafTips.set(key, [x, y, z]);
    js.leafTips.set('Right' + key.slice(4), [-x, y, z]);
  }
}

/**
 * On a mirror-symmetric body (isMirrorSymmetric), the central joints of a fit (neither Left nor Right: spine,
 * neck, head, tail) whose own neighbourhoods mirror (localMirrorMatch, as symmetrise asks of a pair) go onto
 * the mirror plane x = 0. A torso wider than it is deep has a medial sheet, not a line, and its path wanders
 * across it: a blocky character's box torso (Minetest's player) had its spine 0.06 H to one side. A head
 * turned or a tail swept aside keeps its own (its neighbourhood does not mirror). Run on the fit that was
 * kept (rig-mesh.ts), after the fits were compared: a spine off the plane is also a sign of a fit gone wrong,
 * which the asymmetry check reads to try the other grid (robot sweep seed 71, pro: centred before that choice,
 * its bad fit was kept, 2.3 -> 5.3%). A joint inside the body where it was fitted but not on the plane (a
 * robot's neck piece beside a gap there) stays. The corpus artists' central joints of symmetric bipeds lie on
 * the plane.
 */
export function centreCentralOnMirror(fit: FitResult, vol: Volume): void {
  if (!isMirrorSymmetric(vol)) return;
  const P = fit.positions;
  const H = vol.max[1] - vol.min[1];
  const moved: string[] = [];
  let most = 0;
  fit.keys.forEach((k, j) => {
    if (k.startsWith('Left') || k.startsWith('Right') || localMirrorMatch(vol, P.subarray(j * 3, j * 3 + 3)) < LOCAL_MIRROR_MIN) return;
    // Never out of the body: a joint inside where it was fitted stays there when the plane is empty at it.
    if (!insideAt(vol, 0, P[j * 3 + 1], P[j * 3 + 2]) && insideAt(vol, P[j * 3], P[j * 3 + 1], P[j * 3 + 2])) return;
    const off = Math.abs(P[j * 3]);
    if (off > OFF_MIRROR * H) moved.push(k);
    most = Math.max(most, off);
    P[j * 3] = 0;
    const t = fit.leafTips.get(j);
    if (t) fit.leafTips.set(j, [0, t[1], t[2]]);
  });
  if (!moved.length) return;
  // A spine fitted far off the plane is the fit's doubt, repaired or not: a wrong reading of the body drifts it too.
  (fit.doubts ??= []).push({ code: 'asymmetric', joints: moved, repaired: true, message: `the spine was fitted up to ${Math.round((100 * most) / H)}% of the height off the body's mirror plane and was moved onto it; a flat torso lets it drift, but so does a limb taken for something else` });
  const conf = (fit.doubtConfidence ??= new Map());
  for (const k of moved) conf.set(k, Math.min(0.5, conf.get(k) ?? 1));
}

/**
 * A central joint moved onto the mirror plane by more than this share of the height is said so in the report:
 * the medial path's own drift across a round torso is half a voxel (under 0.01 H on the fast grid); a box
 * torso's sheet let Minetest's player's spine drift 0.06 H, and a block toy whose arms were taken for other
 * parts had its spine 0.07 H off.
 */
const OFF_MIRROR = 0.03;

/**
 * Arclength of the end of the limb's medial axis: the first point whose inside radius reaches back to the
 * tip (s >= radius). A capsule's axis ends one radius inside its rounded end; `tipInside` only pulls in by
 * the radius at the tip voxel, which is near zero on a rounded end.
 */
export function medialTipS(path: Polyline): number {
  for (let i = 0; i < path.count; i++) if (path.s[i] >= path.radius[i]) return Math.min(path.s[i], 0.5 * path.length);
  return 0.5 * path.length;
}

/** Pulls a surface point (an extremity tip) inside by `f` of the local radius along the path. */
export function tipInside(path: Polyline, f = 0.5): Vec3 {
  if (f >= 0.5) return at(path, medialTipS(path));
  const r = path.radiusAt(0);
  return at(path, Math.min(path.length, Math.max(0, r * f)));
}

export { radiusAt };

/**
 * Midpoint of the closest approach of lines a0-a1 and b0-b1, or null when they are nearly parallel.
 * A bent limb's joint is where its two segments' axes meet: the medial path cuts the corner inside a bend.
 */
export function axesMeet(a0: Vec3, a1: Vec3, b0: Vec3, b1: Vec3): Vec3 | null {
  const u = sub3(a1, a0), v = sub3(b1, b0), w = sub3(a0, b0);
  const a = u[0] * u[0] + u[1] * u[1] + u[2] * u[2], b = u[0] * v[0] + u[1] * v[1] + u[2] * v[2], c = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
  const d = u[0] * w[0] + u[1] * w[1] + u[2] * w[2], e = v[0] * w[0] + v[1] * w[1] + v[2] * w[2];
  const den = a * c - b * b;
  if (den < 1e-3 * a * c) return null;
  const sc = (b * e - c * d) / den, tc = (a * e - b * d) / den;
  return lerp3([a0[0] + u[0] * sc, a0[1] + u[1] * sc, a0[2] + u[2] * sc], [b0[0] + v[0] * tc, b0[1] + v[1] * tc, b0[2] + v[2] * tc], 0.5);
}
