import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import type { identityV1 } from '@bi/proto';
import { IDENTITY_CLIENT, rpc } from '../grpc-clients.js';

/**
 * The install's embedding secret (docs/api/embedding.md, ADR 0025): BI_EMBED_SECRET when set, else the
 * identity service's, stored there encrypted (identity.embed_secret, @bi/core SecretBox) and generated
 * at the first read, so every BFF replica signs and checks with the same one and sees a rotation. The
 * product refuses to start with a secret shorter than 32 bytes or one of KNOWN_DEFAULT_SECRETS
 * (Superset's shipped SECRET_KEY let anyone forge sessions, CVE-2023-27524; DataEase keyed link tokens
 * by a constant, CVE-2026-23958). An administrator sees and rotates the stored secret
 * (EmbedSecretController); a rotation re-signs nothing: every token signed with the old secret stops.
 * The plaintext file earlier versions kept (BI_DATA_DIR/secrets/embed-secret) is handed to identity
 * once, as the install's secret when it has none yet, and removed.
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

/** How long a BFF keeps the stored secret before reading it again (another replica may have rotated it). */
export const EMBED_SECRET_CACHE_MS = 10_000;
/** At most one read of the secret in this time for tokens that fail the check with the kept one. */
const RECHECK_EVERY_MS = 1_000;

/** The old file's place, and its secret when present (a weak one refuses the start). */
function legacyFile(config: Pick<AppConfig, 'dataDir'>): { file: string; secret: string | undefined } {
  const file = join(config.dataDir, 'secrets', 'embed-secret');
  return { file, secret: existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined };
}

/** What the start found: BI_EMBED_SECRET, or else the old file (read once, when there is no BI_EMBED_SECRET). */
export interface EmbedSecretStart {
  fromEnv: string | undefined;
  legacy: { file: string; secret: string | undefined };
}

/** Throws EmbedSecretError (the start fails) when BI_EMBED_SECRET, or the old file's secret, is weak; else what it read. */
export function checkEmbedSecretConfig(config: Pick<AppConfig, 'dataDir' | 'embed'>): EmbedSecretStart {
  const fromEnv = config.embed?.secret;
  const legacy = fromEnv === undefined ? legacyFile(config) : { file: '', secret: undefined };
  const value = fromEnv ?? legacy.secret;
  const problem = value === undefined ? undefined : embedSecretProblem(value);
  if (problem) throw new EmbedSecretError(`The embedding secret (${fromEnv !== undefined ? 'BI_EMBED_SECRET' : legacy.file}) is ${problem}: refusing to start. Set a random secret of at least ${EMBED_SECRET_MIN_BYTES} bytes, or unset BI_EMBED_SECRET to have one generated.`);
  return { fromEnv: fromEnv?.trim(), legacy };
}

/** The provider of what BffModule.register's check read at the start (the file is not read again). */
export const EMBED_SECRET_START = Symbol('EMBED_SECRET_START');

@Injectable()
export class EmbedSecret implements OnApplicationBootstrap {
  private readonly fromEnv: string | undefined;
  private readonly legacy: { file: string; secret: string | undefined };
  private kept: { value: string; at: number } | undefined;
  private reading: Promise<string> | undefined;
  private lastRecheck = 0;

  constructor(
    @Inject(EMBED_SECRET_START) start: EmbedSecretStart,
    @Inject(IDENTITY_CLIENT) private readonly identity: identityV1.IdentityServiceClient,
  ) {
    this.fromEnv = start.fromEnv;
    this.legacy = { ...start.legacy };
  }

  /** The first start of an install has identity generate the secret (or take the old file's); identity not up yet: the first token's check does it. */
  onApplicationBootstrap(): void {
    if (this.fromEnv === undefined) void this.value().catch(() => undefined);
  }

  /**
   * Where the secret comes from: the environment (rotation refused), or generated ('file', the name of the
   * answer kept from when a file held it: the generated secret is now identity's, stored encrypted).
   */
  get source(): 'env' | 'file' {
    return this.fromEnv !== undefined ? 'env' : 'file';
  }

  /**
   * The current secret: kept for EMBED_SECRET_CACHE_MS; 'fresh': read from identity now; 'recheck' (a token
   * failed the check with the kept one, maybe signed after a rotation through another BFF): read again,
   * at most once in RECHECK_EVERY_MS (bad tokens do not turn into a read of identity each).
   */
  async value(mode: 'cached' | 'recheck' | 'fresh' = 'cached'): Promise<string> {
    if (this.fromEnv !== undefined) return this.fromEnv;
    const now = Date.now();
    let fresh = mode === 'fresh' || !this.kept || now - this.kept.at >= EMBED_SECRET_CACHE_MS;
    if (mode === 'recheck' && now - this.lastRecheck >= RECHECK_EVERY_MS) {
      this.lastRecheck = now;
      fresh = true;
    }
    if (!fresh && this.kept) return this.kept.value;
    this.reading ??= this.read().finally(() => (this.reading = undefined));
    return this.reading;
  }

  /** A new random secret in place of the stored one (identity audits who rotated it); this BFF drops its copy. */
  async rotate(actor: identityV1.Actor): Promise<string> {
    this.kept = undefined;
    const r = await rpc(this.identity.rotateEmbedSecret({ actor }));
    this.kept = { value: r.secret, at: Date.now() };
    return r.secret;
  }

  private async read(): Promise<string> {
    const importing = this.legacy.secret;
    const r = await rpc(this.identity.getEmbedSecret({ importSecret: importing ?? '' }));
    if (importing !== undefined) {
      // identity holds the install's secret now (this one, or one another replica stored first): no plaintext copy stays
      this.legacy.secret = undefined;
      if (existsSync(this.legacy.file)) unlinkSync(this.legacy.file);
    }
    this.kept = { value: r.secret, at: Date.now() };
    return r.secret;
  }
}
