import { formatDateValue, type DateGranularity, type DateTimeValue } from '../dates.js';
import { param, raw, sql, type Sql } from '../sql.js';
import { STANDARD_DIALECT, doubleQuote, type Dialect, type SelectParts } from './dialect.js';

const TRUNC_FORMAT: Record<DateGranularity, string> = { year: 'YYYY', quarter: 'Q', month: 'MM', week: 'IW', day: 'DD' };

/**
 * Oracle 12c+ (FETCH FIRST). Oracle binds by position of appearance, which renderSql guarantees.
 * Dates are bound as text with an explicit TO_DATE on the value (the session's NLS_DATE_FORMAT
 * would decide otherwise); the column is compared as it is.
 */
export const oracleDialect: Dialect = {
  ...STANDARD_DIALECT,
  name: 'oracle',
  quoteIdent: doubleQuote,
  placeholder: (i) => `:${i}`,
  functionName: (name) => (name === 'SUBSTRING' ? 'SUBSTR' : name),
  tableAlias: (alias) => ` ${alias}`,
  truncateDate: (expr: Sql, g: DateGranularity) => sql`TRUNC(${expr}, '${raw(TRUNC_FORMAT[g])}')`,
  // Oracle's DATE carries a time of day: the day is TRUNC of it
  dayDate: (expr: Sql) => sql`TRUNC(${expr})`,
  limit: (select: SelectParts, rows: number, offset?: number) =>
    offset
      ? sql`SELECT ${select.columns}\n${select.body}\nOFFSET ${param(offset)} ROWS FETCH NEXT ${param(rows)} ROWS ONLY`
      : sql`SELECT ${select.columns}\n${select.body}\nFETCH FIRST ${param(rows)} ROWS ONLY`,
  dateValue: (v: DateTimeValue) =>
    v.hasTime ? sql`TO_DATE(${param(formatDateValue(v))}, 'YYYY-MM-DD HH24:MI:SS')` : sql`TO_DATE(${param(formatDateValue(v))}, 'YYYY-MM-DD')`,
  // no BOOLEAN in Oracle SQL before 23ai: 1 / 0
  booleanValue: (v) => param(v ? 1 : 0),
};
