/**
 * The random quadrupeds of eval:quadruped-sweep are what they claim to be: the same body for the same seed,
 * standing on y = 0 on four feet, the quadruped template's joints and parents, every deforming true joint
 * inside the mesh, Left on +X and the head towards +Z, the tail off the floor, and the draws spanning what
 * the sweep promises (short and long legs, low and high necks, tails and none).
 */
import { describe, expect, it } from 'vitest';
import { buildSweepQuadruped, quadrupedBody } from '../../../../shared/rig/synthetic/quadruped-sweep';
import { characterFromBuild } from '../../../../shared/rig/synthetic/characters';
import { quadrupedTemplate } from '../../../../shared/rig/templates/quadruped';
import { expectBodyFitsTemplate, truthAt, type V3 } from '../../../support/synthetic-truth';

const SEEDS = [1, 2, 5, 21, 26, 40];

describe('random quadrupeds of the sweep', () => {
  it('are the same body for the same seed', () => {
    expect(quadrupedBody(7)).toEqual(quadrupedBody(7));
    expect(quadrupedBody(7)).not.toEqual(quadrupedBody(8));
  });

  it.each(SEEDS)('seed %i: stands on the floor with the template\'s joints, each inside the mesh', (seed) => {
    const c = characterFromBuild(`q${seed}`, 'quadruped', buildSweepQuadruped(seed), { accessories: false });
    const q = quadrupedBody(seed);
    expectBodyFitsTemplate(c, quadrupedTemplate(), (k) => q.tailLen === 0 && k.startsWith('Tail'));
    const at = (k: string): V3 => truthAt(c, k);
    expect(at('LeftFrontUpperLeg')[0]).toBeGreaterThan(0);
    expect(at('Head')[2]).toBeGreaterThan(at('Spine2')[2]);
    // The tail's tip stays at least 0.35 of the hips' height off the floor.
    expect(at('Tail_End')[1]).toBeGreaterThan(0.35 * at('Hips')[1] - 1e-9);
  });

  it('span short and long legs, low and high necks, and bodies with and without a tail', () => {
    const bodies = Array.from({ length: 60 }, (_, i) => quadrupedBody(i + 1));
    const legs = bodies.map((q) => q.hindY / q.bodyLen);
    expect(Math.min(...legs)).toBeLessThan(0.35);
    expect(Math.max(...legs)).toBeGreaterThan(1.2);
    expect(Math.min(...bodies.map((q) => q.neckPitch))).toBeLessThan(15);
    expect(Math.max(...bodies.map((q) => q.neckPitch))).toBeGreaterThan(60);
    expect(bodies.some((q) => q.tailLen === 0)).toBe(true);
    expect(bodies.some((q) => q.tailLen > q.bodyLen)).toBe(true);
  });
});
