/**
 * FBX clip timing: a Mixamo-style FBX from the corpus (Quaternius' Zombie: `Hips`, `LeftUpLeg`, ... at 24
 * fps) keeps each clip's duration through our reader and through retargeting (the rig job's own clip step),
 * measured against Blender 3.4's own import of the same file (its action frame ranges).
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { retargetJobClips } from '../../../electron/workers/operations/retarget-clips';
import { templateSkeleton } from '../../../shared/anim/template-skeleton';
import { readModel } from '../../../shared/mesh/read-model';
import { blenderImport, blenderPath } from '../../support/blender';
import { corpusPath, describeWithCorpus } from '../../support/corpus';

describeWithCorpus('FBX clip timing', () => {
  it.skipIf(!blenderPath)('Zombie.fbx: every clip lasts what Blender says, read and retargeted', async () => {
    const file = corpusPath('characters', 'quaternius', 'Zombie.fbx');
    const bytes = new Uint8Array(readFileSync(file));
    const [imported] = await blenderImport([file]);
    expect(imported.error).toBeUndefined();
    const { model } = await readModel(bytes, 'Zombie.fbx');
    expect(model.clips.length).toBe(5);
    for (const clip of model.clips) {
      // Blender names the action `<armature>|<stack>`; its frames run from 1 at the scene's fps.
      const action = imported.actions.find((a) => a.name.endsWith(clip.name))!;
      expect(action, `${clip.name} in ${JSON.stringify(imported.actions)}`).toBeDefined();
      const blenderSeconds = (action.range[1] - action.range[0]) / imported.fps;
      expect(clip.duration, clip.name).toBeCloseTo(blenderSeconds, 3);
      const out = await retargetJobClips([{ field: 'animation_url', sha256: 'corpus', filename: 'Zombie.fbx', clip_name: clip.name }], templateSkeleton('biped'), () => bytes);
      const baked = out.clips[0];
      expect(baked.duration, clip.name).toBeCloseTo(blenderSeconds, 3);
      const hips = baked.tracks.find((t) => t.joint === 'Hips' && t.path === 'rotation')!;
      expect(hips.times[0]).toBeCloseTo(0, 5);
      expect(hips.times[hips.times.length - 1], clip.name).toBeCloseTo(blenderSeconds, 3);
    }
  }, 300_000);
});
