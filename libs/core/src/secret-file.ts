import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Reads a generated secret from a file readable only by this user, creating it on first use.
 * Used when no secret is configured, so a single-node install needs no setup and survives restarts.
 */
export function readOrCreateSecretFile(path: string, bytes = 48): string {
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const secret = randomBytes(bytes).toString('base64url');
  writeFileSync(path, secret + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return secret;
}
