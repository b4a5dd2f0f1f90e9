import { isIP } from 'node:net';
import { addressBytes, canonicalHost, forbiddenKind, inCidr, parseCidr, type AddressKind, type Cidr } from './address.js';

/**
 * The outbound targets policy (docs/architecture.md "Outbound targets"): where the product may send a
 * request on a user's behalf — alert webhooks now, chat and report deliveries later. One place for
 * - the check of a setting when it is saved (`checkTargetUrl`): http/https only, a port 1–65535, no
 *   user info, and a host that is not a literal address in a forbidden range nor a name reserved for
 *   internal use (localhost, *.localhost, *.internal);
 * - the check at delivery (`resolveTarget`, delivery.ts): the name resolved, every address checked,
 *   and the request sent to that checked address (no second lookup: no DNS rebinding).
 * The administrator opens targets with `BI_OUTBOUND_ALLOW`: CIDRs, addresses and host names
 * (`hooks.corp.example`, `*.corp.example`), or one port of one address (`127.0.0.1:8081`, `[::1]:8081`:
 * the embedded host opens its reference ERP provider so, and nothing else of this machine).
 */

export interface OutboundPolicy {
  /** allowed ranges (an address is its own /32 or /128) */
  readonly cidrs: readonly Cidr[];
  /** allowed host names: exact, or a suffix (from `*.example.com`, held as `.example.com`) */
  readonly hosts: readonly string[];
  /** allowed single ports of literal addresses, as `address|port` (canonical address) */
  readonly endpoints: readonly string[];
}

/** `a.b.c.d:port` or `[v6]:port`: the address and port, or null. */
function endpointOf(entry: string): { address: string; port: number } | null {
  const m = /^(?:\[([0-9a-f:.]+)\]|(\d{1,3}(?:\.\d{1,3}){3})):(\d{1,5})$/i.exec(entry);
  if (!m) return null;
  const address = (m[1] ?? m[2])!;
  const port = Number(m[3]);
  if (isIP(address) === 0 || port < 1 || port > 65535) return null;
  return { address, port };
}

function endpointKey(address: string, port: number): string | null {
  const bytes = addressBytes(address);
  return bytes ? `${Array.from(bytes).join('.')}|${port}` : null;
}

function endpointAllowed(policy: OutboundPolicy, address: string, port: number): boolean {
  const key = endpointKey(address, port);
  return key !== null && policy.endpoints.includes(key);
}

export class OutboundConfigError extends Error {}

/** The policy for BI_OUTBOUND_ALLOW's entries (comma- or space-separated); throws on an entry that is no CIDR, address or host name. */
export function outboundPolicy(allow: readonly string[] | string = []): OutboundPolicy {
  const entries = (typeof allow === 'string' ? allow.split(/[\s,]+/) : allow).map((e) => e.trim()).filter(Boolean);
  const cidrs: Cidr[] = [];
  const hosts: string[] = [];
  const endpoints: string[] = [];
  for (const entry of entries) {
    const problem = allowEntryProblem(entry);
    if (problem) throw new OutboundConfigError(problem);
    const endpoint = endpointOf(entry);
    if (endpoint) {
      endpoints.push(endpointKey(endpoint.address, endpoint.port)!);
      continue;
    }
    const cidr = entry.includes('/') || isIP(entry) ? parseCidr(entry) : null;
    if (cidr) cidrs.push(cidr);
    else hosts.push(entry.startsWith('*.') ? entry.slice(1).toLowerCase() : canonicalHost(entry)!);
  }
  return { cidrs, hosts, endpoints };
}

/** Why an entry of BI_OUTBOUND_ALLOW is not a CIDR, an address or a host name (`*.` allowed in front), or null. */
export function allowEntryProblem(entry: string): string | null {
  if (endpointOf(entry)) return null;
  if (/^\[.*\]:|^\d{1,3}(\.\d{1,3}){3}:/.test(entry)) return `${entry}: not an address and port (a.b.c.d:port or [v6]:port)`;
  if (entry.includes('/') || isIP(entry)) return parseCidr(entry) ? null : `${entry}: not a CIDR (a.b.c.d/n or an IPv6 prefix)`;
  const name = entry.startsWith('*.') ? entry.slice(2) : entry;
  return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(name) ? null : `${entry}: not a host name, address or CIDR`;
}

/** Names that always mean this machine or a private network (RFC 6761 localhost; the private-use TLD .internal, e.g. metadata.google.internal). */
function internalName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host === 'internal' || host.endsWith('.internal');
}

function hostAllowed(policy: OutboundPolicy, host: string): boolean {
  return policy.hosts.some((h) => (h.startsWith('.') ? host.endsWith(h) && host.length > h.length : host === h));
}

function addressAllowed(policy: OutboundPolicy, bytes: Uint8Array): boolean {
  return policy.cidrs.some((c) => inCidr(bytes, c));
}

/** Why the product may not connect to this address (a forbidden range not opened by the policy), or null. */
export function addressProblem(policy: OutboundPolicy, address: string): AddressKind | 'invalid' | null {
  const bytes = addressBytes(address);
  if (!bytes) return 'invalid';
  const kind = forbiddenKind(bytes);
  return kind && !addressAllowed(policy, bytes) ? kind : null;
}

export interface Target {
  /** the URL as parsed (the request is built from its parts, never from the text) */
  url: URL;
  protocol: 'http:' | 'https:';
  /** canonical host: lower case, no trailing dot, IPv6 without brackets */
  host: string;
  port: number;
  /** the host is an IP address */
  literal: boolean;
}

export type TargetProblem = { kind: 'invalid_url' } | { kind: 'not_allowed'; host: string };

/**
 * The check of a target when a setting is saved: http(s) URL, port 1–65535, no user info, and a host
 * that is no literal address in a forbidden range and no internal name (unless allowed). Names are
 * judged again, resolved, at delivery (`resolveTarget`).
 */
export function checkTargetUrl(policy: OutboundPolicy, text: string): { ok: true; target: Target } | { ok: false; problem: TargetProblem } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: { kind: 'invalid_url' } };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: { kind: 'invalid_url' } };
  if (url.username || url.password) return { ok: false, problem: { kind: 'invalid_url' } };
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (!host || !Number.isInteger(port) || port < 1 || port > 65535) return { ok: false, problem: { kind: 'invalid_url' } };
  const literal = isIP(host) !== 0;
  const target: Target = { url, protocol: url.protocol, host, port, literal };
  if (literal ? addressProblem(policy, host) !== null && !endpointAllowed(policy, host, port) : internalName(host) && !hostAllowed(policy, host)) return { ok: false, problem: { kind: 'not_allowed', host } };
  return { ok: true, target };
}

/** A name's addresses (dns.lookup with all: true), or an IP literal itself. */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

/** The refusal of a target at delivery; its message is all a user sees: no address, port or probing detail. */
export class TargetNotAllowed extends Error {
  constructor() {
    super('target not allowed');
    this.name = 'TargetNotAllowed';
  }
}

/**
 * The check at delivery: the URL checked as when saved, then the name resolved and EVERY address
 * checked (one forbidden address refuses the target, so a name cannot mix a public and an internal
 * address); answers the address to connect to. A host named in BI_OUTBOUND_ALLOW is trusted with
 * whatever it resolves to. Throws TargetNotAllowed.
 */
export async function resolveTarget(policy: OutboundPolicy, text: string, resolve: Resolver): Promise<{ target: Target; address: string; family: 4 | 6 }> {
  const checked = checkTargetUrl(policy, text);
  if (!checked.ok) throw new TargetNotAllowed();
  const { target } = checked;
  if (target.literal) return { target, address: target.host, family: isIP(target.host) as 4 | 6 };
  const trusted = hostAllowed(policy, target.host);
  const addresses = await resolve(target.host);
  if (addresses.length === 0) throw new TargetNotAllowed();
  if (!trusted && addresses.some((a) => addressProblem(policy, a.address) !== null)) throw new TargetNotAllowed();
  const first = addresses[0]!;
  const family = isIP(first.address);
  if (family === 0) throw new TargetNotAllowed();
  return { target, address: first.address, family: family as 4 | 6 };
}
