/**
 * A table of rows as XLSX (exceljs) or CSV: a chart's data rows (resultTable) or its detail rows.
 * The BFF's exports write their sheets with the same rules (sheetName, xlsxCell, xlsxContentDisposition).
 */
import { fieldLabel, type ChartResult } from '@bi/charts';
import type { TableCell, TableData } from './types.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
/** Excel's longest cell text. */
export const EXCEL_CELL_MAX = 32_767;

/** Excel sheet names: at most 31 characters, none of []:*?/\ . */
export function sheetName(name: string): string {
  const clean = [...name.replace(/[[\]:*?/\\]/g, ' ').trim()].slice(0, 31).join('');
  return clean || 'Sheet1';
}

/** A cell as Excel takes it: texts cut to Excel's limit. */
export function xlsxCell(value: unknown): unknown {
  return typeof value === 'string' && value.length > EXCEL_CELL_MAX ? value.slice(0, EXCEL_CELL_MAX) : value;
}

/** Content-Disposition of a download named after its chart or source (ASCII fallback, the name in UTF-8). */
export function attachmentDisposition(name: string, extension: 'xlsx' | 'csv' | 'pdf' | 'png'): string {
  return `attachment; filename="export.${extension}"; filename*=UTF-8''${encodeURIComponent(`${name}.${extension}`)}`;
}

/** The table as an .xlsx workbook: one sheet named after it, the header row of column titles, then the rows. */
export async function tableToXlsx(table: TableData): Promise<Buffer> {
  // loaded on first use: a process that only draws pictures never loads it
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(table.name));
  sheet.addRow(table.columns.map((c) => c.title));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row.map(xlsxCell));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A CSV field: quoted when it holds a separator, quote or line break; a text a spreadsheet would run as a formula (= + - @) is kept as text. */
function csvField(value: TableCell): string {
  if (value === null || value === undefined) return '';
  let s = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The table as CSV (RFC 4180, CRLF), with a UTF-8 byte-order mark so spreadsheets read Chinese texts. */
export function tableToCsv(table: TableData): string {
  const lines = [table.columns.map((c) => csvField(c.title)), ...table.rows.map((row) => table.columns.map((_, i) => csvField(row[i] ?? null)))];
  return '\uFEFF' + lines.map((l) => l.join(',')).join('\r\n') + '\r\n';
}

/** A chart's data rows (its query answer) as a table: its columns by title, raw values. */
export function resultTable(result: ChartResult, name = result.chart?.title || 'chart'): TableData {
  const columns = result.columns ?? [];
  return {
    name,
    columns: columns.map((c) => ({ title: fieldLabel(c.field), dataType: c.field.dataType })),
    rows: (result.rows ?? []).map((row) => columns.map((c) => (row[c.alias] ?? null) as TableCell)),
  };
}

/** A chart's detail rows (the BFF's details answer: columns with key and title) as a table. */
export function detailsTable(name: string, details: { columns: { key: string; name?: string; title?: string; dataType?: string }[]; rows: Record<string, unknown>[] }): TableData {
  return {
    name,
    columns: details.columns.map((c) => ({ title: c.title || c.name || c.key, dataType: c.dataType })),
    rows: details.rows.map((r) => details.columns.map((c) => { const v = r[c.key]; return v === undefined ? null : typeof v === 'object' && v !== null ? JSON.stringify(v) : (v as TableCell); })),
  };
}
