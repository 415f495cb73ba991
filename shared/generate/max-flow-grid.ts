/**
 * Minimum s-t cut on a 4-connected pixel grid (Boykov-Kolmogorov augmenting-path algorithm),
 * the refinement step of foreground extraction.
 *
 * Notes:
 * - BK (search trees grown from both terminals, reused after each augmentation, orphan
 *   adoption with distance/timestamp heuristics as in Kolmogorov's maxflow 3.0) is the standard
 *   choice for vision grids: a few hundred milliseconds for 200k pixels in plain JS.
 *   Push-relabel was rejected (slower on these short-path grids and harder to make deterministic);
 *   mean-field/ICM smoothing was rejected because it only finds a local optimum and leaves
 *   speckles on noisy backgrounds.
 * - Arcs are implicit: node i has 4 residual capacities (right, down, left, up); the reverse of
 *   direction d is d ^ 2. Everything lives in typed arrays, nothing is allocated per node.
 */

const TERMINAL = 4;
const ORPHAN = 5;
const NONE = 6;
const FREE = 0;
const SOURCE = 1;
const SINK = 2;

export interface GridCutProblem {
  width: number;
  height: number;
  /** Per node: source capacity minus sink capacity (positive favours the source side). */
  terminal: Float32Array;
  /** Per node, 4 capacities: to the right, down, left, up neighbour (0 at the grid border). */
  edges: Float32Array;
}

/**
 * Solve the minimum cut; returns 1 for nodes on the source side, 0 for the sink side.
 * Capacities are consumed (the arrays hold the residual graph afterwards).
 */
export function minCutGrid(problem: GridCutProblem): Uint8Array {
  const { width: w, height: h, terminal: tr, edges: cap } = problem;
  const n = w * h;
  const tree = new Uint8Array(n);
  const parent = new Uint8Array(n).fill(NONE);
  const dist = new Int32Array(n);
  const ts = new Int32Array(n);
  const queue = new Int32Array(n + 1); // circular queue of active nodes
  const inQueue = new Uint8Array(n);
  let qHead = 0;
  let qTail = 0;
  let qLen = 0;
  const orphans = new Int32Array(n);
  let orphanCount = 0;
  let time = 0;
  const dx = [1, 0, -1, 0];
  const dy = [0, 1, 0, -1];
  const step = [1, w, -1, -w];

  const hasNeighbor = (i: number, d: number): boolean => {
    const x = i % w;
    const y = (i - x) / w;
    const nx = x + dx[d];
    const ny = y + dy[d];
    return nx >= 0 && nx < w && ny >= 0 && ny < h;
  };
  const push = (i: number): void => {
    if (inQueue[i]) return;
    inQueue[i] = 1;
    queue[qTail] = i;
    qTail = qTail === n ? 0 : qTail + 1;
    qLen++;
  };
  const pop = (): number => {
    const i = queue[qHead];
    qHead = qHead === n ? 0 : qHead + 1;
    qLen--;
    inQueue[i] = 0;
    return i;
  };

  for (let i = 0; i < n; i++) {
    if (tr[i] > 0) { tree[i] = SOURCE; parent[i] = TERMINAL; dist[i] = 1; push(i); }
    else if (tr[i] < 0) { tree[i] = SINK; parent[i] = TERMINAL; dist[i] = 1; push(i); }
  }

  let current = -1;
  for (;;) {
    // Pick an active node (keep the current one while it still has arcs to explore).
    let i = current;
    if (i < 0 || tree[i] === FREE) {
      i = -1;
      while (qLen > 0) {
        const c = pop();
        if (tree[c] !== FREE) { i = c; break; }
      }
      if (i < 0) break;
    }
    current = -1;

    // Growth: look for an arc joining the two trees.
    let sNode = -1;
    let tNode = -1;
    let midDir = -1;
    if (tree[i] === SOURCE) {
      for (let d = 0; d < 4; d++) {
        if (cap[i * 4 + d] <= 0 || !hasNeighbor(i, d)) continue;
        const j = i + step[d];
        if (tree[j] === FREE) {
          tree[j] = SOURCE; parent[j] = d ^ 2; ts[j] = ts[i]; dist[j] = dist[i] + 1; push(j);
        } else if (tree[j] === SINK) {
          sNode = i; tNode = j; midDir = d; break;
        } else if (ts[j] <= ts[i] && dist[j] > dist[i]) {
          parent[j] = d ^ 2; ts[j] = ts[i]; dist[j] = dist[i] + 1;
        }
      }
    } else {
      for (let d = 0; d < 4; d++) {
        if (!hasNeighbor(i, d)) continue;
        const j = i + step[d];
        if (cap[j * 4 + (d ^ 2)] <= 0) continue;
        if (tree[j] === FREE) {
          tree[j] = SINK; parent[j] = d ^ 2; ts[j] = ts[i]; dist[j] = dist[i] + 1; push(j);
        } else if (tree[j] === SOURCE) {
          sNode = j; tNode = i; midDir = d ^ 2; break;
        } else if (ts[j] <= ts[i] && dist[j] > dist[i]) {
          parent[j] = d ^ 2; ts[j] = ts[i]; dist[j] = dist[i] + 1;
        }
      }
    }
    time++;
    if (sNode < 0) continue; // i exhausted; it stays passive until reactivated

    current = i; // i may still find more paths
    // Augment: bottleneck along source branch, middle arc, sink branch.
    let bottleneck = cap[sNode * 4 + midDir];
    for (let v = sNode; ; ) {
      const p = parent[v];
      if (p === TERMINAL) { if (tr[v] < bottleneck) bottleneck = tr[v]; break; }
      const u = v + step[p];
      const c = cap[u * 4 + (p ^ 2)];
      if (c < bottleneck) bottleneck = c;
      v = u;
    }
    for (let v = tNode; ; ) {
      const p = parent[v];
      if (p === TERMINAL) { if (-tr[v] < bottleneck) bottleneck = -tr[v]; break; }
      const c = cap[v * 4 + p];
      if (c < bottleneck) bottleneck = c;
      v = v + step[p];
    }
    cap[sNode * 4 + midDir] -= bottleneck;
    cap[tNode * 4 + (midDir ^ 2)] += bottleneck;
    for (let v = sNode; ; ) {
      const p = parent[v];
      if (p === TERMINAL) {
        tr[v] -= bottleneck;
        if (tr[v] === 0) { parent[v] = ORPHAN; orphans[orphanCount++] = v; }
        break;
      }
      const u = v + step[p];
      cap[v * 4 + p] += bottleneck;
      cap[u * 4 + (p ^ 2)] -= bottleneck;
      if (cap[u * 4 + (p ^ 2)] === 0) { parent[v] = ORPHAN; orphans[orphanCount++] = v; }
      v = u;
    }
    for (let v = tNode; ; ) {
      const p = parent[v];
      if (p === TERMINAL) {
        tr[v] += bottleneck;
        if (tr[v] === 0) { parent[v] = ORPHAN; orphans[orphanCount++] = v; }
        break;
      }
      const u = v + step[p];
      cap[u * 4 + (p ^ 2)] += bottleneck;
      cap[v * 4 + p] -= bottleneck;
      if (cap[v * 4 + p] === 0) { parent[v] = ORPHAN; orphans[orphanCount++] = v; }
      v = u;
    }

    // Adoption: give every orphan a new parent in its tree, or free it.
    time++;
    while (orphanCount > 0) {
      const v = orphans[--orphanCount];
      const side = tree[v];
      let bestDir = NONE;
      let bestDist = 0x7fffffff;
      for (let d = 0; d < 4; d++) {
        if (!hasNeighbor(v, d)) continue;
        const j = v + step[d];
        if (tree[j] !== side) continue;
        const residual = side === SOURCE ? cap[j * 4 + (d ^ 2)] : cap[v * 4 + d];
        if (residual <= 0) continue;
        // Does j still reach its terminal? Walk up, stopping at nodes verified this round.
        let u = j;
        let dd = 0;
        let valid = false;
        for (;;) {
          if (ts[u] === time) { dd += dist[u]; valid = true; break; }
          const pu = parent[u];
          dd++;
          if (pu === TERMINAL) { ts[u] = time; dist[u] = 1; valid = true; break; }
          if (pu === ORPHAN || pu === NONE) break;
          u = u + step[pu];
        }
        if (!valid) continue;
        if (dd < bestDist) { bestDist = dd; bestDir = d; }
        // Stamp the verified path so later checks stop early.
        for (let x = j; ts[x] !== time; x = x + step[parent[x]]) {
          ts[x] = time;
          dist[x] = dd--;
        }
      }
      if (bestDir !== NONE) {
        parent[v] = bestDir;
        ts[v] = time;
        dist[v] = bestDist + 1;
        continue;
      }
      // No parent: free v, reactivate neighbours that could regrow into it, orphan its children.
      for (let d = 0; d < 4; d++) {
        if (!hasNeighbor(v, d)) continue;
        const j = v + step[d];
        if (tree[j] !== side) continue;
        const residual = side === SOURCE ? cap[j * 4 + (d ^ 2)] : cap[v * 4 + d];
        if (residual > 0) push(j);
        const pj = parent[j];
        if (pj < TERMINAL && j + step[pj] === v) { parent[j] = ORPHAN; orphans[orphanCount++] = j; }
      }
      tree[v] = FREE;
      parent[v] = NONE;
    }
  }

  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = tree[i] === SOURCE ? 1 : 0;
  return out;
}
