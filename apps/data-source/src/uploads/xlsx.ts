import { createRequire } from 'node:module';
import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';
import ExcelJS from 'exceljs';
import { AppError } from '@bi/core';
import { EXCEL_MAX_CELL_CHARS } from '@bi/rules';
import { fromExcelDate, type CellValue } from './cells.js';

/**
 * Streaming .xlsx reading on exceljs's WorkbookReader (never the whole workbook in memory), with
 * three additions made by wrapping the raw XML of each worksheet as it passes:
 * - merged cells (`<mergeCell>`, which the stream reader skips) are seen, so such sheets are refused;
 * - the text is decoded as one UTF-8 stream, so a Chinese character split between two chunks stays
 *   whole (exceljs decodes chunk by chunk; shared strings get the same through setEncoding);
 * - a sheet not wanted, or the rest of a sheet after the preview rows, is drained without parsing.
 */

type RawChunk = Buffer | string;

/**
 * Raw XML characters one text may run between two tags: a cell of EXCEL_MAX_CELL_CHARS, escaped
 * (`&quot;` is 6 characters for 1), fits. Checked on the raw text as it streams, before exceljs
 * gathers a text into one string, so a small file holding one huge cell (a zip of a few hundred KB
 * inflating to hundreds of MB of text) is refused without being held in memory; the exact bound
 * per cell is checked on the parsed values (connectors/sheet.connector.ts sheetBatches).
 */
export const MAX_RAW_TEXT = 8 * EXCEL_MAX_CELL_CHARS;

/**
 * Counts the characters since the last `<` or `>` across pieces (a text, or a tag with its
 * attributes); more than MAX_RAW_TEXT raises 'excel.text_too_large'.
 */
export class TextRunGuard {
  private run = 0;

  constructor(private readonly max = MAX_RAW_TEXT) {}

  check(s: string): void {
    const last = Math.max(s.lastIndexOf('<'), s.lastIndexOf('>'));
    if (last < 0) this.run += s.length;
    else {
      // the run before the first bracket of this piece continues the last one; runs inside a piece
      // are bounded by the piece (its size is the reader's, not the file's)
      const lt = s.indexOf('<');
      const gt = s.indexOf('>');
      const first = lt < 0 ? gt : gt < 0 ? lt : Math.min(lt, gt);
      if (this.run + first > this.max) throw textTooLarge();
      this.run = s.length - last - 1;
    }
    if (this.run > this.max) throw textTooLarge();
  }
}

const textTooLarge = () => new AppError('invalid', 'excel.text_too_large', { max: EXCEL_MAX_CELL_CHARS });

/** Wraps the raw chunk iterator of one worksheet; never closes it early, so the rest can be drained. */
class RawScan implements AsyncIterable<string> {
  merges = false;
  private tail = '';
  private readonly decoder = new TextDecoder('utf-8');
  private done = false;
  private readonly raw: AsyncIterator<RawChunk>;
  private readonly guard = new TextRunGuard();

  /** exceljs hands in an async generator (zip entry) or a file stream (sheets parked in temp files). */
  constructor(source: AsyncIterator<RawChunk> | AsyncIterable<RawChunk>) {
    this.raw = typeof (source as AsyncIterator<RawChunk>).next === 'function' ? (source as AsyncIterator<RawChunk>) : (source as AsyncIterable<RawChunk>)[Symbol.asyncIterator]();
  }

  private text(chunk: RawChunk): string {
    const s = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    this.guard.check(s);
    if (!this.merges) {
      const probe = this.tail + s;
      if (probe.includes('<mergeCell ') || probe.includes('<x:mergeCell ')) this.merges = true;
      this.tail = probe.slice(-16);
    }
    return s;
  }

  async next(): Promise<IteratorResult<string>> {
    if (this.done) return { done: true, value: undefined };
    const r = await this.raw.next();
    if (r.done) {
      this.done = true;
      return { done: true, value: undefined };
    }
    return { done: false, value: this.text(r.value) };
  }

  [Symbol.asyncIterator](): AsyncIterator<string> {
    return { next: () => this.next(), return: async () => ({ done: true, value: undefined }) };
  }

  /** Reads the rest without parsing it, still looking for merged cells. */
  async drain(signal?: AbortSignal): Promise<void> {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const r = await this.next();
      if (r.done) return;
    }
  }
}

// exceljs's stream reader as JavaScript: its part parsers are not typed.
interface ReaderInternals {
  input: string;
  parse(): AsyncGenerator<unknown>;
  _parseRels(entry: NodeJS.ReadableStream): Promise<void>;
  _parseWorkbook(entry: NodeJS.ReadableStream): Promise<void>;
  _parseStyles(entry: NodeJS.ReadableStream): Promise<void>;
  _parseWorksheet(iterator: AsyncIterator<RawChunk> | AsyncIterable<RawChunk>, sheetNo: string): Generator<unknown>;
  _parseSharedStrings(entry: NodeJS.ReadableStream): AsyncGenerator<unknown>;
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { name: string; id: number; rId: string }[] };
  properties?: { model?: { date1904?: boolean } };
}

interface ZipEntry {
  path: string;
  type: string;
  stream(): NodeJS.ReadableStream;
}
const unzipper = createRequire(import.meta.url)('unzipper') as { Open: { file(path: string): Promise<{ files: ZipEntry[] }> } };

const SHEET_PATH = /^xl\/worksheets\/sheet(\d+)\.xml$/;

interface StreamWorksheet extends AsyncIterable<ExcelJS.Row> {
  name: string;
  id: number;
  /** exceljs: the events of each parsed piece of the sheet's XML, rows among them. */
  parse(): AsyncIterable<{ eventType: string; value: unknown }[]>;
}

const Base = ExcelJS.stream.xlsx.WorkbookReader as unknown as new (input: string, options: object) => ReaderInternals & AsyncIterable<StreamWorksheet>;

class ScanningReader extends Base {
  readonly scans = new WeakMap<object, RawScan>();
  private lastScan: RawScan | undefined;
  /** Sheets not wanted are skipped without being read at all. */
  wantSheet: (name: string) => boolean = () => true;

  /**
   * The file is on disk, so its parts are read in the order they are needed (zip central
   * directory, random access) rather than in file order: relationships, workbook, styles and
   * shared strings first, then the sheets in workbook order, each streamed from its entry. (Read in
   * file order, exceljs parks sheets in temp files and fails on workbooks whose workbook.xml comes
   * last, as exceljs itself writes them.)
   */
  override async *parse(): AsyncGenerator<unknown> {
    const directory = await unzipper.Open.file(this.input);
    const entries = new Map(directory.files.filter((f) => f.type !== 'Directory').map((f) => [f.path.replace(/^\//, ''), f]));
    const part = (path: string) => entries.get(path)?.stream();
    const rels = part('xl/_rels/workbook.xml.rels');
    const book = part('xl/workbook.xml');
    if (!rels || !book) throw new Error('not an xlsx workbook');
    await this._parseRels(rels);
    await this._parseWorkbook(book);
    const styles = part('xl/styles.xml');
    if (styles) await this._parseStyles(styles);
    const strings = part('xl/sharedStrings.xml');
    if (strings) yield* this._parseSharedStrings(strings);
    // sheets in workbook order (by their relationship), then any other sheet part
    const target = (rId: string) => (this.workbookRels ?? []).find((r) => r.Id === rId)?.Target.replace(/^\/?(xl\/)?/, 'xl/');
    const ordered = (this.model?.sheets ?? []).map((s) => ({ name: s.name, path: target(s.rId) ?? '' }));
    const paths = [...ordered.map((o) => o.path), ...[...entries.keys()].filter((p) => SHEET_PATH.test(p) && !ordered.some((o) => o.path === p))];
    for (const path of paths) {
      const m = SHEET_PATH.exec(path);
      const entry = entries.get(path);
      if (!m || !entry) continue;
      const name = ordered.find((o) => o.path === path)?.name ?? `Sheet${m[1]}`;
      if (!this.wantSheet(name)) continue;
      yield* this._parseWorksheet(entry.stream() as unknown as AsyncIterable<RawChunk>, m[1]);
    }
  }

  override *_parseWorksheet(iterator: AsyncIterator<RawChunk> | AsyncIterable<RawChunk>, sheetNo: string): Generator<unknown> {
    const scan = new RawScan(iterator);
    this.lastScan = scan;
    for (const event of super._parseWorksheet(scan as unknown as AsyncIterator<RawChunk>, sheetNo)) {
      const e = event as { eventType: string; value: object };
      if (e.eventType === 'worksheet') this.scans.set(e.value, scan);
      yield event;
    }
  }

  override async *_parseSharedStrings(entry: NodeJS.ReadableStream): AsyncGenerator<unknown> {
    // one decoder for the whole entry (setEncoding on unzipper's entry stops the zip walk)
    const decoder = new StringDecoder('utf8');
    const guard = new TextRunGuard();
    const text = new Transform({
      readableObjectMode: true,
      transform: (chunk: Buffer, _enc, done) => {
        const s = decoder.write(chunk);
        try {
          guard.check(s);
        } catch (e) {
          return done(e as Error);
        }
        done(null, s);
      },
      flush: (done) => done(null, decoder.end() || undefined),
    });
    entry.pipe(text);
    yield* super._parseSharedStrings(text);
  }

  scanOf(ws: object): RawScan {
    return this.scans.get(ws) ?? this.lastScan!;
  }

  get date1904(): boolean {
    return !!this.properties?.model?.date1904;
  }

  sheetIndex(name: string): number {
    const i = (this.model?.sheets ?? []).findIndex((s) => s.name === name);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  }
}

const DATE_FORMAT = /[ymdhsb]/i;
function isDateFormat(fmt: unknown): boolean {
  if (typeof fmt !== 'string' || !fmt) return false;
  return DATE_FORMAT.test(fmt.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** One exceljs value as a cell value: formulas give their result, rich text its text, errors nothing. */
export function cellOf(value: unknown, numFmt?: unknown): CellValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'number':
    case 'string':
    case 'boolean':
      return value;
    case 'object':
      break;
    default:
      return String(value);
  }
  if (value instanceof Date) return fromExcelDate(value) ?? null;
  const v = value as Record<string, unknown>;
  if (Array.isArray(v.richText)) return (v.richText as { text?: string }[]).map((r) => r.text ?? '').join('');
  if ('formula' in v || 'sharedFormula' in v) {
    const result = v.result;
    if (typeof result === 'number' && isDateFormat(numFmt)) return fromExcelDate(new Date(Math.round((result - 25569) * 86_400_000))) ?? result;
    if (result !== null && typeof result === 'object' && 'error' in (result as object)) return null;
    return cellOf(result);
  }
  if ('error' in v) return null;
  if ('text' in v) return cellOf(v.text);
  return null;
}

/** The cells of a row from column A (0-based), formulas as their values. */
export function rowCells(row: ExcelJS.Row): CellValue[] {
  const cells: CellValue[] = [];
  row.eachCell({ includeEmpty: false }, (cell, col) => {
    while (cells.length < col - 1) cells.push(null);
    const v = cell.value;
    cells.push(v !== null && typeof v === 'object' && !(v instanceof Date) ? cellOf(v, cell.numFmt) : cellOf(v));
  });
  return cells;
}

export interface XlsxSheet {
  name: string;
  index: number;
  date1904: boolean;
  /** Rows as [excel row number, cells]; stop iterating to skip the rest of the sheet. */
  rows: AsyncIterable<{ row: number; cells: CellValue[] }>;
  /**
   * The same rows a parsed piece of XML at a time (a few hundred rows), for loading: a piece is
   * converted and handed on at once, so its objects die young rather than wait, row by row, across
   * many awaits (which made V8 keep ~200 MB of garbage in a 600 000-row import). Use rows or batches.
   */
  batches: AsyncIterable<{ row: number; cells: CellValue[] }[]>;
  /** Call after the rows (read or not): reads the rest of the sheet; answers whether it has merged cells. */
  finish(): Promise<boolean>;
}

const unreadable = (e: unknown) => (e instanceof AppError ? e : new AppError('invalid', 'excel.unreadable'));

/**
 * The worksheets of a workbook, streamed in workbook order. `want(name)` false skips a sheet without
 * reading it. Anything that is not a readable workbook raises 'excel.unreadable'.
 */
export async function* xlsxSheets(path: string, want: (name: string) => boolean = () => true, signal?: AbortSignal): AsyncGenerator<XlsxSheet> {
  const reader = new ScanningReader(path, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  reader.wantSheet = want;
  const iterator = reader[Symbol.asyncIterator]();
  let any = false;
  for (;;) {
    let step: IteratorResult<StreamWorksheet>;
    try {
      step = await iterator.next();
    } catch (e) {
      throw unreadable(e);
    }
    if (step.done) break;
    any = true;
    const ws = step.value;
    const scan = reader.scanOf(ws);
    const batches = (async function* () {
      try {
        for await (const events of ws.parse()) {
          if (signal?.aborted) throw signal.reason;
          const batch: { row: number; cells: CellValue[] }[] = [];
          for (const e of events) {
            if (e.eventType !== 'row') continue;
            const row = e.value as ExcelJS.Row;
            batch.push({ row: row.number, cells: rowCells(row) });
          }
          if (batch.length) yield batch;
        }
      } catch (e) {
        throw signal?.aborted ? e : unreadable(e);
      }
    })();
    const rows = (async function* () {
      for await (const batch of batches) yield* batch;
    })();
    yield {
      name: ws.name,
      index: reader.sheetIndex(ws.name),
      date1904: reader.date1904,
      rows,
      batches,
      finish: async () => {
        try {
          await scan.drain(signal);
        } catch (e) {
          throw signal?.aborted ? e : unreadable(e);
        }
        return scan.merges;
      },
    };
  }
  if (!any) throw new AppError('invalid', 'excel.unreadable');
}
