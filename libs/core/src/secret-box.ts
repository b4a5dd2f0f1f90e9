import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { readOrCreateSecretFile } from './secret-file.js';

const VERSION = 'v1';

export class SecretUnreadableError extends Error {
  override name = 'SecretUnreadableError';
}

/**
 * AES-256-GCM for secrets at rest (data sources' connection passwords and HTTP API secrets; the
 * warning service's chat robot secrets). Each value gets a fresh 12-byte IV; the owning
 * row's id is the additional authenticated data, so a ciphertext copied to another row, or any
 * changed byte, fails to decrypt. Stored as "v1.<iv>.<tag>.<ciphertext>" (base64url).
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  }

  /** BI_SECRET_KEY when set, otherwise a key generated once under dataDir/secrets/<file> (0600). */
  static fromConfig(secretKey: Buffer | undefined, dataDir: string, file = 'data-source-key'): SecretBox {
    if (secretKey) return new SecretBox(secretKey);
    const stored = readOrCreateSecretFile(join(dataDir, 'secrets', file), 32);
    return new SecretBox(Buffer.from(stored, 'base64url'));
  }

  encrypt(plain: string, aad: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  decrypt(stored: string, aad: string): string {
    const [version, iv, tag, data] = stored.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new SecretUnreadableError('unknown secret format');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretUnreadableError('the secret cannot be decrypted with this key');
    }
  }
}
