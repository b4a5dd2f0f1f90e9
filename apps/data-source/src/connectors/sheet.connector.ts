import { AppError, type Logger } from '@bi/core';
import { EXCEL_MAX_CELL_CHARS, type UploadKind } from '@bi/rules';
import { columnLetter, convertCell, displayText, type ColumnType } from '../uploads/cells.js';
import { CsvChecksFailed, csvSqlLoad, utf8Copy } from '../uploads/csv-duckdb.js';
import { sniffCsv } from '../uploads/csv.js';
import { SheetShape, problemError } from '../uploads/shape.js';
import { csvSheetName, sheetRows, type SheetRows } from '../uploads/sheets.js';
import type { AnalyticsWriter, LoadTarget, RowLoader, StoreColumn, StoreValue } from '../uploads/store-writer.js';
import type { Connector, ConnectorRead } from './connector.js';
import { loadBatches } from './sync-runner.js';

const VALUE_SHOWN = 40;
/** BI_UPLOAD_MAX_ROWS's default (libs/config). */
export const DEFAULT_UPLOAD_MAX_ROWS = 5_000_000;
/** The main thread is handed back to other work (chart queries) at least this often during a load. */
const YIELD_EVERY_MS = 5;

/** A column of the import: where it comes from in the sheet (by header) and how it is converted. */
export interface Planned {
  header: string;
  type: ColumnType;
}

/** An uploaded file as it lies in the upload store. */
export interface SheetFile {
  path: string;
  kind: UploadKind;
  fileName: string;
  /** the sheet to read ('' : a CSV's one sheet) */
  sheet: string;
  /** where a converted copy of a CSV may be written */
  tmpDir: string;
}

const clipValue = (v: string) => (v.length > VALUE_SHOWN ? v.slice(0, VALUE_SHOWN) + '…' : v);
const nextTick = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The rows of a sheet converted for the store, in the sheet's batches: checks the table shape as
 * rows pass, converts each planned cell to its type and stops at the first bad cell with its row and
 * column, at the first cell over EXCEL_MAX_CELL_CHARS and at the first data row over maxRows. It
 * lets the event loop run at least every 5 ms (between batches, and within a large one), so requests
 * keep being answered during a long load.
 * `plan[k]` says which header feeds store column k (undefined: left empty).
 */
export async function* sheetBatches(rows: SheetRows, plan: (Planned | undefined)[], signal?: AbortSignal, maxRows = DEFAULT_UPLOAD_MAX_ROWS): AsyncGenerator<StoreValue[][]> {
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
    const out: StoreValue[][] = [];
    for (let b = 0; b < batch.length; b++) {
      const r = batch[b];
      // a CSV batch holds the rows of 1 MiB (~30 000): look at the clock every 256 rows too
      if ((b & 255) === 255 && performance.now() - yielded >= YIELD_EVERY_MS) {
        await nextTick();
        yielded = performance.now();
        if (signal?.aborted) throw new AppError('invalid', 'excel.cancelled');
      }
      const cells = shape.accept(r.row, r.cells);
      if (shape.problem) throw problemError(shape.problem);
      if (!cells) continue;
      if (++count > maxRows) throw tooManyRows(rows.name, maxRows);
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
      out.push(values);
    }
    yield out;
    if (performance.now() - yielded >= YIELD_EVERY_MS) {
      await nextTick();
      yielded = performance.now();
    }
  }
  if (await rows.finish()) throw new AppError('invalid', 'excel.merged_cells', { sheet: rows.name });
  const problem = shape.finish();
  if (problem) throw problemError(problem);
  if (!sources) resolve(shape.header!);
}

/** Feeds the converted rows of a sheet (sheetBatches) to a loader. */
export function feedRows(rows: SheetRows, plan: (Planned | undefined)[], loader: RowLoader, signal?: AbortSignal, maxRows = DEFAULT_UPLOAD_MAX_ROWS): Promise<void> {
  return loadBatches(sheetBatches(rows, plan, signal, maxRows), loader);
}

function tooManyRows(sheet: string, max: number): AppError {
  return new AppError('invalid', 'excel.too_many_rows', { sheet, max });
}

/**
 * An uploaded Excel sheet or CSV file as a connector (spec 02 §4, §5): its rows converted by the
 * chosen column types; for a CSV into DuckDB, DuckDB's own read_csv first (the bulk load, one
 * INSERT with the checks), the streamed rows when that one does not take it or a value fails its
 * checks (then the stream finds the first bad cell and reports its row and column).
 */
export class SheetConnector implements Connector {
  readonly kind = 'sheet';

  /** `fields`: the store columns; `plan[k]`: the header feeding fields[k] (undefined: left empty). */
  constructor(
    private readonly file: SheetFile,
    readonly fields: readonly StoreColumn[],
    private readonly plan: (Planned | undefined)[],
    private readonly logger: Logger,
  ) {}

  async *rows(read: ConnectorRead): AsyncGenerator<StoreValue[][]> {
    const { path, kind, fileName, sheet } = this.file;
    for await (const rows of sheetRows(path, kind, fileName, sheet, read.signal)) yield* sheetBatches(rows, this.plan, read.signal, read.maxRows);
  }

  tooManyRows(max: number): Error {
    return tooManyRows(this.file.sheet || csvSheetName(this.file.fileName), max);
  }

  async bulkLoad(w: AnalyticsWriter, target: LoadTarget, read: ConnectorRead): Promise<number | undefined> {
    const { path, kind, fileName, sheet, tmpDir } = this.file;
    if (kind !== 'csv' || !w.loadSql) return undefined;
    const name = csvSheetName(fileName);
    if (sheet && sheet !== name) throw new AppError('invalid', 'excel.sheet_not_found', { sheet });
    const format = await sniffCsv(path);
    const copy = await utf8Copy(path, format, tmpDir);
    try {
      return await w.loadSql(target, await csvSqlLoad(copy.path, format, name, this.plan, read.maxRows), read.signal);
    } catch (e) {
      if (e instanceof AppError || read.signal?.aborted) throw e;
      if (e instanceof CsvChecksFailed) this.logger.info('csv values failed the checks; the streaming parser finds the first problem', { table: target.table });
      else this.logger.info('csv fast path not taken; loading through the streaming parser', { reason: e instanceof Error ? e.message : String(e) });
      return undefined;
    } finally {
      await copy.done();
    }
  }
}
