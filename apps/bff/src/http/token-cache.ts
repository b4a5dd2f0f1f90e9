import { LRUCache } from 'lru-cache';
import { stampKeys, type Cache } from '@bi/cache';
import type { AuthUser } from './auth.guard.js';

/** The shared cache the BFF reads freshness stamps from (null: keep no copies, ask the services every time). */
export const SHARED_CACHE = Symbol('BI_BFF_SHARED_CACHE');

/**
 * How long a verified token is used without asking identity again. Grants and roles changed in the
 * database reach a token already in use after at most this plus identity's own verification cache
 * (60 s, docs/architecture.md "Identity rules"); a sign-out takes effect at once (the revocation
 * stamp is checked on every request, and the BFF that signs out drops its copy).
 */
export const TOKEN_CACHE_MS = 10_000;
const MAX_TOKENS = 10_000;

interface Entry {
  user: AuthUser;
  sessionId: string;
  /** epoch ms after which identity is asked again */
  until: number;
}

/**
 * Verified tokens kept for TOKEN_CACHE_MS (docs/adr/0003-bff-answer-cache.md): a hit costs one read
 * of the session's revocation stamp in the shared cache (in-process in embedded mode, one Redis
 * round trip in distributed mode, where it is folded into the chart answer's stamp read).
 */
export class TokenCache {
  private readonly entries = new LRUCache<string, Entry>({ max: MAX_TOKENS });

  constructor(private readonly shared: Cache | null) {}

  get enabled(): boolean {
    return this.shared !== null;
  }

  /** A fresh entry for the token, without checking revocation (the caller reads revokedKey with its other stamps). */
  peek(token: string): { user: AuthUser; revokedKey: string } | undefined {
    const e = this.entries.get(token);
    if (!e) return undefined;
    if (e.until <= Date.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return { user: e.user, revokedKey: stampKeys.revoked(e.sessionId) };
  }

  /** The user of a kept, unrevoked token; undefined when identity must be asked. */
  async user(token: string): Promise<AuthUser | undefined> {
    const e = this.shared ? this.peek(token) : undefined;
    if (!e) return undefined;
    let revoked: string | undefined;
    try {
      revoked = await this.shared!.get(e.revokedKey);
    } catch {
      return undefined; // shared cache unreachable: ask identity
    }
    if (revoked !== undefined) {
      this.drop(token);
      return undefined;
    }
    return e.user;
  }

  /** Keeps a token identity has just verified (expiresAt: the token's own end, epoch ms). */
  remember(token: string, user: AuthUser, sessionId: string, expiresAt: number): void {
    if (!this.shared || !sessionId) return;
    const until = Math.min(Date.now() + TOKEN_CACHE_MS, expiresAt || Infinity);
    if (until > Date.now()) this.entries.set(token, { user, sessionId, until });
  }

  drop(token: string): void {
    this.entries.delete(token);
  }
}
