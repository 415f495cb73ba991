import { emptyGeo, type Geo } from './geo';

/** A UV sphere centred on the origin (smooth normals). */
export function sphere(r: number, widthSegments = 12, heightSegments = 8): Geo {
  const g = emptyGeo();
  for (let y = 0; y <= heightSegments; y++) {
    const v = y / heightSegments;
    const phi = v * Math.PI;
    for (let x = 0; x <= widthSegments; x++) {
      const u = x / widthSegments;
      const th = u * Math.PI * 2;
      const nx = Math.sin(phi) * Math.sin(th), ny = Math.cos(phi), nz = Math.sin(phi) * Math.cos(th);
      g.positions.push(r * nx, r * ny, r * nz);
      g.normals.push(nx, ny, nz);
      g.uvs.push(u * Math.PI * 2 * r, v * Math.PI * r);
    }
  }
  const row = widthSegments + 1;
  for (let y = 0; y < heightSegments; y++) {
    for (let x = 0; x < widthSegments; x++) {
      const a = y * row + x, b = a + row;
      if (y !== 0) g.indices.push(a, b, a + 1);
      if (y !== heightSegments - 1) g.indices.push(a + 1, b, b + 1);
    }
  }
  return g;
}

/** An icosphere of radius r: even triangles, the base for displaced rocks and foliage blobs. */
export function icosphere(r: number, subdivisions = 1): Geo {
  const t = (1 + Math.sqrt(5)) / 2;
  let verts: number[][] = [
    [-1, t, 0], [1, t, 0], [-1, -t, 0], [1, -t, 0], [0, -1, t], [0, 1, t],
    [0, -1, -t], [0, 1, -t], [t, 0, -1], [t, 0, 1], [-t, 0, -1], [-t, 0, 1],
  ].map(normalize);
  let faces = [
    [0, 11, 5], [0, 5, 1], [0, 1, 7], [0, 7, 10], [0, 10, 11], [1, 5, 9], [5, 11, 4], [11, 10, 2], [10, 7, 6], [7, 1, 8],
    [3, 9, 4], [3, 4, 2], [3, 2, 6], [3, 6, 8], [3, 8, 9], [4, 9, 5], [2, 4, 11], [6, 2, 10], [8, 6, 7], [9, 8, 1],
  ];
  for (let s = 0; s < subdivisions; s++) {
    const cache = new Map<string, number>();
    const mid = (a: number, b: number): number => {
      const key = a < b ? `${a}_${b}` : `${b}_${a}`;
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      verts.push(normalize([(verts[a][0] + verts[b][0]) / 2, (verts[a][1] + verts[b][1]) / 2, (verts[a][2] + verts[b][2]) / 2]));
      cache.set(key, verts.length - 1);
      return verts.length - 1;
    };
    const next: number[][] = [];
    for (const [a, b, c] of faces) {
      const ab = mid(a, b), bc = mid(b, c), ca = mid(c, a);
      next.push([a, ab, ca], [b, bc, ab], [c, ca, bc], [ab, bc, ca]);
    }
    faces = next;
    verts = verts.slice();
  }
  const g = emptyGeo();
  for (const v of verts) {
    g.positions.push(v[0] * r, v[1] * r, v[2] * r);
    g.normals.push(v[0], v[1], v[2]);
    g.uvs.push((Math.atan2(v[0], v[2]) / Math.PI + 1) * r * 2, (Math.acos(v[1]) / Math.PI) * r * 2);
  }
  for (const f of faces) g.indices.push(f[0], f[1], f[2]);
  return g;
}

function normalize(v: number[]): number[] {
  const l = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / l, v[1] / l, v[2] / l];
}

/** A torus around the Y axis (ring radius R, tube radius r). */
export function torus(R: number, r: number, radial = 16, tubular = 8): Geo {
  const g = emptyGeo();
  for (let i = 0; i <= radial; i++) {
    const a = (i / radial) * Math.PI * 2;
    for (let j = 0; j <= tubular; j++) {
      const b = (j / tubular) * Math.PI * 2;
      const nx = Math.cos(b) * Math.sin(a), ny = Math.sin(b), nz = Math.cos(b) * Math.cos(a);
      g.positions.push((R + r * Math.cos(b)) * Math.sin(a), r * Math.sin(b), (R + r * Math.cos(b)) * Math.cos(a));
      g.normals.push(nx, ny, nz);
      g.uvs.push((i / radial) * R * 6, (j / tubular) * r * 6);
    }
  }
  const row = tubular + 1;
  for (let i = 0; i < radial; i++) {
    for (let j = 0; j < tubular; j++) {
      const a = i * row + j, b = (i + 1) * row + j;
      g.indices.push(a, b + 1, a + 1, a, b, b + 1);
    }
  }
  return g;
}
