import type { DateGranularity } from '../dates.js';
import { param, raw, sql, type Sql } from '../sql.js';
import { STANDARD_DIALECT, doubleQuote, type Dialect, type SelectParts } from './dialect.js';
import { formatDateValue, type DateTimeValue } from '../dates.js';

/**
 * Trino (docs/adr/0028-trino-source-and-federation.md). Its protocol has no bound parameters of its own:
 * the driver sends `EXECUTE IMMEDIATE '<statement>' USING <values>` with each value written as a typed
 * literal by the driver (as Trino's JDBC driver does), so the statement text still never holds a value.
 * A date is bound as text and cast here, so the USING list holds only strings, numbers and booleans.
 * OFFSET comes before LIMIT in Trino's grammar; NULLs sort last in both directions by default.
 */
export const trinoDialect: Dialect = {
  ...STANDARD_DIALECT,
  name: 'trino',
  quoteIdent: doubleQuote,
  placeholder: () => '?',
  // date_trunc keeps the argument's type (a DATE stays a DATE); 'week' starts on Monday (ISO)
  truncateDate: (expr: Sql, g: DateGranularity) => sql`date_trunc('${raw(g)}', ${expr})`,
  limit: (select: SelectParts, rows: number, offset?: number): Sql => {
    const tail = offset ? sql`\nOFFSET ${param(offset)} LIMIT ${param(rows)}` : sql`\nLIMIT ${param(rows)}`;
    return sql`SELECT ${select.columns}\n${select.body}${tail}`;
  },
  dateValue: (v: DateTimeValue) => (v.hasTime ? sql`CAST(${param(formatDateValue(v))} AS TIMESTAMP)` : sql`CAST(${param(formatDateValue(v))} AS DATE)`),
};
