/**
 * Round-trip comparison of two SceneModels' rigs: joint names, world rest positions (within
 * 1e-4 of the model size), per-joint weight totals, clip names and durations.
 */
import { expect } from 'vitest';
import type { SceneModel } from '../../shared/mesh/model';
import { worldRestMatrices } from '../../shared/mesh/skeleton-math';

export function modelSize(m: SceneModel): number {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const p of m.parts) {
    for (let i = 0; i < p.positions.length; i += 3) {
      for (let c = 0; c < 3; c++) {
        min[c] = Math.min(min[c], p.positions[i + c]);
        max[c] = Math.max(max[c], p.positions[i + c]);
      }
    }
  }
  return Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
}

export function jointPositions(m: SceneModel): Map<string, number[]> {
  const sk = m.skeleton!;
  const w = worldRestMatrices(sk);
  return new Map(sk.names.map((n, j) => [n, [w[j * 16 + 12], w[j * 16 + 13], w[j * 16 + 14]]]));
}

/** Sum of skin weight per joint name over all vertices of all parts. */
export function weightTotals(m: SceneModel): Map<string, number> {
  const sk = m.skeleton!;
  const out = new Map<string, number>();
  for (const p of m.parts) {
    if (!p.skinJoints || !p.skinWeights) continue;
    for (let i = 0; i < p.skinJoints.length; i++) {
      const w = p.skinWeights[i];
      if (w > 0) out.set(sk.names[p.skinJoints[i]], (out.get(sk.names[p.skinJoints[i]]) ?? 0) + w);
    }
  }
  return out;
}

export function expectSameRig(original: SceneModel, back: SceneModel, what: string, opts: { clips?: boolean } = {}): void {
  expect(back.skeleton, what).not.toBeNull();
  const a = original.skeleton!;
  const b = back.skeleton!;
  expect(b.names.length, `${what}: joint count`).toBe(a.names.length);
  expect([...b.names].sort(), `${what}: joint names`).toEqual([...a.names].sort());
  const tol = 1e-4 * modelSize(original);
  const pa = jointPositions(original);
  const pb = jointPositions(back);
  for (const [name, p] of pa) {
    const q = pb.get(name)!;
    const d = Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
    expect(d, `${what}: rest position of ${name}`).toBeLessThanOrEqual(tol);
  }
  const wa = weightTotals(original);
  const wb = weightTotals(back);
  expect([...wb.keys()].sort(), `${what}: weighted joints`).toEqual([...wa.keys()].sort());
  for (const [name, total] of wa) expect(Math.abs(wb.get(name)! - total), `${what}: weight total of ${name}`).toBeLessThan(1e-3 * Math.max(1, total));
  if (opts.clips !== false) {
    const ca = new Map(original.clips.map((c) => [c.name, c.duration]));
    const cb = new Map(back.clips.map((c) => [c.name, c.duration]));
    expect([...cb.keys()].sort(), `${what}: clip names`).toEqual([...ca.keys()].sort());
    for (const [name, d] of ca) expect(Math.abs(cb.get(name)! - d), `${what}: duration of ${name}`).toBeLessThan(1e-3);
  }
}
