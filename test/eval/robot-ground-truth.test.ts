/**
 * The Quaternius Robot's ground truth as eval:rig reads it: its clips, the clip transfer's correspondence
 * and the deformation breakdown (deform-breakdown.ts), checked against Blender's import of the same file.
 */
import { afterAll, expect, it } from 'vitest';
import { stopAssimpWorker } from '../../shared/mesh/assimp-convert';
import { rigMesh } from '../../shared/rig/rig-mesh';
import { corpusPath, describeWithCorpus } from '../support/corpus';
import { readCorpusRig } from './corpus-gltf';
import { deformingRoleNode, corpusRole } from './roles';
import { printBreakdown } from './deform-breakdown';
import { restWorldMatrices, transferFrame } from './deform';
import { heightOf } from './metrics';

afterAll(() => stopAssimpWorker());

describeWithCorpus('the Quaternius Robot ground truth', () => {
  const load = () => readCorpusRig(corpusPath('characters/quaternius/Robot.fbx'));

  it('keeps the torso plate still where Blender does: Idle at its first frame moves nothing', async () => {
    const gt = await load();
    const idle = gt.clips.find((c) => c.name.endsWith('Robot_Idle'))!;
    const out = new Float32Array(gt.positions.length);
    gt.skinOf(idle.sample(0), out);
    const H = heightOf(gt.positions);
    let worst = 0;
    for (let v = 0; v < out.length / 3; v++)
      worst = Math.max(worst, Math.hypot(out[v * 3] - gt.positions[v * 3], out[v * 3 + 1] - gt.positions[v * 3 + 1], out[v * 3 + 2] - gt.positions[v * 3 + 2]) / H);
    // Blender 3.4's import of the file: every mesh at its rest place (0.0% of the height).
    expect(worst).toBeLessThan(0.001);
  });

  it('maps the unweighted Hips, Abdomen and Neck that carry the head into the clip transfer', async () => {
    const gt = await load();
    const roleNode = new Map<string, number>();
    for (const j of gt.joints) {
      const role = corpusRole(j.name);
      if (role && !roleNode.has(role)) roleNode.set(role, j.node);
    }
    const all = deformingRoleNode(gt, roleNode);
    expect(gt.nameOf(all.get('hips')!)).toBe('Hips');
    expect(gt.nameOf(all.get('spine')!)).toBe('Abdomen');
    expect(gt.nameOf(all.get('neck')!)).toBe('Neck');
    expect(gt.nameOf(all.get('head')!)).toBe('Head');
  });

  it('breaks the deformation down although no weighted joint is the hips', async () => {
    const gt = await load();
    const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    const roleNode = new Map<string, number>();
    for (const j of gt.joints) {
      const role = corpusRole(j.name);
      if (role && !roleNode.has(role)) roleNode.set(role, j.node);
    }
    const map = r.skeleton.roles!.map((role) => roleNode.get(role) ?? null);
    const rest = restWorldMatrices(r.skeleton);
    const f = gt.clips[0].sample(0);
    const frames = [{ gt: f, pred: transferFrame(r.skeleton, rest, map, gt.restWorldOf(), f, roleNode.get('left_upper_leg')!, 1) }];
    const log = console.log;
    console.log = () => {};
    try {
      expect(() => printBreakdown({ r, gt, frames, height: heightOf(gt.positions) })).not.toThrow();
    } finally {
      console.log = log;
    }
  });
});
