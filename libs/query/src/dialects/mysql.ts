import type { Aggregator } from '@bi/chart-model';
import type { DateGranularity } from '../dates.js';
import { param, sql, type Sql } from '../sql.js';
import { STANDARD_DIALECT, standardAggregate, type Dialect } from './dialect.js';

/** MySQL 8 / MariaDB 10.2+ (window functions are needed for percent top-N and compare-series top-N). */
export const mysqlDialect: Dialect = {
  ...STANDARD_DIALECT,
  name: 'mysql',
  quoteIdent: (name) => '`' + name.replace(/`/g, '``') + '`',
  placeholder: () => '?',
  // Each form answers a DATE (DATE_FORMAT alone would answer text).
  truncateDate: (expr: Sql, g: DateGranularity) => {
    switch (g) {
      case 'year':
        return sql`MAKEDATE(YEAR(${expr}), 1)`;
      case 'quarter':
        // parenthesised: the sum must stay one operand wherever the expression goes (… IS NULL)
        return sql`(MAKEDATE(YEAR(${expr}), 1) + INTERVAL (QUARTER(${expr}) - 1) QUARTER)`;
      case 'month':
        return sql`CAST(DATE_FORMAT(${expr}, '%Y-%m-01') AS DATE)`;
      case 'week':
        // WEEKDAY: Monday 0 … Sunday 6
        return sql`DATE_SUB(DATE(${expr}), INTERVAL WEEKDAY(${expr}) DAY)`;
      case 'day':
        return sql`DATE(${expr})`;
    }
  },
  // AVG of integers and decimals is rounded to div_precision_increment (4) extra decimals; over a
  // DOUBLE (x * 1e0: 1e0 is a double literal) it keeps full precision, as the other engines do.
  aggregate: (a: Aggregator, expr: Sql) => (a === 'avg' ? sql`AVG(${expr} * 1e0)` : standardAggregate(a, expr)),
  // NULL sorts first ascending: `x IS NULL` (0 for values, 1 for NULL) goes in front
  orderTerm: (expr, dir, nulls) => {
    if (dir === 'desc') return sql`${expr} DESC`;
    return nulls === 'last' ? sql`${expr} IS NULL, ${expr} ASC` : sql`${expr} ASC`;
  },
  // dates: 'yyyy-MM-dd[ HH:mm:ss]' text compares with DATE / DATETIME columns as a date (column untouched)
  booleanValue: (v) => param(v ? 1 : 0),
  supportsFullJoin: false,
};
