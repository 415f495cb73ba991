import { describe, expect, it } from 'vitest';
import { reportSkeleton } from '../../../renderer/edit/report-skeleton';
import type { RigReportJoint } from '../../../renderer/api/rig-report';

const joints: RigReportJoint[] = [
  { name: 'Hips', parent: null, role: 'hips', confidence: 1, position: [0, 1, 0], deform: true },
  { name: 'LeftHand', parent: 'Hips', role: 'left_hand', confidence: 0.5, position: [0.6, 1, 0], deform: true, tip: [0.7, 1, 0] },
  { name: 'Head_End', parent: 'Hips', role: 'head_end', confidence: 1, position: [0, 1.8, 0] },
];

describe('the edited skeleton for the re-skin', () => {
  it('lists joints in report order with parents by name, end joints not deforming', () => {
    const s = reportSkeleton(joints, { Hips: [0, 1.1, 0] });
    expect([...s.positions]).toEqual([0, 1.1, 0, 0.6, 1, 0, 0, 1.8, 0]);
    expect([...s.parents]).toEqual([-1, 0, 0]);
    expect(s.deform).toEqual([true, true, false]);
  });

  it('moves a leaf bone end along with its joint', () => {
    const s = reportSkeleton(joints, { LeftHand: [0.5, 1.2, 0.1] });
    expect(s.leafTips).toHaveLength(1);
    expect(s.leafTips[0][0]).toBe(1);
    s.leafTips[0][1].forEach((v, k) => expect(v).toBeCloseTo([0.6, 1.2, 0.1][k]));
  });
});
