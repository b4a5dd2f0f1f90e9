import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, SecretBox, SecretUnreadableError } from '@bi/core';
import type { AppConfig } from '@bi/config';
import type { SqlDatabase } from '@bi/persistence';
import type { identityV1 } from '@bi/proto';
import { CONFIG, DATABASE } from '@bi/service-kit';
import { audit } from './grants.service.js';

/** The one row's id, also the ciphertext's associated data (a ciphertext copied from another table does not decrypt). */
const ROW = 'install';
const AAD = 'embed-secret';
/** 48 random bytes, base64url: 64 characters (BFF embed-secret.ts refuses fewer than 32 bytes). */
const newSecret = () => randomBytes(48).toString('base64url');
/** Longest secret a BFF may import from its old file. */
const MAX_IMPORT = 512;

/**
 * The install's embedding secret (docs/api/embedding.md, docs/adr/0025-embedding-tokens.md): one row of
 * identity.embed_secret, encrypted with the secret box of the data sources' passwords and the robots'
 * secrets (@bi/core SecretBox: AES-256-GCM under BI_SECRET_KEY, or a key generated under
 * BI_DATA_DIR/secrets/identity-key). Created at the first read (a BFF's start), from the secret a BFF
 * kept before in a file when it sends one; every BFF replica reads it here, so a rotation reaches all.
 */
@Injectable()
export class EmbedSecretService {
  private readonly box: SecretBox;

  constructor(
    @Inject(DATABASE) private readonly db: SqlDatabase,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.box = SecretBox.fromConfig(config.dataSources.secretKey, config.dataDir, 'identity-key');
  }

  async get(req: identityV1.GetEmbedSecretRequest): Promise<identityV1.EmbedSecretReply> {
    const stored = await this.read();
    if (stored) return stored;
    const imported = (req.importSecret ?? '').trim();
    if (imported.length > MAX_IMPORT) throw new AppError('invalid', 'request.invalid', { detail: 'import_secret' });
    // two BFFs starting at once: the first insert wins, both read it back
    await this.db.query('INSERT INTO identity.embed_secret (id, secret_enc) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [ROW, this.box.encrypt(imported || newSecret(), AAD)]);
    const created = await this.read();
    if (!created) throw new AppError('internal', 'embed.secret_unreadable');
    return created;
  }

  async rotate(req: identityV1.RotateEmbedSecretRequest): Promise<identityV1.EmbedSecretReply> {
    const secret = newSecret();
    const changedAt = await this.db.transaction(async (tx) => {
      const r = await tx.query<{ changed_at: Date | string }>(
        `INSERT INTO identity.embed_secret (id, secret_enc) VALUES ($1, $2)
         ON CONFLICT (id) DO UPDATE SET secret_enc = EXCLUDED.secret_enc, changed_at = now() RETURNING changed_at`,
        [ROW, this.box.encrypt(secret, AAD)],
      );
      // the audit line names who rotated it, never the secret
      await audit(tx, req.actor, 'embed.rotate_secret', AAD, {});
      return new Date(r.rows[0]!.changed_at).toISOString();
    });
    return { secret, changedAt };
  }

  private async read(): Promise<identityV1.EmbedSecretReply | undefined> {
    const r = await this.db.query<{ secret_enc: string; changed_at: Date | string }>('SELECT secret_enc, changed_at FROM identity.embed_secret WHERE id = $1', [ROW]);
    const row = r.rows[0];
    if (!row) return undefined;
    try {
      return { secret: this.box.decrypt(row.secret_enc, AAD), changedAt: new Date(row.changed_at).toISOString() };
    } catch (e) {
      // BI_SECRET_KEY changed: an administrator's rotation writes a new row under the current key
      if (e instanceof SecretUnreadableError) throw new AppError('unavailable', 'embed.secret_unreadable');
      throw e;
    }
  }
}
