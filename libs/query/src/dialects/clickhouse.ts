import type { DateGranularity, DateTimeValue } from '../dates.js';
import { formatDateValue } from '../dates.js';
import { param, raw, sql, type Sql } from '../sql.js';
import { STANDARD_DIALECT, type Dialect } from './dialect.js';

/**
 * The ClickHouse type a bound value is sent as. ClickHouse's query parameters are typed in the text
 * (`{p1:Int64}`) and the server parses the value sent beside the statement as that type, so the
 * marker is chosen from the value: whole numbers Int64, fractions Float64, text String, booleans
 * Bool, NULL Nullable(String). Nothing is ever written into the text.
 */
export function clickhouseParamType(value: unknown): string {
  if (typeof value === 'bigint') return 'Int64';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? 'Int64' : 'Float64';
  if (typeof value === 'boolean') return 'Bool';
  if (typeof value === 'string') return 'String';
  return 'Nullable(String)';
}

const TRUNCATE: Record<DateGranularity, string> = { year: 'toStartOfYear', quarter: 'toStartOfQuarter', month: 'toStartOfMonth', week: 'toMonday', day: 'toDate' };

/**
 * ClickHouse (issue 34, docs/adr/0029-clickhouse-and-analytics-database.md). Names in double quotes
 * with backslash escapes (a backslash inside a quoted name is an escape character there); typed
 * `{pN:Type}` markers bound by @clickhouse/client's query_params; periods with toStartOf… (each
 * answers a Date, weeks from Monday); dates bound as text and read with toDate32 / toDateTime64 on
 * the value (the column is compared as it is); NULLs last in both directions, written out.
 */
export const clickhouseDialect: Dialect = {
  ...STANDARD_DIALECT,
  name: 'clickhouse',
  quoteIdent: (name) => '"' + name.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"',
  placeholder: (i, value) => `{p${i}:${clickhouseParamType(value)}}`,
  truncateDate: (expr: Sql, g: DateGranularity) => sql`${raw(TRUNCATE[g])}(${expr})`,
  dayDate: (expr: Sql) => sql`toDate(${expr})`,
  orderTerm: (expr, dir) => sql`${expr}${raw(dir === 'asc' ? ' ASC NULLS LAST' : ' DESC NULLS LAST')}`,
  dateValue: (v: DateTimeValue) => (v.hasTime ? sql`toDateTime64(${param(formatDateValue(v))}, 0)` : sql`toDate32(${param(formatDateValue(v))})`),
};
