// Which IP addresses a production webhook may reach: public internet unicast only. Everything
// that reaches this machine, its private networks or a cloud's metadata service is refused, so a
// project admin cannot use webhooks to make authd call internal services.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { ResolveAddresses } from '../storage/context';

export type { ResolveAddresses };

export const resolveWithSystemDns: ResolveAddresses = (hostname) => lookup(hostname, { all: true, verbatim: true });

// [first address, prefix length] of IPv4 ranges that are not public unicast (RFC 6890 and its
// successors): this network, private, CGNAT, loopback, link-local (cloud metadata included),
// IETF protocol assignments, documentation, 6to4 relay, benchmarking, multicast, reserved and
// broadcast.
const nonPublicIpv4Ranges: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

function ipv4Number(address: string): number {
  return address.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
}

function isPublicIpv4(address: string): boolean {
  const value = ipv4Number(address);
  return nonPublicIpv4Ranges.every(([first, prefix]) => {
    const size = 2 ** (32 - prefix);
    const start = ipv4Number(first);
    return value < start || value >= start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted quad included). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dottedQuad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dottedQuad) {
    const value = ipv4Number(dottedQuad[1]!);
    text = `${text.slice(0, dottedQuad.index)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16));
}

function isPublicIpv6(address: string): boolean {
  const groups = ipv6Groups(address);
  // ::ffff:a.b.c.d, an IPv4 address in IPv6 form: the IPv4 rules decide.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return isPublicIpv4(`${groups[6]! >>> 8}.${groups[6]! & 0xff}.${groups[7]! >>> 8}.${groups[7]! & 0xff}`);
  }
  const [first = 0, second = 0] = groups;
  // Global unicast is 2000::/3; everything else (unspecified, loopback, IPv4-compatible, NAT64,
  // discard, unique-local fc00::/7, link-local, site-local, multicast) is not public.
  if ((first & 0xe000) !== 0x2000) return false;
  // 2001::/23 IETF protocol assignments (Teredo among them), 2001:db8::/32 documentation, and
  // 2002::/16 6to4, whose embedded IPv4 address could be anything.
  if (first === 0x2001 && (second < 0x0200 || second === 0x0db8)) return false;
  if (first === 0x2002) return false;
  return true;
}

/** True for a public unicast IPv4 or IPv6 address; false for anything else, non-addresses included. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const version = isIP(bare.replace(/%.*$/, ''));
  if (version === 4) return isPublicIpv4(bare);
  if (version === 6) return isPublicIpv6(bare);
  return false;
}

// Names of cloud metadata services, refused even where they do not resolve (at the time).
const metadataHostnames = new Set(['metadata.google.internal', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

export function isMetadataHostname(hostname: string): boolean {
  return metadataHostnames.has(hostname.toLowerCase().replace(/\.$/, ''));
}

/**
 * The addresses to connect to for `hostname`, after checking every one of them: a name with any
 * non-public address is refused as a whole (an attacker's DNS answer could list a public address
 * first and a private one second). Throws NonPublicAddressError; DNS failures pass through.
 */
export async function resolvePublicAddresses(
  hostname: string,
  resolve: ResolveAddresses = resolveWithSystemDns,
): Promise<{ address: string; family: number }[]> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare)) {
    if (!isPublicAddress(bare)) throw new NonPublicAddressError(hostname);
    return [{ address: bare, family: isIP(bare) }];
  }
  if (isMetadataHostname(bare)) throw new NonPublicAddressError(hostname);
  const addresses = await resolve(bare);
  if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) {
    throw new NonPublicAddressError(hostname);
  }
  return addresses;
}

export class NonPublicAddressError extends Error {
  constructor(hostname: string) {
    super(`${hostname} resolves to an address that is not on the public internet`);
    this.name = 'NonPublicAddressError';
  }
}
