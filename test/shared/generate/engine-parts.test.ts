/**
 * The engine's building blocks against brute force: min cut, distance transform, manifold check.
 */
import { describe, expect, it } from 'vitest';
import { signedDistance } from '../../../shared/generate/distance-transform';
import { minCutGrid } from '../../../shared/generate/max-flow-grid';
import { checkClosedManifold } from '../../../shared/generate/mesh-checks';
import { inflateSilhouette } from '../../../shared/generate/inflate-silhouette';
import { prng } from './support/synth-images';

function cutCost(w: number, h: number, terminal: Float32Array, edges: Float32Array, label: Uint8Array): number {
  let cost = 0;
  for (let i = 0; i < w * h; i++) {
    // Source side (1) pays the sink capacity, sink side (0) pays the source capacity.
    if (label[i] === 1 && terminal[i] < 0) cost += -terminal[i];
    if (label[i] === 0 && terminal[i] > 0) cost += terminal[i];
    const x = i % w;
    if (x < w - 1 && label[i] === 1 && label[i + 1] === 0) cost += edges[i * 4];
    if (x > 0 && label[i] === 1 && label[i - 1] === 0) cost += edges[i * 4 + 2];
    if (i + w < w * h && label[i] === 1 && label[i + w] === 0) cost += edges[i * 4 + 1];
    if (i - w >= 0 && label[i] === 1 && label[i - w] === 0) cost += edges[i * 4 + 3];
  }
  return cost;
}

describe('minCutGrid', () => {
  it('finds the minimum cut of random 4x3 grids (checked against all 4096 labellings)', () => {
    const rnd = prng(42);
    const w = 4, h = 3, n = w * h;
    for (let trial = 0; trial < 25; trial++) {
      const terminal = new Float32Array(n).map(() => Math.round((rnd() - 0.5) * 20));
      const edges = new Float32Array(n * 4);
      for (let i = 0; i < n; i++) {
        const x = i % w;
        // Asymmetric capacities exercise the directed residual graph.
        if (x < w - 1) { edges[i * 4] = Math.round(rnd() * 8); edges[(i + 1) * 4 + 2] = Math.round(rnd() * 8); }
        if (i + w < n) { edges[i * 4 + 1] = Math.round(rnd() * 8); edges[(i + w) * 4 + 3] = Math.round(rnd() * 8); }
      }
      const t0 = Float32Array.from(terminal), e0 = Float32Array.from(edges);
      const label = minCutGrid({ width: w, height: h, terminal, edges });
      let best = Infinity;
      const l = new Uint8Array(n);
      for (let m = 0; m < 1 << n; m++) {
        for (let i = 0; i < n; i++) l[i] = (m >> i) & 1;
        best = Math.min(best, cutCost(w, h, t0, e0, l));
      }
      expect(cutCost(w, h, t0, e0, label)).toBeCloseTo(best, 4);
    }
  });
});

describe('signedDistance', () => {
  it('matches brute force on a random mask', () => {
    const rnd = prng(5);
    const w = 23, h = 17;
    const data = new Uint8Array(w * h).map(() => (rnd() < 0.4 ? 1 : 0));
    const sdf = signedDistance({ width: w, height: h, data });
    for (let i = 0; i < w * h; i++) {
      let best = Infinity;
      for (let j = 0; j < w * h; j++) {
        if (data[j] === data[i]) continue;
        best = Math.min(best, Math.hypot((i % w) - (j % w), Math.floor(i / w) - Math.floor(j / w)));
      }
      const expected = data[i] ? best - 0.5 : 0.5 - best;
      expect(sdf[i]).toBeCloseTo(expected, 4);
    }
  });
});

/** inflateSilhouette works in image pixels (y down): flip y to get the model's right-handed frame. */
function yUp(positions: Float32Array): Float32Array {
  const out = Float32Array.from(positions);
  for (let i = 1; i < out.length; i += 3) out[i] = -out[i];
  return out;
}

describe('checkClosedManifold and inflateSilhouette', () => {
  const disc = (w: number, r: number) => {
    const sdf = new Float32Array(w * w);
    for (let y = 0; y < w; y++) for (let x = 0; x < w; x++) sdf[y * w + x] = r - Math.hypot(x + 0.5 - w / 2, y + 0.5 - w / 2);
    return { width: w, height: w, sdf };
  };

  it('inflates a disc into a closed sphere-like shell of the right depth', () => {
    const mesh = inflateSilhouette(disc(100, 40), { cellSize: 2, depthScale: 1 });
    const report = checkClosedManifold(yUp(mesh.positions), mesh.indices);
    expect(report.watertight).toBe(true);
    let maxZ = 0;
    for (let i = 2; i < mesh.positions.length; i += 3) maxZ = Math.max(maxZ, mesh.positions[i]);
    expect(maxZ / 40).toBeGreaterThan(0.93); // a hemisphere of radius 40 (grid boundary costs a little)
    expect(maxZ / 40).toBeLessThan(1.07);
    // Volume of a sphere of radius 40, within the discretisation error.
    expect(report.volume / ((4 / 3) * Math.PI * 40 ** 3)).toBeGreaterThan(0.9);
    expect(report.volume / ((4 / 3) * Math.PI * 40 ** 3)).toBeLessThan(1.1);
  });

  it('stays watertight on shapes with holes, saddles and separate parts', () => {
    const rnd = prng(11);
    const w = 64;
    for (let trial = 0; trial < 60; trial++) {
      // Random blobs: saddles and multiple components are common at this cell size.
      const blobs = Array.from({ length: 6 }, () => ({ x: rnd() * w, y: rnd() * w, r: 3 + rnd() * 10 }));
      const sdf = new Float32Array(w * w);
      for (let y = 0; y < w; y++) for (let x = 0; x < w; x++) {
        let v = -Infinity;
        for (const b of blobs) v = Math.max(v, b.r - Math.hypot(x - b.x, y - b.y));
        sdf[y * w + x] = v;
      }
      const mesh = inflateSilhouette({ width: w, height: w, sdf }, { cellSize: 1 + rnd() * 3, depthScale: 1 });
      const report = checkClosedManifold(yUp(mesh.positions), mesh.indices);
      expect(report.watertight, `trial ${trial}`).toBe(true);
      expect(report.volume).toBeGreaterThan(0);
    }
    // An annulus (a hole through the middle).
    const ring = new Float32Array(80 * 80);
    for (let y = 0; y < 80; y++) for (let x = 0; x < 80; x++) {
      const r = Math.hypot(x - 40, y - 40);
      ring[y * 80 + x] = Math.min(30 - r, r - 12);
    }
    const torus = inflateSilhouette({ width: 80, height: 80, sdf: ring }, { cellSize: 2, depthScale: 1 });
    expect(checkClosedManifold(yUp(torus.positions), torus.indices).watertight).toBe(true);
  });

  it('detects holes, flipped triangles and non-manifold edges', () => {
    const mesh = inflateSilhouette(disc(40, 15), { cellSize: 3, depthScale: 1 });
    const holed = mesh.indices.slice(3);
    expect(checkClosedManifold(mesh.positions, holed)).toMatchObject({ watertight: false, boundaryEdges: 3 });
    const flipped = Uint32Array.from(mesh.indices);
    [flipped[1], flipped[2]] = [flipped[2], flipped[1]];
    expect(checkClosedManifold(mesh.positions, flipped)).toMatchObject({ watertight: false, inconsistentEdges: 3 });
    const doubled = new Uint32Array([...mesh.indices, ...mesh.indices.slice(0, 3)]);
    expect(checkClosedManifold(mesh.positions, doubled).nonManifoldEdges).toBe(3);
  });
});
