/**
 * A dress with no body modelled inside it (shared/rig/sealed-cavity.ts): one shell from the shoulders to a
 * hem on the floor, open only there, as 0 A.D.'s f_dress and f_armor_dress are. The outside flood fill ran
 * in under the hem and left the whole torso hollow; the pocket fill closed the skirt only where a roof stood
 * within a quarter of the height, so the fit saw two walls for a torso and put every joint from the hips to
 * the head 0.10-0.19 H low (semantic error 20-25% of the height on both 0 A.D. dresses).
 */
import { describe, expect, it } from 'vitest';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { precheckMesh } from '../../../shared/rig/precheck';
import { bipedBody, REALISTIC } from '../../../shared/rig/synthetic/biped-body';
import { characterFromBuild } from '../../../shared/rig/synthetic/characters';
import { lathe } from '../../../shared/rig/synthetic/shapes';
import type { RigEngine } from '../../../shared/rig/types';
import { heightOf } from '../../eval/metrics';

/** The realistic adult, arms 60 degrees down, its torso and legs replaced by a floor-length dress shell. */
function hollowDress() {
  const s = REALISTIC;
  const body = bipedBody({ ...s, armDownDeg: 60 });
  const j = body.joints;
  const hidden = /^(pelvis|abdomen|chest|(Left|Right)_(thigh|shin|foot))$/;
  body.pieces = body.pieces.filter(([name]) => !hidden.test(name));
  const hips = (s.legX + 1.1 * s.thighR) * 1.1;
  // Closed at the top (a flat cap under the neck), open at the hem.
  body.pieces.push(['dress', lathe([0, 0, 0], [
    [j.Neck[1], s.neckR * 1.3], [s.armY, s.chestR * 1.15], [j.Spine1[1], s.waistR * 1.05], [j.LeftUpLeg[1], hips], [0, hips * 1.35],
  ], 0.8, 28, true)]);
  return characterFromBuild('hollow_dress', 'biped', body, { accessories: false });
}

describe('a dress with no body inside it', () => {
  const c = hollowDress();
  const H = heightOf(c.mesh.positions);
  const truth = (k: string): number[] => {
    const i = c.truth.keys.indexOf(k);
    return Array.from(c.truth.positions.subarray(i * 3, i * 3 + 3));
  };
  for (const engine of ['fast', 'pro'] as RigEngine[]) {
    it(`finds the torso inside the shell, not in its walls (${engine})`, () => {
      const r = rigMesh(c.mesh, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      const joint = (k: string): number[] => r.report.joints.find((q) => q.name === k)!.position;
      const off = (k: string): number => Math.hypot(...joint(k).map((v, a) => v - truth(k)[a])) / H;
      for (const k of ['Hips', 'Spine2', 'Neck', 'Head', 'LeftArm', 'RightArm']) expect(off(k), k).toBeLessThan(0.06);
      // The spine runs through the middle of the dress, not along its front or back wall.
      for (const k of ['Hips', 'Spine2']) expect(Math.abs(joint(k)[2] - truth(k)[2]) / H, k).toBeLessThan(0.03);
    });
  }
  it('is read by the pre-check as a biped whose legs a dress joins', () => {
    // Before, the hollow skirt hid the joined legs: no joined_legs warning.
    const p = precheckMesh(c.mesh);
    expect(p.suggestedRigType).toBe('biped');
    expect(p.warnings.map((w) => w.code)).toContain('joined_legs');
  });
});
