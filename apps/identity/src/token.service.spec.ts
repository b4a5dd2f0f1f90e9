import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { loadConfig } from '@bi/config';
import { TokenService } from './token.service.js';

describe('TokenService', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bi-token-'));

  it('issues tokens it verifies, with subject, name, id and expiry', () => {
    const svc = new TokenService(loadConfig({ BI_DATA_DIR: dataDir, BI_TOKEN_TTL_SECONDS: '600' }));
    const { token, jti, expiresAt } = svc.issue('u1', 'ann');
    const claims = svc.verify(token)!;
    expect(claims).toMatchObject({ sub: 'u1', name: 'ann', jti });
    expect(Math.abs(expiresAt.getTime() - (Date.now() + 600_000))).toBeLessThan(5000);
  });

  it('keeps a generated secret in a file only its owner can read, and reuses it', () => {
    const a = new TokenService(loadConfig({ BI_DATA_DIR: dataDir }));
    const b = new TokenService(loadConfig({ BI_DATA_DIR: dataDir }));
    expect(b.verify(a.issue('u', 'n').token)).toBeDefined();
    const file = join(dataDir, 'secrets', 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(60);
  });

  it('rejects tampered, foreign, expired and unsigned tokens', () => {
    const secret = 'x'.repeat(40);
    const svc = new TokenService(loadConfig({ BI_DATA_DIR: dataDir, BI_JWT_SECRET: secret }));
    const { token } = svc.issue('u1', 'ann');
    const [h, , s] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'admin', name: 'admin', jti: 'j', exp: 9999999999, iss: 'bi-identity' })).toString('base64url');
    expect(svc.verify(`${h}.${forgedPayload}.${s}`)).toBeUndefined();
    expect(svc.verify(jwt.sign({ sub: 'u', jti: 'j', iss: 'bi-identity' }, 'y'.repeat(40)))).toBeUndefined();
    expect(svc.verify(jwt.sign({ sub: 'u', jti: 'j', iss: 'bi-identity', exp: Math.floor(Date.now() / 1000) - 10 }, secret))).toBeUndefined();
    expect(svc.verify(jwt.sign({ sub: 'u', jti: 'j', iss: 'bi-identity' }, '', { algorithm: 'none' }))).toBeUndefined();
    expect(svc.verify('')).toBeUndefined();
    expect(svc.verify('a'.repeat(5000))).toBeUndefined();
  });
});
