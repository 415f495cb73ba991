import { emptyGeo, type Geo } from './geo';

/**
 * A tube of radius r (or per-point radii) along a polyline of 3D points, with parallel-transport
 * frames so it does not twist; ends capped. Used for handles, branches, rope and pipes.
 */
export function tube(path: [number, number, number][], radius: number | number[], sides = 8, caps = true): Geo {
  const g = emptyGeo();
  const n = path.length;
  if (n < 2) return g;
  const radii = typeof radius === 'number' ? path.map(() => radius) : radius;
  const tangents = path.map((_, i) => {
    const a = path[Math.max(0, i - 1)], b = path[Math.min(n - 1, i + 1)];
    return norm([b[0] - a[0], b[1] - a[1], b[2] - a[2]]);
  });
  let t0 = tangents[0];
  let nrm = norm(Math.abs(t0[1]) < 0.9 ? cross(t0, [0, 1, 0]) : cross(t0, [1, 0, 0]));
  let len = 0;
  for (let i = 0; i < n; i++) {
    const t = tangents[i];
    if (i > 0) {
      // Parallel transport: remove the component along the new tangent.
      const d = dot(nrm, t);
      nrm = norm([nrm[0] - t[0] * d, nrm[1] - t[1] * d, nrm[2] - t[2] * d]);
      len += Math.hypot(path[i][0] - path[i - 1][0], path[i][1] - path[i - 1][1], path[i][2] - path[i - 1][2]);
    }
    const bin = cross(t, nrm);
    for (let s = 0; s <= sides; s++) {
      const a = (s / sides) * Math.PI * 2;
      const c = Math.cos(a), sn = Math.sin(a);
      const dx = nrm[0] * c + bin[0] * sn, dy = nrm[1] * c + bin[1] * sn, dz = nrm[2] * c + bin[2] * sn;
      g.positions.push(path[i][0] + dx * radii[i], path[i][1] + dy * radii[i], path[i][2] + dz * radii[i]);
      g.normals.push(dx, dy, dz);
      g.uvs.push((s / sides) * radii[i] * Math.PI * 2, len);
    }
    t0 = t;
  }
  const row = sides + 1;
  for (let i = 0; i + 1 < n; i++) {
    for (let s = 0; s < sides; s++) {
      const a = i * row + s, b = a + row;
      g.indices.push(a, a + 1, b + 1, a, b + 1, b);
    }
  }
  if (caps) {
    for (const [i, dir] of [[0, -1], [n - 1, 1]] as const) {
      const t = tangents[i];
      const center = g.positions.length / 3;
      g.positions.push(path[i][0], path[i][1], path[i][2]);
      g.normals.push(t[0] * dir, t[1] * dir, t[2] * dir);
      g.uvs.push(0, 0);
      for (let s = 0; s <= sides; s++) {
        const k = (i * row + s) * 3;
        g.positions.push(g.positions[k], g.positions[k + 1], g.positions[k + 2]);
        g.normals.push(t[0] * dir, t[1] * dir, t[2] * dir);
        g.uvs.push(0, 0);
      }
      for (let s = 0; s < sides; s++) {
        if (dir > 0) g.indices.push(center, center + 1 + s, center + 2 + s);
        else g.indices.push(center, center + 2 + s, center + 1 + s);
      }
    }
  }
  return g;
}

function dot(a: number[], b: number[]): number { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
function cross(a: number[], b: number[]): [number, number, number] {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}
function norm(a: number[]): [number, number, number] {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
}
