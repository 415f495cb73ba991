/**
 * Extrusion of a simple 2D polygon (x, y) along Z, centred on z = 0, with ear-clipped caps.
 * Notes: ear clipping is O(n^2) but profiles here have at most a few dozen points; holes are not
 * supported (arches and windows are built from several pieces instead).
 */
import { emptyGeo, type Geo } from './geo';

export function triangulatePolygon(pts: [number, number][]): number[] {
  const n = pts.length;
  if (n < 3) return [];
  let area = 0;
  for (let i = 0; i < n; i++) {
    const [x0, y0] = pts[i], [x1, y1] = pts[(i + 1) % n];
    area += x0 * y1 - x1 * y0;
  }
  const idx = [...Array(n).keys()];
  if (area < 0) idx.reverse();
  const out: number[] = [];
  let guard = 0;
  while (idx.length > 3 && guard++ < n * n) {
    let clipped = false;
    for (let i = 0; i < idx.length; i++) {
      const a = idx[(i + idx.length - 1) % idx.length], b = idx[i], c = idx[(i + 1) % idx.length];
      const [ax, ay] = pts[a], [bx, by] = pts[b], [cx, cy] = pts[c];
      const cross = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
      if (cross <= 1e-12) continue;
      let inside = false;
      for (const p of idx) {
        if (p === a || p === b || p === c) continue;
        if (pointInTriangle(pts[p], pts[a], pts[b], pts[c])) { inside = true; break; }
      }
      if (inside) continue;
      out.push(a, b, c);
      idx.splice(i, 1);
      clipped = true;
      break;
    }
    if (!clipped) break;
  }
  if (idx.length === 3) out.push(idx[0], idx[1], idx[2]);
  return out;
}

function pointInTriangle(p: [number, number], a: [number, number], b: [number, number], c: [number, number]): boolean {
  const d1 = (p[0] - b[0]) * (a[1] - b[1]) - (a[0] - b[0]) * (p[1] - b[1]);
  const d2 = (p[0] - c[0]) * (b[1] - c[1]) - (b[0] - c[0]) * (p[1] - c[1]);
  const d3 = (p[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (p[1] - a[1]);
  const neg = d1 < 0 || d2 < 0 || d3 < 0, pos = d1 > 0 || d2 > 0 || d3 > 0;
  return !(neg && pos);
}

/** Extrudes `outline` (counter-clockwise or clockwise) `depth` along Z, from -depth/2 to +depth/2. */
export function extrude(outline: [number, number][], depth: number): Geo {
  const g = emptyGeo();
  let area = 0;
  for (let i = 0; i < outline.length; i++) {
    const [x0, y0] = outline[i], [x1, y1] = outline[(i + 1) % outline.length];
    area += x0 * y1 - x1 * y0;
  }
  const pts = area < 0 ? outline.slice().reverse() : outline;
  const tris = triangulatePolygon(pts);
  const z = depth / 2;
  for (const [sideZ, dir] of [[z, 1], [-z, -1]] as const) {
    const base = g.positions.length / 3;
    for (const [x, y] of pts) {
      g.positions.push(x, y, sideZ);
      g.normals.push(0, 0, dir);
      g.uvs.push(x, -y);
    }
    for (let t = 0; t < tris.length; t += 3) {
      if (dir > 0) g.indices.push(base + tris[t], base + tris[t + 1], base + tris[t + 2]);
      else g.indices.push(base + tris[t], base + tris[t + 2], base + tris[t + 1]);
    }
  }
  // Side walls: one quad per edge with its own flat normal (counter-clockwise outline => outward).
  let u = 0;
  for (let i = 0; i < pts.length; i++) {
    const [x0, y0] = pts[i], [x1, y1] = pts[(i + 1) % pts.length];
    const dx = x1 - x0, dy = y1 - y0;
    const l = Math.hypot(dx, dy);
    if (l < 1e-9) continue;
    const nx = dy / l, ny = -dx / l;
    const base = g.positions.length / 3;
    g.positions.push(x0, y0, z, x1, y1, z, x1, y1, -z, x0, y0, -z);
    for (let k = 0; k < 4; k++) g.normals.push(nx, ny, 0);
    g.uvs.push(u, 0, u + l, 0, u + l, depth, u, depth);
    u += l;
    g.indices.push(base, base + 2, base + 1, base, base + 3, base + 2);
  }
  return g;
}
