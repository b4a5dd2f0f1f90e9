import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { API_SOURCE_LIMITS, apiRequestSchema, apiSettingsSchema, type ApiRequestSettings, type ApiSettings } from '@bi/chart-model';
import type { AppConfig } from '@bi/config';
import { AppError, type Logger } from '@bi/core';
import { outboundPolicy, type Resolver } from '@bi/outbound';
import type { SqlExecutor } from '@bi/persistence';
import type { dataSourceV1 } from '@bi/proto';
import { API_SOURCE_REFERENCE, checkName, checkTargetName, excerpt } from '@bi/rules';
import { CONFIG, LOGGER } from '@bi/service-kit';
import type { z } from 'zod';
import { DataSourceRepository, type SourceRow } from '../data-source.repository.js';
import { HttpApiConnector, apiPages } from '../connectors/http-api.connector.js';
import type { ApiContext } from '../connectors/http-api.pages.js';
import { checkRequestSettings, fieldOf, inferColumns, type ApiSecrets } from '../connectors/http-api.settings.js';
import { SyncRunner } from '../connectors/sync-runner.js';
import { DEFAULT_UPLOAD_MAX_ROWS } from '../connectors/sheet.connector.js';
import { SecretBox } from '../secrets.js';
import { SourceLookup, actorOf, toDataSource } from './source-lookup.js';
import { SourceWriter } from './source-writer.js';

interface StoredApi {
  settings: ApiSettings;
  secret_enc: string | null;
  watermark: string;
}

const EMPTY_SECRETS: ApiSecrets = { auth: '', headers: {} };

/** The settings' JSON of a gRPC request parsed with the shared schema (the same the BFF parsed the body with). */
function parseSettings<S extends z.ZodType>(schema: S, json: string): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(json || '{}');
  } catch {
    throw new AppError('invalid', 'request.invalid', { detail: 'settings: not JSON' });
  }
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw new AppError('invalid', 'request.invalid', { detail: `settings.${issue.path.map((p) => excerpt(String(p))).join('.')}: ${excerpt(issue.message, 120)}` });
}

/** The settings with every secret value taken out, and the secrets apart. */
export function splitSecrets(s: ApiSettings): { settings: ApiSettings; secrets: ApiSecrets } {
  const headers: Record<string, string> = {};
  for (const h of s.headers) if (h.secret) headers[h.name] = h.value;
  return {
    settings: { ...s, auth: { kind: s.auth.kind, user: s.auth.user, secret: '' }, headers: s.headers.map((h) => ({ name: h.name, value: h.secret ? '' : h.value, secret: h.secret })) },
    secrets: { auth: s.auth.secret, headers },
  };
}

const origin = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};

/**
 * HTTP API sources (docs/api/data-source.md "HTTP API sources", docs/adr/0014-http-api-source.md):
 * preview (the first 100 rows and the columns they suggest), create (every page into the analytics
 * store through the SyncRunner, the settings in data_source.api_sources in the source's transaction),
 * the settings read back without secrets, and their change. Secrets are encrypted with the data-source
 * secret box (the source id as associated data), reused on an edit only for the same origin, and never
 * answered or logged.
 */
@Injectable()
export class ApiSourcesService {
  constructor(
    private readonly repo: DataSourceRepository,
    private readonly lookup: SourceLookup,
    private readonly sync: SyncRunner,
    private readonly writer: SourceWriter,
    private readonly box: SecretBox,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Set by tests: a resolver instead of DNS. */
  resolver?: Resolver;

  private get context(): ApiContext {
    return { policy: outboundPolicy(this.config.outbound.allow), timeZone: this.config.timeZone, ...(this.resolver ? { resolve: this.resolver } : {}) };
  }

  private get maxRows(): number {
    return this.config.dataSources.uploadMaxRows ?? DEFAULT_UPLOAD_MAX_ROWS;
  }

  private gate(): void {
    if (!this.config.modules.includes('api')) throw new AppError('invalid', 'datasource.type_disabled', { type: 'API' });
  }

  async preview(req: dataSourceV1.ApiSourceRequest): Promise<dataSourceV1.ApiSourceReply> {
    this.gate();
    const input = parseSettings(apiRequestSchema, req.settingsJson);
    checkRequestSettings(input);
    let secrets = splitSecrets({ ...input, columns: [] }).secrets;
    if (req.dataSourceId) {
      const { row, stored } = await this.stored(req.dataSourceId);
      secrets = this.mergeSecrets(input, secrets, row.id, stored);
    }
    const rows: unknown[] = [];
    const started = Date.now();
    for await (const page of apiPages(input, secrets, this.context, { maxPages: Math.min(input.paging.maxPages, API_SOURCE_LIMITS.previewRows) })) {
      rows.push(...page.slice(0, API_SOURCE_LIMITS.previewRows - rows.length));
      if (rows.length >= API_SOURCE_LIMITS.previewRows) break;
    }
    const columns = inferColumns(rows).slice(0, API_SOURCE_LIMITS.columns);
    this.logger.info('api source previewed', { host: new URL(input.url).host, rows: rows.length, ms: Date.now() - started });
    const values = rows.map((r) =>
      columns.map((c) => {
        const v = fieldOf(r, c.path);
        if (v === undefined || v === null) return null;
        return typeof v === 'object' ? JSON.stringify(v) : v;
      }),
    );
    return { settingsJson: '', columnsJson: JSON.stringify(columns), rowsJson: JSON.stringify(values), dataSource: undefined, rowCount: rows.length };
  }

  async create(req: dataSourceV1.ApiSourceRequest, signal?: AbortSignal): Promise<dataSourceV1.ApiSourceReply> {
    this.gate();
    const actor = actorOf(req.actor);
    const problem = checkName(req.name);
    if (problem) throw new AppError('invalid', `name.${problem}`);
    await this.lookup.project(req.projectId);
    const input = parseSettings(apiSettingsSchema, req.settingsJson);
    checkRequestSettings(input);
    checkColumns(input);
    const { settings, secrets } = splitSecrets(input);
    const id = randomUUID();
    const table = `api_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const connector = new HttpApiConnector(input, secrets, this.context);
    const host = new URL(input.url).host;
    const started = Date.now();
    const { dataSourceId, rowCount } = await this.sync.create(
      connector,
      {
        id,
        table,
        projectId: req.projectId,
        name: req.name.trim(),
        reference: API_SOURCE_REFERENCE,
        createdBy: actor.userId,
        by: actor.userName,
        history: (rows) => [{ key: 'history.api_loaded', params: { rows, host } }],
        also: (tx, sourceId) => this.writeSettings(tx, sourceId, settings, secrets, connector.watermark, true),
      },
      { maxRows: this.maxRows, ...(signal ? { signal } : {}) },
    );
    this.logger.info('api source created', { dataSourceId, table, host, rows: rowCount, ms: Date.now() - started });
    const row = await this.lookup.source(dataSourceId);
    return { settingsJson: JSON.stringify(answerSettings(settings, secrets)), columnsJson: '', rowsJson: '', dataSource: toDataSource(row), rowCount };
  }

  async update(req: dataSourceV1.ApiSourceRequest): Promise<dataSourceV1.ApiSourceReply> {
    this.gate();
    const actor = actorOf(req.actor);
    const { row, stored } = await this.stored(req.dataSourceId);
    const input = parseSettings(apiSettingsSchema, req.settingsJson);
    checkRequestSettings(input);
    // the columns are the stored table's: kept as they are (a new source takes other columns)
    const next: ApiSettings = { ...input, columns: stored.settings.columns };
    checkColumns(next);
    const split = splitSecrets(next);
    const secrets = this.mergeSecrets(next, split.secrets, row.id, stored);
    const host = new URL(next.url).host;
    const watermark = next.sync.mode === stored.settings.sync.mode && next.sync.watermark === stored.settings.sync.watermark ? stored.watermark : '';
    await this.writer.update({ id: row.id, history: [{ key: 'history.api_settings_changed', params: { host } }], also: (tx) => this.writeSettings(tx, row.id, split.settings, secrets, watermark, false) }, actor.userName);
    return { settingsJson: JSON.stringify(answerSettings(split.settings, secrets)), columnsJson: '', rowsJson: '', dataSource: toDataSource(await this.lookup.source(row.id)), rowCount: 0 };
  }

  async get(req: dataSourceV1.ApiSourceRequest): Promise<dataSourceV1.ApiSourceReply> {
    const { row, stored } = await this.stored(req.dataSourceId);
    return { settingsJson: JSON.stringify(answerSettings(stored.settings, this.secretsOf(row.id, stored))), columnsJson: '', rowsJson: '', dataSource: toDataSource(row), rowCount: 0 };
  }

  /** An API source's stored settings, watermark and secrets (the sync job reads them through here too). */
  async settingsOf(dataSourceId: string): Promise<{ row: SourceRow; settings: ApiSettings; secrets: ApiSecrets; watermark: string }> {
    const { row, stored } = await this.stored(dataSourceId);
    return { row, settings: stored.settings, secrets: this.secretsOf(row.id, stored), watermark: stored.watermark };
  }

  /** A connector over an API source's stored settings: a full read, or an incremental one after its watermark. */
  async connectorOf(dataSourceId: string): Promise<HttpApiConnector> {
    const { settings, secrets, watermark } = await this.settingsOf(dataSourceId);
    return new HttpApiConnector(settings, secrets, this.context, settings.sync.mode === 'incremental' ? watermark : '');
  }

  /**
   * A sync of an API source (the sync job, "refresh now": connectors/index.ts): a full sync replaces the
   * copy; an incremental one appends the rows after the stored watermark and keeps the new one when done.
   */
  async syncPlan(dataSourceId: string): Promise<{ connector: HttpApiConnector; mode: 'replace' | 'append'; done(): Promise<void> }> {
    const { settings, secrets, watermark } = await this.settingsOf(dataSourceId);
    const incremental = settings.sync.mode === 'incremental';
    const connector = new HttpApiConnector(settings, secrets, this.context, incremental ? watermark : '');
    return { connector, mode: incremental ? 'append' : 'replace', done: () => (incremental ? this.saveWatermark(dataSourceId, connector.watermark) : Promise.resolve()) };
  }

  /** Keeps an incremental sync's new watermark (the connector's `watermark` after a refresh). */
  async saveWatermark(dataSourceId: string, watermark: string, q: SqlExecutor = this.repo.db): Promise<void> {
    await q.query('UPDATE data_source.api_sources SET watermark = $2, updated_at = now() WHERE source_id = $1', [dataSourceId, watermark]);
  }

  private async stored(dataSourceId: string): Promise<{ row: SourceRow; stored: StoredApi }> {
    const row = await this.lookup.source(dataSourceId);
    if (row.reference !== API_SOURCE_REFERENCE) throw new AppError('invalid', 'apisource.not_api_source');
    const r = await this.repo.db.query<StoredApi>('SELECT settings, secret_enc, watermark FROM data_source.api_sources WHERE source_id = $1', [row.id]);
    const stored = r.rows[0];
    if (!stored) throw new AppError('invalid', 'apisource.not_api_source');
    return { row, stored: { ...stored, settings: apiSettingsSchema.parse(stored.settings) } };
  }

  private secretsOf(id: string, stored: StoredApi): ApiSecrets {
    if (!stored.secret_enc) return EMPTY_SECRETS;
    return JSON.parse(this.box.decrypt(stored.secret_enc, id)) as ApiSecrets;
  }

  /**
   * The secrets of an edit or an edit's preview: a value typed in wins; a blank one keeps the stored
   * value when the origin (scheme, host, port) and the auth kind are unchanged — a stored secret is
   * never sent to another server. Otherwise a blank secret of an auth that needs one is refused.
   */
  private mergeSecrets(next: ApiRequestSettings, typed: ApiSecrets, id: string, stored: StoredApi): ApiSecrets {
    const sameOrigin = origin(next.url) !== '' && origin(next.url) === origin(stored.settings.url);
    const kept = sameOrigin ? this.secretsOf(id, stored) : EMPTY_SECRETS;
    const auth = next.auth.kind === 'none' ? '' : typed.auth || (next.auth.kind === stored.settings.auth.kind ? kept.auth : '');
    if (next.auth.kind !== 'none' && !auth) throw new AppError('invalid', 'apisource.secret_required');
    const headers: Record<string, string> = {};
    for (const h of next.headers) {
      if (!h.secret) continue;
      const v = typed.headers[h.name] || (kept.headers[h.name] ?? '');
      if (!v) throw new AppError('invalid', 'apisource.secret_required');
      headers[h.name] = v;
    }
    return { auth, headers };
  }

  private async writeSettings(tx: SqlExecutor, id: string, settings: ApiSettings, secrets: ApiSecrets, watermark: string, insert: boolean): Promise<void> {
    const hasSecret = !!secrets.auth || Object.values(secrets.headers).some(Boolean);
    const enc = hasSecret ? this.box.encrypt(JSON.stringify(secrets), id) : null;
    if (insert) await tx.query('INSERT INTO data_source.api_sources (source_id, settings, secret_enc, watermark) VALUES ($1, $2, $3, $4)', [id, JSON.stringify(settings), enc, watermark]);
    else await tx.query('UPDATE data_source.api_sources SET settings = $2, secret_enc = $3, watermark = $4, updated_at = now() WHERE source_id = $1', [id, JSON.stringify(settings), enc, watermark]);
  }
}

/** Settings as answered: no secret value, `secretSet` where one is stored. */
export function answerSettings(settings: ApiSettings, secrets: ApiSecrets): ApiSettings {
  return {
    ...settings,
    auth: { kind: settings.auth.kind, user: settings.auth.user, secret: '', secretSet: !!secrets.auth },
    headers: settings.headers.map((h) => ({ name: h.name, value: h.secret ? '' : h.value, secret: h.secret, ...(h.secret ? { secretSet: !!secrets.headers[h.name] } : {}) })),
  };
}

/** Columns: at least one, store names valid and unique (key_id and deleted are the store's), the watermark one of them. */
function checkColumns(s: ApiSettings): void {
  if (s.columns.length === 0) throw new AppError('invalid', 'apisource.columns_required');
  const names = new Set<string>();
  for (const c of s.columns) {
    const lower = c.name.trim().toLowerCase();
    if (checkTargetName(c.name) || names.has(lower) || c.name !== c.name.trim()) throw new AppError('invalid', 'apisource.column_name_invalid', { name: c.name });
    names.add(lower);
  }
  if (s.sync.mode === 'incremental' && !s.columns.some((c) => c.path === s.sync.watermark)) throw new AppError('invalid', 'apisource.watermark_invalid');
}
