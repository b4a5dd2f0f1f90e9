import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { AppError, type Logger } from '@bi/core';
import type { dataSourceV1 } from '@bi/proto';
import {
  COLUMN_CHOICES,
  UPLOAD_KEY_COLUMN,
  UPLOAD_REFERENCE,
  checkName,
  checkTargetName,
  isUploadAction,
  sourceMay,
  type ColumnChoice,
  type UploadAction,
} from '@bi/rules';
import { CONFIG, LOGGER, idOrNotFound, isUuid } from '@bi/service-kit';
import { DataSourceRepository, type HistoryItem, type SourceRow } from '../data-source.repository.js';
import { DEFAULT_UPLOAD_MAX_ROWS, SheetConnector, type Planned } from '../connectors/sheet.connector.js';
import { SyncRunner } from '../connectors/sync-runner.js';
import type { DataChangeKind } from '../data-source.events.js';
import { SourceWriter } from '../sources/source-writer.js';
import type { ColumnType } from './cells.js';
import { problemError } from './shape.js';
import { previewSheets } from './sheets.js';
import { storeTableSql, type AnalyticsWriter, type StoreColumn } from './store-writer.js';
import { UploadStore, type IncomingChunk, type UploadMeta } from './upload-store.js';

/** The streamed conversion of a sheet's rows lives with the sheet connector. */
export { feedRows } from '../connectors/sheet.connector.js';

type Actor = { userId: string; userName: string; isAdmin: boolean };
const actorOf = (a: dataSourceV1.Actor | undefined): Actor => ({ userId: isUuid(a?.userId) ? a!.userId : '', userName: a?.userName ?? '', isAdmin: a?.isAdmin ?? false });

export interface ImportResult {
  dataSourceId: string;
  rowCount: number;
}

/**
 * Excel and CSV uploads (spec 02 §2 screen 6, §4, §5, §7; docs/api/excel-upload.md): receives the
 * file, previews its sheets, loads a sheet into the analytics store as a new source of type 8 or
 * appends to / replaces an uploaded source, deletes rows by key_id and removes fields. An import
 * runs the sheet as a connector (connectors/sheet.connector.ts) through the SyncRunner; every change
 * writes a history row and a DataChanged event in one metadata transaction (SourceWriter).
 */
@Injectable()
export class UploadService implements OnModuleInit, OnModuleDestroy {
  readonly store: UploadStore;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly repo: DataSourceRepository,
    private readonly sync: SyncRunner,
    private readonly writer: SourceWriter,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.store = new UploadStore(config.dataDir);
  }

  onModuleInit(): void {
    const sweep = () => void this.store.sweep().catch((e) => this.logger.warn('upload sweep failed', { error: e }));
    sweep();
    this.sweeper = setInterval(sweep, 3600_000);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  private get maxRows(): number {
    return this.config.dataSources.uploadMaxRows ?? DEFAULT_UPLOAD_MAX_ROWS;
  }

  withWriter<T>(fn: (w: AnalyticsWriter) => Promise<T>): Promise<T> {
    return this.sync.withWriter(fn);
  }

  checkEnabled(): void {
    if (!this.config.modules.includes('excel')) throw new AppError('invalid', 'datasource.type_disabled', { type: 'Excel' });
  }

  // ---- upload and preview ---------------------------------------------------------------------

  async upload(chunks: AsyncIterable<IncomingChunk>): Promise<dataSourceV1.UploadReply> {
    this.checkEnabled();
    const meta = await this.store.receive(chunks);
    try {
      const sheets = await previewSheets(this.store.path(meta), meta.kind, meta.fileName);
      if (sheets.length === 0) throw new AppError('invalid', 'excel.unreadable');
      const usable = sheets.filter((s) => !s.problem);
      // nothing to import: say why (the first sheet's problem) and keep nothing
      if (usable.length === 0) throw problemError(sheets[0].problem!);
      this.logger.info('upload received', { uploadId: meta.uploadId, kind: meta.kind, size: meta.size, sheets: sheets.length, user: meta.userName });
      return {
        uploadId: meta.uploadId,
        fileName: meta.fileName,
        kind: meta.kind,
        size: meta.size,
        sheets: sheets.map((s) => ({
          name: s.name,
          index: s.index,
          columns: s.columns,
          rowsJson: JSON.stringify(s.rows),
          problem: s.problem ? { key: s.problem.key, paramsJson: JSON.stringify(s.problem.params) } : undefined,
        })),
      };
    } catch (e) {
      await this.store.remove(meta);
      throw e;
    }
  }

  // ---- import ---------------------------------------------------------------------------------

  /** Answers the source's id and the rows loaded; the upload is removed once imported. */
  async importUpload(req: dataSourceV1.ImportUploadRequest, signal?: AbortSignal): Promise<ImportResult> {
    this.checkEnabled();
    return this.runImport(req, signal);
  }

  /** The import itself, also used by the demo data (which loads whatever the module flags say). */
  async runImport(req: dataSourceV1.ImportUploadRequest, signal?: AbortSignal): Promise<ImportResult> {
    const actor = actorOf(req.actor);
    if (!isUploadAction(req.action)) throw new AppError('invalid', 'excel.action_invalid');
    const action: UploadAction = req.action;
    const meta = await this.store.find(req.uploadId, actor.userId);
    const chosen = this.chosenColumns(req.columns);
    const result = action === 'create' ? await this.importNew(req, meta, chosen, actor, signal) : await this.importInto(req, action, meta, chosen, actor, signal);
    await this.store.remove(meta);
    return result;
  }

  /** The request's columns: checked types, abandoned ones dropped, at least one left. */
  private chosenColumns(columns: dataSourceV1.ImportColumn[]): { name: string; type: ColumnChoice; targetName: string }[] {
    const out: { name: string; type: ColumnChoice; targetName: string }[] = [];
    const headers = new Set<string>();
    for (const c of columns) {
      const type = (c.type || 'string') as ColumnChoice;
      if (!(COLUMN_CHOICES as readonly string[]).includes(type)) throw new AppError('invalid', 'excel.type_invalid', { name: c.name, type: c.type });
      const name = (c.name ?? '').trim();
      if (headers.has(name.toLowerCase())) throw new AppError('invalid', 'excel.column_duplicate', { name });
      headers.add(name.toLowerCase());
      if (type !== 'abandon') out.push({ name, type, targetName: (c.targetName ?? '').trim() || name });
    }
    if (out.length === 0) throw new AppError('invalid', 'excel.no_columns');
    return out;
  }

  private async importNew(req: dataSourceV1.ImportUploadRequest, meta: UploadMeta, chosen: ReturnType<UploadService['chosenColumns']>, actor: Actor, signal?: AbortSignal): Promise<ImportResult> {
    const problem = checkName(req.tableName);
    if (problem) throw new AppError('invalid', problem === 'required' ? 'excel.table_name_required' : `name.${problem}`);
    const name = req.tableName.trim();
    if (!isUuid(req.projectId) || !(await this.repo.findProject(req.projectId))) throw new AppError('not_found', 'project.not_found');
    const targets = new Set<string>();
    const columns: StoreColumn[] = chosen.map((c) => {
      const bad = checkTargetName(c.targetName);
      if (bad) throw new AppError('invalid', `excel.target_${bad}`, { name: c.targetName, max: 63 });
      if (targets.has(c.targetName.toLowerCase())) throw new AppError('invalid', 'excel.target_duplicate', { name: c.targetName });
      targets.add(c.targetName.toLowerCase());
      return { name: c.targetName, type: c.type as ColumnType };
    });
    const plan = chosen.map((c) => ({ header: c.name, type: c.type as ColumnType }));
    const table = `xl_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const started = Date.now();
    const { dataSourceId, rowCount, loadMs } = await this.sync.create(
      this.connector(meta, req.sheet, columns, plan),
      { table, projectId: req.projectId, name, reference: UPLOAD_REFERENCE, createdBy: actor.userId || null, by: actor.userName, history: (rows) => [{ key: 'history.ingested', params: { rows, file: meta.fileName } }] },
      { signal, maxRows: this.maxRows },
    );
    this.logger.info('upload imported', { dataSourceId, table, rows: rowCount, ms: Date.now() - started, loadMs, kind: meta.kind });
    return { dataSourceId, rowCount };
  }

  private async importInto(
    req: dataSourceV1.ImportUploadRequest,
    action: 'append' | 'replace',
    meta: UploadMeta,
    chosen: ReturnType<UploadService['chosenColumns']>,
    actor: Actor,
    signal?: AbortSignal,
  ): Promise<ImportResult> {
    const row = await this.uploadSource(req.dataSourceId);
    // the registry says which kinds take appended or replaced rows (uploads)
    if (!sourceMay(row, 'append')) throw new AppError('invalid', 'excel.no_primary_key');
    const stored = await this.withWriter((w) => w.columns(row.table_name));
    const plan: (Planned | undefined)[] = stored.map(() => undefined);
    for (const c of chosen) {
      const exact = stored.findIndex((s) => s.name === c.targetName);
      const k = exact >= 0 ? exact : stored.findIndex((s) => s.name.toLowerCase() === c.targetName.toLowerCase());
      if (k < 0) throw new AppError('invalid', 'excel.target_unknown', { name: c.targetName });
      if (plan[k]) throw new AppError('invalid', 'excel.target_duplicate', { name: stored[k].name });
      plan[k] = { header: c.name, type: stored[k].type };
    }
    const started = Date.now();
    const history = (rows: number): HistoryItem[] => [{ key: action === 'append' ? 'history.appended' : 'history.replaced', params: { rows, file: meta.fileName } }];
    const rows = await this.sync.refresh(this.connector(meta, req.sheet, stored, plan), row, action, { by: actor.userName, history }, { signal, maxRows: this.maxRows });
    this.logger.info('upload imported', { dataSourceId: row.id, action, rows, ms: Date.now() - started, kind: meta.kind });
    return { dataSourceId: row.id, rowCount: rows };
  }

  /** A sheet of the upload as a connector: its rows into the store columns, by the plan. */
  private connector(meta: UploadMeta, sheet: string, columns: StoreColumn[], plan: (Planned | undefined)[]): SheetConnector {
    return new SheetConnector({ path: this.store.path(meta), kind: meta.kind, fileName: meta.fileName, sheet, tmpDir: this.store.dir }, columns, plan, this.logger);
  }

  // ---- rows and fields ------------------------------------------------------------------------

  async deleteRows(req: dataSourceV1.DeleteRowsRequest): Promise<dataSourceV1.DeleteRowsReply> {
    const actor = actorOf(req.actor);
    const row = await this.uploadSource(req.dataSourceId);
    const keys = [...new Set(req.keyIds)];
    if (keys.length === 0) throw new AppError('invalid', 'excel.no_rows_selected');
    if (keys.some((k) => !Number.isSafeInteger(k) || k < 1)) throw new AppError('invalid', 'request.invalid', { detail: 'keyIds: expected whole numbers' });
    const deleted = await this.withWriter((w) => w.deleteRows(row.table_name, keys));
    if (deleted > 0) await this.commit(row, [{ key: 'history.rows_deleted', params: { count: deleted } }], actor.userName, 'delete_rows', deleted);
    return { deleted };
  }

  async removeField(req: dataSourceV1.RemoveFieldRequest): Promise<void> {
    const actor = actorOf(req.actor);
    const row = await this.uploadSource(req.dataSourceId);
    const name = (req.name ?? '').trim();
    const field = row.fields.find((f) => !f.expression && f.name === name);
    if (!field || name === UPLOAD_KEY_COLUMN) throw new AppError('invalid', 'excel.field_unknown', { name });
    const base = row.fields.filter((f) => !f.expression && f.name !== UPLOAD_KEY_COLUMN && f.name !== name);
    if (base.length === 0) throw new AppError('invalid', 'excel.last_field');
    const user = row.fields.find((f) => f.expression && new RegExp(`(^|[^\\p{L}\\p{N}_])(${escapeRegExp(name)}|\\[${escapeRegExp(name)}\\])($|[^\\p{L}\\p{N}_])`, 'u').test(f.expression));
    if (user) throw new AppError('invalid', 'excel.field_in_use', { name, field: user.name });
    const fields = row.fields.filter((f) => f.name !== name);
    const content = storeTableSql(row.table_name, base.map((f) => f.name));
    // metadata first: a column left over in the store is harmless, a source reading a dropped one is not
    await this.commit(row, [{ key: 'history.field_removed', params: { name } }], actor.userName, 'schema', 0, { fields, content });
    await this.withWriter((w) => w.dropColumn(row.table_name, name)).catch((e) => this.logger.warn('column left in the store', { table: row.table_name, name, error: e }));
  }

  /** Drops the table of an uploaded source that was deleted. */
  async dropTable(table: string): Promise<void> {
    await this.withWriter((w) => w.dropTable(table));
  }

  private async uploadSource(id: string): Promise<SourceRow> {
    idOrNotFound(id, 'datasource.not_found');
    const row = await this.repo.findSource(id);
    if (!row) throw new AppError('not_found', 'datasource.not_found');
    if (row.reference !== UPLOAD_REFERENCE || !row.fields.some((f) => f.name === UPLOAD_KEY_COLUMN)) throw new AppError('invalid', 'excel.no_primary_key');
    return row;
  }

  private async commit(row: SourceRow, history: HistoryItem[], userName: string, kind: DataChangeKind, rows: number, changes: { fields?: dataSourceV1.Field[]; content?: string } = {}): Promise<void> {
    await this.writer.update({ id: row.id, changes: { ...changes, bumpVersion: true }, history, event: kind, rows }, userName);
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
