/**
 * Cell values of uploaded sheets: what a cell holds (exceljs values or CSV text), its display text,
 * the type inferred from a column's first values, and the conversion to the chosen type.
 * Dates are kept as "naive" epoch milliseconds: the wall-clock time read as if it were UTC, so no
 * time zone ever shifts a value.
 */
export type ColumnType = 'string' | 'number' | 'date';

/** A date or date-time without zone; `ms` is the wall-clock time as UTC milliseconds. */
export class NaiveDate {
  constructor(
    readonly ms: number,
    readonly hasTime: boolean,
  ) {}
}

export type CellValue = string | number | boolean | NaiveDate | null;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function formatDate(d: NaiveDate): string {
  const t = new Date(d.ms);
  const day = `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
  return d.hasTime ? `${day} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}` : day;
}

/** Text for previews and for string columns. Numbers keep their shortest exact form. */
export function displayText(v: CellValue): string {
  if (v === null) return '';
  if (v instanceof NaiveDate) return formatDate(v);
  if (typeof v === 'number') return Number.isInteger(v) || !Number.isFinite(v) ? String(v) : String(Number(v.toPrecision(15)));
  return String(v);
}

/** A JSON-safe preview value: dates as text. */
export function previewValue(v: CellValue): string | number | boolean | null {
  return v instanceof NaiveDate ? formatDate(v) : v;
}

// ---- numbers ---------------------------------------------------------------------------------

// 1234, -1,234.50, .5, 1e6, 12%, ¥1,200, $ 3.5
const NUMBER = /^([+-]?)\s*[¥￥$€£]?\s*((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?|\.\d+)(?:[eE]([+-]?\d+))?\s*(%?)$/;

/**
 * A number written as text, or undefined. For inferring a column's type, leading zeros ("007")
 * mark codes, not numbers (`codesAreText`); a column the user chose as number takes them as 7.
 */
export function parseNumber(text: string, codesAreText = true): number | undefined {
  const s = text.trim();
  const m = NUMBER.exec(s);
  if (!m) return undefined;
  const digits = m[2].replace(/,/g, '');
  if (codesAreText && /^0\d/.test(digits)) return undefined;
  let n = Number(`${m[1]}${digits}${m[3] ? `e${m[3]}` : ''}`);
  if (!Number.isFinite(n)) return undefined;
  if (m[4]) n = n / 100;
  return n;
}

// ---- dates -----------------------------------------------------------------------------------

const DATE_TEXT =
  /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:(?:\s+|T)(\d{1,2})[:：](\d{1,2})(?:[:：](\d{1,2})(?:\.(\d{1,9}))?)?)?\s*(?:Z|[+-]\d{2}:?\d{2})?$/;
const DATE_COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const EXCEL_1904_OFFSET_DAYS = 1462;
/** Excel's largest date serial (9999-12-31). */
const EXCEL_MAX_SERIAL = 2_958_466;

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function validDate(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0, hasTime = false): NaiveDate | undefined {
  if (y < 1000 || y > 9999 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return undefined;
  if (h > 23 || mi > 59 || s > 59) return undefined;
  return new NaiveDate(Date.UTC(y, mo - 1, d, h, mi, s, ms), hasTime && (h !== 0 || mi !== 0 || s !== 0 || ms !== 0));
}

/**
 * A date written as text with year, month and day (time optional): 2024-01-05, 2024/1/5,
 * 2024.01.05, 2024年1月5日, 20240105, each optionally with " 13:45[:10[.123]]". Anything without a
 * day (2024-01), with the year last (05/01/2024, ambiguous) or out of range is undefined.
 */
export function parseDateText(text: string): NaiveDate | undefined {
  const s = text.trim();
  let m = DATE_TEXT.exec(s);
  if (m) {
    const hasTime = m[4] !== undefined;
    const frac = m[7] ? Math.round(Number(`0.${m[7]}`) * 1000) : 0;
    return validDate(+m[1], +m[2], +m[3], hasTime ? +m[4] : 0, hasTime ? +m[5] : 0, m[6] ? +m[6] : 0, Math.min(frac, 999), hasTime);
  }
  m = DATE_COMPACT.exec(s);
  if (m) return validDate(+m[1], +m[2], +m[3]);
  return undefined;
}

/** An Excel date serial (days since 1899-12-30, or 1904-01-01 in 1904 workbooks). */
export function excelSerialDate(serial: number, date1904 = false): NaiveDate | undefined {
  if (!Number.isFinite(serial) || serial <= 0 || serial >= EXCEL_MAX_SERIAL) return undefined;
  const days = serial + (date1904 ? EXCEL_1904_OFFSET_DAYS : 0);
  const ms = Math.round(days * 86_400_000);
  const d = new Date(EXCEL_EPOCH_MS + ms);
  return validDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds(), true);
}

/** A JS Date made by exceljs from a serial: its UTC fields are the sheet's wall-clock time. */
export function fromExcelDate(d: Date): NaiveDate | undefined {
  if (Number.isNaN(d.getTime())) return undefined;
  // exceljs rounds serials to the millisecond; dates saved without time arrive as exact midnight.
  return validDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds(), true);
}

// ---- conversion ------------------------------------------------------------------------------

export type Converted = { ok: true; value: string | number | NaiveDate | null } | { ok: false };

const BAD: Converted = { ok: false };
const NULL: Converted = { ok: true, value: null };

/**
 * Converts one cell to the chosen type. Empty cells and blank text are null. A number cell is a
 * date only as yyyyMMdd (20240105) or, from a workbook, an Excel serial; CSV digits are dates
 * only as yyyyMMdd.
 */
export function convertCell(v: CellValue, type: ColumnType, fromWorkbook: boolean, date1904 = false): Converted {
  if (v === null || v === '') return NULL;
  switch (type) {
    case 'string':
      return { ok: true, value: displayText(v) };
    case 'number': {
      if (typeof v === 'number') return Number.isFinite(v) ? { ok: true, value: v } : BAD;
      if (typeof v === 'string') {
        if (!v.trim()) return NULL;
        const n = parseNumber(v, false);
        return n === undefined ? BAD : { ok: true, value: n };
      }
      return BAD; // dates and booleans are not numbers
    }
    case 'date': {
      if (v instanceof NaiveDate) return { ok: true, value: v };
      if (typeof v === 'number') {
        if (Number.isInteger(v) && v >= 10_000_101 && v <= 99_991_231) {
          const d = parseDateText(String(v));
          return d ? { ok: true, value: d } : BAD;
        }
        if (!fromWorkbook) return BAD;
        const d = excelSerialDate(v, date1904);
        return d ? { ok: true, value: d } : BAD;
      }
      if (typeof v === 'string') {
        if (!v.trim()) return NULL;
        const d = parseDateText(v);
        return d ? { ok: true, value: d } : BAD;
      }
      return BAD;
    }
  }
}

/**
 * The type of a column from its first values: date when every non-empty value is a date (or date
 * text), number when every one is a number (or number text), else string; string for no values.
 */
export function inferType(values: Iterable<CellValue>): ColumnType {
  let dates = 0;
  let numbers = 0;
  let seen = 0;
  for (const v of values) {
    if (v === null || (typeof v === 'string' && !v.trim())) continue;
    seen++;
    if (v instanceof NaiveDate) dates++;
    else if (typeof v === 'number') numbers++;
    else if (typeof v === 'string') {
      // compact yyyyMMdd text counts as a number here; only separated forms make a date column
      if (DATE_TEXT.test(v.trim()) && parseDateText(v)) dates++;
      else if (parseNumber(v) !== undefined) numbers++;
      else return 'string';
    } else return 'string';
  }
  if (seen === 0) return 'string';
  if (dates === seen) return 'date';
  if (numbers === seen) return 'number';
  return 'string';
}

/** Spreadsheet column letters: 0 → A, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}
