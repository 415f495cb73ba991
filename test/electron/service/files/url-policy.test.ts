/**
 * User URLs reach only the public internet by default (spec: "publicly reachable URL"): loopback,
 * link-local (cloud metadata), private LAN and reserved addresses are refused, whether written as IP
 * literals or reached through a host name, while this service's own /files URLs still work (read
 * from the blob store, not fetched).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isIPv4 } from 'node:net';
import { isPublicAddress } from '../../../../electron/service/files/url-policy';
import { IPV4_SPECIAL, IPV6_SPECIAL } from '../../../../electron/service/files/special-purpose-addresses';
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

  // Issue #12 item 5: the documentation, translation and other special-purpose ranges.
  it.each([
    '192.0.2.1', '198.51.100.7', '203.0.113.200', '192.88.99.1', '192.31.196.1', '192.52.193.1', '192.175.48.1', '192.0.0.9',
    '198.19.255.255', '2001:db8::1', '2001:db8:ffff::1', '3fff::1', '64:ff9b:1::a00:1', '::a00:1', '::8.8.8.8', '2002:808:808::1',
    '2002:7f00:1::1', '2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:1::1', '2001:2::1', '2001:3::1', '2001:20::1',
    '2620:4f:8000::1', '100::1', '100:0:0:1::1', '5f00::1', 'fec0::1', 'ff02::1', 'fe80::1%eth0', '4000::1',
  ])('refuses the special-purpose address %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    // IPv4-mapped and NAT64 well-known-prefix addresses are judged by the IPv4 address inside, however spelled.
    ['::ffff:7f00:1', false], ['[::ffff:7f00:1]', false], ['::ffff:a9fe:a9fe', false], ['::ffff:c000:201', false],
    ['64:ff9b::7f00:1', false], ['64:ff9b::127.0.0.1', false], ['64:ff9b::c0a8:1', false], ['64:ff9b::198.51.100.1', false],
    ['64:ff9b::808:808', true], ['64:ff9b::8.8.8.8', true], ['::ffff:1.1.1.1', true],
  ])('judges the embedded IPv4 address of %s -> %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it.each(['1.1.1.1', '9.9.9.9', '192.0.1.255', '192.0.3.0', '198.51.99.255', '203.0.112.255', '2001:4860:4860::8888', '2a00:1450:4001::1', '2001:db9::1', '2003::1'])(
    'lets the public address %s through',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each([...IPV4_SPECIAL, ...IPV6_SPECIAL].filter((r) => r.treatment !== 'embedded-ipv4'))('refuses the first and last address of $block ($name, $rfc)', (range) => {
    const [first, last] = firstAndLast(range.block);
    expect(isPublicAddress(first), first).toBe(false);
    expect(isPublicAddress(last), last).toBe(false);
  });
});

/** The first and last address of a CIDR block, as text. */
function firstAndLast(block: string): [string, string] {
  const [net, bitsText] = block.split('/');
  const bits = Number(bitsText);
  if (isIPv4(net)) {
    const base = net.split('.').reduce((n, o) => n * 256 + Number(o), 0);
    const size = 2 ** (32 - bits);
    const text = (n: number) => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');
    return [text(base), text(base + size - 1)];
  }
  const groups = new URL(`http://[${net}]`).hostname.slice(1, -1);
  const [head, tail = ''] = groups.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const full = [...h, ...Array(8 - h.length - t.length).fill('0'), ...t].map((g) => BigInt(`0x${g}`));
  const base = full.reduce((n, g) => (n << 16n) | g, 0n);
  const last = base | ((1n << BigInt(128 - bits)) - 1n);
  const text = (n: bigint) => Array.from({ length: 8 }, (_, i) => ((n >> BigInt(16 * (7 - i))) & 0xffffn).toString(16)).join(':');
  return [text(base), text(last)];
}

describe('model_url, image_url and animation_url with the default policy', () => {
  let t: TestApp;
  let server: Server;
  let hits = 0;
  let port = 0;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    auth = (await t.account({ rateLimitPerMinute: 10_000 })).auth;
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
    ['a documentation address', () => 'http://192.0.2.10/box.obj'],
    ['a NAT64 address of loopback', () => `http://[64:ff9b::127.0.0.1]:${port}/box.obj`],
    ['a 6to4 address', () => 'http://[2002:c000:20a::1]/box.obj'],
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
    const stored = JSON.parse((await t.store.jobs.get(res.json().id))!.params);
    expect(stored.animation_clips[0]).toMatchObject({ field: 'animation_url', filename: expect.stringMatching(/\.glb$/) });
  }, 120_000);
});
