import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import type { AppConfig } from '@bi/config';
import { readOrCreateSecretFile } from '@bi/core';
import { CONFIG } from '@bi/service-kit';

export interface TokenClaims {
  sub: string;
  name: string;
  jti: string;
  exp: number;
}

/** Signs and checks JWTs (HS256). The secret comes from BI_JWT_SECRET or a generated key file. */
@Injectable()
export class TokenService {
  private readonly secret: string;
  private readonly ttlSeconds: number;

  constructor(@Inject(CONFIG) config: AppConfig) {
    this.secret = config.auth.jwtSecret ?? readOrCreateSecretFile(join(config.dataDir, 'secrets', 'jwt-secret'));
    this.ttlSeconds = config.auth.tokenTtlSeconds;
  }

  issue(userId: string, userName: string): { token: string; jti: string; expiresAt: Date } {
    const jti = randomUUID();
    const exp = Math.floor(Date.now() / 1000) + this.ttlSeconds;
    const token = jwt.sign({ sub: userId, name: userName, jti, exp }, this.secret, { algorithm: 'HS256', issuer: 'bi-identity' });
    return { token, jti, expiresAt: new Date(exp * 1000) };
  }

  /** The claims of a well-formed, correctly signed, unexpired token; undefined otherwise. */
  verify(token: string): TokenClaims | undefined {
    if (!token || token.length > 4096) return undefined;
    try {
      const claims = jwt.verify(token, this.secret, { algorithms: ['HS256'], issuer: 'bi-identity' });
      if (typeof claims !== 'object' || typeof claims.sub !== 'string' || typeof claims.jti !== 'string') return undefined;
      return { sub: claims.sub, name: String(claims.name), jti: claims.jti, exp: Number(claims.exp) };
    } catch {
      return undefined;
    }
  }
}
