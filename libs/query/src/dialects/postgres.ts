import type { DateGranularity } from '../dates.js';
import { param, raw, sql, type Sql } from '../sql.js';
import { STANDARD_DIALECT, doubleQuote, type Dialect } from './dialect.js';

const INT4_MAX = 2_147_483_647;

/**
 * PostgreSQL. The driver sends values as untyped text, so the server types a parameter from the
 * column it meets: right for dates and integers (`int_col > $1` keeps its index), but "5.5" would
 * be refused as an integer. Fractions are therefore cast to numeric and big integers to bigint —
 * the cast is on the value, never on the column (int4/int8 comparisons still use the index).
 */
export const postgresDialect: Dialect = {
  ...STANDARD_DIALECT,
  name: 'postgres',
  quoteIdent: doubleQuote,
  placeholder: (i) => `$${i}`,
  truncateDate: (expr: Sql, g: DateGranularity) => sql`date_trunc('${raw(g)}', ${expr})`,
  numberValue: (v) => {
    if (Number.isInteger(v) && Math.abs(v) <= INT4_MAX) return param(v);
    return Number.isSafeInteger(v) ? sql`CAST(${param(v)} AS bigint)` : sql`CAST(${param(v)} AS numeric)`;
  },
};
