/**
 * Bridges the small gaps between separate pieces of a model (robots of rigid parts, bodies with separate
 * joint rings, visors, gloves and boots), so that the curve skeleton, which grows only through the inside
 * volume, reaches every limb.
 *
 * What it rests on: a piece that belongs to a limb sits within a few centimetres of the piece it hangs from
 * (the synthetic robot's joints leave 2 cm = 0.011 H; artists leave similar clearances so rigid parts can
 * turn). The fast grid (voxels of 1/80 of the model) closes such gaps by itself, the pro grid (1/144) opens
 * them and lost the robot's feet (synthetic separate_parts: fast 1.3%, pro 15.3%). So pieces closer than
 * MAX_GAP of the height are joined, each along its closest approach, by a minimum spanning tree over the
 * pieces (Kruskal on the gap widths): every piece is joined once, to its nearest neighbour, so a rigid hand
 * hanging near a thigh still joins its own forearm when that is nearer. Farther pieces stay separate (and the
 * report says the mesh is in several pieces).
 *
 * Cost: one breadth-first pass through the outside voxels up to MAX_GAP deep, from every inside voxel at
 * once (each outside voxel reached by the nearest piece), O(voxels).
 */
import type { Grid } from './grid';
import { neighbourhood26 } from './grid';

/** Gaps narrower than this share of the height are bridged. */
export const MAX_GAP = 0.025;

/**
 * Marks the voxels of the bridges inside (in place). `H` is the model's height in normalised units.
 * Returns the number of bridges added.
 */
export function bridgePieces(g: Grid, inside: Uint8Array, H: number): number {
  const { labels, count } = labelPieces(g, inside);
  if (count < 2) return 0;
  const maxDepth = Math.max(1, Math.ceil((MAX_GAP * H) / g.h));
  const n = inside.length;
  const depth = new Int16Array(n).fill(-1);
  const owner = new Int32Array(n);
  const parent = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let head = 0, tail = 0;
  for (let v = 0; v < n; v++)
    if (inside[v]) {
      depth[v] = 0;
      owner[v] = labels[v];
      queue[tail++] = v;
    }
  // Best meeting per pair of pieces: gap (voxels), and the two voxels where the fronts met.
  const meet = new Map<number, { gap: number; a: number; b: number; u: number; w: number }>();
  const { nx, ny, nz } = g;
  const nxy = nx * ny;
  const steps = [1, -1, nx, -nx, nxy, -nxy];
  while (head < tail) {
    const u = queue[head++];
    const x = u % nx, y = Math.floor(u / nx) % ny, z = Math.floor(u / nxy);
    for (let k = 0; k < 6; k++) {
      if ((k === 0 && x === nx - 1) || (k === 1 && x === 0) || (k === 2 && y === ny - 1) || (k === 3 && y === 0) || (k === 4 && z === nz - 1) || (k === 5 && z === 0)) continue;
      const w = u + steps[k];
      if (depth[w] < 0) {
        if (depth[u] >= maxDepth) continue;
        depth[w] = depth[u] + 1;
        owner[w] = owner[u];
        parent[w] = u;
        queue[tail++] = w;
      } else if (owner[w] !== owner[u]) {
        const a = Math.min(owner[u], owner[w]), b = Math.max(owner[u], owner[w]);
        const gap = depth[u] + depth[w];
        const key = a * count + b;
        const best = meet.get(key);
        if (!best || gap < best.gap) meet.set(key, { gap, a, b, u, w });
      }
    }
  }
  // Kruskal: the narrowest gaps first, each joining two groups not yet joined.
  const group = Int32Array.from({ length: count + 1 }, (_v, i) => i);
  const find = (i: number): number => {
    while (group[i] !== i) i = group[i] = group[group[i]];
    return i;
  };
  let bridges = 0;
  for (const m of [...meet.values()].sort((p, q) => p.gap - q.gap)) {
    if (m.gap > maxDepth) continue;
    const ra = find(m.a), rb = find(m.b);
    if (ra === rb) continue;
    group[ra] = rb;
    bridges++;
    const path: number[] = [];
    for (const start of [m.u, m.w]) for (let v = start; v >= 0 && !inside[v]; v = parent[v]) path.push(v);
    for (const v of path) thicken(g, inside, v);
  }
  return bridges;
}

/** A bridge voxel and its six neighbours: a tube three voxels across, so its medial path has room. */
function thicken(g: Grid, inside: Uint8Array, v: number): void {
  const nxy = g.nx * g.ny;
  inside[v] = 1;
  for (const d of [1, -1, g.nx, -g.nx, nxy, -nxy]) {
    const w = v + d;
    if (w >= 0 && w < inside.length) inside[w] = 1;
  }
}

/** 26-connected pieces of the inside volume: labels 1..count (0 outside). */
function labelPieces(g: Grid, inside: Uint8Array): { labels: Int32Array; count: number } {
  const labels = new Int32Array(inside.length);
  const stack = new Int32Array(inside.length);
  const { offsets } = neighbourhood26(g);
  let count = 0;
  for (let v = 0; v < inside.length; v++) {
    if (!inside[v] || labels[v]) continue;
    count++;
    let top = 0;
    stack[top++] = v;
    labels[v] = count;
    while (top > 0) {
      const u = stack[--top];
      for (let k = 0; k < 26; k++) {
        const w = u + offsets[k];
        if (w >= 0 && w < inside.length && inside[w] && !labels[w]) {
          labels[w] = count;
          stack[top++] = w;
        }
      }
    }
  }
  return { labels, count };
}
