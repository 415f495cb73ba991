import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../support/service';
import { boxObj, boxObjBase64, PLY_FILE } from '../../../support/meshes';

let t: TestApp;
let server: Server;
let origin: string;

beforeAll(async () => {
  // The loopback test server stands in for a remote one: private addresses are allowed here (url-policy tests cover the default).
  t = await buildTestApp({ allowPrivateUrls: true });
  // A real HTTP server on loopback serving model_url inputs.
  server = createServer((req, res) => {
    const url = req.url ?? '';
    if (url === '/box.obj') return res.end(boxObj());
    if (url === '/model') return res.end(boxObj()); // no extension: detected from content
    if (url === '/big.obj') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(1024 * 1024, 'v 0 0 0\n');
      let sent = 0;
      const pump = () => {
        while (sent < 300 && res.write(chunk)) sent++;
        if (sent < 300) res.once('drain', pump);
        else res.end();
      };
      return pump();
    }
    if (url.startsWith('/loop')) {
      res.writeHead(302, { location: `/loop${Number(url.slice(5) || 0) + 1}` });
      return res.end();
    }
    if (url === '/redirect') {
      res.writeHead(301, { location: '/box.obj' });
      return res.end();
    }
    if (url === '/to-file') {
      res.writeHead(302, { location: 'file:///etc/passwd' });
      return res.end();
    }
    res.writeHead(404);
    res.end('missing');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => server.close(r));
});

const rig = (auth: Record<string, string>, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/v1/rigs', headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

const balance = async (id: string) => (await t.store.credits.balance(id)).total;

describe('POST /v1/rigs (spec 4.1)', () => {
  it('accepts a mesh with 202, a queued job with the rig fields, and reserves 20 credits', async () => {
    const a = await t.account();
    const before = await balance(a.id);
    const res = await rig(a.auth, { model_base64: boxObjBase64(), filename: 'box.obj' });
    expect(res.statusCode).toBe(202);
    const job = res.json();
    expect(job).toMatchObject({
      object: 'job',
      operation: 'rig',
      status: 'queued',
      output: null,
      error: null,
      completed_at: null,
      engine: 'fast',
      rig_type: 'biped',
      output_format: 'glb',
      poll_url: `/v1/jobs/${job.id}`,
    });
    expect(job.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(job.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(job.estimated_seconds).toBeGreaterThan(0);
    expect(await balance(a.id)).toBe(before - 20);
    expect(t.notified).toBeGreaterThan(0);
    // Polling returns the same object.
    const polled = await t.app.inject({ method: 'GET', url: job.poll_url, headers: a.auth });
    expect(polled.json()).toEqual(job);
    const alias = await t.app.inject({ method: 'GET', url: `/v1/rigs/${job.id}`, headers: a.auth });
    expect(alias.json()).toEqual(job);
  });

  it('prices pro at 31 credits and honours every option', async () => {
    const a = await t.account({ plan: 'pro' });
    const before = await balance(a.id);
    const res = await rig(a.auth, { model_base64: boxObjBase64(), filename: 'box.obj', engine: 'pro', rig_type: 'quadruped', output_format: 'fbx', rotation_y: -90, bone_naming: 'unreal' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ engine: 'pro', rig_type: 'quadruped', output_format: 'fbx' });
    expect(await balance(a.id)).toBe(before - 31);
    const stored = JSON.parse((await t.store.jobs.get(res.json().id))!.params);
    expect(stored).toMatchObject({ rotation_y: -90, bone_naming: 'unreal', rig_fingers: false });
  });

  it('fetches animation_url / animation_urls at submission and reserves 10 credits per clip', async () => {
    const a = await t.account();
    const before = await balance(a.id);
    const res = await rig(a.auth, { model_base64: boxObjBase64(), filename: 'box.obj', animation_url: `${origin}/box.obj`, animation_urls: [`${origin}/box.obj#Walk%20Cycle`] });
    expect(res.statusCode).toBe(202);
    expect(await balance(a.id)).toBe(before - 40);
    const stored = JSON.parse((await t.store.jobs.get(res.json().id))!.params);
    expect(stored.animation_clips).toHaveLength(2);
    expect(stored.animation_clips[0]).toMatchObject({ field: 'animation_url', clip_name: null });
    expect(stored.animation_clips[1]).toMatchObject({ field: 'animation_urls[0]', clip_name: 'Walk Cycle' });
    expect(t.store.blobs.has(stored.animation_clips[1].sha256)).toBe(true);
    const bad = await rig(a.auth, { model_base64: boxObjBase64(), animation_url: 'not a clip' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/^animation_url: .*neither a clip id/);
    const missing = await rig(a.auth, { model_base64: boxObjBase64(), animation_urls: [`${origin}/nothing.glb`] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/animation_urls\[0\]/);
  });

  it.each([
    ['no model source', {}, /exactly one model source/],
    ['two model sources', { model_base64: 'AAAA', model_url: 'http://x.test/a.glb' }, /exactly one model source/],
    ['all three sources', { model_base64: 'AAAA', model_url: 'http://x.test/a.glb', from_job: 'x' }, /exactly one/],
    ['unknown rig_type', { model_base64: 'AAAA', rig_type: 'dragon' }, /rig_type: must be one of biped, quadruped/],
    ['unknown engine', { model_base64: 'AAAA', engine: 'turbo' }, /engine: must be one of fast, pro/],
    ['unknown output_format', { model_base64: 'AAAA', output_format: 'usdz' }, /output_format: must be one of glb, fbx/],
    ['a wrong type', { model_base64: 'AAAA', rotation_y: 'ninety' }, /rotation_y/],
    // JSON bodies keep their types: a number in a string or a 1 for true is a client bug, not a value.
    ['a number sent as a string', { model_base64: boxObjBase64(), rotation_y: '90' }, /rotation_y: must be number/],
    ['a boolean sent as a number', { model_base64: boxObjBase64(), rig_fingers: 1 }, /rig_fingers: must be boolean/],
    ['a boolean sent as a string', { model_base64: boxObjBase64(), rig_fingers: 'true' }, /rig_fingers: must be boolean/],
    ['a job id sent as a number', { from_job: 5 }, /from_job: must be string/],
    ['an unknown field', { model_base64: 'AAAA', rigtype: 'biped' }, /unknown field 'rigtype'/],
    ['fingers with pro', { model_base64: boxObjBase64(), engine: 'pro', rig_fingers: true }, /rig_fingers: .*fast engine only/],
    ['a clip with pro', { model_base64: boxObjBase64(), engine: 'pro', animation_url: 'http://x.test/walk.glb' }, /animation_url: .*fast engine only/],
    ['invalid base64', { model_base64: '!!not base64!!' }, /model_base64: is not valid base64/],
    ['an empty file', { model_base64: '' }, /model_base64: is empty/],
    ['a non-http URL', { model_url: 'file:///etc/passwd' }, /model_url: only http and https/],
    ['a URL with credentials', { model_url: 'http://user:pw@127.0.0.1/x.obj' }, /credentials/],
    ['garbage', { model_url: 'not a url' }, /model_url: not a valid URL/],
  ])('refuses %s with 400 invalid_request, at no cost', async (_label, body, message) => {
    const a = await t.account();
    const before = await balance(a.id);
    const res = await rig(a.auth, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
    expect(res.json().error.message).toMatch(message);
    expect(await balance(a.id)).toBe(before);
  });

  it('takes a field sent as null as not sent (clients that serialise every field)', async () => {
    const a = await t.account();
    const res = await rig(a.auth, { model_base64: boxObjBase64(), filename: 'box.obj', model_url: null, from_job: null, animation_url: null, rotation_y: null });
    expect(res.statusCode).toBe(202);
    expect(res.json().status).toBe('queued');
  });

  it('refuses a body that is not JSON or not an object', async () => {
    const a = await t.account();
    const bad = await t.app.inject({ method: 'POST', url: '/v1/rigs', headers: { ...a.auth, 'content-type': 'application/json' }, payload: '{"model_base64":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_request');
    const text = await t.app.inject({ method: 'POST', url: '/v1/rigs', headers: { ...a.auth, 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.json().error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/application\/json/) });
    const arr = await rig(a.auth, [1, 2]);
    expect(arr.json().error.code).toBe('invalid_request');
  });

  it('refuses an inline file above 10 MB, naming the field and suggesting model_url', async () => {
    const a = await t.account();
    const big = Buffer.alloc(11 * 1024 * 1024, 1).toString('base64');
    const res = await rig(a.auth, { model_base64: big, filename: 'big.stl' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/model_base64/);
    expect(res.json().error.message).toMatch(/model_url/);
  });

  it.each([
    ['PLY', Buffer.from(PLY_FILE), 'scan.ply', /PLY/],
    ['VRM', glbWithJson({ asset: { version: '2.0' }, extensionsUsed: ['VRMC_vrm'], extensions: { VRMC_vrm: {} } }), 'avatar.vrm', /VRM/],
    ['random bytes', Buffer.from(Array.from({ length: 400 }, (_, i) => (i * 7919) % 256)), 'thing.bin', /not a recognised 3D format/],
    ['a truncated GLB', glbWithJson({ asset: { version: '2.0' } }).subarray(0, 30), 'cut.glb', /./],
    ['binary STL bytes without an .stl name', Buffer.alloc(84 + 50, 0), 'model.bin', /./],
  ])('refuses %s with 400 unsupported_format naming the problem', async (_label, data, filename, message) => {
    const a = await t.account();
    const before = await balance(a.id);
    const res = await rig(a.auth, { model_base64: data.toString('base64'), filename });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('unsupported_format');
    expect(res.json().error.message).toMatch(message);
    expect(await balance(a.id)).toBe(before);
  });

  it('fetches model_url over HTTP, following a redirect, detecting the format from content', async () => {
    const a = await t.account();
    for (const path of ['/box.obj', '/redirect', '/model']) {
      const res = await rig(a.auth, { model_url: origin + path });
      expect(res.statusCode, path).toBe(202);
    }
  });

  it.each([
    ['a 404', '/missing.obj', /HTTP 404/],
    ['too many redirects', '/loop0', /redirects/],
    ['a redirect to file://', '/to-file', /only http and https/],
    ['a file above the size cap', '/big.obj', /larger than the 200 MB limit/],
  ])('refuses a model_url with %s', async (_label, path, message) => {
    const a = await t.account();
    const res = await rig(a.auth, { model_url: origin + path });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(message) });
  });

  it('refuses a model_url that cannot be reached', async () => {
    const a = await t.account();
    const res = await rig(a.auth, { model_url: 'http://127.0.0.1:1/x.obj' });
    expect(res.json().error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/model_url: could not be fetched/) });
  });

  it('needs the Pro plan for engine pro (402 plan_required)', async () => {
    const a = await t.account({ plan: 'standard' });
    const res = await rig(a.auth, { model_base64: boxObjBase64(), filename: 'box.obj', engine: 'pro' });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ code: 'plan_required', plan: 'standard' });
  });

  it('refuses with 402 insufficient_credits when the balance does not cover the job', async () => {
    const a = await poorAccount(19);
    const res = await rig(a.auth, { model_base64: boxObjBase64(), filename: 'box.obj' });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ code: 'insufficient_credits', required: 20, balance: 19 });
    expect(await balance(a.id)).toBe(19);
  });

  it('never overspends under concurrent submissions', async () => {
    const a = await poorAccount(50);
    const results = await Promise.all(Array.from({ length: 10 }, () => rig(a.auth, { model_base64: boxObjBase64(), filename: 'box.obj' })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 202)).toHaveLength(2);
    expect(codes.filter((c) => c === 402)).toHaveLength(8);
    expect(await balance(a.id)).toBe(10);
    expect((await t.store.jobs.list({ accountId: a.id, limit: 100, offset: 0 })).total).toBe(2);
  });

  it('answers 503 backend_unavailable, at no cost, when the queue is full or no worker can start', async () => {
    const a = await t.account();
    const before = await balance(a.id);
    t.capacity.healthy = false;
    const down = await rig(a.auth, { model_base64: boxObjBase64(), filename: 'box.obj' });
    t.capacity.healthy = true;
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe('backend_unavailable');
    t.capacity.maxQueueDepth = 0;
    const full = await rig(a.auth, { model_base64: boxObjBase64(), filename: 'box.obj' });
    t.capacity.maxQueueDepth = 100;
    expect(full.statusCode).toBe(503);
    expect(full.json().error.message).toMatch(/queue is full/);
    expect(await balance(a.id)).toBe(before);
  });

  it('from_job needs a succeeded job of the same account', async () => {
    const a = await t.account();
    const b = await t.account();
    const queued = (await rig(a.auth, { model_base64: boxObjBase64(), filename: 'box.obj' })).json();
    const notYet = await rig(a.auth, { from_job: queued.id });
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json().error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/from_job: .* is queued; only a job that has succeeded/) });
    const other = await rig(b.auth, { from_job: queued.id });
    expect(other.json().error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/from_job: no job with id/) });
    const unknown = await rig(a.auth, { from_job: 'nope' });
    expect(unknown.json().error.message).toMatch(/from_job: no job with id 'nope'/);
  });
});

async function poorAccount(credits: number) {
  const a = await t.account({ plan: 'standard', status: 'past_due' }); // past_due: no plan credits granted
  await t.store.accounts.setPlan(a.id, 'standard', 'active', false);
  await t.store.credits.grant(a.id, credits, 'purchased');
  return a;
}

function glbWithJson(json: unknown): Buffer {
  let text = JSON.stringify(json);
  while (text.length % 4) text += ' ';
  const header = Buffer.alloc(20);
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(20 + text.length, 8);
  header.writeUInt32LE(text.length, 12);
  header.writeUInt32LE(0x4e4f534a, 16);
  return Buffer.concat([header, Buffer.from(text)]);
}
