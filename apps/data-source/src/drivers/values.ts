import type { FieldDataType } from '@bi/rules';

/**
 * Column types of each engine mapped to the three field types of spec 02 §3 (string, number,
 * date), and row values made JSON-safe. Pure functions, unit-tested without any server.
 */

// PostgreSQL type OIDs (pg_type.oid; stable across versions).
const PG_NUMBER = new Set([20, 21, 23, 26, 700, 701, 790, 1700]);
const PG_DATE_ONLY = 1082;
const PG_DATE = new Set([1082, 1114, 1184]);
export const PG_RAW_TEXT_TYPES = [20, 1700, 1082, 1114, 1184, 1083, 1266, 1186];

export function pgDataType(oid: number): FieldDataType {
  return PG_NUMBER.has(oid) ? 'number' : PG_DATE.has(oid) ? 'date' : 'string';
}
export const pgIsDateOnly = (oid: number) => oid === PG_DATE_ONLY;

// MySQL / MariaDB protocol column types (mysql2 Types).
const MY = { DECIMAL: 0, TINY: 1, SHORT: 2, LONG: 3, FLOAT: 4, DOUBLE: 5, TIMESTAMP: 7, LONGLONG: 8, INT24: 9, DATE: 10, DATETIME: 12, YEAR: 13, NEWDATE: 14, NEWDECIMAL: 246 } as const;
const MY_NUMBER = new Set<number>([MY.DECIMAL, MY.TINY, MY.SHORT, MY.LONG, MY.FLOAT, MY.DOUBLE, MY.LONGLONG, MY.INT24, MY.YEAR, MY.NEWDECIMAL]);
const MY_DATE = new Set<number>([MY.TIMESTAMP, MY.DATE, MY.DATETIME, MY.NEWDATE]);

export function mysqlDataType(columnType: number): FieldDataType {
  return MY_NUMBER.has(columnType) ? 'number' : MY_DATE.has(columnType) ? 'date' : 'string';
}

// SQL Server type declarations (mssql's type.declaration).
const MS_NUMBER = new Set(['tinyint', 'smallint', 'int', 'bigint', 'decimal', 'numeric', 'money', 'smallmoney', 'float', 'real']);
const MS_DATE = new Set(['date', 'datetime', 'datetime2', 'smalldatetime', 'datetimeoffset']);

export function mssqlDataType(declaration: string): FieldDataType {
  const d = declaration.toLowerCase();
  return MS_NUMBER.has(d) ? 'number' : MS_DATE.has(d) ? 'date' : 'string';
}

// Oracle type names (node-oracledb metaData.dbTypeName).
export function oracleDataType(dbTypeName: string): FieldDataType {
  const t = dbTypeName.toUpperCase();
  if (t === 'NUMBER' || t === 'BINARY_FLOAT' || t === 'BINARY_DOUBLE' || t === 'BINARY_INTEGER' || t === 'FLOAT') return 'number';
  if (t === 'DATE' || t.startsWith('TIMESTAMP')) return 'date';
  return 'string';
}

// DuckDB type ids by name (DuckDBTypeId enum keys).
const DUCK_NUMBER = new Set(['TINYINT', 'SMALLINT', 'INTEGER', 'BIGINT', 'HUGEINT', 'UHUGEINT', 'UTINYINT', 'USMALLINT', 'UINTEGER', 'UBIGINT', 'FLOAT', 'DOUBLE', 'DECIMAL']);
const DUCK_DATE = new Set(['DATE', 'TIMESTAMP', 'TIMESTAMP_S', 'TIMESTAMP_MS', 'TIMESTAMP_NS', 'TIMESTAMP_TZ']);

export function duckdbDataType(typeName: string): FieldDataType {
  return DUCK_NUMBER.has(typeName) ? 'number' : DUCK_DATE.has(typeName) ? 'date' : 'string';
}

// ClickHouse type names as its JSON formats' meta gives them: Nullable(…) / LowCardinality(…) unwrapped.
const CH_NUMBER = /^(U?Int(8|16|32|64|128|256)|Float(32|64)|BFloat16|Decimal(32|64|128|256)?\b)/;
const clickhouseBase = (typeName: string) => {
  let t = typeName.trim();
  for (let m = /^(Nullable|LowCardinality)\((.*)\)$/.exec(t); m; m = /^(Nullable|LowCardinality)\((.*)\)$/.exec(t)) t = m[2].trim();
  return t;
};

export function clickhouseDataType(typeName: string): FieldDataType {
  const t = clickhouseBase(typeName);
  return CH_NUMBER.test(t) ? 'number' : /^Date(32|Time|Time64)?\b/.test(t) ? 'date' : 'string';
}
export const clickhouseIsDateOnly = (typeName: string) => /^Date(32)?$/.test(clickhouseBase(typeName));

export type JsonValue = string | number | boolean | null;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A Date's wall time, read in UTC (drivers that hand wall time over as UTC) or in local time. */
export function formatDate(d: Date, dateOnly: boolean, zone: 'utc' | 'local'): string {
  if (Number.isNaN(d.getTime())) return String(d);
  const [y, mo, da, h, mi, s] =
    zone === 'utc'
      ? [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()]
      : [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()];
  const date = `${pad(y, 4)}-${pad(mo)}-${pad(da)}`;
  return dateOnly ? date : `${date} ${pad(h)}:${pad(mi)}:${pad(s)}`;
}

/** "2024-01-02 10:11:12.345+08" or "2024-01-02T10:11:12" → "2024-01-02 10:11:12"; a date stays a date. */
export function trimDateText(s: string): string {
  const m = /^(-?\d{4,}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}:\d{2}))?/.exec(s);
  if (!m) return s;
  return m[2] ? `${m[1]} ${m[2]}` : m[1];
}

const DECIMAL = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/** A decimal text as a number when the number keeps its value (≤ 15 significant digits), else the text. */
export function numberFromText(s: string): number | string {
  if (!DECIMAL.test(s)) return s;
  const digits = s.replace(/^-/, '').replace(/e.*$/i, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return digits.length <= 15 ? Number(s) : s;
}

/**
 * Makes one value JSON-safe for its field type: BigInt and decimal text → number when exact
 * (else text), dates → "yyyy-MM-dd[ HH:mm:ss]", bytes → "0x…" hex (64 bytes at most), objects → JSON.
 */
export function normalizeValue(v: unknown, dataType: FieldDataType, options: { dateOnly?: boolean; zone?: 'utc' | 'local' } = {}): JsonValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
  if (typeof v === 'boolean') return v;
  if (v instanceof Date) return formatDate(v, options.dateOnly ?? false, options.zone ?? 'utc');
  if (v instanceof Uint8Array) {
    const hex = Buffer.from(v.subarray(0, 64)).toString('hex');
    return `0x${hex}${v.length > 64 ? '…' : ''}`;
  }
  if (typeof v === 'string') {
    if (dataType === 'number') return numberFromText(v);
    if (dataType === 'date') return options.dateOnly ? v.slice(0, 10) : trimDateText(v);
    return v;
  }
  try {
    return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x));
  } catch {
    return String(v);
  }
}
