/**
 * POST /v1/uploads (issue 16) through the app: raw bytes streamed to the data folder, the answer's url
 * accepted as model_url, image_url and animation_url by the same account without any network fetch
 * (private URLs stay refused here), 403 for another account, the size limit, and expiry (the row and the
 * file go; the url is then refused).
 */
import { existsSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../support/service';
import { boxObj, boxObjBase64 } from '../../../support/meshes';
import { makeSyntheticSkinned } from '../../../support/synthetic-skinned';
import { writeGlb } from '../../../../shared/mesh/write-glb';
import { uploadPath } from '../../../../electron/service/files/uploads';

const LIMIT = 256 * 1024;
const HOUR = 3600_000;
let t: TestApp;
let owner: Awaited<ReturnType<TestApp['account']>>;

beforeAll(async () => {
  t = await buildTestApp({ uploads: { maxBytes: LIMIT, ttlMs: 24 * HOUR } });
  owner = await t.account({ credits: 1000 });
});
afterAll(() => t.close());

async function upload(bytes: Uint8Array | string, filename: string, auth = owner.auth) {
  return t.app.inject({ method: 'POST', url: `/v1/uploads?filename=${encodeURIComponent(filename)}`, headers: { ...auth, 'content-type': 'application/octet-stream' }, payload: Buffer.from(bytes) });
}
const post = (url: string, body: unknown, auth = owner.auth) => t.app.inject({ method: 'POST', url, headers: auth, payload: body as object });

describe('POST /v1/uploads', () => {
  it('stores the raw bytes and answers 201 with id, object, filename, bytes, url and expires_at', async () => {
    const res = await upload(boxObj(), 'box.obj');
    expect(res.statusCode, res.body).toBe(201);
    const u = res.json();
    expect(u).toMatchObject({ object: 'upload', filename: 'box.obj', bytes: Buffer.byteLength(boxObj()) });
    expect(u.id).toMatch(/^upl_/);
    expect(u.url).toMatch(new RegExp(`/v1/uploads/${u.id}/content$`));
    expect(Date.parse(u.expires_at) - Date.now()).toBeGreaterThan(23.9 * HOUR);
    expect(readFileSync(uploadPath(t.store, u.id), 'utf8')).toBe(boxObj());
    const got = await t.app.inject({ method: 'GET', url: `/v1/uploads/${u.id}`, headers: owner.auth });
    expect(got.json()).toEqual(u);
  });

  it('refuses a file over the size limit with 400 and leaves nothing behind, and a missing filename or wrong type', async () => {
    const big = await upload(new Uint8Array(LIMIT + 1), 'big.glb');
    expect(big.statusCode).toBe(400);
    expect(big.json().error.code).toBe('invalid_request');
    expect(big.json().error.message).toMatch(new RegExp(`larger than ${LIMIT} bytes`));
    const noName = await t.app.inject({ method: 'POST', url: '/v1/uploads', headers: { ...owner.auth, 'content-type': 'application/octet-stream' }, payload: Buffer.from('x') });
    expect(noName.json().error.message).toMatch(/filename/);
    const json = await post('/v1/uploads?filename=a.obj', { data: 'x' });
    expect(json.statusCode).toBe(400);
  });

  it('is accepted as model_url, image_url and animation_url by the same account, read from disk (private URLs are refused here)', async () => {
    const model = (await upload(boxObj(), 'box.obj')).json();
    const rig = await post('/v1/rigs', { model_url: model.url, rig_type: 'others' });
    expect(rig.statusCode, rig.body).toBe(202);
    expect((await t.store.jobs.get(rig.json().id))!.input_name).toBe('box.obj');

    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 200, g: 40, b: 30, alpha: 1 } } }).png().toBuffer();
    const image = (await upload(png, 'subject.png')).json();
    const gen = await post('/v1/models', { image_url: image.url });
    expect(gen.statusCode, gen.body).toBe(202);

    const clip = (await upload(await writeGlb(await makeSyntheticSkinned()), 'bend.glb')).json();
    const withClip = await post('/v1/rigs', { model_base64: boxObjBase64(), filename: 'box.obj', animation_url: `${clip.url}#Bend` });
    expect(withClip.statusCode, withClip.body).toBe(202);
    const params = JSON.parse((await t.store.jobs.get(withClip.json().id))!.params);
    expect(params.animation_clips[0]).toMatchObject({ field: 'animation_url', filename: 'bend.glb', clip_name: 'Bend' });
    expect(t.store.blobs.has(params.animation_clips[0].sha256)).toBe(true);
  });

  it('is 403 forbidden for another account, for the url and for GET', async () => {
    const model = (await upload(boxObj(), 'box.obj')).json();
    const other = await t.account({ credits: 1000 });
    const before = (await t.store.credits.balance(other.id)).total;
    const rig = await post('/v1/rigs', { model_url: model.url }, other.auth);
    expect(rig.statusCode).toBe(403);
    expect(rig.json().error.code).toBe('forbidden');
    expect((await t.store.credits.balance(other.id)).total).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: `/v1/uploads/${model.id}`, headers: other.auth })).statusCode).toBe(403);
  });

  it('expires after 24 hours: the file is removed at the next sweep and the url is refused', async () => {
    const model = (await upload(boxObj(), 'box.obj')).json();
    t.advance(24 * HOUR + 1000);
    const rig = await post('/v1/rigs', { model_url: model.url, rig_type: 'others' });
    expect(rig.statusCode).toBe(400);
    expect(rig.json().error.message).toMatch(/no upload .* expire/);
    // The next upload sweeps expired ones from the database and the disk.
    expect(existsSync(uploadPath(t.store, model.id))).toBe(true);
    await upload('x', 'x.obj');
    expect(existsSync(uploadPath(t.store, model.id))).toBe(false);
    expect(await t.store.uploads.get(model.id)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/v1/uploads/${model.id}`, headers: owner.auth })).statusCode).toBe(404);
  });
});

describe('the Account page\'s Python snippet with a file over 10 MB', () => {
  it('sends it through POST /v1/uploads and names it by its url (real HTTP, python3)', async () => {
    const { startLiveService } = await import('../../../support/running-service');
    const { buildSnippets } = await import('../../../../renderer/components/snippets');
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const live = await startLiveService({ workers: 0 });
    try {
      const key = live.key;
      const python = buildSnippets({ apiRoot: `${live.service.baseUrl}/v1`, key }).find((s) => s.id === 'python')!.code;
      // The snippet's client and model_source, then one call on an 11 MB file.
      const dir = mkdtempSync(join(tmpdir(), 'rigdesk-upload-snippet-'));
      const big = join(dir, 'big.obj');
      writeFileSync(big, Buffer.alloc(11 * 1024 * 1024, 'v 0 0 0\n'));
      const script = python.slice(0, python.indexOf('job = call(')) + `print(json.dumps(model_source(${JSON.stringify(big)})))\n`;
      writeFileSync(join(dir, 'run.py'), script);
      // Asynchronously: the service answers from this same process.
      const out = JSON.parse((await promisify(execFile)('python3', [join(dir, 'run.py')], { encoding: 'utf8' })).stdout);
      expect(out.model_url).toMatch(/\/v1\/uploads\/upl_[^/]+\/content$/);
      const id = /upl_[^/]+/.exec(out.model_url)![0];
      expect(await live.service.store.uploads.get(id)).toMatchObject({ filename: 'big.obj', bytes: 11 * 1024 * 1024 });
    } finally {
      await live.close();
    }
  }, 60_000);
});
