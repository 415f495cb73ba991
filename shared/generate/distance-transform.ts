/**
 * signedDistance: Euclidean signed distance to a mask's boundary, in pixels (positive inside).
 *
 * Felzenszwalb & Huttenlocher's exact squared EDT (two 1-D lower-envelope passes), run once for
 * the inside and once for the outside. The zero level lies on pixel edges: a subject pixel next
 * to the background is +0.5, its background neighbour -0.5, so bilinear sampling at any point
 * gives a sub-pixel boundary.
 */
import type { Mask } from './image';

const INF = 1e20;

export function signedDistance(mask: Mask): Float32Array {
  const { width: w, height: h, data } = mask;
  const n = w * h;
  const toBackground = new Float64Array(n);
  const toSubject = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    toBackground[i] = data[i] ? INF : 0;
    toSubject[i] = data[i] ? 0 : INF;
  }
  squaredEdt2d(toBackground, w, h);
  squaredEdt2d(toSubject, w, h);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    out[i] = data[i] ? Math.sqrt(toBackground[i]) - 0.5 : 0.5 - Math.sqrt(toSubject[i]);
  }
  return out;
}

// Scratch buffers for the 1-D transform, grown on demand (no per-row allocation).
let fBuf = new Float64Array(0);
let dBuf = new Float64Array(0);
let vBuf = new Int32Array(0);
let zBuf = new Float64Array(0);

function squaredEdt2d(grid: Float64Array, w: number, h: number): void {
  const m = Math.max(w, h);
  if (fBuf.length < m) {
    fBuf = new Float64Array(m);
    dBuf = new Float64Array(m);
    vBuf = new Int32Array(m);
    zBuf = new Float64Array(m + 1);
  }
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) fBuf[y] = grid[y * w + x];
    edt1d(h);
    for (let y = 0; y < h; y++) grid[y * w + x] = dBuf[y];
  }
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) fBuf[x] = grid[row + x];
    edt1d(w);
    for (let x = 0; x < w; x++) grid[row + x] = dBuf[x];
  }
}

/** 1-D squared distance transform of fBuf[0..n) into dBuf (lower envelope of parabolas). */
function edt1d(n: number): void {
  const f = fBuf;
  const v = vBuf;
  const z = zBuf;
  let k = 0;
  v[0] = 0;
  z[0] = -INF;
  z[1] = INF;
  for (let q = 1; q < n; q++) {
    let s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    while (s <= z[k]) {
      k--;
      s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = INF;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1] < q) k++;
    const dq = q - v[k];
    dBuf[q] = dq * dq + f[v[k]];
  }
}
