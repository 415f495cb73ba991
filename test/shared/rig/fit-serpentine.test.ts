import { describe, expect, it } from 'vitest';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { capsule, sphere } from '../../../shared/rig/synthetic/shapes';
import { onePartMesh } from '../../support/piece-mesh';

describe('fitSerpentine', () => {
  // A straight snake along -Z: a head wider than the neck, a body tapering to the tail tip.
  const mesh = onePartMesh([capsule([0, 0.08, 1.0], [0, 0.08, 0.85], 0.07, 0.06), capsule([0, 0.08, 0.85], [0, 0.06, -1.2], 0.05, 0.01)]);
  for (const engine of ['fast', 'pro'] as const)
    it(`keeps a straight symmetric body's chain on the mirror plane (${engine})`, () => {
      const r = rigMesh(mesh, { rigType: 'serpentine', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      for (const j of r.report.joints) expect(Math.abs(j.position[0]), j.name).toBeLessThan(1e-9);
      const head = r.report.joints.find((j) => j.name === 'Head')!.position;
      expect(head[2]).toBeGreaterThan(0.7);
    });

  // A cartoon snake: a round head twice as thick as the body holds the skeleton's thickest voxel, so the
  // skeleton finds the tail tip as its only extremity.
  const cartoon = onePartMesh([sphere([0, 0.12, 0.9], 0.12), capsule([0, 0.08, 0.85], [0, 0.05, -1.2], 0.055, 0.012)]);
  for (const engine of ['fast', 'pro'] as const)
    it(`rigs a snake whose head is its thickest part, head first (${engine})`, () => {
      const r = rigMesh(cartoon, { rigType: 'serpentine', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      const at = (n: string): number[] => r.report.joints.find((j) => j.name === n)!.position;
      expect(at('Head')[2]).toBeGreaterThan(0.75);
      expect(at('Tail_End')[2]).toBeLessThan(-1.1);
      expect(at('Spine10')[2]).toBeLessThan(at('Spine01')[2]);
    });
});
