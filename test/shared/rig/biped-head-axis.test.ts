import { describe, expect, it } from 'vitest';
import { leaningHeadBiped } from '../../../shared/rig/synthetic/biped-variants';
import { REALISTIC } from '../../../shared/rig/synthetic/biped-body';
import { prepareSkinState } from '../../../shared/rig/skin-state';
import { headEnd } from '../../../shared/rig/biped-head-axis';
import type { Vec3 } from '../../../shared/rig/fit-common';
import type { RigEngine } from '../../../shared/rig/types';

/**
 * The synthetic adult biped, its head upright or leaning forward by half the skull's radius (the Quaternius
 * Zombie's pose). From its own Head joint, the head bone's end follows the skull forward; a vertical bone
 * (the former rule) ran up the back of the leaning skull.
 */
function headJointAndEnd(lean: number, engine: RigEngine): { joint: Vec3; end: Vec3; headR: number } {
  const c = leaningHeadBiped(lean);
  const { norm, vol } = prepareSkinState(c.mesh, engine, 0);
  const k = c.truth.keys.indexOf('Head');
  const joint = [0, 1, 2].map((a) => (c.truth.positions[3 * k + a] - norm.offset[a]) * norm.scale) as Vec3;
  const top = vol.max[1];
  return { joint, end: headEnd(vol, joint, top), headR: REALISTIC.headR * norm.scale };
}

describe('the head bone runs through the skull (biped-head-axis.ts)', () => {
  it.each(['fast', 'pro'] as RigEngine[])('leans forward with a forward-leaning skull (%s)', (engine) => {
    const { joint, end, headR } = headJointAndEnd(0.5, engine);
    // The skull's centre is half a radius ahead of the neck; the end at the top of the head lies further.
    expect(end[2] - joint[2]).toBeGreaterThan(0.4 * headR);
    expect(Math.abs(end[0] - joint[0])).toBeLessThan(0.05 * headR);
  });
  it.each(['fast', 'pro'] as RigEngine[])('stays vertical over an upright skull (%s)', (engine) => {
    const { joint, end, headR } = headJointAndEnd(0, engine);
    expect(Math.abs(end[2] - joint[2])).toBeLessThan(0.15 * headR);
    expect(Math.abs(end[0] - joint[0])).toBeLessThan(0.05 * headR);
  });
});
