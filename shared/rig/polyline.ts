/**
 * A limb path as a smoothed polyline with the inside radius at each point, parameterised by arclength.
 * Fitting code asks it for points and radii at arclengths; this is where voxel staircases get smoothed.
 */
export class Polyline {
  readonly points: Float64Array;
  readonly radius: Float64Array;
  /** Cumulative arclength from the first point. */
  readonly s: Float64Array;
  readonly count: number;

  constructor(points: Float64Array, radius: Float64Array, smoothWindow = 2) {
    const n = radius.length;
    this.count = n;
    this.points = smoothWindow > 0 ? smooth(points, n, 3, smoothWindow) : points;
    this.radius = smoothWindow > 0 ? smooth(radius, n, 1, smoothWindow) : radius;
    this.s = new Float64Array(n);
    for (let i = 1; i < n; i++) {
      const dx = this.points[i * 3] - this.points[i * 3 - 3];
      const dy = this.points[i * 3 + 1] - this.points[i * 3 - 2];
      const dz = this.points[i * 3 + 2] - this.points[i * 3 - 1];
      this.s[i] = this.s[i - 1] + Math.hypot(dx, dy, dz);
    }
  }

  get length(): number {
    return this.count ? this.s[this.count - 1] : 0;
  }

  /** Index of the segment containing arclength `t` (clamped). */
  private seg(t: number): number {
    let lo = 0;
    let hi = this.count - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (this.s[mid] <= t) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  pointAt(t: number, out: number[] = [0, 0, 0]): number[] {
    if (this.count === 1) {
      out[0] = this.points[0]; out[1] = this.points[1]; out[2] = this.points[2];
      return out;
    }
    const tc = Math.min(Math.max(t, 0), this.length);
    const i = this.seg(tc);
    const span = this.s[i + 1] - this.s[i];
    const f = span > 0 ? (tc - this.s[i]) / span : 0;
    for (let a = 0; a < 3; a++) out[a] = this.points[i * 3 + a] * (1 - f) + this.points[i * 3 + 3 + a] * f;
    return out;
  }

  /** Median of the radii at the path's points with arclength in [s0, s1] (the radius at the middle when none is). */
  medianRadius(s0: number, s1: number): number {
    const r: number[] = [];
    for (let i = 0; i < this.count; i++) if (this.s[i] >= s0 && this.s[i] <= s1) r.push(this.radius[i]);
    if (!r.length) return this.radiusAt((s0 + s1) / 2);
    r.sort((a, b) => a - b);
    return r[r.length >> 1];
  }

  radiusAt(t: number): number {
    if (this.count === 1) return this.radius[0];
    const tc = Math.min(Math.max(t, 0), this.length);
    const i = this.seg(tc);
    const span = this.s[i + 1] - this.s[i];
    const f = span > 0 ? (tc - this.s[i]) / span : 0;
    return this.radius[i] * (1 - f) + this.radius[i + 1] * f;
  }

  /** First arclength at which `pred(point)` holds, scanning from `from`; -1 if never. */
  findS(pred: (x: number, y: number, z: number, r: number) => boolean, from = 0): number {
    for (let i = 0; i < this.count; i++) {
      if (this.s[i] < from) continue;
      if (pred(this.points[i * 3], this.points[i * 3 + 1], this.points[i * 3 + 2], this.radius[i])) return this.s[i];
    }
    return -1;
  }

  /**
   * Arclength where the path first rises to height `y` (from `from` on), interpolated between samples: a
   * coarse grid's samples are a voxel apart, and the first sample above put knees 1-2.5 cm high. -1 if never.
   */
  sAtHeight(y: number, from = 0): number {
    for (let i = 1; i < this.count; i++) {
      if (this.s[i] < from) continue;
      const y1 = this.points[i * 3 + 1];
      if (y1 < y) continue;
      const y0 = this.points[i * 3 - 2];
      if (y0 >= y || this.s[i - 1] < from) return this.s[i];
      return this.s[i - 1] + ((y - y0) / (y1 - y0)) * (this.s[i] - this.s[i - 1]);
    }
    return -1;
  }

  /** Arclength in [t0, t1] with the smallest radius (a narrowing), sampled every `step`. */
  narrowest(t0: number, t1: number, step: number): number {
    let best = t0;
    let bestR = Infinity;
    for (let t = t0; t <= t1 + 1e-12; t += step) {
      const r = this.radiusAt(t);
      if (r < bestR - 1e-9) {
        bestR = r;
        best = t;
      }
    }
    return best;
  }

  /**
   * Arclength in [t0, t1] where the path bends most: the point farthest from the chord between the
   * points at `a` and `b`. Returns -1 when the bend is below `minDeviation` (a straight limb).
   */
  bend(a: number, b: number, t0: number, t1: number, step: number, minDeviation: number): number {
    const pa = this.pointAt(a, [0, 0, 0]);
    const pb = this.pointAt(b, [0, 0, 0]);
    const dx = pb[0] - pa[0], dy = pb[1] - pa[1], dz = pb[2] - pa[2];
    const len2 = dx * dx + dy * dy + dz * dz || 1e-12;
    const p = [0, 0, 0];
    let best = -1;
    let bestD = minDeviation;
    for (let t = t0; t <= t1 + 1e-12; t += step) {
      this.pointAt(t, p);
      const f = ((p[0] - pa[0]) * dx + (p[1] - pa[1]) * dy + (p[2] - pa[2]) * dz) / len2;
      const d = Math.hypot(p[0] - pa[0] - f * dx, p[1] - pa[1] - f * dy, p[2] - pa[2] - f * dz);
      if (d > bestD) {
        bestD = d;
        best = t;
      }
    }
    return best;
  }

  /** A reversed copy (arclength measured from the other end). */
  reversed(): Polyline {
    const n = this.count;
    const pts = new Float64Array(n * 3);
    const rad = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const j = n - 1 - i;
      pts[i * 3] = this.points[j * 3]; pts[i * 3 + 1] = this.points[j * 3 + 1]; pts[i * 3 + 2] = this.points[j * 3 + 2];
      rad[i] = this.radius[j];
    }
    return new Polyline(pts, rad, 0);
  }

  /** Sub-polyline between two arclengths (inclusive, interpolated ends). */
  slice(t0: number, t1: number): Polyline {
    const pts: number[] = [];
    const rad: number[] = [];
    const p = [0, 0, 0];
    this.pointAt(t0, p);
    pts.push(p[0], p[1], p[2]);
    rad.push(this.radiusAt(t0));
    for (let i = 0; i < this.count; i++) {
      if (this.s[i] <= t0 || this.s[i] >= t1) continue;
      pts.push(this.points[i * 3], this.points[i * 3 + 1], this.points[i * 3 + 2]);
      rad.push(this.radius[i]);
    }
    this.pointAt(t1, p);
    pts.push(p[0], p[1], p[2]);
    rad.push(this.radiusAt(t1));
    return new Polyline(Float64Array.from(pts), Float64Array.from(rad), 0);
  }
}

/** Moving average over `w` samples each side, with a shrinking window at the ends so endpoints stay put. */
function smooth(src: Float64Array, n: number, stride: number, w: number): Float64Array {
  const out = new Float64Array(src.length);
  for (let i = 0; i < n; i++) {
    const k = Math.min(w, i, n - 1 - i);
    for (let a = 0; a < stride; a++) {
      let sum = 0;
      for (let j = i - k; j <= i + k; j++) sum += src[j * stride + a];
      out[i * stride + a] = sum / (2 * k + 1);
    }
  }
  return out;
}
