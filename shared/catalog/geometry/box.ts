import { emptyGeo, type Geo } from './geo';

/**
 * An axis-aligned box centred on the origin, 24 vertices with flat face normals. UVs are in
 * metres (so tiling textures keep one texel density whatever the box size).
 */
export function box(w: number, h: number, d: number): Geo {
  const g = emptyGeo();
  const x = w / 2, y = h / 2, z = d / 2;
  // Each face: normal, then 4 corners counter-clockwise seen from outside, with (u, v) extents.
  const faces: [number[], number[][], number, number][] = [
    [[0, 0, 1], [[-x, -y, z], [x, -y, z], [x, y, z], [-x, y, z]], w, h],
    [[0, 0, -1], [[x, -y, -z], [-x, -y, -z], [-x, y, -z], [x, y, -z]], w, h],
    [[1, 0, 0], [[x, -y, z], [x, -y, -z], [x, y, -z], [x, y, z]], d, h],
    [[-1, 0, 0], [[-x, -y, -z], [-x, -y, z], [-x, y, z], [-x, y, -z]], d, h],
    [[0, 1, 0], [[-x, y, z], [x, y, z], [x, y, -z], [-x, y, -z]], w, d],
    [[0, -1, 0], [[-x, -y, -z], [x, -y, -z], [x, -y, z], [-x, -y, z]], w, d],
  ];
  for (const [n, corners, uw, vh] of faces) {
    const base = g.positions.length / 3;
    const uv = [[0, vh], [uw, vh], [uw, 0], [0, 0]];
    corners.forEach((c, k) => {
      g.positions.push(c[0], c[1], c[2]);
      g.normals.push(n[0], n[1], n[2]);
      g.uvs.push(uv[k][0], uv[k][1]);
    });
    g.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return g;
}

/** A box spanning [x0,x1] x [y0,y1] x [z0,z1]. */
export function boxBetween(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): Geo {
  const g = box(Math.abs(x1 - x0), Math.abs(y1 - y0), Math.abs(z1 - z0));
  const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2, cz = (z0 + z1) / 2;
  for (let i = 0; i < g.positions.length; i += 3) {
    g.positions[i] += cx; g.positions[i + 1] += cy; g.positions[i + 2] += cz;
  }
  return g;
}
