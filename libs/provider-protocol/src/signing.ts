/**
 * Request signing of the provider protocol (docs/providers.md "Authentication"):
 *
 *   Authorization: BI-HMAC-SHA256 user=<percent-encoded userName>,ts=<unix ms>,sig=<hex>
 *   sig = hex(HMAC-SHA256(key = password (UTF-8),
 *                         METHOD + "\n" + REQUEST_TARGET + "\n" + ts + "\n" + hex(SHA-256(body))))
 *
 * REQUEST_TARGET is the path and query exactly as on the HTTP request line (e.g.
 * `/bi-provider/v1/programs/sales.orders/rows?from=2025-01-01&to=2025-01-31`); an empty body hashes the
 * empty string. A provider refuses a timestamp more than REPLAY_WINDOW_MS from its clock (clock_skew).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const AUTH_SCHEME = 'BI-HMAC-SHA256';
/** ±5 minutes */
export const REPLAY_WINDOW_MS = 5 * 60_000;

export function sha256Hex(body: string | Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

/** The text that is signed. */
export function stringToSign(method: string, requestTarget: string, ts: number, body: string | Uint8Array): string {
  return `${method.toUpperCase()}\n${requestTarget}\n${ts}\n${sha256Hex(body)}`;
}

export function signature(password: string, method: string, requestTarget: string, ts: number, body: string | Uint8Array): string {
  return createHmac('sha256', password).update(stringToSign(method, requestTarget, ts, body)).digest('hex');
}

/** The Authorization header value of one request. */
export function authorizationHeader(opts: { user: string; password: string; method: string; requestTarget: string; body?: string | Uint8Array; ts?: number }): string {
  const ts = opts.ts ?? Date.now();
  const sig = signature(opts.password, opts.method, opts.requestTarget, ts, opts.body ?? '');
  return `${AUTH_SCHEME} user=${encodeURIComponent(opts.user)},ts=${ts},sig=${sig}`;
}

export interface ParsedAuthorization {
  user: string;
  ts: number;
  sig: string;
}

/** The header's parts, or null when it is missing or malformed. */
export function parseAuthorization(header: string | undefined | null): ParsedAuthorization | null {
  if (!header || header.length > 2_000) return null;
  const m = /^BI-HMAC-SHA256 (.+)$/.exec(header.trim());
  if (!m) return null;
  const parts: Record<string, string> = {};
  for (const kv of m[1]!.split(',')) {
    const eq = kv.indexOf('=');
    if (eq <= 0) return null;
    const key = kv.slice(0, eq).trim();
    if (key in parts) return null;
    parts[key] = kv.slice(eq + 1).trim();
  }
  const { user, ts, sig } = parts;
  if (!user || !ts || !sig || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/.test(sig)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(user);
  } catch {
    return null;
  }
  return { user: decoded, ts: Number(ts), sig };
}

export type VerifyResult = { ok: true; user: string } | { ok: false; code: 'unauthorized' | 'clock_skew'; message: string };

/**
 * The provider's check of one request. `passwordOf` answers the password of a user, or undefined for an
 * unknown one. Order: malformed header → unauthorized; timestamp outside the window → clock_skew; unknown
 * user or a signature that does not match → unauthorized (the same message for both, compared in
 * constant time).
 */
export function verifyRequest(req: {
  method: string;
  requestTarget: string;
  authorization: string | undefined | null;
  body: string | Uint8Array;
  passwordOf: (user: string) => string | undefined;
  now?: number;
  windowMs?: number;
}): VerifyResult {
  const parsed = parseAuthorization(req.authorization);
  if (!parsed) return { ok: false, code: 'unauthorized', message: `missing or malformed Authorization header (expected ${AUTH_SCHEME} user=…,ts=…,sig=…)` };
  const now = req.now ?? Date.now();
  const window = req.windowMs ?? REPLAY_WINDOW_MS;
  if (Math.abs(now - parsed.ts) > window) {
    return { ok: false, code: 'clock_skew', message: `timestamp outside the replay window of ±${Math.round(window / 1000)} s (provider time ${now})` };
  }
  const password = req.passwordOf(parsed.user);
  // an unknown user is checked against a throwaway key so both failures take the same time
  const expected = signature(password ?? '\u0000unknown', req.method, req.requestTarget, parsed.ts, req.body);
  const match = timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(parsed.sig, 'hex'));
  if (!match || password === undefined) return { ok: false, code: 'unauthorized', message: 'unknown user or signature does not match' };
  return { ok: true, user: parsed.user };
}

/** Compares two secrets in constant time (credential checks of a provider with one user). */
export function sameSecret(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}
