/**
 * Two bones of one FBX sharing a name (the Quaternius Goblin's body armature and its separate face
 * armature each have a root bone `Bone`): assimp binds both meshes to the first; reading the file binds
 * the face to its own bone again (shared/mesh/assimp-duplicate-bones.ts), where Blender 3.4's import of
 * the same file puts it, and leaves each bone its own tracks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { returnTracksToRenamedBones } from '../../../shared/mesh/assimp-renamed-bones';
import { stopAssimpWorker } from '../../../shared/mesh/assimp-convert';
import { readModel } from '../../../shared/mesh/read-model';
import type { SceneModel } from '../../../shared/mesh/model';
import { corpusPath, describeWithCorpus } from '../../support/corpus';

afterAll(() => stopAssimpWorker());

describe('tracks of a bone whose name another bone also has', () => {
  it('stay on that bone, though a `<name>_node` joint exists', () => {
    const track = (joint: string) => ({ joint, path: 'rotation', times: new Float32Array([0]), values: new Float32Array([0, 0, 0, 1]) });
    const model = {
      skeleton: { names: ['Bone', 'Body', 'Bone_node'] },
      clips: [{ name: 'Walk', duration: 1, tracks: [track('Bone'), track('Body')] }],
    } as unknown as SceneModel;
    expect(returnTracksToRenamedBones(model, new Set(['Bone']))).toBe(0);
    expect(model.clips[0].tracks.map((t) => t.joint)).toEqual(['Bone', 'Body']);
  });
});

describeWithCorpus('the Quaternius Goblin read from FBX', () => {
  it('binds the face to the face armature, on the head, and keeps the root motion on the body root', async () => {
    const file = corpusPath('characters/quaternius/Goblin.fbx');
    const { model } = await readModel(new Uint8Array(readFileSync(file)), path.basename(file));
    const sk = model.skeleton!;
    const faceBone = sk.names.indexOf('Bone_node');
    expect(faceBone).toBeGreaterThanOrEqual(0);
    expect(sk.parents[faceBone]).toBe(-1); // the face armature is its own root
    const face = model.parts.filter((p) => p.name.startsWith('GoblinFace'));
    expect(face.length).toBeGreaterThan(0);
    let found = false;
    for (const p of face) {
      for (let i = 0; i < p.skinWeights!.length; i++) if (p.skinWeights![i] > 0) expect(sk.names[p.skinJoints![i]]).toBe('Bone_node');
      for (let v = 0; v < p.positions.length / 3; v++) {
        // Blender 3.4: the face spans 469..494 cm up (the head), not -22..2 cm (the feet)
        expect(p.positions[v * 3 + 1]).toBeGreaterThan(465);
        expect(p.positions[v * 3 + 1]).toBeLessThan(498);
        // one vertex as Blender places it (its world position, Z up metres -> Y up cm)
        found ||= Math.hypot(p.positions[v * 3] - 15.58, p.positions[v * 3 + 1] - 490.94, p.positions[v * 3 + 2] - 30.48) < 0.05;
      }
    }
    expect(found).toBe(true);
    for (const clip of model.clips) {
      const joints = new Set(clip.tracks.map((t) => t.joint));
      expect(joints.has('Bone'), clip.name).toBe(true);
      expect(joints.has('Bone_node'), clip.name).toBe(false); // Blender: the face armature has no action
    }
  }, 120_000);
});
