/**
 * The Quaternius Goblin's ground truth as eval:rig reads it, checked against Blender's import of the same
 * file: its face mesh is skinned to a second armature (`FaceArmature`, root bone `Bone`, like the body's)
 * that no clip moves, so in Blender 3.4 the face stays where it rests, on the head, through the Walk
 * (centroid (0, 482.5, 26.5) cm at frames 1, 8, 16 and 24) while the feet walk.
 */
import { afterAll, expect, it } from 'vitest';
import { stopAssimpWorker } from '../../shared/mesh/assimp-convert';
import { corpusPath, describeWithCorpus } from '../support/corpus';
import { readCorpusRig } from './corpus-gltf';

afterAll(() => stopAssimpWorker());

describeWithCorpus('the Quaternius Goblin ground truth', () => {
  it('keeps the face on the head and still through the Walk, as Blender does, while the feet move', async () => {
    const gt = await readCorpusRig(corpusPath('characters/quaternius/Goblin.fbx'));
    const walk = gt.clips.find((c) => c.name.endsWith('Goblin_Walk'))!;
    const weights = gt.weightsOf();
    const faceBone = gt.order.find((j) => gt.nameOf(j) === 'Bone_node')!;
    const face = [...weights.keys()].filter((v) => weights[v].some(([j]) => j === faceBone));
    expect(face.length).toBe(576);
    const foot = [...weights.keys()].filter((v) => weights[v].some(([j, w]) => gt.nameOf(j) === 'Foot.L' && w > 0.5));
    const out = new Float32Array(gt.positions.length);
    const moved = (vs: number[]) => Math.max(...vs.map((v) => Math.hypot(out[v * 3] - gt.positions[v * 3], out[v * 3 + 1] - gt.positions[v * 3 + 1], out[v * 3 + 2] - gt.positions[v * 3 + 2])));
    for (const f of [1, 8, 16, 24]) {
      gt.skinOf(walk.sample((f - 1) / 25), out);
      for (const v of face) expect(gt.positions[v * 3 + 1]).toBeGreaterThan(465);
      expect(moved(face)).toBeLessThan(1e-3);
      expect(moved(foot)).toBeGreaterThan(5);
    }
  }, 120_000);
});
