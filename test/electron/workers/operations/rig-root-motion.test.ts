/**
 * in_place and root_bone through the real service (HTTP on loopback, SQLite, a worker child process): a
 * travelling walk served over HTTP, baked by POST /v1/rigs into GLB and FBX, read back by our reader and
 * imported by Blender 3.4. root_bone: a `Root` joint on the floor, parent of Hips, carrying the travel;
 * in_place: the hips keep their bob and lose the travel.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinClips } from '../../../../shared/anim/library';
import { clipSceneModel } from '../../../../shared/anim/clip-model';
import { forwardKinematics, newWorldPose, restPose } from '../../../../shared/anim/pose';
import { bindClip, sampleBound } from '../../../../shared/anim/sample-clip';
import type { Clip } from '../../../../shared/anim/clip';
import { readModel } from '../../../../shared/mesh/read-model';
import { writeGlb } from '../../../../shared/mesh/write-glb';
import type { Skeleton } from '../../../../shared/rig/skeleton';
import { syntheticCharacter } from '../../../../shared/rig/synthetic/characters';
import { blenderImport, blenderPath } from '../../../support/blender';
import { startLiveService, type LiveService } from '../../../support/running-service';
import { serveFiles, type FileServer } from '../../../support/file-server';
import { sceneFromSynthetic } from '../../../support/synthetic-scene';

let live: LiveService;
let server: FileServer;
let base = '';
let clipBytes: Uint8Array;

beforeAll(async () => {
  // The built-in walk is authored in place: moved forward 1.2 m/s along +Z, as a captured walk travels.
  const walk = builtinClips('biped').find((c) => c.clip.name === 'walk')!;
  const tracks = walk.clip.tracks.map((t) => {
    if (t.joint !== 'Hips' || t.path !== 'translation') return t;
    const values = Float32Array.from(t.values);
    t.times.forEach((time, k) => { values[k * 3 + 2] += 1.2 * time; });
    return { ...t, values };
  });
  clipBytes = await writeGlb(clipSceneModel('biped', walk.skeleton, [{ ...walk.clip, tracks }]));
  server = await serveFiles(new Map([['/travel-walk.glb', clipBytes]]));
  base = server.base;
  live = await startLiveService({ workers: 1, allowPrivateUrls: true });
});
afterAll(async () => {
  await live?.close();
  server?.close();
});

/** Rigs the synthetic biped with the travelling walk; returns the output file's bytes. */
async function rigWith(body: Record<string, unknown>): Promise<Uint8Array> {
  const glb = await writeGlb(sceneFromSynthetic(syntheticCharacter('biped', { pose: 'A', accessories: false })));
  const submitted = await live.request('POST', '/v1/rigs', { model_base64: Buffer.from(glb).toString('base64'), filename: 'hero.glb', animation_url: `${base}/travel-walk.glb`, ...body });
  expect(submitted.status, JSON.stringify(submitted.json)).toBe(202);
  const job = await live.waitForJob(submitted.json.id, 150_000);
  expect(job.error).toBeNull();
  return new Uint8Array(await (await fetch(job.output.model_url)).arrayBuffer());
}

/** World position of a joint at time t of the clip. */
function at(skel: Skeleton, clip: Clip, joint: string, t: number): number[] {
  const pose = restPose(skel);
  sampleBound(bindClip(skel, clip), t, pose);
  const w = forwardKinematics(skel, pose, newWorldPose(skel.names.length));
  const j = skel.names.indexOf(joint);
  return Array.from(w.position.subarray(j * 3, j * 3 + 3));
}

const outputs = new Map<string, string>();
const dir = mkdtempSync(path.join(tmpdir(), 'rigdesk-root-service-'));

describe('root motion options through POST /v1/rigs', () => {
  for (const format of ['glb', 'fbx'] as const) {
    it(`root_bone (${format}): Root on the floor as the skeleton's parent, carrying the travel`, async () => {
      const bytes = await rigWith({ root_bone: true, output_format: format });
      const file = path.join(dir, `rooted.${format}`);
      writeFileSync(file, bytes);
      outputs.set(`rooted.${format}`, file);
      const { model } = await readModel(bytes, `out.${format}`);
      const skel = model.skeleton!;
      const root = skel.names.indexOf('Root'), hips = skel.names.indexOf('Hips');
      expect(root, skel.names.join()).toBeGreaterThanOrEqual(0);
      expect(skel.parents[root]).toBe(-1);
      expect(skel.parents[hips]).toBe(root);
      const clip = model.clips[0];
      const r0 = at(skel, clip, 'Root', 0), r1 = at(skel, clip, 'Root', clip.duration);
      expect(Math.abs(r0[1])).toBeLessThan(0.02); // on the floor (the synthetic biped stands on y = 0)
      expect(Math.hypot(r1[0] - r0[0], r1[2] - r0[2])).toBeGreaterThan(0.5);
    }, 200_000);

    it(`in_place (${format}): the hips bob but do not travel`, async () => {
      const bytes = await rigWith({ in_place: true, output_format: format });
      const file = path.join(dir, `in-place.${format}`);
      writeFileSync(file, bytes);
      outputs.set(`in-place.${format}`, file);
      const { model } = await readModel(bytes, `out.${format}`);
      const skel = model.skeleton!;
      expect(skel.names).not.toContain('Root');
      const clip = model.clips[0];
      const ys: number[] = [];
      let travel = 0;
      const h0 = at(skel, clip, 'Hips', 0);
      for (let i = 0; i <= 20; i++) {
        const h = at(skel, clip, 'Hips', (clip.duration * i) / 20);
        ys.push(h[1]);
        travel = Math.max(travel, Math.hypot(h[0] - h0[0], h[2] - h0[2]));
      }
      expect(travel).toBeLessThan(0.1);
      expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(0.005);
    }, 200_000);
  }

  it.skipIf(!blenderPath)('Blender 3.4 imports all four outputs: Root travels in the rooted ones, the in-place hips stay', async () => {
    expect(outputs.size).toBe(4);
    for (const r of await blenderImport([...outputs.values()])) {
      expect(r.error, r.file).toBeUndefined();
      const bones = r.armatures[0].bones;
      // Blender is Z-up: horizontal is x, y.
      const horizontal = (p: [number, number, number][]): number => Math.hypot(p[1][0] - p[0][0], p[1][1] - p[0][1]);
      if (r.file.includes('rooted')) {
        expect(bones, r.file).toContain('Root');
        expect(horizontal(r.path!.Root!), r.file).toBeGreaterThan(0.5);
      } else {
        expect(bones, r.file).not.toContain('Root');
        expect(horizontal(r.path!.Hips!), r.file).toBeLessThan(0.1);
      }
    }
  }, 300_000);
});
