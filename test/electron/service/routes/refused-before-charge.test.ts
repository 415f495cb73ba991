/**
 * Corrupt inputs the probe can tell are refused with 400 unsupported_format before anything is
 * charged (issue #12 item 7), whether sent inline or fetched from a URL to disk.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../support/service';
import { tinyGlb } from '../../../support/tiny-glb';

let t: TestApp;
let server: Server;
let origin: string;
const served = new Map<string, Uint8Array>();

beforeAll(async () => {
  t = await buildTestApp({ allowPrivateUrls: true });
  server = createServer((req, res) => {
    const body = served.get(req.url ?? '');
    if (!body) return res.writeHead(404).end();
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => server.close(r));
});

const post = (url: string, auth: Record<string, string>, body: unknown) =>
  t.app.inject({ method: 'POST', url, headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const b64 = (data: Uint8Array) => Buffer.from(data).toString('base64');

/** Submits and checks: 400 unsupported_format naming the problem, balance, ledger and job list untouched. */
async function expectRefusedFree(url: string, body: (a: { id: string }) => unknown, message: RegExp): Promise<void> {
  const a = await t.account({ credits: 500 });
  const before = (await t.store.credits.balance(a.id)).total;
  const res = await post(url, a.auth, body(a));
  expect(res.json().error, res.body).toMatchObject({ code: 'unsupported_format', message: expect.stringMatching(message) });
  expect(res.statusCode).toBe(400);
  expect((await t.store.credits.balance(a.id)).total).toBe(before);
  expect(await t.store.ledger.usageSince(a.id, 0)).toEqual([]);
  expect((await t.store.jobs.list({ accountId: a.id, limit: 10, offset: 0 })).total).toBe(0);
}

const cases: [string, Uint8Array, RegExp][] = [
  ['a NaN position', tinyGlb({ positions: [0, 0, 0, Number.NaN, 0, 0, 0, 1, 0] }), /vertex 1 has a position that is not a finite number/],
  ['an infinite position', tinyGlb({ positions: [0, 0, 0, 1, 0, 0, 0, Number.NEGATIVE_INFINITY, 0] }), /vertex 2 has a position that is not a finite number/],
  ['an index out of range', tinyGlb({ indices: [0, 1, 9] }), /index 2 is 9, out of range for its 3 vertices/],
  ['a missing glTF buffer (a separate .bin the request cannot carry)', tinyGlb({ edit: (j) => j.buffers.push({ uri: 'body.bin', byteLength: 64 }) }), /buffer 1 is the separate file "body.bin"/],
  [
    'a triangle count above the limit',
    tinyGlb({ edit: (j) => j.accessors.push({ componentType: 5125, count: 6_000_003, type: 'SCALAR' }) && (j.meshes[0].primitives[0].indices = 2) }),
    /2000001 triangles, above the face limit of 2000000/,
  ],
];

describe('POST /v1/rigs refuses what the probe can tell, at no cost', () => {
  it.each(cases)('inline: %s', async (_label, glb, message) => {
    await expectRefusedFree('/v1/rigs', () => ({ model_base64: b64(glb), filename: 'bad.glb' }), message);
  });

  it.each(cases)('model_url, probed from the download on disk: %s', async (label, glb, message) => {
    const blobsBefore = readdirSync(path.join(t.dataDir, 'blobs')).length;
    served.set(`/${cases.findIndex((c) => c[0] === label)}.glb`, glb);
    await expectRefusedFree('/v1/rigs', () => ({ model_url: `${origin}/${cases.findIndex((c) => c[0] === label)}.glb` }), message);
    // The refused download leaves nothing behind: no temp file, no stored blob.
    expect(readdirSync(path.join(t.dataDir, 'blobs', 'tmp'))).toEqual([]);
    expect(readdirSync(path.join(t.dataDir, 'blobs')).length).toBe(blobsBefore);
  });

  it('still accepts the same triangle when it is well formed (inline and by URL)', async () => {
    const a = await t.account({ credits: 500 });
    served.set('/good.glb', tinyGlb());
    expect((await post('/v1/rigs', a.auth, { model_base64: b64(tinyGlb()), filename: 'ok.glb' })).statusCode).toBe(202);
    const byUrl = await post('/v1/rigs', a.auth, { model_url: `${origin}/good.glb` });
    expect(byUrl.statusCode).toBe(202);
    const job = (await t.store.jobs.get(byUrl.json().id))!;
    expect(t.store.blobs.read(job.input_sha!)).toEqual(Buffer.from(tinyGlb()));
    expect(readdirSync(path.join(t.dataDir, 'blobs', 'tmp'))).toEqual([]);
  });
});

describe('POST /v1/models refuses a truncated PNG, at no cost', () => {
  it.each(['inline', 'image_url'])('%s', async (how) => {
    const png = new Uint8Array(await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c33' } }).png().toBuffer());
    const truncated = png.subarray(0, png.length - 40);
    served.set('/cut.png', truncated);
    const body = how === 'inline' ? { image_base64: b64(truncated) } : { image_url: `${origin}/cut.png` };
    await expectRefusedFree('/v1/models', () => body, /PNG is truncated/);
  });
});
