import { describe, expect, it } from 'vitest';
import { centreX, mirrorAcross, mirrorTwin } from '../../../renderer/edit/joint-symmetry';

describe('joint symmetry', () => {
  it('finds the twin in the namings the service writes', () => {
    const names = new Set(['Hips', 'LeftLeg', 'RightLeg', 'mixamorig:LeftArm', 'mixamorig:RightArm', 'thigh.L', 'thigh.R', 'calf_l', 'calf_r', 'LeftToe_End']);
    expect(mirrorTwin('LeftLeg', names)).toBe('RightLeg');
    expect(mirrorTwin('RightLeg', names)).toBe('LeftLeg');
    expect(mirrorTwin('mixamorig:RightArm', names)).toBe('mixamorig:LeftArm');
    expect(mirrorTwin('thigh.L', names)).toBe('thigh.R');
    expect(mirrorTwin('calf_r', names)).toBe('calf_l');
    expect(mirrorTwin('Hips', names)).toBeNull();
    // A twin the rig lacks is no twin.
    expect(mirrorTwin('LeftToe_End', names)).toBeNull();
  });

  it('mirrors across the mid-plane of the bounds', () => {
    const c = centreX({ min: [-0.4, 0, -0.1], max: [0.6, 1.8, 0.1] });
    expect(c).toBeCloseTo(0.1);
    const m = mirrorAcross([0.3, 0.5, 0.02], c);
    expect(m[0]).toBeCloseTo(-0.1);
    expect(m.slice(1)).toEqual([0.5, 0.02]);
  });
});
