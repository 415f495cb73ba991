/**
 * A standing leg's knee joint at KNEE_DEPTH (0.6) of the leg's depth from the back, and its ankle not ahead
 * of the shin's middle (biped-leg-depth.ts), where the corpus artists put theirs (knees 0.43-0.93 of the depth,
 * median 0.6; ankles -0.01-0.56 of the shin's); the medial path or the section's centre put the knee at 0.5 or
 * behind, the ankle at 0.45-0.70. A leg bent at the knee keeps its fitted knee: across a bent knee the line
 * along Z runs along the thigh or the shin. The volume is a real voxelisation of a leg-shaped box (0.2 deep, 0.12
 * wide, 1 tall) on the fast grid; the fit's joints are placed by hand on its axis.
 */
import { describe, expect, it } from 'vitest';
import { ANKLE_DEPTH_MAX, KNEE_DEPTH, legJointsInDepth } from '../../../shared/rig/biped-leg-depth';
import type { FitResult } from '../../../shared/rig/fit-common';
import { buildVolume } from '../../../shared/rig/volume';
import { ENGINE } from '../../../shared/rig/rig-mesh';
import { box } from '../../../shared/rig/synthetic/shapes';
import { depthRun } from '../../../shared/rig/mid-depth';

const DEPTH = 0.2;
const leg = box([0.1, 0.5, 0], [0.06, 0.5, DEPTH / 2]);
const positions = new Float32Array(leg.positions), indices = new Uint32Array(leg.indices);
const vol = buildVolume(positions, indices, new Float64Array([0.04, 0, -0.1]), new Float64Array([0.16, 1, 0.1]), ENGINE.fast.resolution);

/**
 * A fit holding two legs: the left one's hip, knee and ankle at the given points (indices 0-8 of positions), the
 * right one beside it at x = -0.1, outside the voxelised box, at the same depths unless `rightDepth` is given (a
 * stride). The rest of a biped does not matter here.
 */
function legFit(hip: number[], knee: number[], ankle: number[], rightDepth?: number): FitResult {
  const right = (p: number[]): number[] => [-0.1, p[1], rightDepth ?? p[2]];
  const keys = ['LeftUpLeg', 'LeftLeg', 'LeftFoot', 'RightUpLeg', 'RightLeg', 'RightFoot'];
  return {
    names: keys, keys, parents: new Int32Array([-1, 0, 1, -1, 3, 4]),
    roles: ['left_upper_leg', 'left_lower_leg', 'left_foot', 'right_upper_leg', 'right_lower_leg', 'right_foot'], deform: keys.map(() => true),
    positions: new Float64Array([...hip, ...knee, ...ankle, ...right(hip), ...right(knee), ...right(ankle)]), leafTips: new Map(), warnings: [], facingDeg: 0,
  };
}

describe('legJointsInDepth: the knee', () => {
  it('puts a straight leg\'s knee at 0.6 of the depth through it, from the back', () => {
    const fit = legFit([0.1, 0.9, 0], [0.1, 0.5, 0], [0.1, 0.1, 0]);
    legJointsInDepth(fit, vol);
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
    legJointsInDepth(fit, vol);
    expect(fit.positions[5]).toBe(t / 2);
  });

  it('moves an ankle ahead of the shin\'s middle back to it, and leaves one behind it where it is', () => {
    const fit = legFit([0.1, 0.9, 0.05], [0.1, 0.5, 0.05], [0.1, 0.1, 0.05]);
    legJointsInDepth(fit, vol);
    const shin = depthRun(vol, 0.1, 0.13, 0.05)!;
    expect(fit.positions[8]).toBeCloseTo(shin.back + ANKLE_DEPTH_MAX * (shin.front - shin.back), 9);
    expect(Math.abs(fit.positions[8])).toBeLessThan(vol.grid.h);
    const behind = legFit([0.1, 0.9, 0], [0.1, 0.5, 0], [0.1, 0.1, -0.05]);
    legJointsInDepth(behind, vol);
    expect(behind.positions[8]).toBe(-0.05);
  });

  it('leaves legs in a stride alone: the line along Z crosses a leaning shin off its axis', () => {
    const fit = legFit([0.1, 0.9, 0], [0.1, 0.5, 0], [0.1, 0.1, 0.05], -0.1);
    legJointsInDepth(fit, vol);
    expect([fit.positions[5], fit.positions[8]]).toEqual([0, 0.05]);
  });

  it('leaves a knee with no inside voxel on its line along Z where it was', () => {
    const fit = legFit([0.5, 0.9, 0.01], [0.5, 0.5, 0.01], [0.5, 0.1, 0.01]);
    legJointsInDepth(fit, vol);
    expect(fit.positions[5]).toBe(0.01);
  });
});

describe('legJointsInDepth under a garment', () => {
  it('leaves a knee the fit placed by proportion under a dress where it was', () => {
    const fit = legFit([0.1, 0.9, 0], [0.1, 0.5, 0], [0.1, 0.1, 0]);
    fit.doubts = [{ code: 'joined_legs', joints: ['Hips', 'LeftUpLeg', 'LeftLeg'], message: 'a dress hides the legs', repaired: false }];
    legJointsInDepth(fit, vol);
    expect(fit.positions[5]).toBe(0);
    // Legs joined to the floor hide the ankles too.
    const joined = legFit([0.1, 0.9, 0], [0.1, 0.5, 0], [0.1, 0.1, 0.05]);
    joined.doubts = [{ code: 'joined_legs', joints: ['LeftLeg', 'LeftFoot'], message: 'a robe hides the legs', repaired: false }];
    legJointsInDepth(joined, vol);
    expect([joined.positions[5], joined.positions[8]]).toEqual([0, 0.05]);
  });
});
