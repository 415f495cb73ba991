import { describe, expect, it } from 'vitest';
import { leaningHeadBiped } from '../../../shared/rig/synthetic/biped-variants';
import { prepareSkinState, skinSkeleton } from '../../../shared/rig/skin-state';
import type { RigEngine } from '../../../shared/rig/types';

/**
 * The synthetic adult biped with its head leaning forward by half the skull's radius (the Quaternius
 * Zombie's pose), skinned on its own ground-truth joints: the Head bone runs up through the back of the
 * skull, and the chest (twice the median thickness, distances halved) reached past the Neck joint into the
 * face. Before the stretch was limited to across the bone (bone-thickness.ts), Spine2 and the clavicles held
 * 37% (fast) and 21% (pro) of the head's weight; now 5% and 1%.
 */
describe('a thick bone\'s reach (bone-thickness.ts)', () => {
  const c = leaningHeadBiped(0.5);
  it.each(['fast', 'pro'] as RigEngine[])('stops at its end joint: the chest does not take a forward-leaning head (%s)', (engine) => {
    const state = prepareSkinState(c.mesh, engine, 0);
    const { keys, parents, positions } = c.truth;
    const norm = state.norm;
    const pos = new Float64Array(positions.length);
    for (let i = 0; i < pos.length; i++) pos[i] = (positions[i] - norm.offset[i % 3]) * norm.scale;
    const w = skinSkeleton(state, { positions: pos, parents: Int32Array.from(parents), deform: keys.map((k) => !k.endsWith('_End')), leafTips: new Map() });
    const part = c.partNames.indexOf('head');
    let torso = 0, head = 0;
    const v0 = c.mesh.partOffsets[part], v1 = c.mesh.partOffsets[part + 1];
    for (let v = v0; v < v1; v++)
      for (let k = 0; k < 4; k++) {
        const name = keys[w.joints[v * 4 + k]];
        if (/^Spine|Shoulder$/.test(name)) torso += w.weights[v * 4 + k];
        if (name === 'Head') head += w.weights[v * 4 + k];
      }
    expect(torso / (v1 - v0), 'head weight on the chest and clavicles').toBeLessThan(0.1);
    expect(head / (v1 - v0), 'head weight on the Head bone').toBeGreaterThan(0.6);
  });
});
