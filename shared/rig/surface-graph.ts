/**
 * The mesh surface as a graph: CSR adjacency from triangle edges (an edge shared by two triangles is
 * listed twice, which only weights it more), and, when `weld` is given, each seam duplicate joined to the
 * vertex it is welded to (mesh-islands.ts). It depends on the mesh alone, so a skin state builds the welded
 * one once for every re-skin (surface-support.ts); the pro smoothing walks the triangle edges only.
 */
export interface SurfaceGraph {
  /** Neighbours of vertex v: adj[start[v] .. start[v + 1]). */
  start: Int32Array;
  adj: Int32Array;
}

export function surfaceGraph(nv: number, indices: Uint32Array, weld?: Uint32Array): SurfaceGraph {
  const degree = new Int32Array(nv);
  for (let t = 0; t + 2 < indices.length; t += 3) for (let e = 0; e < 3; e++) degree[indices[t + e]] += 2;
  if (weld)
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
  if (weld)
    for (let v = 0; v < nv; v++) if (weld[v] !== v) {
      adj[fill[v]++] = weld[v];
      adj[fill[weld[v]]++] = v;
    }
  return { start, adj };
}
