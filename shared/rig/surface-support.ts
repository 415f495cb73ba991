/**
 * Weights that reach a vertex only across a contact are dropped. The voxel volume fuses surfaces closer than
 * a voxel, so the geodesic binding gives a hand hanging against a thigh thigh weight, and an arm pushed
 * into a torso torso weight; along the mesh, the hand is connected to its forearm.
 *
 * 1. Within an island (mesh-islands.ts) a bone's influence should be connected along the surface. For each
 *    bone, the vertices of an island carrying its weight fall into pieces connected through triangle edges
 *    (seam duplicates welded); the piece holding the island's vertex nearest the bone's segment is the
 *    bone's own, another piece is detached. A detached piece loses the bone's weight when the bone is more
 *    than two hierarchy steps from the piece's context (the bone with the most own weight on the piece and
 *    on the vertices around it; no such bone: dropped too). Two steps, not one: low-poly meshes with
 *    T-junctions (Kenney male-f's arm) cut one bone's influence into pieces that meet only in space.
 * 2. Across islands: a bone's own piece on an island that is not the bone's main island (the one holding
 *    most of its weight), holding under a quarter of the island's weight, is a visitor, and loses the bone's
 *    weight when the bone is more than two steps from the bone nearest the island (smallest mean distance
 *    from its vertices to the bone's segment): the head's weight on a Kenney torso, the hips' on
 *    Female_Dress's arms, a hand's on its legs.
 * A vertex left with no weight takes its surface neighbours' (breadth first from the vertices that kept
 * some); one whose island kept none is left to part-weights.ts.
 *
 * The Quaternius Alien's sides are one island each from the shoulder to the foot, its hands hang beside its
 * short thighs down to its knees: 95-100% of its finger weight was on the thigh, Spine and Hips (bleed
 * 26-27% of all weight). Applied to the artists' own weights (corpus bipeds, their joints' segments), rule 1
 * moves none of it on 23 of 25 (Alien 0.42%, Animated_Woman 0.02%) and rule 2 none on 19 of 25 (human-male
 * 0.5%, Robot 0.6%, Goblin 2.1%, Alien 3.0%, Female_Dress 4.2%).
 *
 * Measured (eval:rig, deformation with own clips, % of height, fast / pro), rule 1: tune 1.62 / 1.59 ->
 * 1.41 / 1.34, holdout 1.69 / 1.68 -> 1.62 / 1.63 (Alien 4.26 / 4.33 -> 1.78 / 1.70, Animated_Woman 1.76 /
 * 1.62 -> 1.25 / 1.08, Zombie fast 4.18 -> 4.02, Banana pro 0.46 -> 0.18; none worse). Rule 2: tune 1.41 /
 * 1.34 -> 1.26 / 1.20, holdout 1.62 / 1.63 -> 1.48 / 1.49 (Female_Dress 2.32 / 2.16 -> 1.86 / 1.93, the 12
 * Kenney characters 0.83-1.44 -> 0.54-1.15, Knight 1.52 / 1.58 -> 1.41 / 1.48, Barbarian 1.52 / 1.45 ->
 * 1.47 / 1.40; worse: Goblin 3.12 / 3.10 -> 3.17 / 3.11, Alien 1.78 / 1.70 -> 1.81 / 1.73, Robot fast
 * 1.32 -> 1.33). Rejected: the piece with the most weight as the bone's own (the Alien's hand outweighs its
 * low-poly thigh, so the thigh lost its own weight); dropping every detached piece, or those more than one
 * step from their context (Kenney male-f 1.16 / 1.17 -> 1.56 / 1.37, or 1.20 / 1.18); visitors judged by
 * their piece's context like detached pieces (the context is the contact itself: the synthetic hands-on-
 * thighs forearm went 33% to the hips; corpus Goblin fast 3.12 -> 3.15, Barbarian fast 1.52 -> 1.55);
 * visitors without the quarter (every own piece off its main island, by its piece's context: tune 1.41 /
 * 1.34 -> 1.64 / 1.65);
 * every piece judged, own ones included (tune 2.20 / 2.17). Cost on the 20k-triangle bench biped: about
 * 7 ms fast, 6-25 ms pro.
 */
import type { MeshIslands } from './mesh-islands';
import { accumulate, ensureScratch, writeTopFour } from './sample-weights';
import type { BoneSegment } from './skin-weights';
import type { SurfaceGraph } from './surface-graph';
import { pointSegmentDistance, withinTwoSteps } from './part-weights';

/**
 * A bone's own piece on an island other than its main one is a visitor when it holds under this share of
 * the island's weight (per vertex): the "under a quarter" of part-weights.ts's small islands.
 */
const MINORITY = 0.25;

/**
 * `surface`: the mesh's welded surface graph (surface-graph.ts, built once per skin state). The phases are
 * functions of their own: each runs once per rig, and V8 compiles a function's loop sooner than one inside a
 * long function called once.
 */
export function dropDetachedWeights(positions: Float32Array, islands: MeshIslands, surface: SurfaceGraph, bones: BoneSegment[], parents: Int32Array, joints: Uint16Array, weights: Float32Array): void {
  const jointCount = parents.length;
  const nv = positions.length / 3;
  const root = slotPieces(nv, surface, joints, weights);
  const mainIsland = mainIslands(islands, jointCount, joints, weights);
  const { own, islandBone, islandOf } = ownPieces(positions, islands, bones, jointCount, mainIsland, root, joints, weights);
  const drop = detachedToDrop(nv, surface, parents, root, own, islandBone, islandOf, joints, weights);
  if (drop) applyDrops(nv, surface, jointCount, drop, joints, weights);
}

/** Union-find root of slot `i`, compressing the path. */
function find(root: Int32Array, i: number): number {
  while (root[i] !== i) i = root[i] = root[root[i]];
  return i;
}

/**
 * Union-find over (vertex, influence slot) nodes: two slots are joined when their vertices share an edge
 * (or are welded) and carry the same bone. Returns the roots' array (find() gives a slot's piece).
 */
function slotPieces(nv: number, surface: SurfaceGraph, joints: Uint16Array, weights: Float32Array): Int32Array {
  const { start, adj } = surface;
  const root = new Int32Array(nv * 4);
  for (let i = 0; i < root.length; i++) root[i] = i;
  for (let a = 0; a < nv; a++)
    for (let e = start[a]; e < start[a + 1]; e++) {
      const b = adj[e];
      if (b < a) continue;
      for (let k = 0; k < 4; k++) {
        if (weights[a * 4 + k] <= 0) continue;
        const m = slotOf(joints, weights, b, joints[a * 4 + k]);
        if (m < 0) continue;
        const ra = find(root, a * 4 + k), rb = find(root, b * 4 + m);
        if (ra !== rb) root[ra] = rb;
      }
    }
  return root;
}

/** Per bone, the island holding most of its weight (-1: none). */
function mainIslands(islands: MeshIslands, jointCount: number, joints: Uint16Array, weights: Float32Array): Int32Array {
  const { order, offsets } = islands;
  const mainIsland = new Int32Array(jointCount).fill(-1);
  const mainSum = new Float64Array(jointCount);
  const sumJ = new Float64Array(jointCount);
  const seenJ = new Int32Array(jointCount);
  for (let p = 0; p + 1 < offsets.length; p++) {
    let ns = 0;
    for (let i = offsets[p]; i < offsets[p + 1]; i++) {
      const v = order[i];
      for (let k = 0; k < 4; k++) {
        const w = weights[v * 4 + k];
        if (w <= 0) continue;
        const j = joints[v * 4 + k];
        if (sumJ[j] === 0) seenJ[ns++] = j;
        sumJ[j] += w;
      }
    }
    for (let t = 0; t < ns; t++) {
      const j = seenJ[t];
      if (sumJ[j] > mainSum[j]) {
        mainSum[j] = sumJ[j];
        mainIsland[j] = p;
      }
      sumJ[j] = 0;
    }
  }
  return mainIsland;
}

/**
 * Per island and bone, the piece holding the vertex nearest the bone's segment: `own` is 1 on its slots, 2
 * on a visitor's (a bone's own piece on an island not its main one, under MINORITY of the island's weight),
 * 0 on detached slots; `islandBone` the bone nearest an island with visitors.
 */
function ownPieces(positions: Float32Array, islands: MeshIslands, bones: BoneSegment[], jointCount: number, mainIsland: Int32Array, root: Int32Array, joints: Uint16Array, weights: Float32Array): { own: Uint8Array; islandBone: Int32Array; islandOf: Int32Array } {
  const { order, offsets } = islands;
  const nv = positions.length / 3;
  const seg = new Float64Array(jointCount * 6);
  for (const b of bones) for (let a = 0; a < 3; a++) {
    seg[b.joint * 6 + a] = b.a[a];
    seg[b.joint * 6 + 3 + a] = b.b[a];
  }
  const own = new Uint8Array(nv * 4);
  const bestRoot = new Int32Array(jointCount).fill(-1);
  const bestD = new Float64Array(jointCount);
  const seen = new Int32Array(jointCount);
  const islandSum = new Float64Array(jointCount);
  const islandBone = new Int32Array(offsets.length).fill(-1);
  const islandOf = new Int32Array(nv);
  for (let p = 0; p + 1 < offsets.length; p++) for (let i = offsets[p]; i < offsets[p + 1]; i++) islandOf[order[i]] = p;
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
        bestRoot[j] = find(root, v * 4 + k);
        bestD[j] = d;
      }
    }
    for (let i = v0; i < v1; i++) {
      const v = order[i];
      for (let k = 0; k < 4; k++) if (weights[v * 4 + k] > 0) islandSum[joints[v * 4 + k]] += weights[v * 4 + k];
    }
    // A bone's own piece on an island that is not the bone's main island, holding under a quarter of the
    // island's weight, is a visitor: judged against the bone nearest the island (detachedToDrop).
    const minor = MINORITY * (v1 - v0);
    let visitors = false;
    for (let i = v0; i < v1; i++) {
      const v = order[i];
      for (let k = 0; k < 4; k++) {
        const j = joints[v * 4 + k];
        if (weights[v * 4 + k] <= 0 || find(root, v * 4 + k) !== bestRoot[j]) continue;
        const visitor = mainIsland[j] !== p && islandSum[j] < minor;
        own[v * 4 + k] = visitor ? 2 : 1;
        if (visitor) visitors = true;
      }
    }
    if (visitors) islandBone[p] = nearestBoneOf(positions, order, v0, v1, bones);
    for (let t = 0; t < nSeen; t++) {
      bestRoot[seen[t]] = -1;
      islandSum[seen[t]] = 0;
    }
  }
  return { own, islandBone, islandOf };
}

/** Detached pieces and visitors, grouped by their root, judged by their context: the slots to drop (null: none detached). */
function detachedToDrop(nv: number, surface: SurfaceGraph, parents: Int32Array, root: Int32Array, own: Uint8Array, islandBone: Int32Array, islandOf: Int32Array, joints: Uint16Array, weights: Float32Array): Uint8Array | null {
  const jointCount = parents.length;
  const { start, adj } = surface;
  let nd = 0;
  for (let i = 0; i < nv * 4; i++) if (weights[i] > 0 && own[i] !== 1) nd++;
  if (nd === 0) return null;
  const detached = new Int32Array(nd);
  nd = 0;
  for (let i = 0; i < nv * 4; i++) if (weights[i] > 0 && own[i] !== 1) detached[nd++] = i;
  const rootOf = new Int32Array(nd);
  for (let q = 0; q < nd; q++) rootOf[q] = find(root, detached[q]);
  const byRoot = new Int32Array(nd);
  for (let q = 0; q < nd; q++) byRoot[q] = q;
  byRoot.sort((x, y) => rootOf[x] - rootOf[y]);
  const context = new Float64Array(jointCount);
  const drop = new Uint8Array(nv * 4);
  for (let q0 = 0; q0 < nd;) {
    let q1 = q0;
    while (q1 < nd && rootOf[byRoot[q1]] === rootOf[byRoot[q0]]) q1++;
    const r = rootOf[byRoot[q0]];
    const first = detached[byRoot[q0]];
    const bone = joints[first];
    let far: boolean;
    if (own[first] === 2) {
      // A visitor: against the bone nearest its island.
      far = !withinTwoSteps(parents, islandBone[islandOf[first >> 2]], bone);
    } else {
      // A detached piece: against the bone with the most own weight on it and around it (none: dropped).
      for (let q = q0; q < q1; q++) {
        const v = detached[byRoot[q]] >> 2;
        addOthers(v, bone, joints, weights, own, context);
        for (let e = start[v]; e < start[v + 1]; e++) {
          const u = adj[e];
          const m = slotOf(joints, weights, u, bone);
          if (m >= 0 && find(root, u * 4 + m) === r) continue;
          addOthers(u, bone, joints, weights, own, context);
        }
      }
      let top = -1;
      for (let j = 0; j < jointCount; j++) {
        if (context[j] > 0 && (top < 0 || context[j] > context[top])) top = j;
        context[j] = 0;
      }
      far = top < 0 || !withinTwoSteps(parents, top, bone);
    }
    if (far)
      for (let q = q0; q < q1; q++) drop[detached[byRoot[q]]] = 1;
    q0 = q1;
  }
  return drop;
}

/** Zeroes the dropped slots; kept influences move to the front, normalised; emptied vertices are refilled from their neighbours. */
function applyDrops(nv: number, surface: SurfaceGraph, jointCount: number, drop: Uint8Array, joints: Uint16Array, weights: Float32Array): void {
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
  if (anyEmptied) refill(nv, surface.start, surface.adj, emptied, jointCount, joints, weights);
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

/** The deforming bone whose segment lies nearest, on average, to the vertices order[v0 .. v1). */
function nearestBoneOf(positions: Float32Array, order: Uint32Array, v0: number, v1: number, bones: BoneSegment[]): number {
  let best = -1;
  let bestSum = Infinity;
  for (const b of bones) {
    let sum = 0;
    for (let i = v0; i < v1 && sum < bestSum; i++) {
      const v = order[i];
      sum += pointSegmentDistance(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2], b.a, b.b);
    }
    if (sum < bestSum) {
      bestSum = sum;
      best = b.joint;
    }
  }
  return best;
}
