import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, readOrCreateSecretFile, type Logger } from '@bi/core';
import type { AppConfig } from '@bi/config';
import type { SqlDatabase } from '@bi/persistence';
import type { identityV1 } from '@bi/proto';
import { CONFIG, DATABASE, LOGGER, isUuid } from '@bi/service-kit';
import { audit } from './grants.service.js';
import { IdentityService } from './identity.service.js';

/** The scopes a key may carry (the same list as @bi/access API_KEY_SCOPES; services do not import the BFF's policy). */
export const KEY_SCOPES = ['read', 'dashboards:write', 'sources:manage', 'admin'] as const;
export const KEY_DEFAULT_DAYS = 90;
export const KEY_MAX_DAYS = 365;
const MAX_LIVE_KEYS = 50;
/** bik_ + 32 base64url characters (192 random bits) + 8 hex characters of CRC-32 of them: secret scanners match ^bik_[A-Za-z0-9_-]{32}[0-9a-f]{8}$ */
export const KEY_PATTERN = /^bik_([A-Za-z0-9_-]{32})([0-9a-f]{8})$/;
/** How often a key's last use is written (a busy key writes at most once a minute). */
const LAST_USED_EVERY_MS = 60_000;

type KeyRow = {
  id: string;
  user_id: string;
  user_name: string;
  name: string;
  scopes: string[];
  hint: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  last_used_ip: string | null;
};
const KEY_COLUMNS = `k.id, k.user_id, u.user_name, k.name, k.scopes, k.hint, k.created_at, k.expires_at, k.revoked_at, k.last_used_at, k.last_used_ip`;

const checksum = (body: string) => (crc32(body) >>> 0).toString(16).padStart(8, '0');

/** A new secret: bik_, 192 random bits, a checksum (scanners and the BFF tell a typo from a key without a lookup). */
export function newKeySecret(): string {
  const body = randomBytes(24).toString('base64url');
  return `bik_${body}${checksum(body)}`;
}

/** Well-formed, with a matching checksum. */
export function isKeySecret(secret: string): boolean {
  const m = KEY_PATTERN.exec(secret);
  return !!m && checksum(m[1]!) === m[2];
}

/**
 * API keys (docs/api/api-keys.md, docs/adr/0023-api-keys.md): stored as HMAC-SHA-256 of the secret under
 * a per-install key (a fast keyed hash: the secret has 192 random bits, so a slow hash adds nothing but
 * cost on every request), shown once; a key acts as its creator, whose current rights (VerifyToken's
 * answer for the creator) the BFF cuts down to the key's scopes with @bi/access apiKeyPrincipal.
 */
@Injectable()
export class ApiKeyService {
  private readonly pepper: string;
  private readonly lastWritten = new Map<string, number>();

  constructor(
    @Inject(DATABASE) private readonly db: SqlDatabase,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CONFIG) config: AppConfig,
    private readonly identity: IdentityService,
  ) {
    this.pepper = readOrCreateSecretFile(join(config.dataDir, 'secrets', 'api-key-hash-key'));
  }

  private hash(secret: string): string {
    return createHmac('sha256', this.pepper).update(secret).digest('hex');
  }

  async create(req: identityV1.CreateApiKeyRequest): Promise<identityV1.CreateApiKeyReply> {
    const userId = req.actor?.userId ?? '';
    if (!isUuid(userId)) throw new AppError('unauthenticated', 'auth.unauthenticated');
    const name = (req.name ?? '').trim();
    if (!name || name.length > 64) throw new AppError('invalid', 'apikey.name_invalid');
    const scopes = KEY_SCOPES.filter((s) => req.scopes.includes(s));
    if (!scopes.length || scopes.length !== new Set(req.scopes).size) throw new AppError('invalid', 'apikey.scopes_invalid');
    if (scopes.includes('admin') && !req.actorIsAdmin) throw new AppError('forbidden', 'apikey.scope_not_allowed');
    const days = req.expiresInDays || KEY_DEFAULT_DAYS;
    if (!Number.isInteger(days) || days < 1 || days > KEY_MAX_DAYS) throw new AppError('invalid', 'apikey.expiry_invalid');
    const secret = newKeySecret();
    const id = randomUUID();
    await this.db.transaction(async (tx) => {
      const live = await tx.query<{ n: number }>('SELECT count(*)::int4 AS n FROM identity.api_keys WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()', [userId]);
      if (Number(live.rows[0]?.n ?? 0) >= MAX_LIVE_KEYS) throw new AppError('invalid', 'apikey.too_many');
      await tx.query(
        `INSERT INTO identity.api_keys (id, user_id, name, scopes, secret_hash, hint, expires_at) VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7))`,
        [id, userId, name, scopes, this.hash(secret), secret.slice(0, 10), days],
      );
      await audit(tx, req.actor, 'apikey.create', `apikey:${id}`, { name, scopes, expiresInDays: days, userId });
    });
    this.logger.info('api key created', { keyId: id, by: req.actor?.userName });
    return { key: (await this.list(userId, id))[0], secret };
  }

  /** The keys of one user (userId), or every user's (''), newest first; one key when keyId is given. */
  async list(userId: string, keyId?: string): Promise<identityV1.ApiKey[]> {
    if (userId && !isUuid(userId)) return [];
    if (keyId !== undefined && !isUuid(keyId)) return [];
    const r = await this.db.query<KeyRow>(
      `SELECT ${KEY_COLUMNS} FROM identity.api_keys k JOIN identity.users u ON u.id = k.user_id
       WHERE ($1::text = '' OR k.user_id::text = $1) AND ($2::text IS NULL OR k.id::text = $2) ORDER BY k.created_at DESC LIMIT 1000`,
      [userId, keyId ?? null],
    );
    return r.rows.map(toApiKey);
  }

  async revoke(req: identityV1.RevokeApiKeyRequest): Promise<identityV1.ApiKey> {
    if (!isUuid(req.keyId)) throw new AppError('not_found', 'apikey.not_found');
    await this.db.transaction(async (tx) => {
      const r = await tx.query<{ id: string; name: string; user_id: string }>(
        `UPDATE identity.api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 AND ($2::text = '' OR user_id::text = $2) RETURNING id, name, user_id`,
        [req.keyId, req.userId],
      );
      const key = r.rows[0];
      if (!key) throw new AppError('not_found', 'apikey.not_found');
      await audit(tx, req.actor, 'apikey.revoke', `apikey:${key.id}`, { name: key.name, userId: key.user_id });
    });
    this.logger.info('api key revoked', { keyId: req.keyId, by: req.actor?.userName });
    return (await this.list('', req.keyId))[0]!;
  }

  /** The key's creator as identity verifies a session (disabled: invalid), with the key's scopes; a live key's last use is recorded. */
  async verify(req: identityV1.VerifyApiKeyRequest): Promise<identityV1.VerifyApiKeyReply> {
    const invalid: identityV1.VerifyApiKeyReply = { user: undefined, keyId: '', scopes: [] };
    if (!isKeySecret(req.secret ?? '')) return invalid;
    const hash = this.hash(req.secret);
    const r = await this.db.query<{ id: string; user_id: string; scopes: string[]; secret_hash: string; expires_at: Date }>(
      'SELECT id, user_id, scopes, secret_hash, expires_at FROM identity.api_keys WHERE secret_hash = $1 AND revoked_at IS NULL AND expires_at > now()',
      [hash],
    );
    const key = r.rows[0];
    // found by its hash (WHERE secret_hash = $1): nothing is left to compare
    if (!key) return invalid;
    const user = await this.identity.userGrants(key.user_id);
    if (!user) return invalid;
    const now = Date.now();
    if ((this.lastWritten.get(key.id) ?? 0) + LAST_USED_EVERY_MS <= now) {
      this.lastWritten.set(key.id, now);
      if (this.lastWritten.size > 10_000) this.lastWritten.clear();
      await this.db.query('UPDATE identity.api_keys SET last_used_at = now(), last_used_ip = $2 WHERE id = $1', [key.id, (req.clientIp ?? '').slice(0, 64)]);
    }
    return { user: { ...user, expiresAt: new Date(key.expires_at).getTime(), sessionId: '' }, keyId: key.id, scopes: key.scopes };
  }
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : '');

function toApiKey(r: KeyRow): identityV1.ApiKey {
  return {
    id: r.id,
    name: r.name,
    scopes: r.scopes,
    hint: r.hint,
    userId: r.user_id,
    userName: r.user_name,
    createdAt: iso(r.created_at),
    expiresAt: iso(r.expires_at),
    revokedAt: iso(r.revoked_at),
    lastUsedAt: iso(r.last_used_at),
    lastUsedIp: r.last_used_ip ?? '',
  };
}
