/**
 * Open-mesh check: edges used by exactly one triangle, after welding vertices at identical positions
 * (glTF splits vertices along UV and normal seams, which would otherwise look like open edges).
 * Linear-time weld through an open-addressing hash of the coordinates' bit patterns; the edges are
 * counted by sorting numeric keys, which stays fast and small for millions of triangles.
 */
export function countBoundaryEdges(positions: Float32Array, indices: Uint32Array): number {
  const canon = weldIdentical(positions);
  const nv = positions.length / 3;
  const keys = new Float64Array(indices.length);
  let k = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const a = canon[indices[t]], b = canon[indices[t + 1]], c = canon[indices[t + 2]];
    if (a === b || b === c || a === c) continue; // degenerate after welding: no surface
    keys[k++] = edgeKey(a, b, nv);
    keys[k++] = edgeKey(b, c, nv);
    keys[k++] = edgeKey(c, a, nv);
  }
  const sorted = keys.subarray(0, k).sort();
  let open = 0;
  for (let i = 0; i < k; ) {
    let j = i + 1;
    while (j < k && sorted[j] === sorted[i]) j++;
    if (j - i === 1) open++;
    i = j;
  }
  return open;
}

function edgeKey(a: number, b: number, nv: number): number {
  return a < b ? a * nv + b : b * nv + a; // < 2^53 for any vertex count the readers accept
}

/** For each vertex, the first vertex with exactly the same position. */
export function weldIdentical(positions: Float32Array): Uint32Array {
  const nv = positions.length / 3;
  const bits = new Uint32Array(positions.buffer, positions.byteOffset, positions.length);
  let size = 1;
  while (size < nv * 2) size <<= 1;
  const table = new Int32Array(size).fill(-1);
  const canon = new Uint32Array(nv);
  for (let v = 0; v < nv; v++) {
    const x = bits[v * 3], y = bits[v * 3 + 1], z = bits[v * 3 + 2];
    let h = (Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77) ^ Math.imul(z, 0xc2b2ae3d)) >>> 0;
    for (;;) {
      h &= size - 1;
      const u = table[h];
      if (u < 0) {
        table[h] = v;
        canon[v] = v;
        break;
      }
      if (bits[u * 3] === x && bits[u * 3 + 1] === y && bits[u * 3 + 2] === z) {
        canon[v] = u;
        break;
      }
      h++;
    }
  }
  return canon;
}
