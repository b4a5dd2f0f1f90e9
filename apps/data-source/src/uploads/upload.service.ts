import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { AppError, type Logger } from '@bi/core';
import type { dataSourceV1 } from '@bi/proto';
import {
  COLUMN_CHOICES,
  EXCEL_MAX_CELL_CHARS,
  SOURCE_TYPE,
  UPLOAD_KEY_COLUMN,
  UPLOAD_REFERENCE,
  checkName,
  checkTargetName,
  defaultTitle,
  isUploadAction,
  type ColumnChoice,
  type UploadAction,
} from '@bi/rules';
import { CONFIG, LOGGER, idOrNotFound, isUuid } from '@bi/service-kit';
import { DataSourceEvents, type DataChangeKind } from '../data-source.events.js';
import { DataSourceRepository, type HistoryItem, type SourceRow } from '../data-source.repository.js';
import type { ConnectionSpec } from '../drivers/driver.js';
import { checkColumnNames } from '../source-runner.js';
import { SourceRunner } from '../source-runner.js';
import { connectionSpec } from '../source-connection.js';
import { columnLetter, convertCell, displayText, type ColumnType } from './cells.js';
import { SheetShape, problemError } from './shape.js';
import { CsvChecksFailed, csvSqlLoad, utf8Copy } from './csv-duckdb.js';
import { sniffCsv } from './csv.js';
import { csvSheetName, previewSheets, withSheetRows, type SheetRows } from './sheets.js';
import { UPLOAD_SCHEMA, analyticsWriter, quoteName, tableRef, type AnalyticsWriter, type LoadTarget, type RowLoader, type StoreColumn, type StoreValue } from './store-writer.js';
import { UploadStore, type IncomingChunk, type UploadMeta } from './upload-store.js';

const VALUE_SHOWN = 40;
/** BI_UPLOAD_MAX_ROWS's default (libs/config). */
const DEFAULT_UPLOAD_MAX_ROWS = 5_000_000;

type Actor = { userId: string; userName: string; isAdmin: boolean };
const actorOf = (a: dataSourceV1.Actor | undefined): Actor => ({ userId: isUuid(a?.userId) ? a!.userId : '', userName: a?.userName ?? '', isAdmin: a?.isAdmin ?? false });

/** A column of the import: where it comes from in the sheet (by header) and how it is converted. */
interface Planned {
  header: string;
  type: ColumnType;
}

export interface ImportResult {
  dataSourceId: string;
  rowCount: number;
}

const clipValue = (v: string) => (v.length > VALUE_SHOWN ? v.slice(0, VALUE_SHOWN) + '…' : v);

/** The SQL of an uploaded source: its columns without the deleted flag, deleted rows left out. */
export function uploadSourceSql(table: string, columns: string[]): string {
  return `SELECT ${[UPLOAD_KEY_COLUMN, ...columns].map(quoteName).join(', ')} FROM ${tableRef(table)} WHERE NOT ${quoteName('deleted')}`;
}

/** The main thread is handed back to other work (chart queries) at least this often during a load. */
const YIELD_EVERY_MS = 5;

/**
 * Feeds the rows of a sheet to the loader: checks the table shape as rows pass, converts each
 * planned cell to its type and stops at the first bad cell with its row and column, at the first
 * cell over EXCEL_MAX_CELL_CHARS and at the first data row over maxRows. It lets the event loop run
 * at least every 5 ms (between batches, and within a large one), so requests keep being answered
 * during a long load.
 * `plan[k]` says which header feeds store column k (undefined: left empty).
 */
export async function feedRows(rows: SheetRows, plan: (Planned | undefined)[], loader: RowLoader, signal?: AbortSignal, maxRows = DEFAULT_UPLOAD_MAX_ROWS): Promise<void> {
  const shape = new SheetShape(rows.name);
  let sources: number[] | undefined;
  const types = plan.map((p) => p?.type ?? 'string');
  const resolve = (header: string[]) => {
    const byName = new Map(header.map((h, i) => [h.toLowerCase(), i]));
    return plan.map((p) => {
      if (!p) return -1;
      const i = byName.get(p.header.trim().toLowerCase());
      if (i === undefined) throw new AppError('invalid', 'excel.column_missing', { sheet: rows.name, name: p.header });
      return i;
    });
  };
  let count = 0;
  let yielded = performance.now();
  for await (const batch of rows.batches) {
    if (signal?.aborted) throw new AppError('invalid', 'excel.cancelled');
    for (let b = 0; b < batch.length; b++) {
      const r = batch[b];
      // a CSV batch holds the rows of 1 MiB (~30 000): look at the clock every 256 rows too
      if ((b & 255) === 255 && performance.now() - yielded >= YIELD_EVERY_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        yielded = performance.now();
        if (signal?.aborted) throw new AppError('invalid', 'excel.cancelled');
      }
      const cells = shape.accept(r.row, r.cells);
      if (shape.problem) throw problemError(shape.problem);
      if (!cells) continue;
      if (++count > maxRows) throw new AppError('invalid', 'excel.too_many_rows', { sheet: rows.name, max: maxRows });
      for (const v of cells) if (typeof v === 'string' && v.length > EXCEL_MAX_CELL_CHARS) throw new AppError('invalid', 'excel.cell_too_large', { sheet: rows.name, row: r.row, max: EXCEL_MAX_CELL_CHARS });
      sources ??= resolve(shape.header!);
      const values: StoreValue[] = new Array(plan.length);
      for (let k = 0; k < plan.length; k++) {
        const src = sources[k];
        if (src < 0) {
          values[k] = null;
          continue;
        }
        const c = convertCell(cells[src], types[k], rows.fromWorkbook, rows.date1904);
        if (!c.ok) {
          const key = types[k] === 'number' ? 'excel.bad_number' : 'excel.bad_date';
          throw new AppError('invalid', key, { sheet: rows.name, row: r.row, column: `${plan[k]!.header} (${rows.fromWorkbook ? columnLetter(src) : src + 1})`, value: clipValue(displayText(cells[src])) });
        }
        values[k] = c.value;
      }
      loader.add(values);
    }
    await loader.flush();
    if (performance.now() - yielded >= YIELD_EVERY_MS) {
      await new Promise((r) => setImmediate(r));
      yielded = performance.now();
    }
  }
  if (await rows.finish()) throw new AppError('invalid', 'excel.merged_cells', { sheet: rows.name });
  const problem = shape.finish();
  if (problem) throw problemError(problem);
  if (!sources) resolve(shape.header!);
}

/**
 * Excel and CSV uploads (spec 02 §2 screen 6, §4, §5, §7; docs/api/excel-upload.md): receives the
 * file, previews its sheets, loads a sheet into the analytics store as a new source of type 8 or
 * appends to / replaces an uploaded source, deletes rows by key_id and removes fields. Every change
 * writes a history row and a DataChanged event in one metadata transaction.
 */
@Injectable()
export class UploadService implements OnModuleInit, OnModuleDestroy {
  readonly store: UploadStore;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly repo: DataSourceRepository,
    private readonly runner: SourceRunner,
    private readonly events: DataSourceEvents,
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

  get analyticsSpec(): ConnectionSpec {
    return connectionSpec(SOURCE_TYPE.analytics, null, '', this.config.dataSources.analyticsStore);
  }

  withWriter<T>(fn: (w: AnalyticsWriter) => Promise<T>): Promise<T> {
    return this.runner.drivers.use(this.analyticsSpec, (d) => fn(analyticsWriter(d)));
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
    const rows = await this.load({ table, mode: 'create', columns }, meta, req.sheet, plan, signal);
    const loadMs = Date.now() - started;
    try {
      const spec = this.analyticsSpec;
      const content = uploadSourceSql(table, columns.map((c) => c.name));
      const checked = this.runner.check(spec, content);
      const result = await this.runner.run(spec, checked, [], 0);
      checkColumnNames(result.columns);
      const fields = result.columns.map((c) => ({ name: c.name, title: defaultTitle(c.name), dataType: c.dataType, expression: '', aggregator: '' }));
      const id = randomUUID();
      await this.repo.db.transaction(async (tx) => {
        await this.repo.insertSource(tx, {
          id,
          projectId: req.projectId,
          name,
          description: '',
          type: SOURCE_TYPE.analytics,
          connection: null,
          passwordEnc: null,
          content: checked.sql,
          tableSchema: UPLOAD_SCHEMA,
          tableName: table,
          cacheInterval: 0,
          fields,
          createdBy: actor.userId || null,
          createdByName: actor.userName,
          reference: UPLOAD_REFERENCE,
        });
        await this.repo.addHistory(tx, id, [{ key: 'history.ingested', params: { rows, file: meta.fileName } }], actor.userName);
        await this.events.dataChanged(tx, id, 'ingest', 1, actor.userName, rows);
      });
      this.events.published();
      this.logger.info('upload imported', { dataSourceId: id, table, rows, ms: Date.now() - started, loadMs, kind: meta.kind });
      return { dataSourceId: id, rowCount: rows };
    } catch (e) {
      // the metadata could not be written: the new table must not stay behind
      await this.withWriter((w) => w.dropTable(table)).catch(() => undefined);
      throw e;
    }
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
    const rows = await this.load({ table: row.table_name, mode: action, columns: stored }, meta, req.sheet, plan, signal);
    const history: HistoryItem[] = [{ key: action === 'append' ? 'history.appended' : 'history.replaced', params: { rows, file: meta.fileName } }];
    await this.commit(row, history, actor.userName, action, rows);
    this.logger.info('upload imported', { dataSourceId: row.id, action, rows, ms: Date.now() - started, kind: meta.kind });
    return { dataSourceId: row.id, rowCount: rows };
  }

  /**
   * Loads a sheet of the upload: a CSV into the embedded store through DuckDB's read_csv (the fast
   * path, one INSERT with the checks), falling back to the streaming JavaScript path for what that
   * one does not handle, and when a value fails its checks: the JavaScript path then finds the first
   * bad cell and reports its row and column (the diagnostic pass). A workbook, or any file into
   * PostgreSQL, goes through the JavaScript path.
   */
  private load(target: LoadTarget, meta: UploadMeta, sheet: string, plan: (Planned | undefined)[], signal?: AbortSignal): Promise<number> {
    const path = this.store.path(meta);
    return this.withWriter(async (w) => {
      if (meta.kind === 'csv' && w.loadSql) {
        const name = csvSheetName(meta.fileName);
        if (sheet && sheet !== name) throw new AppError('invalid', 'excel.sheet_not_found', { sheet });
        const format = await sniffCsv(path);
        const copy = await utf8Copy(path, format, this.store.dir);
        try {
          return await w.loadSql(target, await csvSqlLoad(copy.path, format, name, plan, this.maxRows), signal);
        } catch (e) {
          if (e instanceof AppError || signal?.aborted) throw e;
          if (e instanceof CsvChecksFailed) this.logger.info('csv values failed the checks; the streaming parser finds the first problem', { table: target.table });
          else this.logger.info('csv fast path not taken; loading through the streaming parser', { reason: e instanceof Error ? e.message : String(e) });
        } finally {
          await copy.done();
        }
      }
      return w.load(target, (loader) => withSheetRows(path, meta.kind, meta.fileName, sheet, (rows) => feedRows(rows, plan, loader, signal, this.maxRows), signal), signal);
    });
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
    const content = uploadSourceSql(row.table_name, base.map((f) => f.name));
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
    await this.repo.db.transaction(async (tx) => {
      const version = await this.repo.updateSource(tx, row.id, { ...changes, bumpVersion: true });
      await this.repo.addHistory(tx, row.id, history, userName);
      await this.events.dataChanged(tx, row.id, kind, version, userName, rows);
    });
    this.events.published();
    await this.events.sourcesChanged([row.id]);
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
