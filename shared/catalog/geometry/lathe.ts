import { emptyGeo, type Geo } from './geo';

export interface LatheOptions {
  /** Segments around the axis (default 16). */
  segments?: number;
  /** Smooth normals along the profile where consecutive segments bend less than this (radians, default 0.6). */
  creaseAngle?: number;
  /** Close the ends with flat discs where the profile starts/ends off the axis (default true). */
  caps?: boolean;
  /** Angle of the first segment (radians), to rotate faceting. */
  phase?: number;
}

/**
 * Revolves a profile of (radius, y) points, bottom to top, around the Y axis. Normals are smooth
 * around the axis and along gentle profile bends; sharp profile corners get a crease (the vertex
 * ring is duplicated), which is how a barrel's rim stays crisp while its belly stays round.
 */
export function lathe(profile: [number, number][], options: LatheOptions = {}): Geo {
  const segments = options.segments ?? 16;
  const crease = options.creaseAngle ?? 0.6;
  const phase = options.phase ?? 0;
  const g = emptyGeo();
  // Per profile segment: its 2D outward normal (dr, dy) and length.
  const segN: [number, number][] = [];
  let vAcc = 0;
  const vAt: number[] = [0];
  for (let i = 0; i + 1 < profile.length; i++) {
    const [r0, y0] = profile[i], [r1, y1] = profile[i + 1];
    const dr = r1 - r0, dy = y1 - y0;
    const l = Math.hypot(dr, dy) || 1;
    segN.push([dy / l, -dr / l]);
    vAcc += l;
    vAt.push(vAcc);
  }
  const ring = (r: number, y: number, nr: number, ny: number, v: number): number => {
    const base = g.positions.length / 3;
    for (let s = 0; s <= segments; s++) {
      const a = phase + (s / segments) * Math.PI * 2;
      const c = Math.cos(a), sn = Math.sin(a);
      g.positions.push(r * sn, y, r * c);
      g.normals.push(nr * sn, ny, nr * c);
      g.uvs.push((s / segments) * Math.max(r, 0.05) * Math.PI * 2, v);
    }
    return base;
  };
  for (let i = 0; i < segN.length; i++) {
    const [r0, y0] = profile[i], [r1, y1] = profile[i + 1];
    if (r0 <= 0 && r1 <= 0) continue;
    const n = segN[i];
    const nStart = i > 0 && angle(segN[i - 1], n) < crease ? avg(segN[i - 1], n) : n;
    const nEnd = i + 1 < segN.length && angle(segN[i + 1], n) < crease ? avg(segN[i + 1], n) : n;
    const a = ring(r0, y0, nStart[0], nStart[1], vAt[i]);
    const b = ring(r1, y1, nEnd[0], nEnd[1], vAt[i + 1]);
    for (let s = 0; s < segments; s++) {
      g.indices.push(a + s, a + s + 1, b + s + 1, a + s, b + s + 1, b + s);
    }
  }
  if (options.caps ?? true) {
    const [rb, yb] = profile[0];
    const [rt, yt] = profile[profile.length - 1];
    if (rb > 0) disc(g, rb, yb, -1, segments, phase);
    if (rt > 0) disc(g, rt, yt, 1, segments, phase);
  }
  return g;
}

function angle(a: [number, number], b: [number, number]): number {
  return Math.acos(Math.max(-1, Math.min(1, a[0] * b[0] + a[1] * b[1])));
}
function avg(a: [number, number], b: [number, number]): [number, number] {
  const x = a[0] + b[0], y = a[1] + b[1];
  const l = Math.hypot(x, y) || 1;
  return [x / l, y / l];
}

/** A flat disc at height y facing up (dir 1) or down (dir -1). */
export function disc(g: Geo, r: number, y: number, dir: 1 | -1, segments: number, phase = 0): void {
  const center = g.positions.length / 3;
  g.positions.push(0, y, 0);
  g.normals.push(0, dir, 0);
  g.uvs.push(r, r);
  for (let s = 0; s <= segments; s++) {
    const a = phase + (s / segments) * Math.PI * 2;
    g.positions.push(r * Math.sin(a), y, r * Math.cos(a));
    g.normals.push(0, dir, 0);
    g.uvs.push(r + r * Math.sin(a), r + r * Math.cos(a));
  }
  for (let s = 0; s < segments; s++) {
    if (dir > 0) g.indices.push(center, center + 1 + s, center + 2 + s);
    else g.indices.push(center, center + 2 + s, center + 1 + s);
  }
}

/** A cylinder (or cone / frustum) standing on y = 0, `segments` sides, flat-capped. */
export function cylinder(rBottom: number, rTop: number, height: number, segments = 16, caps = true): Geo {
  return lathe([[rBottom, 0], [rTop, height]], { segments, caps });
}
