import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readModel } from '../../../../shared/mesh/read-model';
import { writeGlb } from '../../../../shared/mesh/write-glb';
import { syntheticCharacter } from '../../../../shared/rig/synthetic/characters';
import { startLiveService, type LiveService } from '../../../support/running-service';
import { sceneFromSynthetic } from '../../../support/synthetic-scene';
import { validateGltf } from '../../../support/validate-gltf';

let live: LiveService;
beforeAll(async () => {
  live = await startLiveService({ workers: 1 });
});
afterAll(() => live.close());

describe('rig jobs end to end (real service, worker process, engine and writer)', () => {
  it('rigs a multi-part biped facing +X given rotation_y -90, writing a valid skinned GLB and a report', async () => {
    const character = syntheticCharacter('biped', { pose: 'A', rotationY: -90, accessories: true });
    const glb = await writeGlb(sceneFromSynthetic(character));
    const submitted = await live.request('POST', '/v1/rigs', { model_base64: Buffer.from(glb).toString('base64'), filename: 'hero.glb', rotation_y: -90 });
    expect(submitted.status).toBe(202);
    const job = await live.waitForJob(submitted.json.id, 120_000);
    expect(job.error).toBeNull();
    expect(job.status).toBe('succeeded');
    const files = Object.fromEntries(job.output.files.map((f: { role: string; url: string }) => [f.role, f.url]));
    const model = new Uint8Array(await (await fetch(job.output.model_url)).arrayBuffer());
    const validation = await validateGltf(model);
    expect(validation.numErrors, JSON.stringify(validation.errors)).toBe(0);
    const read = await readModel(model, 'out.glb');
    const names = read.model.skeleton!.names;
    for (const bone of ['Hips', 'Spine', 'Neck', 'Head', 'LeftArm', 'LeftForeArm', 'RightUpLeg', 'RightFoot']) expect(names).toContain(bone);
    expect(read.model.parts.length).toBe(character.partNames.length);
    for (const part of read.model.parts) {
      const w = part.skinWeights!;
      for (let v = 0; v < w.length; v += 4) expect(Math.abs(w[v] + w[v + 1] + w[v + 2] + w[v + 3] - 1)).toBeLessThan(1e-3);
    }
    const report = (await (await fetch(files.report)).json()) as { joint_count: number; rig_type: string; joints: unknown[] };
    expect(report).toMatchObject({ rig_type: 'biped', joint_count: names.length });
  });

  it('fails the job (not the request) when the file holds no usable geometry', async () => {
    const sliver = 'v 0 0 0\nv 1 0 0\nv 2 0 0\nf 1 2 3\n';
    const submitted = await live.request('POST', '/v1/rigs', { model_base64: Buffer.from(sliver).toString('base64'), filename: 'line.obj' });
    expect(submitted.status).toBe(202);
    const job = await live.waitForJob(submitted.json.id, 60_000);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/^rig: .{20,}/);
    expect(job.error).not.toMatch(/Internal error/);
  });
});
