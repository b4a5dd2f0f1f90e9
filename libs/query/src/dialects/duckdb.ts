import type { DateGranularity } from '../dates.js';
import { raw, sql, type Sql } from '../sql.js';
import { STANDARD_DIALECT, doubleQuote, type Dialect } from './dialect.js';

/**
 * DuckDB (the embedded analytics store). Bound values take their type from the column they are
 * compared with, so a date filter stays `col >= $1` and DuckDB pushes it into the scan (zone maps).
 */
export const duckdbDialect: Dialect = {
  ...STANDARD_DIALECT,
  name: 'duckdb',
  quoteIdent: doubleQuote,
  placeholder: (i) => `$${i}`,
  truncateDate: (expr: Sql, g: DateGranularity) => sql`date_trunc('${raw(g)}', ${expr})`,
  // explicit, so a changed default_null_order setting cannot reorder results
  orderTerm: (expr, dir) => sql`${expr}${raw(dir === 'asc' ? ' ASC NULLS LAST' : ' DESC NULLS LAST')}`,
  supportsQualify: true,
};
