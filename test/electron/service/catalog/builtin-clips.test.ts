import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinClipsInstalled, installBuiltinClips } from '../../../../electron/service/catalog/builtin-clips';
import { resolveAnimationClips } from '../../../../electron/service/jobs/animation-input';
import { DownloadSlots } from '../../../../electron/service/files/download-slots';
import { readModel } from '../../../../shared/mesh/read-model';
import { buildTestApp, type TestApp } from '../../../support/service';
import { validateGltf } from '../../../support/validate-gltf';

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  auth = (await t.account({ rateLimitPerMinute: 10_000 })).auth;
  expect(await builtinClipsInstalled(t.store)).toBe(false);
  await installBuiltinClips(t.store);
}, 300_000);
afterAll(() => t.close());

const get = async (q: string) => (await t.app.inject({ method: 'GET', url: `/v1/animations${q}`, headers: auth })).json();

describe('built-in clips in GET /v1/animations', () => {
  it('installs every clip once, with a playable GLB and a preview PNG', async () => {
    expect(await builtinClipsInstalled(t.store)).toBe(true);
    const all = await get('?limit=100');
    expect(all).toMatchObject({ object: 'list', license: 'CC0-1.0' });
    expect(all.total).toBeGreaterThanOrEqual(28);
    const biped = await get('?rig_type=biped&limit=100');
    expect(biped.total).toBeGreaterThanOrEqual(12);
    const walk = (await get('?rig_type=biped&query=walk')).animations[0];
    expect(walk).toMatchObject({ id: 'biped-walk', name: 'walk', rig_type: 'biped', loop: true, license: 'CC0-1.0' });
    expect(walk.duration_seconds).toBeCloseTo(1.1, 5);
    const token = new URL(walk.url).pathname;
    const file = await t.app.inject({ method: 'GET', url: token, headers: auth });
    const glb = new Uint8Array(file.rawPayload);
    expect((await validateGltf(glb)).numErrors).toBe(0);
    const read = await readModel(glb, 'walk.glb');
    expect(read.model.clips[0].name).toBe('walk');
    const png = await t.app.inject({ method: 'GET', url: new URL(walk.preview_url).pathname, headers: auth });
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const page2 = await get('?limit=10&offset=10');
    expect(page2.animations.length).toBe(10);
    expect(page2.animations[0].id).not.toBe(all.animations[0].id);
  });

  it('accepts a catalog clip id as animation_url and refuses what is neither id nor URL', async () => {
    const urls = { downloads: new DownloadSlots({ perAccount: 2, overall: 4 }) };
    const [clip] = await resolveAnimationClips(t.store, 'no-account', true, ['quadruped-trot'], urls);
    expect(clip).toMatchObject({ field: 'animation_url', clip_name: null });
    expect(t.store.blobs.has(clip.sha256)).toBe(true);
    await expect(resolveAnimationClips(t.store, 'no-account', false, ['no-such-clip'], urls)).rejects.toThrow(/animation_urls\[0\]: .*neither a clip id/);
  });
});
