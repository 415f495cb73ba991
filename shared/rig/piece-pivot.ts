/**
 * Where a limb made of a separate rigid piece turns: at the centre of the piece's flat end that faces its
 * parent. Chibi and toy characters (the Kenney minis), robots and KayKit's legs are built from closed
 * pieces that meet the torso at a planar face, and the artist's joint sits at that face's centre: measured
 * on the corpus, the upper leg and upper arm joints of all 12 Kenney characters lie within 0.1% of the
 * height of it, KayKit's hip joints within 0.3% and the Quaternius Robot's shoulders within 0.4%. The
 * volume's medial path cannot see that face (the torso and the piece fuse into one volume), so the fit
 * put those hip joints 4-7% of the height too high and forward.
 *
 * The rule applies only where the evidence is clear, and the fit's own joint is kept otherwise:
 * - the piece lies on the limb's side of the mid-plane (skin that runs on through the torso is one piece
 *   with it and never qualifies); a head's piece spans the mid-plane and holds the head halfway to its top;
 * - it holds the fitted bone (its bounding box holds a point a quarter, half, three quarters of the way or
 *   at its end; for a limb, its closed surface too: a lowered arm's box reaches over the thigh) and spans
 *   at least 40% of it, so a ring, a cuff or a boot is not taken for the limb;
 * - its end towards the parent lies within 0.1 H of the fitted joint (each candidate's: a lowered arm's
 *   box reaches over the thigh beside it and far above the hip joint, and hid the leg's own piece), or,
 *   for a head, the fitted joint lies inside the piece's own surface at any height (the neck search ran up
 *   inside a chibi's big head: Kenney male-f with lowered arms, 0.23 H above the base);
 * - that end is a flat cut across the whole piece: the vertices within 1.5% of the height of the end span
 *   at least 90% of the piece's width there. A rounded end turns about its ball's centre: KayKit's arms
 *   end in caps whose extreme spans 65-75% of the arm, and the artist's joint is 4-6% of the height inside;
 * - the face touches its parent: sunk into another piece, or another piece within 0.2% of the height
 *   behind it. A piece hung with a clearance turns inside its parent (the synthetic robot's thighs);
 * - a head's base may be bevelled (60% of its width) but not sunk into another piece (a ball head pushed
 *   into a neck turns about its centre).
 * The fitted bone, or else the piece's own axis nearest it within 45 degrees (from its faces' normals: a
 * rigid arm lowered 45 degrees still turns at its inner end's centre), or else the model's nearest axis
 * within 35 degrees, measures the face.
 */
import type { MeshIslands } from './mesh-islands';
import { lineHits } from '../mesh/line-hits';
import type { Vec3 } from './fit-common';

/** The mesh in the fit's normalised frame, with its islands (mesh-islands.ts). */
export interface PieceMesh {
  positions: Float32Array;
  indices: Uint32Array;
  islands: MeshIslands;
}

const NEAR_FIT = 0.1;
const MIN_SPAN_OF_BONE = 0.4;
const FACE_DEPTH = 0.015;
const FACE_WIDTH_SHARE = 0.9;
const HEAD_WIDTH_SHARE = 0.6;
/** Faces that touch: coincident within exporters' precision; the synthetic robot's clearance of 1 cm (0.57% of its height) at the hips is a gap. */
const CONTACT = 0.002;
/** Pieces with fewer vertices are decoration (rivets, eyes), never a limb. */
export const MIN_VERTICES = 8;
const AXIS_COS = Math.cos((35 * Math.PI) / 180);
/** A piece's own axis serves a fitted bone within 45 degrees of it (a box piece's axes are 90 degrees apart). */
const OWN_AXIS_COS = Math.cos((45 * Math.PI) / 180);
/** Face normals within 10 degrees of each other are one of the piece's axes. */
const POOL_COS = Math.cos((10 * Math.PI) / 180);
/** A second axis lies at least 60 degrees from the first. */
const ACROSS_COS = Math.cos((60 * Math.PI) / 180);
/** Pieces with more triangles are not searched for their own axes (nearestOwnAxis). */
export const MAX_OWN_AXIS_TRIANGLES = 20_000;

/** Per island its bounding box, the island of each vertex and its own triangles; computed once per fit. */
export interface IslandBoxes {
  lo: Float64Array;
  hi: Float64Array;
  islandOf: Int32Array;
  /** The mesh's triangles grouped by island (3 vertex indices each): island k's are `triangles.subarray(3 * triStart[k], 3 * triStart[k + 1])`. */
  triangles: Uint32Array;
  triStart: Uint32Array;
  /** Each island's own axes (ownAxes), filled on first use: they depend on the piece alone, not on the bone. */
  axes: (number[][] | null | undefined)[];
}

/** One set of boxes per mesh: every fit attempt of a rig asks for the same pieces. */
const boxesOf = new WeakMap<PieceMesh, IslandBoxes>();

export function islandBoxes(mesh: PieceMesh): IslandBoxes {
  let boxes = boxesOf.get(mesh);
  if (!boxes) boxesOf.set(mesh, (boxes = measureIslands(mesh)));
  return boxes;
}

function measureIslands(mesh: PieceMesh): IslandBoxes {
  const { order, offsets } = mesh.islands;
  const n = offsets.length - 1;
  const lo = new Float64Array(n * 3).fill(Infinity), hi = new Float64Array(n * 3).fill(-Infinity);
  const P = mesh.positions;
  const islandOf = new Int32Array(P.length / 3);
  for (let k = 0; k < n; k++)
    for (let i = offsets[k]; i < offsets[k + 1]; i++) {
      islandOf[order[i]] = k;
      const v = order[i] * 3;
      for (let a = 0; a < 3; a++) {
        const x = P[v + a];
        if (x < lo[k * 3 + a]) lo[k * 3 + a] = x;
        if (x > hi[k * 3 + a]) hi[k * 3 + a] = x;
      }
    }
  // Each island's own triangles, so that a ray through one piece (boneInside, nearestOwnAxis) does not
  // scan the whole mesh: with 1M triangles that scan cost a second per rig.
  const I = mesh.indices;
  const triStart = new Uint32Array(n + 1);
  for (let t = 0; t + 2 < I.length; t += 3) triStart[islandOf[I[t]] + 1]++;
  for (let k = 0; k < n; k++) triStart[k + 1] += triStart[k];
  const fill = triStart.slice(0, n);
  const triangles = new Uint32Array(3 * triStart[n]);
  for (let t = 0; t + 2 < I.length; t += 3) {
    const at = 3 * fill[islandOf[I[t]]]++;
    triangles[at] = I[t];
    triangles[at + 1] = I[t + 1];
    triangles[at + 2] = I[t + 2];
  }
  return { lo, hi, islandOf, triangles, triStart, axes: new Array(n) };
}

/** Island `k`'s own triangles. */
export function islandTriangles(boxes: IslandBoxes, k: number): Uint32Array {
  return boxes.triangles.subarray(3 * boxes.triStart[k], 3 * boxes.triStart[k + 1]);
}

/**
 * The centre of the parent-facing end of the rigid piece that holds the bone `root -> next` on side `sign`
 * (+1 left, +X; -1 right; 0 central, the piece spanning the mid-plane), or null when no piece qualifies. `H` is the height in the normalised frame.
 */
export function piecePivot(mesh: PieceMesh, boxes: IslandBoxes, root: Vec3, next: Vec3, sign: number, H: number, within?: { inside: boolean; far: boolean }): Vec3 | null {
  const len = Math.hypot(next[0] - root[0], next[1] - root[1], next[2] - root[2]);
  if (len < 1e-9) return null;
  const d = [(next[0] - root[0]) / len, (next[1] - root[1]) / len, (next[2] - root[2]) / len];
  const found = pivotAlong(mesh, boxes, root, next, len, d, sign, H, false, within);
  if (found) return found;
  // The fitted bone can lean a little off the piece's own axis, and a flat end then shows as a slanted
  // sliver. The piece's own axis nearest the bone (from the normals of its faces) is tried next, when it
  // lies within 45 degrees of it: an arm lowered 45 degrees is off the model's axes. Then the model's
  // nearest axis within 35 degrees (toy and robot pieces are modelled along the model's axes).
  if (sign !== 0) {
    const own = pivotAlong(mesh, boxes, root, next, len, d, sign, H, true);
    if (own) return own;
  }
  let axis = 0;
  for (let a = 1; a < 3; a++) if (Math.abs(d[a]) > Math.abs(d[axis])) axis = a;
  if (Math.abs(d[axis]) < AXIS_COS) return null;
  const snapped = [0, 0, 0];
  snapped[axis] = Math.sign(d[axis]);
  return pivotAlong(mesh, boxes, root, next, len, snapped, sign, H, false, within);
}

/** `within` (a head's piece): whether the fitted joint lies inside the piece whose face is returned, and further than NEAR_FIT from it. */
function pivotAlong(mesh: PieceMesh, boxes: IslandBoxes, root: Vec3, next: Vec3, len: number, dIn: number[], sign: number, H: number, ownAxis = false, within?: { inside: boolean; far: boolean }): Vec3 | null {
  let d = dIn;
  const { order, offsets } = mesh.islands;
  const P = mesh.positions;
  let best = -1, bestS = Infinity, bestSpan = 0;
  for (let k = 0; k + 1 < offsets.length; k++) {
    if (offsets[k + 1] - offsets[k] < MIN_VERTICES) continue;
    const crosses = boxes.lo[k * 3] <= 0 && boxes.hi[k * 3] >= 0;
    // A side limb's piece stays on its side; a central one (the head) spans the mid-plane.
    if (sign === 0 ? !crosses : crosses || sign * boxes.hi[k * 3] < 0) continue;
    if (!holdsBone(boxes, k, root, next)) continue;
    // Its surface holds the bone, not only its box: the box of an arm lowered 45 degrees reaches over the
    // thigh beside it. (A head's bone runs on through hair and caps: its box.)
    if (sign !== 0 && !boneInside(mesh, boxes, k, root, next)) continue;
    // The head's piece holds the head halfway to its top (a neck piece below it is not the head: the
    // synthetic biped's neck reaches into its head ball; a cap or hair piece may hold the very top: Kenney
    // male-c's cap, from three quarters up).
    if (sign === 0 && !holdsPoint(boxes, k, [0, 1, 2].map((a) => root[a] + 0.5 * (next[a] - root[a])))) continue;
    let s0 = Infinity, s1 = -Infinity;
    for (let i = offsets[k]; i < offsets[k + 1]; i++) {
      const v = order[i] * 3;
      const s = (P[v] - root[0]) * d[0] + (P[v + 1] - root[1]) * d[1] + (P[v + 2] - root[2]) * d[2];
      if (s < s0) s0 = s;
      if (s > s1) s1 = s;
    }
    // A limb's piece ends within NEAR_FIT of the fitted joint, or is no candidate: a thick lowered sleeve
    // can hold the top of a high-fitted thigh bone and reach far above it, and it hid the leg's own piece
    // (the whole test failed on the one piece reaching furthest).
    if (sign !== 0 && Math.abs(s0) > NEAR_FIT * H) continue;
    if (s0 < bestS) {
      best = k;
      bestS = s0;
      bestSpan = s1 - s0;
    }
  }
  if (ownAxis) {
    if (best < 0) return null;
    const a = nearestOwnAxis(mesh.positions, boxes, best, d);
    if (!a) return null;
    d = a;
    bestS = Infinity;
    let s1 = -Infinity;
    for (let i = offsets[best]; i < offsets[best + 1]; i++) {
      const v = order[i] * 3;
      const s = (P[v] - root[0]) * d[0] + (P[v + 1] - root[1]) * d[1] + (P[v + 2] - root[2]) * d[2];
      if (s < bestS) bestS = s;
      if (s > s1) s1 = s;
    }
    bestSpan = s1 - bestS;
  }
  // A head joint fitted inside the head's own piece (the neck search ran inside a big head) still turns at
  // the piece's base, however far below.
  const inside = sign === 0 && best >= 0 && insideOwn(mesh, boxes, best, root);
  const far = Math.abs(bestS) > NEAR_FIT * H;
  if (within) Object.assign(within, { inside, far });
  if (best < 0 || (far && !inside) || bestSpan < MIN_SPAN_OF_BONE * len) return null;
  const centre = flatEnd(mesh, best, root, d, bestS, bestSpan, H, sign === 0 ? HEAD_WIDTH_SHARE : FACE_WIDTH_SHARE);
  if (!centre) return null;
  const face = { centre };
  // The face meets the parent: sunk into another piece, or another piece's surface right behind it. A
  // piece hung with a clearance from its parent turns inside the parent (the clearance lets it swing).
  const sunk = insideOthers(mesh, boxes.islandOf, best, face.centre);
  if (!sunk && !touchesBehind(mesh, boxes.islandOf, best, face.centre, [-d[0], -d[1], -d[2]], CONTACT * H)) return null;
  // A head rests on the body at its base whether that is flat or rounded, unless the base is sunk into
  // another piece (a ball pushed into the neck turns about its centre, not its bottom).
  if (sign === 0 && insideOthers(mesh, boxes.islandOf, best, [0, 1, 2].map((a) => face.centre[a] + FACE_DEPTH * H * d[a]))) return null;
  return face.centre;
}

/** How many triangles of the pieces other than `own` a ray from `p` along `dir` crosses. */
function crossings(mesh: PieceMesh, islandOf: Int32Array, own: number, p: ArrayLike<number>, dir: ArrayLike<number>): number {
  const I = mesh.indices;
  return lineHits(mesh.positions, I, p, dir, (t) => islandOf[I[t]] === own).filter((d) => d > 0).length;
}

/**
 * Another piece's surface within `reach` behind `p` along `dir`, or through `p` itself: a parent face
 * coplanar with the end face (toys modelled on round numbers) lies at distance 0 give or take the last
 * bits, which the model's units and placement decide.
 */
function touchesBehind(mesh: PieceMesh, islandOf: Int32Array, own: number, p: ArrayLike<number>, dir: ArrayLike<number>, reach: number): boolean {
  const I = mesh.indices;
  return lineHits(mesh.positions, I, p, dir, (t) => islandOf[I[t]] === own).some((d) => Math.abs(d) <= reach);
}

/** Inside the closed surface of the pieces other than `own`: odd crossings along at least two of +X, +Y, +Z (an open seam spoils one ray at most). */
function insideOthers(mesh: PieceMesh, islandOf: Int32Array, own: number, p: ArrayLike<number>): boolean {
  let votes = 0;
  for (const dir of [[1, 0, 0], [0, 1, 0], [0, 0, 1]]) if (crossings(mesh, islandOf, own, p, dir) % 2 === 1) votes++;
  return votes >= 2;
}

/** `p` inside island `k`'s own closed surface (odd crossings along two of +X, +Y, +Z). */
export function insideOwn(mesh: PieceMesh, boxes: IslandBoxes, k: number, p: ArrayLike<number>): boolean {
  if (!holdsPoint(boxes, k, p)) return false;
  const own = islandTriangles(boxes, k);
  let votes = 0;
  for (const dir of [[1, 0, 0], [0, 1, 0], [0, 0, 1]]) if (lineHits(mesh.positions, own, p, dir).filter((d) => d > 0).length % 2 === 1) votes++;
  return votes >= 2;
}

function holdsBone(boxes: IslandBoxes, k: number, a: Vec3, b: Vec3): boolean {
  return [0.25, 0.5, 0.75, 1].some((f) => holdsPoint(boxes, k, [0, 1, 2].map((ax) => a[ax] + f * (b[ax] - a[ax]))));
}

/** One of the points a quarter, half, three quarters of the way and at the end of the bone inside the island's own closed surface (odd crossings along two of +X, +Y, +Z). */
function boneInside(mesh: PieceMesh, boxes: IslandBoxes, k: number, a: Vec3, b: Vec3): boolean {
  return [0.25, 0.5, 0.75, 1].some((f) => insideOwn(mesh, boxes, k, [0, 1, 2].map((ax) => a[ax] + f * (b[ax] - a[ax]))));
}

export function holdsPoint(boxes: IslandBoxes, k: number, p: ArrayLike<number>): boolean {
  for (let ax = 0; ax < 3; ax++) if (p[ax] < boxes.lo[k * 3 + ax] || p[ax] > boxes.hi[k * 3 + ax]) return false;
  return true;
}

/**
 * The centre of island k's end at `s0` along `d` (measured from `root`; `span` its extent along `d`), or null
 * when that end is no flat cut across the piece: its vertices within FACE_DEPTH of it must span `share` of the
 * piece's width just beyond it (over half its span, at most 0.1 H), both ways across `d`.
 */
export function flatEnd(mesh: PieceMesh, k: number, root: Vec3, d: number[], s0: number, span: number, H: number, share = FACE_WIDTH_SHARE): Vec3 | null {
  const { order, offsets } = mesh.islands;
  // Two axes across the bone, to measure widths.
  const e1 = Math.abs(d[1]) < 0.9 ? normalisedCross(d, [0, 1, 0]) : normalisedCross(d, [1, 0, 0]);
  const e2 = normalisedCross(d, e1);
  const band = (depth: number) => widthBand(mesh.positions, order, offsets[k], offsets[k + 1], root, d, e1, e2, s0, s0 + depth);
  const face = band(FACE_DEPTH * H), body = band(Math.min(0.5 * span, 0.1 * H));
  return face.w1 >= share * body.w1 && face.w2 >= share * body.w2 ? face.centre : null;
}

/** Extents across the bone (along e1, e2) of the island's vertices with s in [s0, s1], and their box centre. */
function widthBand(P: Float32Array, order: Uint32Array, from: number, to: number, root: Vec3, d: number[], e1: number[], e2: number[], s0: number, s1: number): { w1: number; w2: number; centre: Vec3 } {
  let lo1 = Infinity, hi1 = -Infinity, lo2 = Infinity, hi2 = -Infinity, loS = Infinity;
  for (let i = from; i < to; i++) {
    const v = order[i] * 3;
    const x = P[v] - root[0], y = P[v + 1] - root[1], z = P[v + 2] - root[2];
    const s = x * d[0] + y * d[1] + z * d[2];
    if (s < s0 || s > s1) continue;
    const u = x * e1[0] + y * e1[1] + z * e1[2], w = x * e2[0] + y * e2[1] + z * e2[2];
    if (u < lo1) lo1 = u;
    if (u > hi1) hi1 = u;
    if (w < lo2) lo2 = w;
    if (w > hi2) hi2 = w;
    if (s < loS) loS = s;
  }
  const u = (lo1 + hi1) / 2, w = (lo2 + hi2) / 2, s = loS;
  const centre: Vec3 = [0, 1, 2].map((a) => root[a] + s * d[a] + u * e1[a] + w * e2[a]) as Vec3;
  return { w1: hi1 - lo1, w2: hi2 - lo2, centre };
}

/**
 * The piece's own axis nearest `d` (within OWN_AXIS_COS, signed like `d`), or null: a piece's axes are the
 * normals of its faces, the one with the largest area (normals within 10 degrees pooled), the largest
 * across it, and their cross product. Only for pieces of up to MAX_OWN_AXIS_TRIANGLES: the rule is for
 * the low-poly rigid pieces of toys and chibis (every corpus biped's pieces are smaller); pooling a dense
 * skin's normals costs seconds (a 1M-triangle body: 1.2 s of a 1.8 s rig) and finds no flat end anyway.
 */
function nearestOwnAxis(P: Float32Array, boxes: IslandBoxes, k: number, d: number[]): number[] | null {
  const axes = pieceAxes(P, boxes, k);
  if (!axes) return null;
  let best: number[] | null = null, bestC = OWN_AXIS_COS;
  for (const a of axes) {
    const c = dot(a, d);
    if (Math.abs(c) >= bestC) [best, bestC] = [a.map((x) => Math.sign(c) * x), Math.abs(c)];
  }
  return best;
}

/** Island k's three own axes (see nearestOwnAxis), computed once per rig; null for a dense piece or one without a second axis. */
export function pieceAxes(P: Float32Array, boxes: IslandBoxes, k: number): number[][] | null {
  if (boxes.axes[k] === undefined) boxes.axes[k] = ownAxes(P, islandTriangles(boxes, k));
  return boxes.axes[k] ?? null;
}

/** Cells of the normals' grid (pooledArea): a cell's side exceeds the chord of POOL_COS's 10 degrees, 2 sin 5° = 0.174. */
const BIN = 0.18;
const BINS = Math.ceil(2 / BIN);

/** A piece's three axes (see nearestOwnAxis), or null when it has too many triangles or no second axis. */
function ownAxes(P: Float32Array, I: Uint32Array): number[][] | null {
  const count = I.length / 3;
  if (count > MAX_OWN_AXIS_TRIANGLES) return null;
  const normals = new Float64Array(3 * count), areas = new Float64Array(count);
  let m = 0;
  for (let t = 0; t + 2 < I.length; t += 3) {
    const a = I[t] * 3, b = I[t + 1] * 3, c = I[t + 2] * 3;
    const ux = P[b] - P[a], uy = P[b + 1] - P[a + 1], uz = P[b + 2] - P[a + 2];
    const vx = P[c] - P[a], vy = P[c + 1] - P[a + 1], vz = P[c + 2] - P[a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const l = Math.hypot(nx, ny, nz);
    if (l < 1e-20) continue;
    normals[3 * m] = nx / l;
    normals[3 * m + 1] = ny / l;
    normals[3 * m + 2] = nz / l;
    areas[m++] = l / 2;
  }
  const bins = binNormals(normals, m);
  const normal = (i: number): number[] => [normals[3 * i], normals[3 * i + 1], normals[3 * i + 2]];
  const skip = new Uint8Array(m);
  // Candidates: the normals of the largest triangles (enough for the low-poly pieces this rule is for).
  const byArea = Array.from({ length: m }, (_n, i) => i).sort((x, y) => areas[y] - areas[x]).slice(0, 400);
  const strongest = (): number[] | null => {
    let best: number[] | null = null, bestA = 0;
    for (const i of byArea) {
      if (skip[i]) continue;
      const a = pooledArea(normals, areas, skip, bins, i);
      if (a > bestA) [best, bestA] = [normal(i), a];
    }
    return best;
  };
  const a1 = strongest();
  if (!a1) return null;
  for (let i = 0; i < m; i++) skip[i] = Math.abs(normals[3 * i] * a1[0] + normals[3 * i + 1] * a1[1] + normals[3 * i + 2] * a1[2]) > ACROSS_COS ? 1 : 0;
  const a2 = strongest();
  if (!a2) return null;
  const a2o = normalisedCross(normalisedCross(a1, a2), a1);
  return [a1, a2o, normalisedCross(a1, a2o)];
}

interface NormalBins {
  /** Triangles by cell, ascending within each: cell c's are `items.subarray(start[c], start[c + 1])`. */
  start: Uint32Array;
  items: Uint32Array;
  /** Scratch for one pooling's triangles. */
  found: Uint32Array;
}

function binOf(x: number): number {
  return Math.min(BINS - 1, Math.max(0, Math.floor((x + 1) / BIN)));
}

/** The unit normals bucketed by a grid over [-1, 1]^3 (a counting sort, so each cell lists its triangles in order). */
function binNormals(normals: Float64Array, m: number): NormalBins {
  const cell = new Uint32Array(m), start = new Uint32Array(BINS ** 3 + 1);
  for (let i = 0; i < m; i++) {
    cell[i] = (binOf(normals[3 * i]) * BINS + binOf(normals[3 * i + 1])) * BINS + binOf(normals[3 * i + 2]);
    start[cell[i] + 1]++;
  }
  for (let c = 0; c < BINS ** 3; c++) start[c + 1] += start[c];
  const fill = start.slice(0, BINS ** 3), items = new Uint32Array(m);
  for (let i = 0; i < m; i++) items[fill[cell[i]]++] = i;
  return { start, items, found: new Uint32Array(m) };
}

/**
 * The area of the triangles not skipped whose normals lie within 10 degrees of triangle i's, or of its
 * opposite. Such a normal is within the 10-degree chord (0.174) of it, so in a neighbouring cell of the
 * grid; the areas are summed in the triangles' order, as a scan of them all would.
 */
function pooledArea(normals: Float64Array, areas: Float64Array, skip: Uint8Array, bins: NormalBins, i: number): number {
  const cx = normals[3 * i], cy = normals[3 * i + 1], cz = normals[3 * i + 2];
  let n = 0;
  for (const sign of [1, -1]) {
    const bx = binOf(sign * cx), by = binOf(sign * cy), bz = binOf(sign * cz);
    for (let x = Math.max(0, bx - 1); x <= Math.min(BINS - 1, bx + 1); x++)
      for (let y = Math.max(0, by - 1); y <= Math.min(BINS - 1, by + 1); y++)
        for (let z = Math.max(0, bz - 1); z <= Math.min(BINS - 1, bz + 1); z++) {
          const c = (x * BINS + y) * BINS + z;
          for (let q = bins.start[c]; q < bins.start[c + 1]; q++) {
            const t = bins.items[q];
            if (skip[t]) continue;
            if (Math.abs(normals[3 * t] * cx + normals[3 * t + 1] * cy + normals[3 * t + 2] * cz) >= POOL_COS) bins.found[n++] = t;
          }
        }
  }
  const found = bins.found.subarray(0, n).sort();
  let sum = 0;
  for (let q = 0; q < n; q++) sum += areas[found[q]];
  return sum;
}

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

function normalisedCross(a: number[], b: number[]): number[] {
  const c = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  const l = Math.hypot(c[0], c[1], c[2]);
  return [c[0] / l, c[1] / l, c[2] / l];
}
