import type { Aggregator } from '@bi/chart-model';
import { formatDateValue, type DateGranularity, type DateTimeValue } from '../dates.js';
import { param, raw, sql, type Sql } from '../sql.js';
import { containsPattern, doubleQuote, limitOffset, standardAggregate, type Dialect, type SelectParts } from './dialect.js';

const INT4_MAX = 2_147_483_647;

/**
 * PostgreSQL. The driver sends values as untyped text, so the server types a parameter from the
 * column it meets: right for dates and integers (`int_col > $1` keeps its index), but "5.5" would
 * be refused as an integer. Fractions are therefore cast to numeric and big integers to bigint —
 * the cast is on the value, never on the column (int4/int8 comparisons still use the index).
 */
export const postgresDialect: Dialect = {
  name: 'postgres',
  quoteIdent: doubleQuote,
  placeholder: (i) => `$${i}`,
  tableAlias: (alias) => ` AS ${alias}`,
  truncateDate: (expr: Sql, g: DateGranularity) => sql`date_trunc('${raw(g)}', ${expr})`,
  aggregate: (a: Aggregator, expr: Sql) => standardAggregate(a, expr),
  countDistinct: (expr) => sql`COUNT(DISTINCT ${expr})`,
  countRows: () => raw('COUNT(*)'),
  // ASC already sorts NULLs last; DESC would put them first
  orderTerm: (expr, dir) => sql`${expr}${raw(dir === 'asc' ? ' ASC' : ' DESC NULLS LAST')}`,
  limit: (select: SelectParts, rows: number, offset?: number) => limitOffset(select, param(rows), offset ? param(offset) : undefined),
  likeEscape: '!',
  likePattern: (text) => containsPattern(text, '!'),
  numberValue: (v) => {
    if (Number.isInteger(v) && Math.abs(v) <= INT4_MAX) return param(v);
    return Number.isSafeInteger(v) ? sql`CAST(${param(v)} AS bigint)` : sql`CAST(${param(v)} AS numeric)`;
  },
  stringValue: (v) => param(v),
  dateValue: (v: DateTimeValue) => param(formatDateValue(v)),
  booleanValue: (v) => param(v),
  supportsQualify: false,
  hoistsWith: false,
};
