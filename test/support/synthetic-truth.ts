/**
 * Reading a synthetic character's ground truth and mesh in tests: a true joint's position, a biped rig's joints
 * against it, the mesh's lowest point, and the checks a random body's generator test makes against its template.
 */
import { expect } from 'vitest';
import type { SyntheticCharacter } from '../../shared/rig/synthetic/characters';
import type { Template } from '../../shared/rig/templates/template';
import type { RigEngine } from '../../shared/rig/types';
import { rigMesh } from '../../shared/rig/rig-mesh';
import { insideTester } from '../eval/inside-volume';
import { heightOf } from '../eval/metrics';

export type V3 = [number, number, number];

export function truthAt(c: SyntheticCharacter, k: string): V3 {
  const i = c.truth.keys.indexOf(k);
  if (i < 0) throw new Error(`${c.name}: no joint ${k}`);
  return [c.truth.positions[i * 3], c.truth.positions[i * 3 + 1], c.truth.positions[i * 3 + 2]];
}

/** Rigs the biped `c` with `engine` and expects each joint of `keys` within `limit` (a share of the height) of its truth. */
export function expectBipedJointsNearTruth(c: SyntheticCharacter, engine: RigEngine, keys: string[], limit: number): void {
  const H = heightOf(c.mesh.positions);
  const r = rigMesh(c.mesh, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
  for (const key of keys) {
    const p = r.report.joints.find((q) => q.name === key)!.position;
    const t = truthAt(c, key);
    const err = Math.hypot(p[0] - t[0], p[1] - t[1], p[2] - t[2]) / H;
    expect(err, `${key} ${(100 * err).toFixed(1)}% of H`).toBeLessThan(limit);
  }
}

export function lowestY(positions: Float32Array): number {
  let y = Infinity;
  for (let i = 1; i < positions.length; i += 3) y = Math.min(y, positions[i]);
  return y;
}

/**
 * The checks every random-body generator's test makes of one body: the template's keys and parents, the mesh
 * on the floor unless it swims (to the capsules' tessellation: their caps are polygons, within 1% of the hips' height) and
 * each deforming true joint inside the mesh, but those `skip` names (a tail the body does not have).
 */
export function expectBodyFitsTemplate(c: SyntheticCharacter, t: Template, skip: (key: string) => boolean = () => false, onFloor = true): void {
  expect(new Set(c.truth.keys)).toEqual(new Set(t.joints.map((j) => j.key)));
  for (const j of t.joints) expect(c.truth.keys[c.truth.parents[c.truth.keys.indexOf(j.key)]] ?? null, j.key).toBe(j.parent);
  if (onFloor) expect(Math.abs(lowestY(c.mesh.positions))).toBeLessThan(0.01 * truthAt(c, 'Hips')[1]);
  const inside = insideTester(c.mesh.positions, c.mesh.indices);
  for (const j of t.joints) if (j.deform && !skip(j.key)) expect(inside(truthAt(c, j.key)), j.key).toBe(true);
}
