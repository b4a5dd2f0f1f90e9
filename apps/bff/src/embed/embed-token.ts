import { createHmac, timingSafeEqual } from 'node:crypto';
import { requestFilter } from '@bi/chart-model';
import { AppError } from '@bi/core';
import { z } from 'zod';

/**
 * Embedding tokens (issue 32, docs/api/embedding.md, ADR 0025): a JWT signed with HS256 under the
 * install's embedding secret by the embedding application's server. Verified strictly: the header is
 * exactly HS256 (no `none`, no other algorithm, no key id or key URL honoured), the signature compared in
 * constant time, `exp` and `iat` required, `exp` in the future and at most 24 hours after `iat`, `iat`
 * not in the future; the claims then read through one bounded schema. Every refusal answers the same
 * 401 (`embed.token_invalid`), so a caller learns nothing about which check failed.
 */

export const EMBED_TOKEN_MAX_CHARS = 16_384;
export const EMBED_TOKEN_MAX_SECONDS = 24 * 3600;
/** clock skew allowed on `iat` */
const SKEW_SECONDS = 60;

const id = z.string().min(1).max(64);
/** A row condition for the embedding application's user: a row rule's condition (@bi/query checkRowRules' shape, checked again when the query is built). */
const rowCondition = z.object({
  field: z.string().min(1).max(128),
  compare: z.string().min(1).max(16),
  compareValue: z.union([z.string().max(1000), z.number(), z.null()]).optional(),
  compareValueLeft: z.union([z.string().max(1000), z.number(), z.null()]).optional(),
  compareValueRight: z.union([z.string().max(1000), z.number(), z.null()]).optional(),
});

/** A filter of the token: a dashboard-wide filter item's name, type and values (applied as a global filter of every run). */
const tokenFilter = requestFilter.and(z.object({ name: z.string().min(1).max(128), dataType: z.enum(['string', 'number', 'date']).optional() }));

export const embedClaimsSchema = z.object({
  /** the product user the token acts for (who made the embedding); their rights are read on every call */
  sub: id,
  resource: z.object({ type: z.enum(['chart', 'dashboard']), id }),
  filters: z
    .object({
      /** always applied; the page cannot change them */
      locked: z.array(tokenFilter).max(20).optional(),
      /** applied with these values until the page sets others (setFilter) */
      editable: z.array(tokenFilter).max(20).optional(),
    })
    .optional(),
  /** extra row conditions for the embedding application's user, ANDed to the maker's row rules on every data path */
  rows: z.array(rowCondition).max(20).optional(),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type EmbedClaims = z.infer<typeof embedClaimsSchema>;

const refused = () => new AppError('unauthenticated', 'embed.token_invalid');

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');
function json(part: string): unknown {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) throw refused();
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
}

/** Signs claims as an HS256 JWT (tests, docs; the embedding application signs its own the same way). */
export function signEmbedToken(claims: Record<string, unknown>, secret: string, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): string {
  const input = `${b64(JSON.stringify(header))}.${b64(JSON.stringify(claims))}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** The verified claims of a token, or AppError embed.token_invalid (401). `now` in seconds. */
export function verifyEmbedToken(token: string, secret: string, now = Math.floor(Date.now() / 1000)): EmbedClaims {
  if (typeof token !== 'string' || token.length > EMBED_TOKEN_MAX_CHARS) throw refused();
  const parts = token.split('.');
  if (parts.length !== 3) throw refused();
  const [h, p, s] = parts as [string, string, string];
  const header = json(h) as Record<string, unknown> | null;
  // exactly HS256: `none`, RS256 (a public key used as the HMAC secret), and anything else are refused
  if (!header || typeof header !== 'object' || header.alg !== 'HS256' || (header.typ !== undefined && header.typ !== 'JWT')) throw refused();
  if (Object.keys(header).some((k) => k !== 'alg' && k !== 'typ')) throw refused();
  if (!/^[A-Za-z0-9_-]{43}$/.test(s)) throw refused();
  const expected = createHmac('sha256', secret).update(`${h}.${p}`).digest();
  const given = Buffer.from(s, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
  const parsed = embedClaimsSchema.safeParse(json(p));
  if (!parsed.success) throw refused();
  const c = parsed.data;
  if (c.exp <= now || c.iat > now + SKEW_SECONDS || c.exp <= c.iat || c.exp - c.iat > EMBED_TOKEN_MAX_SECONDS) throw refused();
  return c;
}
