/**
 * Weights that reach a vertex only across a voxel contact are dropped: within one island (mesh-islands.ts),
 * a bone's influence should be connected along the surface to the part of the island nearest the bone.
 *
 * For each bone, the vertices of an island carrying its weight fall into pieces connected through triangle
 * edges (seam duplicates welded). The piece holding the island's vertex nearest the bone's segment is the
 * bone's own; another piece is detached. A detached piece loses the bone's weight when the bone is more
 * than one hierarchy step from the piece's context (the bone with the most other weight on the piece and on
 * the vertices around it): a thigh's weight on a hand, or the spine's on a forearm, got there through the
 * voxels. A piece beside a neighbouring bone is kept: low-poly meshes with T-junctions (a Kenney arm) cut one
 * bone's influence into pieces that meet only in space. A vertex left with no weight takes its surface
 * neighbours' (breadth first from the vertices that kept some).
 *
 * Why: the voxel volume fuses surfaces closer than a voxel, so a hand hanging against a thigh is one solid
 * with it and the geodesic binding gives the hand thigh weight; along the mesh the hand is connected to its
 * forearm, and the thigh's weight on it is a separate piece of the thigh's influence. The Quaternius Alien's
 * sides are one island each from the shoulder to the foot, its hands hang beside its short thighs and down
 * to its knees: 95-100% of its finger weight was on the thigh, Spine and Hips (bleed 26-27% of all weight).
 *
 * Measured (eval:rig, deformation with own clips, % of height, fast / pro): tune 1.62 / 1.59 -> 1.41 /
 * 1.34, holdout 1.69 / 1.68 -> 1.62 / 1.63; Alien 4.26 / 4.33 -> 1.78 / 1.70 (bleed 25.8 / 27.0 -> 5.5 /
 * 5.7%), Animated_Woman 1.76 / 1.62 -> 1.25 / 1.08, Zombie fast 4.18 -> 4.02, Banana pro 0.46 -> 0.18,
 * Kenney female-f 1.39 / 1.48 -> 1.36 / 1.44; no character worse, joints untouched. Rejected: the piece
 * with the most weight as the bone's own (the Alien's hand outweighs its low-poly thigh, so the thigh lost
 * its own weight); dropping every detached piece, or those more than one step from their context (Kenney
 * male-f's arm, cut by T-junctions: 1.16 / 1.17 -> 1.56 / 1.37, or 1.20 / 1.18). Cost on the 20k-triangle
 * bench biped: 7 ms fast, 6-25 ms pro.
 */
import type { MeshIslands } from './mesh-islands';
import { accumulate, ensureScratch, writeTopFour } from './sample-weights';
import type { BoneSegment } from './skin-weights';

export function dropDetachedWeights(positions: Float32Array, islands: MeshIslands, indices: Uint32Array, bones: BoneSegment[], parents: Int32Array, joints: Uint16Array, weights: Float32Array): void {
  const jointCount = parents.length;
  const seg = new Float64Array(jointCount * 6);
  for (const b of bones) for (let a = 0; a < 3; a++) {
    seg[b.joint * 6 + a] = b.a[a];
    seg[b.joint * 6 + 3 + a] = b.b[a];
  }
  const { order, offsets, weld } = islands;
  const nv = weld.length;
  const { start, adj } = surfaceGraph(nv, indices, weld);
  // Union-find over (vertex, influence slot) nodes: two slots are joined when their vertices share an edge
  // (or are welded) and carry the same bone.
  const root = new Int32Array(nv * 4);
  for (let i = 0; i < root.length; i++) root[i] = i;
  const find = (i: number): number => {
    while (root[i] !== i) i = root[i] = root[root[i]];
    return i;
  };
  for (let a = 0; a < nv; a++)
    for (let e = start[a]; e < start[a + 1]; e++) {
      const b = adj[e];
      if (b < a) continue;
      for (let k = 0; k < 4; k++) {
        if (weights[a * 4 + k] <= 0) continue;
        const m = slotOf(joints, weights, b, joints[a * 4 + k]);
        if (m < 0) continue;
        const ra = find(a * 4 + k), rb = find(b * 4 + m);
        if (ra !== rb) root[ra] = rb;
      }
    }
  // Per island and bone, the piece holding the vertex nearest the bone's segment.
  const own = new Uint8Array(nv * 4);
  const bestRoot = new Int32Array(jointCount).fill(-1);
  const bestD = new Float64Array(jointCount);
  const seen = new Int32Array(jointCount);
  for (let p = 0; p + 1 < offsets.length; p++) {
    const v0 = offsets[p], v1 = offsets[p + 1];
    let nSeen = 0;
    for (let i = v0; i < v1; i++) {
      const v = order[i];
      for (let k = 0; k < 4; k++) {
        if (weights[v * 4 + k] <= 0) continue;
        const j = joints[v * 4 + k];
        const o = j * 6;
        const d = segmentDistance2(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2], seg[o], seg[o + 1], seg[o + 2], seg[o + 3], seg[o + 4], seg[o + 5]);
        if (bestRoot[j] < 0) seen[nSeen++] = j;
        else if (d >= bestD[j]) continue;
        bestRoot[j] = find(v * 4 + k);
        bestD[j] = d;
      }
    }
    for (let i = v0; i < v1; i++) {
      const v = order[i];
      for (let k = 0; k < 4; k++) if (weights[v * 4 + k] > 0 && find(v * 4 + k) === bestRoot[joints[v * 4 + k]]) own[v * 4 + k] = 1;
    }
    for (let t = 0; t < nSeen; t++) bestRoot[seen[t]] = -1;
  }
  // Detached pieces, grouped by their root, judged by their context.
  let nd = 0;
  for (let i = 0; i < nv * 4; i++) if (weights[i] > 0 && !own[i]) nd++;
  if (nd === 0) return;
  const detached = new Int32Array(nd);
  nd = 0;
  for (let i = 0; i < nv * 4; i++) if (weights[i] > 0 && !own[i]) detached[nd++] = i;
  const rootOf = new Int32Array(nd);
  for (let q = 0; q < nd; q++) rootOf[q] = find(detached[q]);
  const byRoot = new Int32Array(nd);
  for (let q = 0; q < nd; q++) byRoot[q] = q;
  byRoot.sort((x, y) => rootOf[x] - rootOf[y]);
  const context = new Float64Array(jointCount);
  const drop = new Uint8Array(nv * 4);
  for (let q0 = 0; q0 < nd;) {
    let q1 = q0;
    while (q1 < nd && rootOf[byRoot[q1]] === rootOf[byRoot[q0]]) q1++;
    const r = rootOf[byRoot[q0]];
    const bone = joints[detached[byRoot[q0]]];
    for (let q = q0; q < q1; q++) {
      const v = detached[byRoot[q]] >> 2;
      addOthers(v, bone, joints, weights, own, context);
      for (let e = start[v]; e < start[v + 1]; e++) {
        const u = adj[e];
        const m = slotOf(joints, weights, u, bone);
        if (m >= 0 && find(u * 4 + m) === r) continue;
        addOthers(u, bone, joints, weights, own, context);
      }
    }
    let top = -1;
    for (let j = 0; j < jointCount; j++) {
      if (context[j] > 0 && (top < 0 || context[j] > context[top])) top = j;
      context[j] = 0;
    }
    if (top < 0 || !withinTwoSteps(parents, top, bone))
      for (let q = q0; q < q1; q++) drop[detached[byRoot[q]]] = 1;
    q0 = q1;
  }
  const emptied = new Uint8Array(nv);
  let anyEmptied = false;
  for (let v = 0; v < nv; v++) {
    let s = 0;
    let dropped = false;
    for (let k = 0; k < 4; k++) {
      if (drop[v * 4 + k]) {
        weights[v * 4 + k] = 0;
        joints[v * 4 + k] = 0;
        dropped = true;
      } else s += weights[v * 4 + k];
    }
    if (!dropped) continue;
    if (s <= 0) {
      emptied[v] = 1;
      anyEmptied = true;
      continue;
    }
    // Kept influences move to the front (still largest first), normalised.
    let w = 0;
    for (let k = 0; k < 4; k++) {
      const x = weights[v * 4 + k];
      if (x <= 0) continue;
      joints[v * 4 + w] = joints[v * 4 + k];
      weights[v * 4 + w++] = x / s;
    }
    for (; w < 4; w++) {
      joints[v * 4 + w] = 0;
      weights[v * 4 + w] = 0;
    }
  }
  if (anyEmptied) refill(nv, start, adj, emptied, jointCount, joints, weights);
}

/** The influence slot of vertex `v` carrying joint `j`, -1 when none. */
function slotOf(joints: Uint16Array, weights: Float32Array, v: number, j: number): number {
  for (let m = 0; m < 4; m++) if (weights[v * 4 + m] > 0 && joints[v * 4 + m] === j) return m;
  return -1;
}

/** Adds the weights of vertex `v`'s influences other than `bone` that are their bone's own (not detached). */
function addOthers(v: number, bone: number, joints: Uint16Array, weights: Float32Array, own: Uint8Array, context: Float64Array): void {
  for (let k = 0; k < 4; k++) if (own[v * 4 + k] && joints[v * 4 + k] !== bone) context[joints[v * 4 + k]] += weights[v * 4 + k];
}

/** CSR adjacency of the surface: triangle edges, and each seam duplicate joined to the vertex it is welded to. */
function surfaceGraph(nv: number, indices: Uint32Array, weld: Uint32Array): { start: Int32Array; adj: Int32Array } {
  const degree = new Int32Array(nv);
  for (let t = 0; t + 2 < indices.length; t += 3) for (let e = 0; e < 3; e++) degree[indices[t + e]] += 2;
  for (let v = 0; v < nv; v++) if (weld[v] !== v) {
    degree[v]++;
    degree[weld[v]]++;
  }
  const start = new Int32Array(nv + 1);
  for (let v = 0; v < nv; v++) start[v + 1] = start[v] + degree[v];
  const fill = start.slice(0, nv);
  const adj = new Int32Array(start[nv]);
  for (let t = 0; t + 2 < indices.length; t += 3)
    for (let e = 0; e < 3; e++) {
      const a = indices[t + e];
      adj[fill[a]++] = indices[t + ((e + 1) % 3)];
      adj[fill[a]++] = indices[t + ((e + 2) % 3)];
    }
  for (let v = 0; v < nv; v++) if (weld[v] !== v) {
    adj[fill[v]++] = weld[v];
    adj[fill[weld[v]]++] = v;
  }
  return { start, adj };
}

/** Emptied vertices take the average of their filled surface neighbours, layer by layer. */
function refill(nv: number, start: Int32Array, adj: Int32Array, emptied: Uint8Array, jointCount: number, joints: Uint16Array, weights: Float32Array): void {
  ensureScratch(jointCount);
  let frontier = new Int32Array(nv);
  let next = new Int32Array(nv);
  let nf = 0;
  for (let v = 0; v < nv; v++) if (emptied[v]) frontier[nf++] = v;
  while (nf > 0) {
    let nn = 0;
    let filled = 0;
    for (let q = 0; q < nf; q++) {
      const v = frontier[q];
      let nt = 0;
      for (let e = start[v]; e < start[v + 1]; e++) {
        const u = adj[e];
        if (emptied[u] || weights[u * 4] <= 0) continue;
        for (let k = 0; k < 4; k++) nt = accumulate(joints[u * 4 + k], weights[u * 4 + k], nt);
      }
      if (nt > 0) {
        writeTopFour(nt, v * 4, joints, weights);
        emptied[v] = 2;
        filled++;
      } else next[nn++] = v;
    }
    for (let q = 0; q < nf; q++) if (emptied[frontier[q]] === 2) emptied[frontier[q]] = 0;
    // Left when nothing around them kept weight: the per-island rules (part-weights.ts) take over.
    if (filled === 0) break;
    const t = frontier;
    frontier = next;
    next = t;
    nf = nn;
  }
}

/** Squared distance from a point to a segment. */
function segmentDistance2(x: number, y: number, z: number, ax: number, ay: number, az: number, bx: number, by: number, bz: number): number {
  const dx = bx - ax, dy = by - ay, dz = bz - az;
  const l2 = dx * dx + dy * dy + dz * dz;
  let t = l2 > 0 ? ((x - ax) * dx + (y - ay) * dy + (z - az) * dz) / l2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const ex = x - ax - t * dx, ey = y - ay - t * dy, ez = z - az - t * dz;
  return ex * ex + ey * ey + ez * ez;
}

/** Whether joints `a` and `b` are at most two steps apart in the hierarchy (siblings included). */
function withinTwoSteps(parents: Int32Array, a: number, b: number): boolean {
  const pa = parents[a], pb = parents[b];
  if (a === b || pa === b || pb === a) return true;
  return (pa >= 0 && (pa === pb || parents[pa] === b)) || (pb >= 0 && parents[pb] === a);
}
