import { basename, extname } from 'node:path';
import { AppError } from '@bi/core';
import { EXCEL_INFER_ROWS, EXCEL_PREVIEW_ROWS, type UploadKind } from '@bi/rules';
import { inferType, previewValue, type CellValue, type ColumnType } from './cells.js';
import { csvRows, sniffCsv } from './csv.js';
import { SheetShape, problemError, type SheetProblem } from './shape.js';
import { xlsxSheets } from './xlsx.js';

export interface SheetPreview {
  name: string;
  index: number;
  columns: { name: string; dataTypeDisp: ColumnType }[];
  rows: (string | number | boolean | null)[][];
  problem: SheetProblem | null;
}

/** A CSV is one sheet, named after the file. */
export function csvSheetName(fileName: string): string {
  const base = basename(fileName, extname(fileName)).trim();
  return base || 'CSV';
}

/** Rows of one sheet in batches: the sheet's row (line) number and its cells from column A. */
export interface SheetRows {
  name: string;
  fromWorkbook: boolean;
  date1904: boolean;
  batches: AsyncIterable<{ row: number; cells: CellValue[] }[]>;
  /** After the rows: true when the sheet has merged cells (workbooks only). */
  finish(): Promise<boolean>;
}

async function previewOf(name: string, index: number, rows: AsyncIterable<{ row: number; cells: CellValue[] }>, finish: () => Promise<boolean>): Promise<SheetPreview> {
  const shape = new SheetShape(name);
  const data: CellValue[][] = [];
  for await (const r of rows) {
    const cells = shape.accept(r.row, r.cells);
    if (shape.problem) break;
    if (cells) {
      data.push(cells);
      if (data.length >= EXCEL_INFER_ROWS) break;
    }
  }
  const merged = await finish();
  const problem: SheetProblem | null = merged ? { key: 'excel.merged_cells', params: { sheet: name } } : shape.finish();
  const header = problem ? [] : (shape.header ?? []);
  return {
    name,
    index,
    columns: header.map((h, i) => ({ name: h, dataTypeDisp: inferType(data.map((row) => row[i])) })),
    rows: problem ? [] : data.slice(0, EXCEL_PREVIEW_ROWS).map((row) => row.map(previewValue)),
    problem,
  };
}

async function* flatten<T>(batches: AsyncIterable<T[]>): AsyncGenerator<T> {
  for await (const batch of batches) yield* batch;
}

/** The sheets of an uploaded file with their header, inferred types and first rows. */
export async function previewSheets(path: string, kind: UploadKind, fileName: string): Promise<SheetPreview[]> {
  if (kind === 'csv') {
    const format = await sniffCsv(path);
    const name = csvSheetName(fileName);
    const lines = flatten(csvRows(path, format, name));
    const preview = await previewOf(name, 0, lines, async () => false);
    await lines.return(undefined);
    return [preview];
  }
  const out: SheetPreview[] = [];
  for await (const sheet of xlsxSheets(path)) out.push(await previewOf(sheet.name, sheet.index, sheet.rows, sheet.finish));
  return out.sort((a, b) => a.index - b.index).map((s, i) => ({ ...s, index: i }));
}

/**
 * The rows of one sheet (yielded once): a CSV's one sheet, or the workbook's sheet of that name,
 * which its consumer reads before asking for more; then the workbook is read to its end.
 * 'excel.sheet_not_found' when the file has no such sheet.
 */
export async function* sheetRows(path: string, kind: UploadKind, fileName: string, sheet: string, signal?: AbortSignal): AsyncGenerator<SheetRows> {
  if (kind === 'csv') {
    const name = csvSheetName(fileName);
    if (sheet && sheet !== name) throw new AppError('invalid', 'excel.sheet_not_found', { sheet });
    const format = await sniffCsv(path);
    yield { name, fromWorkbook: false, date1904: false, batches: csvRows(path, format, name, signal), finish: async () => false };
    return;
  }
  let found = false;
  for await (const s of xlsxSheets(path, (name) => name === sheet && !found, signal)) {
    found = true;
    yield { name: s.name, fromWorkbook: true, date1904: s.date1904, batches: s.batches, finish: s.finish };
  }
  if (!found) throw new AppError('invalid', 'excel.sheet_not_found', { sheet });
}

/** Streams the rows of one sheet (sheetRows) to fn, the loader. */
export async function withSheetRows<T>(path: string, kind: UploadKind, fileName: string, sheet: string, fn: (rows: SheetRows) => Promise<T>, signal?: AbortSignal): Promise<T> {
  let result: { value: T } | undefined;
  for await (const rows of sheetRows(path, kind, fileName, sheet, signal)) result = { value: await fn(rows) };
  return result!.value;
}

export { problemError };
