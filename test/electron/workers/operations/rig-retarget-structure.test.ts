/**
 * animation_url with a clip whose bone names say nothing, through the real service (HTTP on loopback,
 * SQLite, a worker child process): a biped walk on `joint0..N` bones, shuffled, is mapped by structure
 * and the rig report records the mapping both ways with `mapped_by: structure`; a quadruped walk renamed
 * the same way fails the job naming the chains a biped cannot place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinClips } from '../../../../shared/anim/library';
import { clipSceneModel } from '../../../../shared/anim/clip-model';
import { writeGlb } from '../../../../shared/mesh/write-glb';
import { startLiveService, type LiveService } from '../../../support/running-service';
import { serveFiles, type FileServer } from '../../../support/file-server';
import { rigSyntheticBiped } from '../../../support/rig-synthetic-job';
import { renameShuffled } from '../../../support/rename-skeleton';

let live: LiveService;
let server: FileServer;
let base = '';
const files = new Map<string, Uint8Array>();
let walkNames: Map<string, string>;

beforeAll(async () => {
  const walk = builtinClips('biped').find((c) => c.clip.name === 'walk')!;
  const anonWalk = renameShuffled(walk.skeleton, walk.clip, (i) => `joint${i}`, 21);
  walkNames = anonWalk.newName;
  files.set('/anon-walk.glb', await writeGlb(clipSceneModel('biped', anonWalk.skeleton, [anonWalk.clip])));
  const trot = builtinClips('quadruped').find((c) => c.clip.name === 'walk')!;
  const anonTrot = renameShuffled(trot.skeleton, trot.clip, (i) => `joint${i}`, 22);
  files.set('/anon-quadruped-walk.glb', await writeGlb(clipSceneModel('quadruped', anonTrot.skeleton, [anonTrot.clip])));
  server = await serveFiles(files);
  base = server.base;
  live = await startLiveService({ workers: 1, allowPrivateUrls: true });
});
afterAll(async () => {
  await live?.close();
  server?.close();
});

const rigWith = (body: Record<string, unknown>): Promise<any> => rigSyntheticBiped(live, body);

describe('animation_url with meaningless bone names', () => {
  it('maps a renamed, shuffled biped walk by structure and records the mapping in the rig report', async () => {
    const job = await rigWith({ animation_url: `${base}/anon-walk.glb` });
    expect(job.error).toBeNull();
    expect(job.status).toBe('succeeded');
    const report = (await (await fetch(job.output.files.find((f: { role: string }) => f.role === 'report').url)).json()) as any;
    const [clip] = report.clips;
    expect(clip.mapped_by).toBe('structure');
    // The rig's joints carry the template's names, so each must be driven by its own renamed self.
    for (const joint of ['Hips', 'Spine', 'Head', 'LeftArm', 'RightForeArm', 'LeftHand', 'LeftUpLeg', 'RightLeg', 'RightFoot'])
      expect(clip.bone_mapping[joint], joint).toBe(walkNames.get(joint));
    expect(clip.clip_bone_mapping[walkNames.get('LeftUpLeg')!]).toEqual(['LeftUpLeg']);
  }, 200_000);

  it('fails a renamed quadruped walk on a biped, naming the chains it could not place', async () => {
    const job = await rigWith({ animation_url: `${base}/anon-quadruped-walk.glb` });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/^animation_url: retarget: clip "walk" does not fit this skeleton's body plan: the clip has 4 legs.* and no arms; a biped needs 2 arms, 2 legs and a head/);
    expect(job.error).toMatch(/Clip chains not placed \(ending at\): joint\d+/);
  }, 200_000);
});
