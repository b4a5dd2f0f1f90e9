import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '@bi/config';
import { readOrCreateSecretFile } from '@bi/core';

/**
 * The install's embedding secret (docs/api/embedding.md, ADR 0025): BI_EMBED_SECRET when set, else a
 * file under BI_DATA_DIR/secrets generated at the first start (readable only by the product's user, like
 * the session-token secret). The product refuses to start with a secret shorter than 32 bytes or one of
 * KNOWN_DEFAULT_SECRETS (Superset's shipped SECRET_KEY let anyone forge sessions, CVE-2023-27524; DataEase
 * keyed link tokens by a constant, CVE-2026-23958). An administrator sees and rotates the file's secret
 * (EmbedSecretController); a rotation re-signs nothing: every token signed with the old secret stops.
 */

export const EMBED_SECRET_MIN_BYTES = 32;

/** Secrets shipped as defaults or copied from examples, compared case-insensitively after trimming. */
export const KNOWN_DEFAULT_SECRETS: readonly string[] = [
  'secret',
  'changeme',
  'change-me',
  'change_me',
  'your-secret-key',
  'your_secret_key',
  'your-256-bit-secret',
  'mysecret',
  'supersecret',
  'secretkey',
  'password',
  'admin',
  'default',
  'jwt-secret',
  'jwt_secret',
  // Apache Superset's shipped SECRET_KEY values (CVE-2023-27524)
  '\x02\x01thisismyscretkey\x01\x02\\e\\y\\y\\h',
  'CHANGE_ME_TO_A_COMPLEX_RANDOM_SECRET',
  'thisISaSECRET_1234',
  'YOUR_OWN_RANDOM_GENERATED_SECRET_KEY',
  'TEST_NON_DEV_SECRET',
  // example values of the product's own docs and compose file
  'please-change-this-embedding-secret-now',
  'change-this-embedding-secret-of-at-least-32-bytes',
];

/** Why a secret is refused, or undefined when it may sign embedding tokens. */
export function embedSecretProblem(secret: string): string | undefined {
  const s = secret.trim();
  if (Buffer.byteLength(s, 'utf8') < EMBED_SECRET_MIN_BYTES) return `shorter than ${EMBED_SECRET_MIN_BYTES} bytes`;
  const lower = s.toLowerCase();
  if (KNOWN_DEFAULT_SECRETS.some((d) => d.toLowerCase() === lower)) return 'a known default value';
  // one short pattern repeated ("secretsecretsecret…", "aaaa…") is a default too
  for (let n = 1; n <= 16; n++) if (s.length % n === 0 && s.slice(0, n).repeat(s.length / n) === s) return 'a repeated pattern';
  return undefined;
}

export class EmbedSecretError extends Error {}

export class EmbedSecret {
  private readonly file: string;
  private readonly fromEnv: string | undefined;
  private kept: { value: string; mtimeMs: number } | undefined;

  /** Throws EmbedSecretError (the start fails) when the configured or stored secret is weak. */
  constructor(config: Pick<AppConfig, 'dataDir' | 'embed'>) {
    this.file = join(config.dataDir, 'secrets', 'embed-secret');
    this.fromEnv = config.embed?.secret;
    const value = this.fromEnv ?? readOrCreateSecretFile(this.file, 48);
    const problem = embedSecretProblem(value);
    if (problem) throw new EmbedSecretError(`The embedding secret (${this.fromEnv !== undefined ? 'BI_EMBED_SECRET' : this.file}) is ${problem}: refusing to start. Set a random secret of at least ${EMBED_SECRET_MIN_BYTES} bytes, or unset BI_EMBED_SECRET to have one generated.`);
  }

  /** Where the secret comes from: the environment (rotation refused) or the generated file. */
  get source(): 'env' | 'file' {
    return this.fromEnv !== undefined ? 'env' : 'file';
  }

  /** The current secret; the file is read again when another process rotated it. */
  get value(): string {
    if (this.fromEnv !== undefined) return this.fromEnv.trim();
    const mtimeMs = existsSync(this.file) ? statSync(this.file).mtimeMs : -1;
    if (!this.kept || this.kept.mtimeMs !== mtimeMs) this.kept = { value: readOrCreateSecretFile(this.file, 48), mtimeMs: existsSync(this.file) ? statSync(this.file).mtimeMs : -1 };
    return this.kept.value;
  }

  /** A new random secret in place of the file's (written to a temporary file, then renamed). */
  rotate(): string {
    const next = randomBytes(48).toString('base64url');
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, next + '\n', { mode: 0o600 });
    renameSync(tmp, this.file);
    this.kept = undefined;
    return next;
  }

  /** Tests only: the file's text as stored. */
  stored(): string {
    return readFileSync(this.file, 'utf8').trim();
  }
}
