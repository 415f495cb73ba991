/**
 * A standing leg's knee joint at KNEE_DEPTH (0.6) of the leg's depth from the back (biped-knee-depth.ts),
 * where the corpus artists put theirs (0.50-0.93 of it, median 0.6); the medial path or the section's centre
 * put it at 0.5 or behind. A leg bent at the knee keeps its fitted knee: across a bent knee the line along Z
 * runs along the thigh or the shin. The volume is a real voxelisation of a leg-shaped box (0.2 deep, 0.12
 * wide, 1 tall) on the fast grid; the fit's joints are placed by hand on its axis.
 */
import { describe, expect, it } from 'vitest';
import { KNEE_DEPTH, kneesForward } from '../../../shared/rig/biped-knee-depth';
import type { FitResult } from '../../../shared/rig/fit-common';
import { buildVolume } from '../../../shared/rig/volume';
import { ENGINE } from '../../../shared/rig/rig-mesh';
import { box } from '../../../shared/rig/synthetic/shapes';
import { depthRun } from '../../../shared/rig/mid-depth';

const DEPTH = 0.2;
const leg = box([0.1, 0.5, 0], [0.06, 0.5, DEPTH / 2]);
const positions = new Float32Array(leg.positions), indices = new Uint32Array(leg.indices);
const vol = buildVolume(positions, indices, new Float64Array([0.04, 0, -0.1]), new Float64Array([0.16, 1, 0.1]), ENGINE.fast.resolution);

/** A fit holding one leg: hip, knee and ankle at the given points (the rest of a biped does not matter here). */
function legFit(hip: number[], knee: number[], ankle: number[]): FitResult {
  return {
    names: ['LeftUpLeg', 'LeftLeg', 'LeftFoot'], keys: ['LeftUpLeg', 'LeftLeg', 'LeftFoot'], parents: new Int32Array([-1, 0, 1]),
    roles: ['left_upper_leg', 'left_lower_leg', 'left_foot'], deform: [true, true, true],
    positions: new Float64Array([...hip, ...knee, ...ankle]), leafTips: new Map(), warnings: [], facingDeg: 0,
  };
}

describe('kneesForward', () => {
  it('puts a straight leg\'s knee at 0.6 of the depth through it, from the back', () => {
    const fit = legFit([0.1, 0.9, 0], [0.1, 0.5, 0], [0.1, 0.1, 0]);
    kneesForward(fit, vol);
    const run = depthRun(vol, 0.1, 0.5, 0)!;
    // The voxel run spans the box's depth to within a voxel at each face.
    expect(run.front - run.back).toBeGreaterThan(DEPTH - 2 * vol.grid.h);
    expect(fit.positions[5]).toBeCloseTo(run.back + KNEE_DEPTH * (run.front - run.back), 9);
    // Ahead of the middle by a tenth of the depth, give or take half a voxel at each face.
    expect(fit.positions[5]).toBeGreaterThan(0.1 * DEPTH - vol.grid.h);
    expect(fit.positions[5]).toBeLessThan(0.1 * DEPTH + vol.grid.h);
    expect([fit.positions[3], fit.positions[4]]).toEqual([0.1, 0.5]);
  });

  it('leaves a knee bent more than 25 degrees where the fit put it', () => {
    // Thigh forward 30 degrees from the vertical, shin straight down.
    const t = Math.tan((30 * Math.PI) / 180) * 0.3;
    const fit = legFit([0.1, 0.8, -t / 2], [0.1, 0.5, t / 2], [0.1, 0.1, t / 2]);
    kneesForward(fit, vol);
    expect(fit.positions[5]).toBe(t / 2);
  });

  it('leaves a knee with no inside voxel on its line along Z where it was', () => {
    const fit = legFit([0.5, 0.9, 0.01], [0.5, 0.5, 0.01], [0.5, 0.1, 0.01]);
    kneesForward(fit, vol);
    expect(fit.positions[5]).toBe(0.01);
  });
});

describe('kneesForward under a garment', () => {
  it('leaves a knee the fit placed by proportion under a dress where it was', () => {
    const fit = legFit([0.1, 0.9, 0], [0.1, 0.5, 0], [0.1, 0.1, 0]);
    fit.doubts = [{ code: 'joined_legs', joints: ['Hips', 'LeftUpLeg', 'LeftLeg'], message: 'a dress hides the legs', repaired: false }];
    kneesForward(fit, vol);
    expect(fit.positions[5]).toBe(0);
  });
});
