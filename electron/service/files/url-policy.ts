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
 * Which ranges: every entry of the IANA special-purpose registries (special-purpose-addresses.ts,
 * with their RFCs), and for IPv6 anything outside 2000::/3, the only block IANA allocates global
 * unicast from. IPv4-mapped (`::ffff:127.0.0.1`, `::ffff:7f00:1`) and NAT64 (`64:ff9b::10.0.0.1`)
 * addresses are judged by the IPv4 address inside; other IPv4-carrying forms are refused.
 *
 * `net.BlockList` does the prefix matching rather than a hand-written matcher or an extra package.
 */
import dns from 'node:dns';
import { BlockList, isIP, isIPv6 } from 'node:net';
import { Agent } from 'undici';
import { IPV4_SPECIAL, IPV6_SPECIAL } from './special-purpose-addresses';

const NOT_PUBLIC = new BlockList();
for (const range of [...IPV4_SPECIAL, ...IPV6_SPECIAL]) {
  if (range.treatment === 'embedded-ipv4') continue;
  const [net, bits] = range.block.split('/');
  NOT_PUBLIC.addSubnet(net, Number(bits), isIPv6(net) ? 'ipv6' : 'ipv4');
}

/** The eight 16-bit groups of an IPv6 address in any spelling (`::`, a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === null ? [] : parse(tail);
  return [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address an IPv4-mapped or NAT64 well-known-prefix address stands for, else null. */
function embeddedIPv4(groups: number[]): string | null {
  const mapped = groups.slice(0, 6).every((g, i) => g === (i === 5 ? 0xffff : 0));
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (!mapped && !nat64) return null;
  return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
}

/** True for an address on the public internet; false for loopback, private, link-local and every special-purpose range. */
export function isPublicAddress(address: string): boolean {
  // Brackets of a URL host and an IPv6 zone (`fe80::1%eth0`) are not part of the address.
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !NOT_PUBLIC.check(bare, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(bare);
  const inner = embeddedIPv4(groups);
  if (inner) return isPublicAddress(inner);
  if ((groups[0] & 0xe000) !== 0x2000) return false;
  return !NOT_PUBLIC.check(bare, 'ipv6');
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
