import type { Aggregator } from '@bi/chart-model';
import { formatDateValue, type DateGranularity, type DateTimeValue } from '../dates.js';
import { param, raw, sql, type Sql } from '../sql.js';
import { containsPattern, doubleQuote, limitOffset, standardAggregate, type Dialect, type SelectParts } from './dialect.js';

/**
 * DuckDB (the embedded analytics store). Bound values take their type from the column they are
 * compared with, so a date filter stays `col >= $1` and DuckDB pushes it into the scan (zone maps).
 */
export const duckdbDialect: Dialect = {
  name: 'duckdb',
  quoteIdent: doubleQuote,
  placeholder: (i) => `$${i}`,
  tableAlias: (alias) => ` AS ${alias}`,
  truncateDate: (expr: Sql, g: DateGranularity) => sql`date_trunc('${raw(g)}', ${expr})`,
  aggregate: (a: Aggregator, expr: Sql) => standardAggregate(a, expr),
  countDistinct: (expr) => sql`COUNT(DISTINCT ${expr})`,
  countRows: () => raw('COUNT(*)'),
  // explicit, so a changed default_null_order setting cannot reorder results
  orderTerm: (expr, dir) => sql`${expr}${raw(dir === 'asc' ? ' ASC NULLS LAST' : ' DESC NULLS LAST')}`,
  limit: (select: SelectParts, rows: number, offset?: number) => limitOffset(select, param(rows), offset ? param(offset) : undefined),
  likeEscape: '!',
  likePattern: (text) => containsPattern(text, '!'),
  numberValue: (v) => param(v),
  stringValue: (v) => param(v),
  dateValue: (v: DateTimeValue) => param(formatDateValue(v)),
  booleanValue: (v) => param(v),
  supportsQualify: true,
  hoistsWith: false,
};
