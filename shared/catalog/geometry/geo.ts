/**
 * Geo: the catalog's working mesh while an asset is being built (plain arrays, cheap to append);
 * ModelBuilder turns the finished pieces into a SceneModel with typed arrays.
 * Conventions: metres, Y up, front faces +Z, counter-clockwise winding seen from outside.
 */
export interface Geo {
  positions: number[];
  normals: number[];
  uvs: number[];
  indices: number[];
  /** Optional linear RGBA per vertex; when any piece of a part has colours, the rest get white. */
  colors?: number[];
}

export function emptyGeo(): Geo {
  return { positions: [], normals: [], uvs: [], indices: [] };
}

export function vertexCount(g: Geo): number {
  return g.positions.length / 3;
}

/** Appends `src` to `dst` (indices rebased). */
export function appendGeo(dst: Geo, src: Geo): Geo {
  const base = vertexCount(dst);
  const srcCount = vertexCount(src);
  if (src.colors || dst.colors) {
    if (!dst.colors) dst.colors = new Array(base * 4).fill(1);
    if (src.colors) for (const c of src.colors) dst.colors.push(c);
    else for (let i = 0; i < srcCount * 4; i++) dst.colors.push(1);
  }
  for (const v of src.positions) dst.positions.push(v);
  for (const v of src.normals) dst.normals.push(v);
  for (const v of src.uvs) dst.uvs.push(v);
  for (const i of src.indices) dst.indices.push(i + base);
  return dst;
}

/** Merges several pieces into one. */
export function mergeGeos(...parts: Geo[]): Geo {
  const out = emptyGeo();
  for (const p of parts) appendGeo(out, p);
  return out;
}

/** Paints every vertex of `g` with one linear RGBA colour (for per-piece tints). */
export function tint(g: Geo, rgba: [number, number, number, number]): Geo {
  const n = vertexCount(g);
  g.colors = [];
  for (let i = 0; i < n; i++) g.colors.push(rgba[0], rgba[1], rgba[2], rgba[3]);
  return g;
}

/** Recomputes flat normals by splitting every triangle into its own three vertices (degenerate ones dropped). */
export function flatten(g: Geo): Geo {
  const out = emptyGeo();
  if (g.colors) out.colors = [];
  for (let t = 0; t < g.indices.length; t += 3) {
    const ia = g.indices[t], ib = g.indices[t + 1], ic = g.indices[t + 2];
    const ax = g.positions[ia * 3], ay = g.positions[ia * 3 + 1], az = g.positions[ia * 3 + 2];
    const ux = g.positions[ib * 3] - ax, uy = g.positions[ib * 3 + 1] - ay, uz = g.positions[ib * 3 + 2] - az;
    const vx = g.positions[ic * 3] - ax, vy = g.positions[ic * 3 + 1] - ay, vz = g.positions[ic * 3 + 2] - az;
    let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const l = Math.hypot(nx, ny, nz);
    // Degenerate triangles (a cone's tip ring) have no normal and cover nothing: drop them.
    if (!(l > 1e-14)) continue;
    nx /= l; ny /= l; nz /= l;
    for (const i of [ia, ib, ic]) {
      out.positions.push(g.positions[i * 3], g.positions[i * 3 + 1], g.positions[i * 3 + 2]);
      out.normals.push(nx, ny, nz);
      out.uvs.push(g.uvs[i * 2] ?? 0, g.uvs[i * 2 + 1] ?? 0);
      if (g.colors && out.colors) out.colors.push(g.colors[i * 4], g.colors[i * 4 + 1], g.colors[i * 4 + 2], g.colors[i * 4 + 3]);
      out.indices.push(out.indices.length);
    }
  }
  return out;
}

/** Recomputes smooth (area-weighted) normals over the existing index connectivity. */
export function smoothNormals(g: Geo): Geo {
  const n = new Array(g.positions.length).fill(0);
  for (let t = 0; t < g.indices.length; t += 3) {
    const a = g.indices[t] * 3, b = g.indices[t + 1] * 3, c = g.indices[t + 2] * 3;
    const ux = g.positions[b] - g.positions[a], uy = g.positions[b + 1] - g.positions[a + 1], uz = g.positions[b + 2] - g.positions[a + 2];
    const vx = g.positions[c] - g.positions[a], vy = g.positions[c + 1] - g.positions[a + 1], vz = g.positions[c + 2] - g.positions[a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    for (const k of [a, b, c]) { n[k] += nx; n[k + 1] += ny; n[k + 2] += nz; }
  }
  for (let i = 0; i < n.length; i += 3) {
    const l = Math.hypot(n[i], n[i + 1], n[i + 2]);
    if (l > 0) { n[i] /= l; n[i + 1] /= l; n[i + 2] /= l; } else n[i + 1] = 1;
  }
  g.normals = n;
  return g;
}
