/**
 * animation_url end to end: clips served over HTTP are fetched at submission, retargeted onto the new
 * rig in the worker, baked into the GLB and FBX output; the output plays in three.js and imports in
 * Blender 3.4 with the right durations; an unmappable clip fails the job naming the bones.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { builtinClips } from '../../../../shared/anim/library';
import { clipSceneModel } from '../../../../shared/anim/clip-model';
import { readModel } from '../../../../shared/mesh/read-model';
import { writeGlb } from '../../../../shared/mesh/write-glb';
import { startLiveService, type LiveService } from '../../../support/running-service';
import { serveFiles, type FileServer } from '../../../support/file-server';
import { rigSyntheticBiped } from '../../../support/rig-synthetic-job';
import { installThreeNodeShim } from '../../../support/three-node';
import { validateGltf } from '../../../support/validate-gltf';
import { blenderImport, blenderPath } from '../../../support/blender';

let live: LiveService;
let server: FileServer;
let base = '';
const files = new Map<string, Uint8Array>();

beforeAll(async () => {
  for (const c of [...builtinClips('biped').filter((x) => ['walk', 'wave'].includes(x.clip.name)), builtinClips('hexapod')[1]])
    files.set(`/${c.id}.glb`, await writeGlb(clipSceneModel(c.plan, c.skeleton, [c.clip])));
  server = await serveFiles(files);
  base = server.base;
  live = await startLiveService({ workers: 1, allowPrivateUrls: true });
});
afterAll(async () => {
  await live?.close();
  server?.close();
});

const rigWith = (body: Record<string, unknown>): Promise<any> => rigSyntheticBiped(live, body);

describe('rig with animation_url', () => {
  it('bakes retargeted clips into a GLB that plays in three.js and imports in Blender', async () => {
    const job = await rigWith({ animation_url: `${base}/biped-walk.glb`, animation_urls: [`${base}/biped-wave.glb`] });
    expect(job.error).toBeNull();
    expect(job.status).toBe('succeeded');
    const glb = new Uint8Array(await (await fetch(job.output.model_url)).arrayBuffer());
    expect((await validateGltf(glb)).numErrors).toBe(0);
    const read = await readModel(glb, 'out.glb');
    expect(read.model.clips.map((c) => c.name).sort()).toEqual(['walk', 'wave']);
    expect(read.model.clips.find((c) => c.name === 'walk')!.duration).toBeCloseTo(1.1, 3);

    installThreeNodeShim();
    const gltf = await new GLTFLoader().parseAsync(glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength) as ArrayBuffer, '');
    const walk = gltf.animations.find((a) => a.name === 'walk')!;
    expect(walk.duration).toBeCloseTo(1.1, 3);
    const mixer = new THREE.AnimationMixer(gltf.scene);
    mixer.clipAction(walk).play();
    const foot = gltf.scene.getObjectByName('LeftFoot')!;
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      mixer.update(1.1 / 8);
      gltf.scene.updateMatrixWorld(true);
      seen.push(new THREE.Vector3().setFromMatrixPosition(foot.matrixWorld).z);
    }
    // The foot travels forward and back over a stride (tens of centimetres on a 1.8 m character).
    expect(Math.max(...seen) - Math.min(...seen)).toBeGreaterThan(0.2);

    if (blenderPath) {
      const dir = mkdtempSync(path.join(tmpdir(), 'rigdesk-clip-'));
      const file = path.join(dir, 'out.glb');
      writeFileSync(file, glb);
      const [imp] = await blenderImport([file]);
      expect(imp.error).toBeUndefined();
      const action = imp.actions.find((a) => a.name.startsWith('walk'))!;
      expect(action, JSON.stringify(imp.actions)).toBeDefined();
      expect((action.range[1] - action.range[0]) / imp.fps).toBeCloseTo(1.1, 1);
    }
  }, 300_000);

  it('writes the clips into FBX output too', async () => {
    const job = await rigWith({ animation_url: `${base}/biped-walk.glb`, output_format: 'fbx' });
    expect(job.status).toBe('succeeded');
    const fbx = new Uint8Array(await (await fetch(job.output.model_url)).arrayBuffer());
    const read = await readModel(fbx, 'out.fbx');
    const walk = read.model.clips.find((c) => c.name.includes('walk'));
    expect(walk, read.model.clips.map((c) => c.name).join()).toBeDefined();
    expect(walk!.duration).toBeCloseTo(1.1, 1);
  }, 200_000);

  it('fails the job naming the bones when the clip is for another body plan', async () => {
    const job = await rigWith({ animation_url: `${base}/hexapod-walk.glb` });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/animation_url: .*LeftLeg1Hip/);
  }, 200_000);
});
