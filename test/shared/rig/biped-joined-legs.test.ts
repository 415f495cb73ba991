/**
 * Legs joined to the floor by a long dress on a body with a chibi's big head (shared/rig/biped-joined-legs.ts):
 * the geometry shows no legs, and an adult's crotch (0.46 H) put the hips near such a body's chest. Under a
 * head lower than an adult's the crotch comes from the head's height (joinedLegsCrotch) and the knee keeps
 * its share of the leg. eval:rig-sweep --extras seeds 31 and 88 (hems under 0.12 H, chibi 0.67 and 0.84):
 * Hips 20 and 15% of the height off with the adult prior, semantic fast 7.3 / 5.8%.
 */
import { describe, expect, it } from 'vitest';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import type { RigEngine } from '../../../shared/rig/types';
import { buildSweepBiped, sweepBody, sweepExtras } from '../../../shared/rig/synthetic/biped-sweep';
import { characterFromBuild } from '../../../shared/rig/synthetic/characters';
import { heightOf } from '../../eval/metrics';
import { semanticError } from '../../eval/semantic-error';

describe.each([31, 88])('a chibi body in a dress to the floor (random body %i of the sweep)', (seed) => {
  const c = characterFromBuild(`sweep-${seed}`, 'biped', buildSweepBiped(seed, true), { accessories: false });
  const H = heightOf(c.mesh.positions);

  it('is the case it stands for: a chibi body, a dress whose hem is near the floor', () => {
    expect(sweepBody(seed).chibi).toBeGreaterThan(0.6);
    expect(sweepExtras(seed).dress, 'the seed draws a dress').not.toBeNull();
  });

  it.each(['fast', 'pro'] as RigEngine[])('places the hips and knees from the body, not an adult, and says so (%s)', (engine) => {
    const r = rigMesh(c.mesh, { rigType: 'biped', engine, rotationY: 0, boneNaming: 'mixamo', fingers: false });
    expect(r.report.warnings.join(' ')).toMatch(/joined_legs/);
    const s = semanticError(r, c, H);
    expect(s.perJoint.Hips, 'Hips').toBeLessThan(0.07);
    for (const k of ['LeftUpLeg', 'RightUpLeg', 'LeftLeg', 'RightLeg']) expect(s.perJoint[k], k).toBeLessThan(0.05);
    expect(s.mean).toBeLessThan(0.035);
  });
});
