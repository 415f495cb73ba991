/** Triangle-mesh primitives for synthetic characters (deterministic; each is its own part). */

export interface MeshPiece {
  positions: number[];
  indices: number[];
}

type V3 = readonly [number, number, number];

/** A capsule swept from a (radius ra) to b (radius rb), with hemispherical caps. */
export function capsule(a: V3, b: V3, ra: number, rb: number, around = 14, capRings = 5, bodyRings = 6): MeshPiece {
  const d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const L = Math.hypot(d[0], d[1], d[2]) || 1e-6;
  const ax = [d[0] / L, d[1] / L, d[2] / L];
  const ref = Math.abs(ax[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  let u = [ax[1] * ref[2] - ax[2] * ref[1], ax[2] * ref[0] - ax[0] * ref[2], ax[0] * ref[1] - ax[1] * ref[0]];
  const ul = Math.hypot(u[0], u[1], u[2]);
  u = [u[0] / ul, u[1] / ul, u[2] / ul];
  const v = [ax[1] * u[2] - ax[2] * u[1], ax[2] * u[0] - ax[0] * u[2], ax[0] * u[1] - ax[1] * u[0]];
  const rings: [number, number][] = []; // [axial offset, radius]
  for (let i = 0; i <= capRings; i++) {
    const phi = (Math.PI / 2) * (i / capRings);
    rings.push([-ra * Math.cos(phi), ra * Math.sin(phi)]);
  }
  for (let i = 1; i < bodyRings; i++) rings.push([(L * i) / bodyRings, ra + ((rb - ra) * i) / bodyRings]);
  for (let i = capRings; i >= 0; i--) {
    const phi = (Math.PI / 2) * (i / capRings);
    rings.push([L + rb * Math.cos(phi), rb * Math.sin(phi)]);
  }
  const positions: number[] = [];
  const indices: number[] = [];
  for (const [t, r] of rings)
    for (let k = 0; k < around; k++) {
      const ang = (2 * Math.PI * k) / around;
      const c = Math.cos(ang) * r, s = Math.sin(ang) * r;
      for (let q = 0; q < 3; q++) positions.push(a[q] + ax[q] * t + u[q] * c + v[q] * s);
    }
  for (let i = 0; i + 1 < rings.length; i++)
    for (let k = 0; k < around; k++) {
      const p0 = i * around + k, p1 = i * around + ((k + 1) % around);
      const q0 = p0 + around, q1 = p1 + around;
      indices.push(p0, q0, p1, p1, q0, q1);
    }
  return { positions, indices };
}

export function sphere(c: V3, r: number, rings = 10, around = 16): MeshPiece {
  return capsule([c[0], c[1] - 1e-4, c[2]], [c[0], c[1] + 1e-4, c[2]], r, r, around, rings, 1);
}

/** A ring (torus) around an axis, e.g. a bracelet with a gap to the limb it surrounds. */
export function torus(c: V3, axis: V3, R: number, r: number, around = 20, tube = 8): MeshPiece {
  const l = Math.hypot(axis[0], axis[1], axis[2]);
  const ax = [axis[0] / l, axis[1] / l, axis[2] / l];
  const ref = Math.abs(ax[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  let u = [ax[1] * ref[2] - ax[2] * ref[1], ax[2] * ref[0] - ax[0] * ref[2], ax[0] * ref[1] - ax[1] * ref[0]];
  const ul = Math.hypot(u[0], u[1], u[2]);
  u = [u[0] / ul, u[1] / ul, u[2] / ul];
  const v = [ax[1] * u[2] - ax[2] * u[1], ax[2] * u[0] - ax[0] * u[2], ax[0] * u[1] - ax[1] * u[0]];
  const positions: number[] = [];
  const indices: number[] = [];
  for (let i = 0; i < around; i++) {
    const a = (2 * Math.PI * i) / around;
    const dir = [u[0] * Math.cos(a) + v[0] * Math.sin(a), u[1] * Math.cos(a) + v[1] * Math.sin(a), u[2] * Math.cos(a) + v[2] * Math.sin(a)];
    for (let j = 0; j < tube; j++) {
      const b = (2 * Math.PI * j) / tube;
      for (let q = 0; q < 3; q++) positions.push(c[q] + dir[q] * (R + r * Math.cos(b)) + ax[q] * r * Math.sin(b));
    }
  }
  for (let i = 0; i < around; i++)
    for (let j = 0; j < tube; j++) {
      const p0 = i * tube + j, p1 = i * tube + ((j + 1) % tube);
      const q0 = ((i + 1) % around) * tube + j, q1 = ((i + 1) % around) * tube + ((j + 1) % tube);
      indices.push(p0, q0, p1, p1, q0, q1);
    }
  return { positions, indices };
}

/** Axis-aligned box (a backpack, a hat brim). */
export function box(c: V3, half: V3): MeshPiece {
  const positions: number[] = [];
  for (let k = 0; k < 8; k++) positions.push(c[0] + (k & 1 ? half[0] : -half[0]), c[1] + (k & 2 ? half[1] : -half[1]), c[2] + (k & 4 ? half[2] : -half[2]));
  const indices = [0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5];
  return { positions, indices };
}

/**
 * A closed surface of revolution about the vertical axis through c (a skirt, a robe): `profile` lists
 * [y, radius] rings from top to bottom, both ends closed by flat caps; `depth` scales the radius along z
 * (an elliptic section, deeper or shallower than wide).
 */
/** `openBottom`: no cap on the last ring (a skirt's hem), so the piece is an open shell. */
export function lathe(c: V3, profile: readonly (readonly [number, number])[], depth = 1, around = 24, openBottom = false): MeshPiece {
  const positions: number[] = [];
  const indices: number[] = [];
  for (const [y, r] of profile)
    for (let k = 0; k < around; k++) {
      const a = (2 * Math.PI * k) / around;
      positions.push(c[0] + Math.cos(a) * r, y, c[2] + Math.sin(a) * r * depth);
    }
  for (let i = 0; i + 1 < profile.length; i++)
    for (let k = 0; k < around; k++) {
      const p0 = i * around + k, p1 = i * around + ((k + 1) % around);
      indices.push(p0, p1, p0 + around, p1, p1 + around, p0 + around);
    }
  const top = positions.length / 3;
  positions.push(c[0], profile[0][0], c[2]);
  const bottom = top + 1;
  positions.push(c[0], profile[profile.length - 1][0], c[2]);
  const last = (profile.length - 1) * around;
  for (let k = 0; k < around; k++) {
    indices.push(top, (k + 1) % around, k);
    if (!openBottom) indices.push(bottom, last + k, last + ((k + 1) % around));
  }
  return { positions, indices };
}

/** A box from a to b (shortened by ga at a's end and gb at b's), `hw` wide and `hd` deep across its axis. */
export function orientedBox(a: V3, b: V3, hw: number, hd: number, ga: number, gb: number): MeshPiece {
  const d: V3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const L = Math.hypot(...d);
  const u: V3 = [d[0] / L, d[1] / L, d[2] / L];
  // Depth along world Z unless the segment runs along it (a foot): then along Y.
  const ref: V3 = Math.abs(u[2]) > 0.9 ? [0, 1, 0] : [0, 0, 1];
  const dot = ref[0] * u[0] + ref[1] * u[1] + ref[2] * u[2];
  let w: V3 = [ref[0] - dot * u[0], ref[1] - dot * u[1], ref[2] - dot * u[2]];
  const nw = Math.hypot(...w);
  w = [w[0] / nw, w[1] / nw, w[2] / nw];
  const v: V3 = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
  const lo = Math.min(ga, 0.45 * L), hi = L - Math.min(gb, 0.45 * L);
  const c = (lo + hi) / 2, hl = (hi - lo) / 2;
  const centre: V3 = [a[0] + u[0] * c, a[1] + u[1] * c, a[2] + u[2] * c];
  const unit = box([0, 0, 0], [1, 1, 1]);
  const positions: number[] = [];
  for (let i = 0; i < unit.positions.length; i += 3) {
    const [x, y, z] = [unit.positions[i] * hw, unit.positions[i + 1] * hl, unit.positions[i + 2] * hd];
    for (let k = 0; k < 3; k++) positions.push(centre[k] + v[k] * x + u[k] * y + w[k] * z);
  }
  // A right-handed frame (v, u, w) keeps box()'s winding.
  return { positions, indices: unit.indices.slice() };
}
