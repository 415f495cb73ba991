/**
 * A bone sharing its name with a mesh object comes out of assimp as `<name>_node` with its animation left
 * on the mesh's node (shared/mesh/assimp-renamed-bones.ts): reading the file gives the tracks back to the
 * bone, so the Quaternius Robot's torso plate moves as in Blender.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { returnTracksToRenamedBones } from '../../../shared/mesh/assimp-renamed-bones';
import { readModel } from '../../../shared/mesh/read-model';
import type { SceneModel } from '../../../shared/mesh/model';
import { corpusPath, describeWithCorpus } from '../../support/corpus';

describe('tracks of bones assimp renamed', () => {
  it('move to the renamed bone only when it has no track of its own', () => {
    const track = (joint: string) => ({ joint, path: 'rotation', times: new Float32Array([0]), values: new Float32Array([0, 0, 0, 1]) });
    const model = {
      skeleton: { names: ['Body', 'Torso', 'Torso_node', 'Head', 'Head_node'] },
      clips: [{ name: 'Idle', duration: 1, tracks: [track('Torso'), track('Head'), track('Head_node')] }],
    } as unknown as SceneModel;
    expect(returnTracksToRenamedBones(model)).toBe(1);
    expect(model.clips[0].tracks.map((t) => t.joint)).toEqual(['Torso_node', 'Head', 'Head_node']);
  });
});

describeWithCorpus('the Quaternius Robot read from FBX', () => {
  it('animates its Torso bone, not the Torso mesh node', async () => {
    const file = corpusPath('characters/quaternius/Robot.fbx');
    const { model } = await readModel(new Uint8Array(readFileSync(file)), path.basename(file));
    for (const clip of model.clips) {
      const joints = new Set(clip.tracks.map((t) => t.joint));
      expect(joints.has('Torso_node'), clip.name).toBe(true);
      expect(joints.has('Torso'), clip.name).toBe(false);
    }
  }, 120_000);
});
