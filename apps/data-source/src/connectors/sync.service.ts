import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { AppError, type Logger } from '@bi/core';
import { Jobs, JobTimeoutError, type RunKey } from '@bi/jobs';
import type { SqlDatabase } from '@bi/persistence';
import type { dataSourceV1 } from '@bi/proto';
import { UPLOAD_KEY_COLUMN, sourceMay } from '@bi/rules';
import { canEditSource } from '@bi/access';
import { CONFIG, DATABASE, LOGGER, idOrNotFound, isUuid } from '@bi/service-kit';
import { DataSourceRepository, type SourceRow } from '../data-source.repository.js';
import { DATA_SOURCE_SCHEMA } from '../migrations.js';
import { SourceWriter } from '../sources/source-writer.js';
import { DEFAULT_UPLOAD_MAX_ROWS } from './sheet.connector.js';
import { connectorEntryOf, type ConnectorEntry, type SyncPrincipal } from './index.js';
import { RunAs } from './run-as.js';
import { SyncRunner } from './sync-runner.js';
import { ApiSourcesService } from '../sources/api-sources.service.js';
import { ErpReportService } from '../sources/erp-report.service.js';
import { IndicatorService } from '../sources/indicator.service.js';

/** The @bi/jobs job of syncs: one run per (source id, window). */
export const SYNC_JOB = 'data-source.sync';
/** The round every replica runs: claims the synced sources whose copy is older than their cacheInterval. */
export const SYNC_ROUND = 'data-source.sync-round';
const ROUND_EVERY_MS = 60_000;
const FIRST_ROUND_AFTER_MS = 15_000;
/** A sync still going after this is stopped (its signal aborted) and marked timed_out; the copy stays as it was. */
export const SYNC_TIMEOUT_MS = 30 * 60_000;
/** The syncs a status answers, newest first. */
const STATUS_RUNS = 20;
const MINUTE_MS = 60_000;

type Trigger = 'schedule' | 'manual';

interface SyncRunRow {
  state: string;
  trigger: string;
  mode: string;
  rows: string | number | null;
  duration_ms: string | number | null;
  error: unknown;
  queued_at: Date | string | null;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  run_as_name: string;
  requested_by: string;
}

const iso = (v: Date | string | null) => (v === null ? '' : new Date(v).toISOString());
const numberOrUndefined = (v: string | number | null) => (v === null ? undefined : Number(v));

/** The window of a scheduled sync: the start of the cacheInterval slot now falls in (every replica computes the same). */
export function scheduleWindow(now: Date, cacheIntervalMinutes: number): string {
  const every = cacheIntervalMinutes * MINUTE_MS;
  return `every:${cacheIntervalMinutes}:${new Date(Math.floor(now.getTime() / every) * every).toISOString()}`;
}

/**
 * Synced copies (docs/adr/0012-synced-copies.md): a synced source's rows are a copy in the analytics
 * store, refreshed by a sync — the source's connector (connectors/index.ts, by its registry entry)
 * reading the origin again, loaded by SyncRunner.refresh in one store transaction (replace or append;
 * a failed sync leaves the copy as it was), recorded through SourceWriter (history, DataChanged,
 * stamps). Each sync is a @bi/jobs run keyed (SYNC_JOB, source id, window), so replicas never run one
 * twice: the round (every minute on each replica) claims the sources whose copy is older than their
 * cacheInterval (minutes; 0 = on demand only) in the window of that interval; "refresh now" claims
 * the window of the source's data version (a second click while one runs answers that run). A sync
 * runs as the source's creator (SyncPrincipal), recorded with the run.
 */
@Injectable()
export class SyncService implements OnModuleInit, OnModuleDestroy {
  readonly jobs: Jobs;
  readonly round: { run: () => Promise<number> };
  private readonly running = new Set<Promise<unknown>>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly repo: DataSourceRepository,
    private readonly runner: SyncRunner,
    private readonly writer: SourceWriter,
    private readonly runAsUsers: RunAs,
    private readonly apiSources: ApiSourcesService,
    private readonly erpReports: ErpReportService,
    private readonly indicators: IndicatorService,
    @Inject(DATABASE) private readonly db: SqlDatabase,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.jobs = new Jobs({ db, schema: DATA_SOURCE_SCHEMA, timeZone: config.timeZone, logger, retentionDays: config.jobRunsRetentionDays });
    this.round = this.jobs.registerRound({ name: SYNC_ROUND, everyMs: ROUND_EVERY_MS, firstDelayMs: FIRST_ROUND_AFTER_MS, handler: ({ now }) => this.syncDue(now), count: (n) => n });
  }

  onModuleInit(): void {
    this.jobs.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await this.jobs.stop();
    await Promise.allSettled([...this.running]);
  }

  private get maxRows(): number {
    return this.config.dataSources.uploadMaxRows ?? DEFAULT_UPLOAD_MAX_ROWS;
  }

  /** One round: the due synced sources claimed (one replica each) and synced one after another. Answers the syncs this replica ran. */
  async syncDue(now: Date): Promise<number> {
    const { rows } = await this.db.query<SourceRow>(`SELECT id, type, reference, cache_interval, created_at FROM data_source.sources WHERE cache_interval > 0`);
    const candidates = rows.filter((r) => connectorEntryOf(r)?.sync);
    if (!candidates.length) return 0;
    const ids = candidates.map((r) => r.id);
    const last = await this.db.query<{ item: string; at: Date | string }>(
      `SELECT item, max(finished_at) AS at FROM data_source.job_runs WHERE job = $1 AND state = 'succeeded' AND item = ANY($2::text[]) GROUP BY item`,
      [SYNC_JOB, ids],
    );
    const syncedAt = new Map(last.rows.map((r) => [r.item, new Date(r.at).getTime()]));
    const due = candidates.filter((r) => (syncedAt.get(r.id) ?? new Date(r.created_at).getTime()) <= now.getTime() - r.cache_interval * MINUTE_MS);
    const keys: RunKey[] = due.map((r) => ({ item: r.id, window: scheduleWindow(now, r.cache_interval) }));
    // a window already tried (a failed sync) waits for the next window rather than being retried every round
    const tried = await this.db.query<{ item: string; run_window: string }>(
      `SELECT item, run_window FROM data_source.job_runs WHERE job = $1 AND (item, run_window) IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
      [SYNC_JOB, keys.map((k) => k.item), keys.map((k) => k.window)],
    );
    const seen = new Set(tried.rows.map((r) => `${r.item} ${r.run_window}`));
    // a source with a sync going (a refresh now, another replica's) is left to it
    const open = await this.db.query<{ item: string }>(
      `SELECT DISTINCT item FROM data_source.job_runs WHERE job = $1 AND item = ANY($2::text[]) AND state IN ('queued', 'running') AND deadline > $3`,
      [SYNC_JOB, keys.map((k) => k.item), new Date()],
    );
    const going = new Set(open.rows.map((r) => r.item));
    const claim = await this.jobs.claim(
      SYNC_JOB,
      keys.filter((k) => !seen.has(`${k.item} ${k.window}`) && !going.has(k.item)),
      { timeoutMs: SYNC_TIMEOUT_MS, queued: true },
    );
    let ran = 0;
    for (const key of claim.keys) {
      const row = await this.repo.findSource(key.item);
      if (!row) {
        await claim.only([key]).release();
        continue;
      }
      ran++;
      await claim
        .only([key])
        .run((signal) => this.sync(row, key, 'schedule', row.created_by_name, signal))
        .catch(() => undefined); // recorded with the run and on the source page
    }
    return ran;
  }

  /** Refresh now: the run of a sync claimed for the source (or the one already going), answered at once while it runs. */
  async refreshNow(req: dataSourceV1.SyncSourceRequest): Promise<dataSourceV1.SyncSourceReply> {
    const row = await this.syncedSource(req.dataSourceId);
    const by = req.actor?.userName || row.created_by_name;
    const open = await this.openRun(row.id);
    if (open) return { run: open };
    const key = { item: row.id, window: `manual:v${row.data_version}` };
    const claim = await this.jobs.claim(SYNC_JOB, [key], { timeoutMs: SYNC_TIMEOUT_MS });
    if (claim.keys.length) {
      await this.db.query(
        `INSERT INTO data_source.syncs (job, item, run_window, source_id, trigger, mode, run_as, run_as_name, requested_by) VALUES ($1, $2, $3, $7, 'manual', 'replace', $4, $5, $6)
         ON CONFLICT (job, item, run_window) DO UPDATE SET trigger = 'manual', requested_by = EXCLUDED.requested_by, rows = NULL, duration_ms = NULL, error = NULL`,
        [SYNC_JOB, row.id, key.window, isUuid(row.created_by) ? row.created_by : null, row.created_by_name, by, row.id],
      );
      // answered now, run in the background (the status shows its progress); stopped with the service
      const started: Promise<unknown> = claim
        .run((signal) => this.sync(row, key, 'manual', by, signal))
        .catch(() => undefined)
        .finally(() => this.running.delete(started));
      this.running.add(started);
    }
    return { run: (await this.runsOf(row.id, key.window))[0] };
  }

  /** The last syncs of a source, newest first, and whether its kind syncs. */
  async status(req: dataSourceV1.SyncStatusRequest): Promise<dataSourceV1.SyncStatusReply> {
    idOrNotFound(req.dataSourceId, 'datasource.not_found');
    const row = await this.repo.findSource(req.dataSourceId);
    if (!row) throw new AppError('not_found', 'datasource.not_found');
    return { syncable: !!connectorEntryOf(row)?.sync, cacheInterval: row.cache_interval, runs: await this.runsOf(row.id) };
  }

  private async syncedSource(id: string): Promise<SourceRow & { entry: Required<ConnectorEntry> }> {
    idOrNotFound(id, 'datasource.not_found');
    const row = await this.repo.findSource(id);
    if (!row) throw new AppError('not_found', 'datasource.not_found');
    const entry = connectorEntryOf(row);
    if (!entry?.sync) throw new AppError('invalid', 'sync.not_synced');
    return Object.assign(row, { entry: entry as Required<ConnectorEntry> });
  }

  /** A sync of the source still queued or running within its deadline (by any replica). */
  private async openRun(id: string): Promise<dataSourceV1.SyncRun | undefined> {
    const { rows } = await this.db.query<{ run_window: string }>(
      `SELECT run_window FROM data_source.job_runs WHERE job = $1 AND item = $2 AND state IN ('queued', 'running') AND deadline > $3 ORDER BY queued_at DESC LIMIT 1`,
      [SYNC_JOB, id, new Date()],
    );
    return rows[0] ? (await this.runsOf(id, rows[0].run_window))[0] : undefined;
  }

  private async runsOf(id: string, window?: string): Promise<dataSourceV1.SyncRun[]> {
    const params: unknown[] = [SYNC_JOB, id];
    if (window !== undefined) params.push(window);
    const { rows } = await this.db.query<SyncRunRow>(
      `SELECT r.state, s.trigger, s.mode, s.rows, s.duration_ms, s.error, r.queued_at, r.started_at, r.finished_at, s.run_as_name, s.requested_by
       FROM data_source.job_runs r JOIN data_source.syncs s ON s.job = r.job AND s.item = r.item AND s.run_window = r.run_window
       WHERE r.job = $1 AND r.item = $2 ${window !== undefined ? 'AND r.run_window = $3' : ''} ORDER BY r.queued_at DESC LIMIT ${STATUS_RUNS}`,
      params,
    );
    return rows.map((r) => ({
      state: r.state,
      trigger: r.trigger,
      mode: r.mode,
      rows: numberOrUndefined(r.rows),
      durationMs: numberOrUndefined(r.duration_ms),
      errorJson: r.error ? (typeof r.error === 'string' ? r.error : JSON.stringify(r.error)) : '',
      queuedAt: iso(r.queued_at),
      startedAt: iso(r.started_at),
      finishedAt: iso(r.finished_at),
      runAsName: r.run_as_name,
      requestedBy: r.requested_by,
    }));
  }

  /**
   * One sync of a claimed run: the connector's rows into the copy (replace or append, one store
   * transaction), the history entry and DataChanged through SourceWriter; on failure the copy stays,
   * a history entry says so and the run keeps the failure's message key. Rethrows the failure (the
   * claim records the run failed or timed out).
   */
  private async sync(row: SourceRow, key: RunKey, trigger: Trigger, by: string, signal: AbortSignal): Promise<number> {
    const entry = connectorEntryOf(row);
    const creator = isUuid(row.created_by) ? row.created_by : null;
    const started = Date.now();
    let runAs = { userId: creator, userName: row.created_by_name } as SyncPrincipal;
    const read = { signal: AbortSignal.any([signal, this.stopping.signal]), maxRows: this.maxRows };
    let mode: 'replace' | 'append' = 'replace';
    const note = (fields: { rows?: number; error?: unknown }) =>
      this.db.query(
        `INSERT INTO data_source.syncs (job, item, run_window, source_id, trigger, mode, run_as, run_as_name, requested_by, rows, duration_ms, error)
         VALUES ($1, $2, $3, $12, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (job, item, run_window) DO UPDATE SET mode = EXCLUDED.mode, rows = EXCLUDED.rows, duration_ms = EXCLUDED.duration_ms, error = EXCLUDED.error`,
        [SYNC_JOB, key.item, key.window, trigger, mode, runAs.userId, runAs.userName, by, fields.rows ?? null, Date.now() - started, fields.error === undefined ? null : JSON.stringify(fields.error), row.id],
      );
    try {
      await note({});
      if (!entry?.sync) throw new AppError('invalid', 'sync.not_synced');
      // run as the creator, with their grants now: one who is gone, disabled or may no longer change the source stops its syncs
      const user = await this.runAsUsers.user(creator);
      if (!user || user.disabled) throw new AppError('forbidden', 'sync.owner_gone', { user: row.created_by_name });
      if (!canEditSource(user.principal, { dataSourceId: row.id, createdById: row.created_by ?? '' })) throw new AppError('forbidden', 'sync.owner_cannot_edit', { user: user.userName });
      runAs = { userId: creator, userName: user.userName, principal: user.principal };
      const plan = await entry.sync({ source: row, runAs, logger: this.logger, stores: { apiSources: this.apiSources, erpReports: this.erpReports, indicators: this.indicators } });
      mode = plan.mode;
      if (mode === 'append' && !sourceMay(row, 'append')) throw new AppError('invalid', 'sync.append_not_allowed');
      checkFields(row, plan.connector.fields);
      const rows = await this.runner.refresh(plan.connector, row, mode, { by, history: (n) => [{ key: 'history.synced', params: { rows: n, seconds: seconds(started) } }] }, read);
      await plan.done?.();
      await note({ rows });
      this.logger.info('source synced', { dataSourceId: row.id, trigger, mode, rows, runAs: runAs.userId, ms: Date.now() - started });
      return rows;
    } catch (e) {
      const error = e instanceof AppError ? e.toJSON() : e instanceof JobTimeoutError || read.signal.aborted ? { key: 'sync.timed_out', params: {} } : { key: 'sync.failed', params: {} };
      this.logger.warn('sync failed; the previous copy is kept', { dataSourceId: row.id, trigger, runAs: runAs.userId, error: e });
      await note({ error: { key: error.key, params: error.params } }).catch(() => undefined);
      await this.writer.update({ id: row.id, history: [{ key: 'history.sync_failed', params: { seconds: seconds(started) } }] }, by).catch(() => undefined);
      throw e;
    }
  }
}

const seconds = (since: number) => Math.round((Date.now() - since) / 100) / 10;

/** A sync loads the source's own columns: the connector's fields must be the source's data fields (by name). */
function checkFields(row: SourceRow, fields: readonly { name: string }[]): void {
  const have = new Set(row.fields.filter((f) => !f.expression && f.name !== UPLOAD_KEY_COLUMN).map((f) => f.name));
  const got = new Set(fields.map((f) => f.name));
  const differ = [...have].filter((n) => !got.has(n)).concat([...got].filter((n) => !have.has(n)));
  if (differ.length) throw new AppError('invalid', 'sync.fields_changed', { fields: differ.slice(0, 10).join(', ') });
}
