import type { ResultColumn } from './compile.js';
import type { FieldType } from './source.js';

/** A JSON-safe value of an answer. */
export type Cell = string | number | boolean | null;

export interface NormalizeOptions {
  /** how Date objects of the driver are read: local wall time (pg, mysql2 defaults) or UTC */
  zone?: 'local' | 'utc';
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function formatDate(d: Date, zone: 'local' | 'utc'): string | null {
  if (Number.isNaN(d.getTime())) return null;
  const [y, mo, da, h, mi, s] =
    zone === 'utc'
      ? [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()]
      : [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()];
  return `${pad(y, 4)}-${pad(mo)}-${pad(da)} ${pad(h)}:${pad(mi)}:${pad(s)}`;
}

/** "2024-01-02T10:11:12.345+08" / "2024-01-02 10:11:12" / "2024-01-02" → "2024-01-02 10:11:12" / "2024-01-02 00:00:00". */
function dateText(s: string): string {
  // the common case, a plain date as drivers give it (hot: once per date cell)
  if (s.length === 10 && isPlainDateAt(s)) return `${s} 00:00:00`;
  const m = /^(-?\d{4,}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?/.exec(s.trim());
  if (!m) return s;
  const time = m[2] ? (m[2].length === 5 ? `${m[2]}:00` : m[2]) : '00:00:00';
  return `${m[1]} ${time}`;
}

/** "yyyy-MM-dd" at the start of s, followed by a space or the end (checked by position: hot). */
function isPlainDateAt(s: string): boolean {
  for (let k = 0; k < 10; k++) {
    const c = s.charCodeAt(k);
    if (k === 4 || k === 7 ? c !== 45 : c < 48 || c > 57) return false;
  }
  return s.length === 10 || s.charCodeAt(10) === 32;
}

/** "yyyy-MM-dd" or "yyyy-MM-dd HH:mm:ss", already the shape answers use (checked by position: hot). */
function isCanonicalDate(s: string): boolean {
  if (s.length === 10) return isPlainDateAt(s);
  if (s.length !== 19 || !isPlainDateAt(s)) return false;
  for (let k = 11; k < 19; k++) {
    const c = s.charCodeAt(k);
    if (k === 13 || k === 16 ? c !== 58 : c < 48 || c > 57) return false;
  }
  return true;
}

const INTEGER_TEXT = /^[+-]?\d+$/;
const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A number, or the exact text of an integer beyond 2^53 (which a double would change). */
function toNumber(v: unknown): Cell {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (typeof v === 'boolean') return v ? 1 : 0;
  const s = typeof v === 'string' ? v.trim() : typeof v === 'object' && v !== null ? String(v) : '';
  if (INTEGER_TEXT.test(s)) {
    const n = Number(s);
    return Number.isSafeInteger(n) ? n : s.replace(/^\+/, '');
  }
  if (DECIMAL_TEXT.test(s)) return Number(s);
  return s === '' ? null : s;
}

function toText(v: unknown, zone: 'local' | 'utc'): Cell {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof Date) return formatDate(v, zone);
  // (a Node Buffer's String() is its UTF-8 text)
  return String(v);
}

/** One value as its column's type; dates as "yyyy-MM-dd HH:mm:ss" (the column pass may cut them to the date). */
export function normalizeValue(v: unknown, dataType: FieldType, options: NormalizeOptions = {}): Cell {
  if (v === null || v === undefined) return null;
  const zone = options.zone ?? 'local';
  switch (dataType) {
    case 'number':
      return toNumber(v);
    case 'date':
      if (v instanceof Date) return formatDate(v, zone);
      if (typeof v === 'string' || (typeof v === 'object' && v !== null)) return dateText(String(v));
      return toText(v, zone);
    case 'string':
      return toText(v, zone);
  }
}

/**
 * Driver rows (arrays in select order, or objects keyed by alias) → JSON-safe cells: BigInt →
 * number (text beyond the safe range), decimal text → number, Date → "yyyy-MM-dd" or
 * "yyyy-MM-dd HH:mm:ss". A date column is given as dates only when it is a truncated dimension
 * (year … day) or when none of its values has a time.
 */
export function normalizeRows(rows: readonly (readonly unknown[] | Readonly<Record<string, unknown>>)[], columns: readonly ResultColumn[], options: NormalizeOptions = {}): Cell[][] {
  // Plain loops, and date texts already in the answer's shape ("yyyy-MM-dd" as most drivers give a
  // DATE, "yyyy-MM-dd HH:mm:ss" as DuckDB gives a truncated one) kept as they are until the column
  // pass below knows how the column shows: hot, once per cell of every answer.
  const width = columns.length;
  const out: Cell[][] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const isArray = Array.isArray(row);
    const cells: Cell[] = new Array(width);
    for (let i = 0; i < width; i++) {
      const c = columns[i]!;
      const v = isArray ? (row as readonly unknown[])[i] : (row as Record<string, unknown>)[c.alias];
      cells[i] = c.dataType === 'date' && typeof v === 'string' && isCanonicalDate(v) ? v : normalizeValue(v, c.dataType, options);
    }
    out[r] = cells;
  }
  for (let i = 0; i < width; i++) {
    const c = columns[i]!;
    if (c.dataType !== 'date') continue;
    const truncated = c.granularity !== undefined && c.granularity !== 'normal';
    let midnightOnly = true;
    for (let r = 0; r < out.length && midnightOnly; r++) {
      const v = out[r]![i];
      midnightOnly = typeof v !== 'string' || (v.length === 10 && isPlainDateAt(v)) || v.endsWith(' 00:00:00');
    }
    if (!truncated && !midnightOnly) {
      // times shown: a plain date is its midnight
      for (const cells of out) {
        const v = cells[i];
        if (typeof v === 'string' && v.length === 10 && isPlainDateAt(v)) cells[i] = `${v} 00:00:00`;
      }
      continue;
    }
    for (const cells of out) {
      const v = cells[i];
      if (typeof v !== 'string' || v.length === 10) continue;
      // "yyyy-MM-dd HH:mm:ss" (the usual shape) is checked by position, other texts by the pattern
      if (v.length === 19 && isPlainDateAt(v)) cells[i] = v.slice(0, 10);
      else if (/^-?\d{4,}-\d{2}-\d{2} /.test(v)) cells[i] = v.slice(0, v.indexOf(' '));
    }
  }
  return out;
}
