import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveService, type LiveService } from '../../../support/running-service';
import { validateGltf } from '../../../support/validate-gltf';

let live: LiveService;
beforeAll(async () => {
  live = await startLiveService({ workers: 1 });
});
afterAll(() => live.close());

/** A red upright capsule-ish blob on a transparent background. */
async function subjectPng(): Promise<string> {
  const w = 128;
  const h = 192;
  const px = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const dx = (x - w / 2) / (w * 0.3);
      const dy = (y - h / 2) / (h * 0.42);
      if (dx * dx + dy * dy < 1) px.set([200, 40, 30, 255], (y * w + x) * 4);
    }
  return (await sharp(px, { raw: { width: w, height: h, channels: 4 } }).png().toBuffer()).toString('base64');
}

describe('POST /v1/models (spec 4.2)', () => {
  it('generates a textured GLB from an image and chains into POST /v1/rigs with from_job', async () => {
    const balance = async () => (await live.service.store.credits.balance(live.accountId)).total;
    const before = await balance();
    const res = await live.request('POST', '/v1/models', { image_base64: await subjectPng(), height_meters: 1.5 });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ object: 'job', operation: 'generate_model', status: 'queued', output: null });
    expect(await balance()).toBe(before - 30);
    const job = await live.waitForJob(res.json.id, 120_000);
    expect(job.error).toBeNull();
    expect(job.output.thumbnail_url).toMatch(/\.png$/);
    const glb = new Uint8Array(await (await fetch(job.output.model_url)).arrayBuffer());
    expect((await validateGltf(glb)).numErrors).toBe(0);
    const listed = await live.request('GET', '/v1/jobs?operation=generate_model');
    expect(listed.json.jobs.map((j: { id: string }) => j.id)).toContain(job.id);
    const chained = await live.request('POST', '/v1/rigs', { from_job: job.id, rig_type: 'others' });
    expect(chained.status).toBe(202);
    // The generate job is not a rig job: the rigs alias does not show it.
    expect((await live.request('GET', `/v1/rigs/${job.id}`)).status).toBe(404);
  });

  it.each([
    ['no image', {}, 'invalid_request', /exactly one image source/],
    ['two sources', { image_base64: 'AAAA', image_url: 'http://127.0.0.1:9/x.png' }, 'invalid_request', /exactly one image source/],
    ['an option out of range', { image_base64: 'AAAA', height_meters: 1000 }, 'invalid_request', /height_meters/],
    ['an unknown field', { image_base64: 'AAAA', colour: 'red' }, 'invalid_request', /unknown field 'colour'/],
    ['bytes that are not an image', { image_base64: Buffer.from('definitely not a picture').toString('base64') }, 'unsupported_format', /image_base64: /],
  ])('refuses %s with 400 at no cost', async (_label, body, code, message) => {
    const before = (await live.service.store.credits.balance(live.accountId)).total;
    const res = await live.request('POST', '/v1/models', body);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code, message: expect.stringMatching(message) });
    expect((await live.service.store.credits.balance(live.accountId)).total).toBe(before);
  });

  it('fails the job with a clear message when the image has no subject', async () => {
    const blank = (await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } }).png().toBuffer()).toString('base64');
    const res = await live.request('POST', '/v1/models', { image_base64: blank });
    expect(res.status).toBe(202);
    const job = await live.waitForJob(res.json.id, 60_000);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/no subject/i);
  });
});
