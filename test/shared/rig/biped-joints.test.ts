/**
 * The biped joint helpers on hand-made shapes with known answers: the ankle under the shin at the top of a
 * boot and a digitigrade ankle at the top of the metatarsus (biped-ankle.ts), and the armpit at a clean gap, at webbing, and past a bracelet (biped-arm.ts).
 */
import { describe, expect, it } from 'vitest';
import { box, capsule, torus } from '../../../shared/rig/synthetic/shapes';
import type { MeshPiece } from '../../../shared/rig/synthetic/shapes';
import type { Normalised } from '../../../shared/rig/normalize';
import { shapeVolume } from '../../support/piece-volume';
import { Polyline } from '../../../shared/rig/polyline';
import { digitigradeAnkle, placeAnkle } from '../../../shared/rig/biped-ankle';
import { findArmpit } from '../../../shared/rig/biped-arm';
import { at } from '../../../shared/rig/fit-common';

type V3 = [number, number, number];

/** A polyline through world points (densified every 0.01), in the volume's normalised frame, radius r (world). */
function worldPath(n: Normalised, pts: V3[], r: number): Polyline {
  const out: number[] = [];
  for (let i = 0; i + 1 < pts.length; i++) {
    const [a, b] = [pts[i], pts[i + 1]];
    const steps = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]) / 0.01));
    for (let k = 0; k < steps; k++) for (let q = 0; q < 3; q++) out.push(((a[q] + ((b[q] - a[q]) * k) / steps) - n.offset[q]) * n.scale);
  }
  const last = pts[pts.length - 1];
  for (let q = 0; q < 3; q++) out.push((last[q] - n.offset[q]) * n.scale);
  return new Polyline(Float64Array.from(out), new Float64Array(out.length / 3).fill(r * n.scale), 0);
}

const toWorld = (n: Normalised, p: ArrayLike<number>): V3 => [p[0] / n.scale + n.offset[0], p[1] / n.scale + n.offset[1], p[2] / n.scale + n.offset[2]];

describe('placeAnkle', () => {
  // A shin (radius 0.05, axis x = 0.1, z = 0) on a boot 0.14 high reaching 0.24 forward, and a second leg
  // so the shape stands like a biped. The boot's medial path runs diagonally from the toe to the shin.
  const legs: MeshPiece[] = [];
  for (const x of [0.1, -0.1]) legs.push(capsule([x, 0.14, 0], [x, 0.9, 0], 0.05, 0.06), box([x, 0.07, 0.07], [0.06, 0.07, 0.15]));
  const diagonal = (n: Normalised): Polyline => worldPath(n, [[0.1, 0.03, 0.2], [0.1, 0.1, 0.08], [0.1, 0.3, 0.0], [0.1, 0.6, 0]], 0.05);

  for (const res of [80, 144])
    it(`sits on the shin's axis at the top of the boot, not on the diagonal path (grid ${res})`, () => {
      const { vol, n } = shapeVolume(legs, res);
      const P = diagonal(n);
      // Seed the bend where the diagonal path turns (its second corner), as fit-biped does.
      const sBend = P.findS((_x, y) => y >= (0.1 - n.offset[1]) * n.scale);
      const sUp = P.findS((_x, y) => y >= (0.5 - n.offset[1]) * n.scale);
      const ankle = toWorld(n, placeAnkle(vol, P, sBend, sUp));
      const h = vol.grid.h / n.scale;
      expect(Math.abs(ankle[0] - 0.1)).toBeLessThan(1.5 * h);
      expect(Math.abs(ankle[2])).toBeLessThan(1.5 * h);
      // The boot's top is at 0.14: the ankle is at the instep, within about a voxel.
      expect(Math.abs(ankle[1] - 0.14)).toBeLessThan(1.5 * h);
    });

  it('stays at the seed on a straight leg without a foot', () => {
    const { vol, n } = shapeVolume([capsule([0.1, 0.05, 0], [0.1, 0.9, 0], 0.05, 0.06), capsule([-0.1, 0.05, 0], [-0.1, 0.9, 0], 0.05, 0.06)], 80);
    const P = worldPath(n, [[0.1, 0.0, 0], [0.1, 0.6, 0]], 0.05);
    const sBend = P.findS((_x, y) => y >= (0.12 - n.offset[1]) * n.scale);
    const sUp = P.findS((_x, y) => y >= (0.5 - n.offset[1]) * n.scale);
    const ankle = toWorld(n, placeAnkle(vol, P, sBend, sUp));
    expect(Math.abs(ankle[1] - 0.12)).toBeLessThan(0.03);
    expect(Math.abs(ankle[2])).toBeLessThan(0.02);
  });
});

describe('digitigradeAnkle', () => {
  // Two theropod legs: thigh down and forward to the knee, shin down and back to the ankle 0.2 up, the
  // metatarsus down and forward to the ball, toes forward. The medial path cuts the ankle's inner corner.
  const legs: MeshPiece[] = [];
  for (const x of [0.1, -0.1])
    legs.push(
      capsule([x, 0.9, 0], [x, 0.52, 0.14], 0.08, 0.06),
      capsule([x, 0.52, 0.14], [x, 0.2, -0.06], 0.05, 0.04),
      capsule([x, 0.2, -0.06], [x, 0.035, 0.06], 0.04, 0.035),
      capsule([x, 0.035, 0.06], [x, 0.035, 0.22], 0.035, 0.02),
    );
  const path = (n: Normalised): Polyline => worldPath(n, [[0.1, 0.035, 0.24], [0.1, 0.035, 0.06], [0.1, 0.2, -0.03], [0.1, 0.52, 0.12], [0.1, 0.9, 0]], 0.045);

  for (const res of [80, 144])
    it(`is the top of the metatarsus, where the leg bends backwards (grid ${res})`, () => {
      const { vol, n } = shapeVolume(legs, res);
      const P = path(n);
      const sUp = P.findS((_x, y) => y >= (0.7 - n.offset[1]) * n.scale);
      const found = digitigradeAnkle(vol, P, sUp, vol.max[1] - vol.min[1]);
      expect(found).not.toBeNull();
      const ankle = toWorld(n, found!.p);
      const h = vol.grid.h / n.scale;
      expect(Math.abs(ankle[1] - 0.2)).toBeLessThan(2 * h);
      // Behind the path's corner (z -0.03), towards the joint's centre (-0.06).
      expect(ankle[2]).toBeLessThan(-0.03);
      expect(Math.abs(ankle[2] + 0.06)).toBeLessThan(2.5 * h);
      // The ball of the foot where the toes meet the metatarsus.
      const ball = toWorld(n, at(P, found!.sBall));
      expect(Math.hypot(ball[1] - 0.035, ball[2] - 0.06)).toBeLessThan(0.04);
    });

  it('is null on a plantigrade foot (a boot under a straight shin)', () => {
    const boots: MeshPiece[] = [];
    for (const x of [0.1, -0.1]) boots.push(capsule([x, 0.14, 0], [x, 0.9, 0], 0.05, 0.06), box([x, 0.07, 0.07], [0.06, 0.07, 0.15]));
    const { vol, n } = shapeVolume(boots, 80);
    const P = worldPath(n, [[0.1, 0.03, 0.2], [0.1, 0.1, 0.08], [0.1, 0.3, 0.0], [0.1, 0.6, 0]], 0.05);
    const sUp = P.findS((_x, y) => y >= (0.5 - n.offset[1]) * n.scale);
    expect(digitigradeAnkle(vol, P, sUp, vol.max[1] - vol.min[1])).toBeNull();
  });
});

describe('findArmpit', () => {
  // A torso box (half-width 0.15) and a horizontal arm (radius 0.05 at y = 1.3) from its middle to x = 0.85.
  const torso = box([0, 1.0, 0], [0.15, 0.45, 0.1]);
  const arm = capsule([0.0, 1.3, 0], [0.8, 1.3, 0], 0.05, 0.045);
  const armPath = (n: Normalised): Polyline => worldPath(n, [[0.85, 1.3, 0], [0, 1.3, 0]], 0.05);
  const pitX = (pieces: MeshPiece[]): { x: number; webbed: boolean; h: number } => {
    const { vol, n } = shapeVolume(pieces, 96);
    const A = armPath(n);
    const pit = findArmpit(vol, A, 0.05 * n.scale, vol.max[1] - vol.min[1]);
    return { x: toWorld(n, at(A, pit.s))[0], webbed: pit.webbed, h: vol.grid.h / n.scale };
  };

  it('a clean gap under the arm: the torso wall, not webbed', () => {
    const r = pitX([torso, arm]);
    expect(r.webbed).toBe(false);
    expect(Math.abs(r.x - 0.15)).toBeLessThan(1.5 * r.h);
  });

  it('webbing under the arm beside the torso: the fold apex, webbed', () => {
    const r = pitX([torso, arm, box([0.185, 1.215, 0], [0.035, 0.04, 0.05])]);
    expect(r.webbed).toBe(true);
    expect(Math.abs(r.x - 0.22)).toBeLessThan(1.5 * r.h);
  });

  it('a bracelet around the forearm is crossed, not taken for the armpit', () => {
    const r = pitX([torso, arm, torus([0.55, 1.3, 0], [1, 0, 0], 0.07, 0.022)]);
    expect(Math.abs(r.x - 0.15)).toBeLessThan(1.5 * r.h);
  });
});
