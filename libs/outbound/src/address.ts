import { isIP } from 'node:net';

/**
 * IP addresses as bytes, CIDR ranges, and the ranges an outbound request may not reach (docs/architecture.md
 * "Outbound targets"). Pure functions over canonical text: every numeric spelling of an address (decimal
 * 2130706433, hex 0x7f000001, octal 0177.0.0.1, short 127.1, IPv6 with an embedded IPv4 part) is first
 * made canonical by the WHATWG URL parser (`canonicalHost`), the same parser that reads a target URL.
 */

export type AddressKind =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'unique-local'
  | 'site-local'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'translated';

export interface Cidr {
  bytes: Uint8Array;
  prefix: number;
}

/** The 4 or 16 bytes of a canonical IPv4 / IPv6 address text, or null when it is not one. */
export function addressBytes(address: string): Uint8Array | null {
  const a = address.replace(/^\[|\]$/g, '');
  const family = isIP(a);
  if (family === 4) return Uint8Array.from(a.split('.').map(Number));
  if (family === 6) return ipv6Bytes(a);
  return null;
}

function ipv6Bytes(text: string): Uint8Array | null {
  let s = text.replace(/%.*$/, ''); // a zone (fe80::1%eth0) names the interface, not the address
  const out = new Uint8Array(16);
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const v4 = dotted[1]!.split('.').map(Number);
    s = s.slice(0, -dotted[1]!.length) + `${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const [head, rest] = s.includes('::') ? s.split('::') : [s, undefined];
  const groups = (p: string | undefined) => (p ? p.split(':').map((g) => parseInt(g, 16)) : []);
  const h = groups(head);
  const r = groups(rest);
  if (rest === undefined && h.length !== 8) return null;
  const all = [...h, ...new Array<number>(8 - h.length - r.length).fill(0), ...r];
  if (all.length !== 8 || all.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff)) return null;
  all.forEach((g, i) => {
    out[i * 2] = g >> 8;
    out[i * 2 + 1] = g & 0xff;
  });
  return out;
}

/** A CIDR (`10.0.0.0/8`, `fd00::/8`) or a single address (its own /32 or /128), or null when it is neither. */
export function parseCidr(text: string): Cidr | null {
  const [addr, bits, more] = text.trim().split('/');
  if (more !== undefined || !addr) return null;
  const canonical = canonicalHost(addr);
  const bytes = canonical === null ? null : addressBytes(canonical);
  if (!bytes) return null;
  const max = bytes.length * 8;
  if (bits === undefined) return { bytes, prefix: max };
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
  return { bytes, prefix: Number(bits) };
}

export function inCidr(bytes: Uint8Array, cidr: Cidr): boolean {
  if (bytes.length !== cidr.bytes.length) return false;
  for (let bit = 0; bit < cidr.prefix; bit += 8) {
    const n = Math.min(8, cidr.prefix - bit);
    const mask = (0xff << (8 - n)) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (cidr.bytes[bit / 8]! & mask)) return false;
  }
  return true;
}

const ranges = (list: [string, AddressKind][]) => list.map(([cidr, kind]) => ({ cidr: parseCidr(cidr)!, kind }));

/** IPv4 ranges no outbound request may reach (RFC 6890 special-purpose registry, the non-global ones). */
const V4_FORBIDDEN = ranges([
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'shared'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', 'reserved'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'reserved'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
]);

/** IPv6 ranges no outbound request may reach; those embedding an IPv4 address are judged by it (V6_EMBEDDING). */
const V6_FORBIDDEN = ranges([
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['64:ff9b:1::/48', 'translated'],
  ['100::/64', 'reserved'],
  ['2001::/32', 'translated'], // Teredo: an obfuscated IPv4 address inside
  ['2001:2::/48', 'reserved'],
  ['2001:10::/28', 'reserved'],
  ['2001:20::/28', 'reserved'],
  ['2001:db8::/32', 'documentation'],
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local'],
  ['ff00::/8', 'multicast'],
]);

/** IPv6 ranges that carry an IPv4 address (byte offset): IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64, 6to4. */
const V6_EMBEDDING: { cidr: Cidr; at: number }[] = [
  { cidr: parseCidr('::ffff:0:0/96')!, at: 12 },
  { cidr: parseCidr('::/96')!, at: 12 },
  { cidr: parseCidr('::ffff:0:0:0/96')!, at: 12 },
  { cidr: parseCidr('64:ff9b::/96')!, at: 12 },
  { cidr: parseCidr('2002::/16')!, at: 2 },
];

/**
 * Why an address may not be reached (loopback, private, link-local, unique-local, unspecified,
 * multicast/broadcast, reserved, …), or null for a global unicast address. An IPv6 address embedding
 * an IPv4 one (::ffff:127.0.0.1, 64:ff9b::a00:1, 2002:7f00:1::) is judged by the IPv4 address.
 */
export function forbiddenKind(bytes: Uint8Array): AddressKind | null {
  if (bytes.length === 4) return V4_FORBIDDEN.find((r) => inCidr(bytes, r.cidr))?.kind ?? null;
  const own = V6_FORBIDDEN.find((r) => inCidr(bytes, r.cidr));
  if (own) return own.kind;
  const embedding = V6_EMBEDDING.find((e) => inCidr(bytes, e.cidr));
  if (embedding) return forbiddenKind(bytes.slice(embedding.at, embedding.at + 4)) ?? null;
  return null;
}

/**
 * A host as the WHATWG URL parser reads it: lower case, without a trailing dot, IPv4 in dotted
 * decimal whatever its spelling, IPv6 without brackets and compressed; null when it is no valid host.
 */
export function canonicalHost(host: string): string | null {
  const h = host.trim();
  if (!h || /[/?#@\\\s]/.test(h)) return null;
  try {
    const hostname = new URL(`http://${isIP(h) === 6 ? `[${h}]` : h}/`).hostname;
    return hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  } catch {
    return null;
  }
}
