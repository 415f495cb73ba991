/**
 * Which addresses a user-given URL (model_url, image_url, animation_url) may reach.
 *
 * The spec asks for publicly reachable URLs. Fetching loopback, link-local (cloud metadata at
 * 169.254.169.254), private-LAN or reserved addresses on a caller's behalf would let any API key
 * probe this machine and its network, so they are refused unless the owner allows private networks
 * (`serve --allow-private-urls`, for files kept on a LAN server).
 *
 * The check runs at connect time on the address actually dialled (undici's `lookup` hook), so a DNS
 * answer that changes between a check and the connection (rebinding) cannot slip through; IP literals
 * skip DNS, so `checkLiteralHost` checks them before any connection.
 *
 * Notes: `net.BlockList` is used rather than a hand-written parser or an extra package: it
 * understands IPv6 forms; IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is unwrapped first because
 * BlockList treats it as a distinct IPv6 address.
 */
import dns from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent } from 'undici';

const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
NOT_PUBLIC.addAddress('::', 'ipv6');
NOT_PUBLIC.addAddress('::1', 'ipv6');
for (const [net, bits] of [
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

/** True for an address on the public internet; false for loopback, private, link-local and reserved ranges. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return !NOT_PUBLIC.check(mapped[1], 'ipv4');
  const family = isIP(bare);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** Thrown from the connect-time lookup; `fetch-url.ts` turns it into a 400 naming the field. */
export class PrivateAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} is ${host === address ? 'a' : `at ${address}, a`} loopback, private or reserved address`);
  }
}

/** Refuses a URL whose host is an IP literal outside the public internet (those bypass DNS). */
export function checkLiteralHost(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !isPublicAddress(host)) throw new PrivateAddressError(host, host);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, options, (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => {
    if (err) return callback(err, address, family);
    const all = Array.isArray(address) ? address.map((a) => a.address) : [address];
    const blocked = all.find((a) => !isPublicAddress(a));
    if (blocked) return callback(new PrivateAddressError(hostname, blocked) as NodeJS.ErrnoException, address, family);
    callback(null, address, family);
  });
}

let publicOnly: Agent | null = null;
let anyAddress: Agent | null = null;

/** The connection pool for user URLs: public addresses only, unless private networks are allowed. */
export function urlAgent(allowPrivate: boolean): Agent {
  if (allowPrivate) return (anyAddress ??= new Agent());
  return (publicOnly ??= new Agent({ connect: { lookup: publicOnlyLookup as never } }));
}
