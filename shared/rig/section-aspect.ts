/**
 * How flat an extremity is across: the volume's cross-section normal to the extremity's medial path, its
 * width over its thickness. A limb (arm, leg, tail, neck) is round in section, about 1; a wing's membrane
 * or a feather fan is a thin sheet, its chord several times its thickness. Used by the pre-check to tell
 * wings from arms (plan-scores.ts).
 */
import type { Volume } from './volume';
import { insideAt } from './volume';
import type { Polyline } from './polyline';

/** The section is sampled on a square lattice of half a voxel, this far (normalised units) around the path. */
const SECTION_REACH = 0.25;
/** Sections at these shares of the extremity's own length (tip to where it joins the skeleton), from the tip. */
const SECTION_AT = [0.2, 0.35, 0.5] as const;

/**
 * The median width/thickness of the sections of an extremity, taken at SECTION_AT of `length` from the
 * tip along `path` (which starts at the tip). 0 when no section finds the volume.
 */
export function sheetAspect(vol: Volume, path: Polyline, length: number): number {
  const r = SECTION_AT.map((q) => sectionAspect(vol, path, q * length)).sort((a, b) => a - b);
  return r[1];
}

/**
 * Width over thickness of the section of the volume in the plane normal to `path` at arclength `s`: the
 * inside samples connected to the path point, their principal spreads (sqrt of the ratio of the 2D
 * covariance's eigenvalues; 1 for a disc, chord / thickness for a slab).
 */
export function sectionAspect(vol: Volume, path: Polyline, s: number): number {
  const h = vol.grid.h, step = 0.5 * h;
  const p = path.pointAt(s), a = path.pointAt(Math.max(0, s - 2 * h)), b = path.pointAt(Math.min(path.length, s + 2 * h));
  const t = unit([b[0] - a[0], b[1] - a[1], b[2] - a[2]]);
  if (!t) return 0;
  const ref = Math.abs(t[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  const u = unit(cross(t, ref))!;
  const v = cross(t, u);
  const N = Math.ceil(SECTION_REACH / step), W = 2 * N + 1;
  // The lattice is sampled lazily, only where the fill from the path reaches (a limb's section is a few
  // hundred of its 6561 cells): UNSEEN until asked, then INSIDE or OUTSIDE, FILLED once counted.
  const cells = lattice(W * W);
  const frame: SectionFrame = { vol, cells, W, N, step, p, u, v };
  const at = (c: number): number => (cells[c] === UNSEEN ? sampleCell(frame, c) : cells[c]);
  // The path runs inside, but its smoothing can put a point a voxel off a one-voxel sheet: start nearby.
  let start = -1;
  for (let r = 0; r <= 2 && start < 0; r++)
    for (let j = N - r; j <= N + r && start < 0; j++)
      for (let i = N - r; i <= N + r; i++)
        if (at(i + W * j) === INSIDE) {
          start = i + W * j;
          break;
        }
  if (start < 0) return 0;
  cells[start] = FILLED;
  const stack = [start];
  let n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
  while (stack.length) {
    const c = stack.pop()!;
    const i = c % W, j = (c - i) / W;
    const x = (i - N) * step, y = (j - N) * step;
    n++;
    sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y;
    if (i > 0 && at(c - 1) === INSIDE) cells[c - 1] = FILLED, stack.push(c - 1);
    if (i < W - 1 && at(c + 1) === INSIDE) cells[c + 1] = FILLED, stack.push(c + 1);
    if (j > 0 && at(c - W) === INSIDE) cells[c - W] = FILLED, stack.push(c - W);
    if (j < W - 1 && at(c + W) === INSIDE) cells[c + W] = FILLED, stack.push(c + W);
  }
  // Each sample stands for a cell of the lattice: its own spread keeps a one-sample-thick sheet finite.
  const cell = (step * step) / 12;
  const mx = sx / n, my = sy / n;
  const cxx = sxx / n - mx * mx + cell, cyy = syy / n - my * my + cell, cxy = sxy / n - mx * my;
  const half = 0.5 * (cxx + cyy), disc = Math.sqrt(Math.max(0, half * half - (cxx * cyy - cxy * cxy)));
  return Math.sqrt((half + disc) / Math.max(half - disc, 1e-12));
}

const UNSEEN = 0, INSIDE = 1, OUTSIDE = 2, FILLED = 3;

/** A section's lattice: W x W cells of `step` around `p`, spanned by `u` and `v`. */
interface SectionFrame {
  vol: Volume;
  cells: Uint8Array;
  W: number;
  N: number;
  step: number;
  p: ArrayLike<number>;
  u: ArrayLike<number>;
  v: ArrayLike<number>;
}

/** Samples cell `c` of the lattice (INSIDE or OUTSIDE), stores it and returns it. */
function sampleCell(f: SectionFrame, c: number): number {
  const { p, u, v, step, N, W } = f;
  const i = c % W, j = (c - i) / W;
  const x = (i - N) * step, y = (j - N) * step;
  f.cells[c] = insideAt(f.vol, p[0] + u[0] * x + v[0] * y, p[1] + u[1] * x + v[1] * y, p[2] + u[2] * x + v[2] * y) ? INSIDE : OUTSIDE;
  return f.cells[c];
}
let latticeCells = new Uint8Array(0);

/** The section's lattice, all UNSEEN (one buffer reused: a rig measures dozens of sections). */
function lattice(size: number): Uint8Array {
  if (latticeCells.length < size) latticeCells = new Uint8Array(size);
  const cells = latticeCells.subarray(0, size);
  cells.fill(UNSEEN);
  return cells;
}

function cross(a: ArrayLike<number>, b: ArrayLike<number>): [number, number, number] {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function unit(a: [number, number, number]): [number, number, number] | null {
  const l = Math.hypot(a[0], a[1], a[2]);
  return l > 0 ? [a[0] / l, a[1] / l, a[2] / l] : null;
}
