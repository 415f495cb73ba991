/**
 * The IANA IPv4 and IPv6 Special-Purpose Address Registries (iana-ipv4-special-registry,
 * iana-ipv6-special-registry, checked entry by entry against the 2024-2025 editions), plus the
 * few ranges outside them that are no place for a user's file server either (multicast, the
 * deprecated IPv4-compatible and site-local IPv6 blocks). url-policy.ts refuses every one: even
 * the "globally reachable" entries are anycast protocol services (PCP, TURN, AS112, AMT), never a
 * host serving meshes.
 *
 * `embedded-ipv4` marks the two IPv6 forms that stand for an ordinary IPv4 host, judged by the IPv4
 * address inside instead of refused: IPv4-mapped addresses (how a dual-stack socket writes an IPv4
 * peer) and the NAT64 well-known prefix (what DNS64 answers for IPv4-only hosts on IPv6-only
 * networks). Every other form carrying an IPv4 address (6to4, Teredo, local-use NAT64,
 * IPv4-compatible) is refused outright: none is how a file server is reached today, and Teredo
 * even obscures the address it carries.
 */

export interface SpecialRange {
  block: string;
  name: string;
  rfc: string;
  treatment?: 'embedded-ipv4';
}

export const IPV4_SPECIAL: readonly SpecialRange[] = [
  { block: '0.0.0.0/8', name: '"This network"', rfc: 'RFC 791, RFC 1122' },
  { block: '10.0.0.0/8', name: 'Private-Use', rfc: 'RFC 1918' },
  { block: '100.64.0.0/10', name: 'Shared Address Space (carrier-grade NAT)', rfc: 'RFC 6598' },
  { block: '127.0.0.0/8', name: 'Loopback', rfc: 'RFC 1122' },
  { block: '169.254.0.0/16', name: 'Link Local (cloud metadata at 169.254.169.254)', rfc: 'RFC 3927' },
  { block: '172.16.0.0/12', name: 'Private-Use', rfc: 'RFC 1918' },
  // Holds 192.0.0.0/29 (IPv4 Service Continuity, RFC 7335), .8 (dummy, RFC 7600), .9 (PCP anycast,
  // RFC 7723), .10 (TURN anycast, RFC 8155), .170 and .171 (NAT64 discovery, RFC 8880).
  { block: '192.0.0.0/24', name: 'IETF Protocol Assignments', rfc: 'RFC 6890' },
  { block: '192.0.2.0/24', name: 'Documentation (TEST-NET-1)', rfc: 'RFC 5737' },
  { block: '192.31.196.0/24', name: 'AS112-v4', rfc: 'RFC 7535' },
  { block: '192.52.193.0/24', name: 'AMT', rfc: 'RFC 7450' },
  { block: '192.88.99.0/24', name: 'Deprecated (6to4 Relay Anycast)', rfc: 'RFC 7526' },
  { block: '192.168.0.0/16', name: 'Private-Use', rfc: 'RFC 1918' },
  { block: '192.175.48.0/24', name: 'Direct Delegation AS112 Service', rfc: 'RFC 7534' },
  { block: '198.18.0.0/15', name: 'Benchmarking', rfc: 'RFC 2544' },
  { block: '198.51.100.0/24', name: 'Documentation (TEST-NET-2)', rfc: 'RFC 5737' },
  { block: '203.0.113.0/24', name: 'Documentation (TEST-NET-3)', rfc: 'RFC 5737' },
  { block: '240.0.0.0/4', name: 'Reserved (holds 255.255.255.255/32, Limited Broadcast, RFC 919)', rfc: 'RFC 1112' },
  // Not in the special-purpose registry (it is in the address-space registry):
  { block: '224.0.0.0/4', name: 'Multicast', rfc: 'RFC 5771' },
];

export const IPV6_SPECIAL: readonly SpecialRange[] = [
  { block: '::1/128', name: 'Loopback Address', rfc: 'RFC 4291' },
  { block: '::/128', name: 'Unspecified Address', rfc: 'RFC 4291' },
  { block: '::ffff:0:0/96', name: 'IPv4-mapped Address', rfc: 'RFC 4291', treatment: 'embedded-ipv4' },
  { block: '64:ff9b::/96', name: 'IPv4-IPv6 Translation (NAT64 well-known prefix)', rfc: 'RFC 6052', treatment: 'embedded-ipv4' },
  { block: '64:ff9b:1::/48', name: 'Local-Use IPv4/IPv6 Translation', rfc: 'RFC 8215' },
  { block: '100::/64', name: 'Discard-Only Address Block', rfc: 'RFC 6666' },
  { block: '100:0:0:1::/64', name: 'Dummy IPv6 Prefix', rfc: 'RFC 9780' },
  // Holds 2001::/32 (Teredo, RFC 4380), 2001:1::1-3/128 (PCP, TURN, DNS-SD SRP anycast),
  // 2001:2::/48 (Benchmarking, RFC 5180), 2001:3::/32 (AMT, RFC 7450), 2001:4:112::/48 (AS112-v6,
  // RFC 7535), 2001:10::/28 (deprecated ORCHID), 2001:20::/28 (ORCHIDv2, RFC 7343), 2001:30::/28
  // (Drone Remote ID, RFC 9374).
  { block: '2001::/23', name: 'IETF Protocol Assignments', rfc: 'RFC 2928' },
  { block: '2001:db8::/32', name: 'Documentation', rfc: 'RFC 3849' },
  { block: '2002::/16', name: '6to4', rfc: 'RFC 3056' },
  { block: '2620:4f:8000::/48', name: 'Direct Delegation AS112 Service', rfc: 'RFC 7534' },
  { block: '3fff::/20', name: 'Documentation', rfc: 'RFC 9637' },
  { block: '5f00::/16', name: 'Segment Routing (SRv6) SIDs', rfc: 'RFC 9602' },
  { block: 'fc00::/7', name: 'Unique-Local', rfc: 'RFC 4193' },
  { block: 'fe80::/10', name: 'Link-Local Unicast', rfc: 'RFC 4291' },
  // Not in the special-purpose registry:
  { block: '::/96', name: 'IPv4-compatible (deprecated)', rfc: 'RFC 4291 section 2.5.5.1' },
  { block: 'fec0::/10', name: 'Site-local (deprecated)', rfc: 'RFC 3879' },
  { block: 'ff00::/8', name: 'Multicast', rfc: 'RFC 4291' },
];
