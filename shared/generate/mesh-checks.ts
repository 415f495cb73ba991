/**
 * checkClosedManifold: is a triangle mesh watertight and consistently oriented?
 * Every undirected edge must belong to exactly two triangles that traverse it in opposite
 * directions; the signed volume tells whether the orientation is outward.
 */
export interface ManifoldReport {
  edges: number;
  /** Edges used by one triangle only (holes). */
  boundaryEdges: number;
  /** Edges used by three or more triangles. */
  nonManifoldEdges: number;
  /** Edges whose two triangles traverse them in the same direction. */
  inconsistentEdges: number;
  /** Signed volume (positive: outward-facing triangles). */
  volume: number;
  watertight: boolean;
}

export function checkClosedManifold(positions: Float32Array, indices: Uint32Array): ManifoldReport {
  // Directed edge a->b (key a * vertexCount + b) -> how many triangles traverse it.
  const forward = new Map<number, number>();
  const vertexCount = positions.length / 3;
  const key = (a: number, b: number): number => a * vertexCount + b;
  for (let t = 0; t < indices.length; t += 3) {
    for (let e = 0; e < 3; e++) {
      const a = indices[t + e];
      const b = indices[t + ((e + 1) % 3)];
      const k = key(a, b);
      forward.set(k, (forward.get(k) ?? 0) + 1);
    }
  }
  let edges = 0, boundary = 0, nonManifold = 0, inconsistent = 0;
  for (const [k, count] of forward) {
    const a = Math.floor(k / vertexCount);
    const b = k - a * vertexCount;
    const reverse = forward.get(key(b, a)) ?? 0;
    if (a > b && reverse > 0) continue; // counted from the other side
    edges++;
    const total = count + reverse;
    if (total === 1) boundary++;
    else if (total > 2) nonManifold++;
    else if (count !== 1 || reverse !== 1) inconsistent++;
  }
  let volume = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t] * 3, b = indices[t + 1] * 3, c = indices[t + 2] * 3;
    volume +=
      (positions[a] * (positions[b + 1] * positions[c + 2] - positions[b + 2] * positions[c + 1]) -
        positions[a + 1] * (positions[b] * positions[c + 2] - positions[b + 2] * positions[c]) +
        positions[a + 2] * (positions[b] * positions[c + 1] - positions[b + 1] * positions[c])) / 6;
  }
  return {
    edges,
    boundaryEdges: boundary,
    nonManifoldEdges: nonManifold,
    inconsistentEdges: inconsistent,
    volume,
    watertight: boundary === 0 && nonManifold === 0 && inconsistent === 0 && indices.length > 0,
  };
}
