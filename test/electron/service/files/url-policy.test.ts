/**
 * User URLs reach only the public internet by default (spec: "publicly reachable URL"): loopback,
 * link-local (cloud metadata), private LAN and reserved addresses are refused, whether written as IP
 * literals or reached through a host name, while this service's own /files URLs still work (read
 * from the blob store, not fetched).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../../../electron/service/files/url-policy';
import { installBuiltinClips } from '../../../../electron/service/catalog/builtin-clips';
import { buildTestApp, type TestApp } from '../../../support/service';
import { boxObj, boxObjBase64 } from '../../../support/meshes';

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', false], ['127.8.9.10', false], ['10.1.2.3', false], ['172.16.0.1', false], ['172.31.255.255', false],
    ['192.168.1.20', false], ['169.254.169.254', false], ['100.64.0.1', false], ['0.0.0.0', false], ['224.0.0.1', false],
    ['255.255.255.255', false], ['::1', false], ['::', false], ['fe80::1', false], ['fd12:3456::1', false],
    ['::ffff:127.0.0.1', false], ['::ffff:10.0.0.1', false], ['[::1]', false], ['not an ip', false],
    ['8.8.8.8', true], ['172.32.0.1', true], ['93.184.216.34', true], ['2606:4700:4700::1111', true], ['::ffff:8.8.8.8', true],
  ])('%s -> %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('model_url, image_url and animation_url with the default policy', () => {
  let t: TestApp;
  let server: Server;
  let hits = 0;
  let port = 0;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    auth = t.account({ rateLimitPerMinute: 10_000 }).auth;
    server = createServer((_req, res) => {
      hits++;
      res.end(boxObj());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await t.close();
  });

  const post = (url: string, body: unknown) => t.app.inject({ method: 'POST', url, headers: auth, payload: body as object });

  it.each([
    ['an IPv4 loopback literal', () => `http://127.0.0.1:${port}/box.obj`],
    ['localhost (resolved, refused at connect time)', () => `http://localhost:${port}/box.obj`],
    ['an IPv6 loopback literal', () => `http://[::1]:${port}/box.obj`],
    ['an IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${port}/box.obj`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a private LAN address', () => 'http://192.168.0.10/box.obj'],
  ])('refuses %s without fetching it', async (_label, url) => {
    const before = hits;
    const res = await post('/v1/rigs', { model_url: url() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/^model_url: .*loopback, private or reserved address; a publicly reachable URL is required/) });
    expect(hits).toBe(before);
  });

  it('applies the same rule to image_url and animation_url', async () => {
    const image = await post('/v1/models', { image_url: `http://127.0.0.1:${port}/x.png` });
    expect(image.json().error.message).toMatch(/^image_url: .*publicly reachable/);
    const clip = await post('/v1/rigs', { model_base64: boxObjBase64(), filename: 'box.obj', animation_url: `http://localhost:${port}/walk.glb` });
    expect(clip.json().error.message).toMatch(/^animation_url: .*publicly reachable/);
    expect(hits).toBe(0);
  });

  it("still takes this service's own file URLs: a clip's url from GET /v1/animations, read from the blob store", async () => {
    await installBuiltinClips(t.store);
    const walk = (await t.app.inject({ method: 'GET', url: '/v1/animations?rig_type=biped&query=walk', headers: auth })).json().animations[0];
    expect(new URL(walk.url).hostname).toMatch(/^(localhost|127\.0\.0\.1)$/);
    const res = await post('/v1/rigs', { model_base64: boxObjBase64(), filename: 'box.obj', animation_url: walk.url });
    expect(res.statusCode).toBe(202);
    const stored = JSON.parse(t.store.jobs.get(res.json().id)!.params);
    expect(stored.animation_clips[0]).toMatchObject({ field: 'animation_url', filename: expect.stringMatching(/\.glb$/) });
  }, 120_000);
});
