/**
 * Legs modelled as two boxes pressed side by side (shared/rig/leg-seam.ts), as blocky characters are: the
 * voxel volume fuses them to the floor, so the fit read them as joined by a dress and placed the hips from the
 * head's proportions, inside the torso box. Their inner faces, back to back on the mid-plane, show where the
 * legs end. Minetest's player (through assimp), fast / pro: 7.5 / 8.7% -> 0.8 / 2.0% of its height.
 */
import { describe, expect, it } from 'vitest';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { blocky } from '../../support/blocky-biped';
import type { RigEngine } from '../../../shared/rig/types';

const joint = (r: ReturnType<typeof rigMesh>, name: string): number[] => r.report.joints.find((j) => j.name === name)!.position;
const dist = (a: number[], b: number[]): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const H = 1.6;

describe('legs pressed together as two boxes', () => {
  it.each(['fast', 'pro'] as RigEngine[])('hinge at the top of the leg boxes, each in its own leg (%s)', (engine) => {
    const r = rigMesh(blocky(true), { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    expect(dist(joint(r, 'LeftUpLeg'), [0.1, 0.6, 0]) / H).toBeLessThan(0.02);
    expect(dist(joint(r, 'RightUpLeg'), [-0.1, 0.6, 0]) / H).toBeLessThan(0.02);
    expect(dist(joint(r, 'Hips'), [0, 0.6, 0]) / H).toBeLessThan(0.02);
    expect(r.report.warnings.join(' ')).not.toMatch(/dress or a robe/);
  });
  it('leaves one solid block of legs to the body\'s proportions, and says so', () => {
    const r = rigMesh(blocky(false), { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    expect(r.report.warnings.join(' ')).toMatch(/joined_legs: the legs are joined almost to the floor/);
  });
});
