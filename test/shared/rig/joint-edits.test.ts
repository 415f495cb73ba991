import { describe, expect, it } from 'vitest';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { RigError } from '../../../shared/rig/rig-error';
import type { RigOptions, RigResult } from '../../../shared/rig/types';
import { syntheticCharacter } from '../../../shared/rig/synthetic/characters';
import { skeletonWorldPositions } from '../../support/skeleton-world';

type V3 = [number, number, number];
const opts = (o: Partial<RigOptions> = {}): RigOptions => ({ rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo', ...o });
const pos = (r: RigResult, name: string): V3 => {
  const j = r.report.joints.find((q) => q.name === name);
  if (!j) throw new Error(`no joint ${name}`);
  return j.position;
};
const dist = (a: readonly number[], b: readonly number[]): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const add = (a: V3, b: V3): V3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];

/** Summed absolute weight change over the vertices within `radius` of a point (joint-index aware). */
function weightChangeNear(a: RigResult, b: RigResult, positions: Float32Array, at: V3, radius: number): { changed: number; vertices: number } {
  let changed = 0, vertices = 0;
  for (let v = 0; v < positions.length / 3; v++) {
    if (dist([positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]], at) > radius) continue;
    vertices++;
    const wa = new Map<number, number>(), wb = new Map<number, number>();
    for (let k = 0; k < 4; k++) {
      wa.set(a.joints[v * 4 + k], (wa.get(a.joints[v * 4 + k]) ?? 0) + a.weights[v * 4 + k]);
      wb.set(b.joints[v * 4 + k], (wb.get(b.joints[v * 4 + k]) ?? 0) + b.weights[v * 4 + k]);
    }
    for (const j of new Set([...wa.keys(), ...wb.keys()])) changed += Math.abs((wa.get(j) ?? 0) - (wb.get(j) ?? 0));
  }
  return { changed, vertices };
}

describe('rigMesh with joints given by hand', () => {
  const c = syntheticCharacter('biped', { pose: 'A', accessories: false });
  const plain = rigMesh(c.mesh, opts());
  // A knee 6 cm higher and 4 cm forward of the fit (still inside the 1.8 m character's leg).
  const knee = add(pos(plain, 'LeftLeg'), [0, 0.06, 0.04]);
  const edited = rigMesh(c.mesh, opts({ givenJoints: { LeftLeg: knee } }));

  it('puts a given knee exactly where given (report and composed skeleton) and drags nothing else', () => {
    expect(dist(pos(edited, 'LeftLeg'), knee)).toBeLessThan(1e-6);
    expect(dist(skeletonWorldPositions(edited.skeleton).get('LeftLeg')!, knee)).toBeLessThan(1e-3);
    for (const j of plain.report.joints) if (j.name !== 'LeftLeg') expect(dist(pos(edited, j.name), j.position), j.name).toBeLessThan(1e-9);
  });

  it('reports the given joints, with confidence 1', () => {
    expect(edited.report.given).toEqual(['LeftLeg']);
    const k = edited.report.joints.find((j) => j.name === 'LeftLeg')!;
    expect(k.source).toBe('given');
    expect(k.confidence).toBe(1);
    expect(edited.report.joints.filter((j) => j.source === 'fitted')).toHaveLength(plain.report.joints.length - 1);
    expect(plain.report.given).toEqual([]);
  });

  it('skins from the edited skeleton: weights change around the moved knee', () => {
    const near = weightChangeNear(plain, edited, c.mesh.positions, pos(plain, 'LeftLeg'), 0.15);
    expect(near.vertices).toBeGreaterThan(20);
    // Mean change per vertex (of at most 2): the knee's blend band moved up by 6 cm.
    expect(near.changed / near.vertices).toBeGreaterThan(0.05);
  });

  it('a moved hip carries the knee part of the way and leaves the toe end, the other leg and the spine', () => {
    const shift: V3 = [0.03, 0.04, 0];
    const hip = add(pos(plain, 'LeftUpLeg'), shift);
    const r = rigMesh(c.mesh, opts({ givenJoints: { LeftUpLeg: hip } }));
    expect(dist(pos(r, 'LeftUpLeg'), hip)).toBeLessThan(1e-6);
    const kneeMove = [0, 1, 2].map((a) => pos(r, 'LeftLeg')[a] - pos(plain, 'LeftLeg')[a]);
    // Parallel to the hip's shift, a fraction of it (the knee keeps its relative place along the chain).
    const along = (kneeMove[0] * shift[0] + kneeMove[1] * shift[1]) / Math.hypot(...shift) ** 2;
    expect(along).toBeGreaterThan(0.2);
    expect(along).toBeLessThan(0.9);
    expect(dist(kneeMove, shift.map((v) => v * along))).toBeLessThan(1e-6);
    for (const n of ['LeftToe_End', 'RightUpLeg', 'RightLeg', 'Hips', 'Spine', 'Head']) expect(dist(pos(r, n), pos(plain, n)), n).toBeLessThan(1e-9);
  });

  it('joints between two given joints keep their relative place along the chain', () => {
    const hip = add(pos(plain, 'LeftUpLeg'), [0.02, 0, 0]);
    const foot = add(pos(plain, 'LeftFoot'), [0.02, 0, 0]);
    const r = rigMesh(c.mesh, opts({ givenJoints: { LeftUpLeg: hip, LeftFoot: foot } }));
    // Both ends moved by the same vector: the knee moves by it too.
    expect(dist(pos(r, 'LeftLeg'), add(pos(plain, 'LeftLeg'), [0.02, 0, 0]))).toBeLessThan(1e-6);
    expect(r.report.given.sort()).toEqual(['LeftFoot', 'LeftUpLeg']);
  });

  it('keeps a given joint outside the mesh where given, with a given_outside check (the fit checks would move a fitted one)', () => {
    const out = add(pos(plain, 'LeftLeg'), [0.3, 0, 0]); // 30 cm beside the knee, in the air
    const r = rigMesh(c.mesh, opts({ givenJoints: { LeftLeg: out } }));
    expect(dist(pos(r, 'LeftLeg'), out)).toBeLessThan(1e-6);
    const check = r.report.checks.find((k) => k.code === 'given_outside');
    expect(check?.joints).toEqual(['LeftLeg']);
    expect(r.report.joints.find((j) => j.name === 'LeftLeg')!.confidence).toBe(1);
  });

  it('names a joint the fitted skeleton lacks', () => {
    expect(() => rigMesh(c.mesh, opts({ givenJoints: { LeftKnee: [0, 0.5, 0] } }))).toThrow(RigError);
    expect(() => rigMesh(c.mesh, opts({ givenJoints: { LeftKnee: [0, 0.5, 0] } }))).toThrow(/LeftKnee/);
  });

  it('takes names in the request naming and positions after rotation_y', () => {
    const turned = syntheticCharacter('biped', { pose: 'A', accessories: false, rotationY: 90 });
    const base = rigMesh(turned.mesh, opts({ rotationY: 90, boneNaming: 'unreal' }));
    const calf = add(pos(base, 'calf_l'), [0, 0.05, 0.03]);
    const r = rigMesh(turned.mesh, opts({ rotationY: 90, boneNaming: 'unreal', givenJoints: { calf_l: calf } }));
    expect(dist(pos(r, 'calf_l'), calf)).toBeLessThan(1e-6);
    expect(dist(skeletonWorldPositions(r.skeleton).get('calf_l')!, calf)).toBeLessThan(1e-3);
  });
});

describe('given joints are checked against the model', () => {
  const c = syntheticCharacter('biped', { pose: 'A', accessories: false });
  it('refuses a position outside the bounding box (beyond 1% of its diagonal), naming the joint', () => {
    expect(() => rigMesh(c.mesh, opts({ givenJoints: { LeftLeg: [0.1, 2.5, 0] } }))).toThrow(/joints\.LeftLeg: y = 2\.5 lies outside the model's bounding box/);
  });
  it('refuses non-finite numbers and wrong arity, naming the joint', () => {
    expect(() => rigMesh(c.mesh, opts({ givenJoints: { Head: [0, Infinity, 0] } }))).toThrow(/joints\.Head: a position is 3 finite numbers/);
    expect(() => rigMesh(c.mesh, opts({ givenJoints: { Head: [0, 1] as unknown as [number, number, number] } }))).toThrow(/joints\.Head/);
  });
});
