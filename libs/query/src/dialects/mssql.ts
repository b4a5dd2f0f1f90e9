import type { Aggregator } from '@bi/chart-model';
import type { ExpressionFunction } from '@bi/sql-text';
import type { DateGranularity, DateTimeValue } from '../dates.js';
import { param, raw, sql, type Sql } from '../sql.js';
import { STANDARD_DIALECT, containsPattern, standardAggregate, type Dialect, type SelectParts } from './dialect.js';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const MSSQL_FUNCTIONS: Partial<Record<ExpressionFunction, string>> = { CEIL: 'CEILING', LENGTH: 'LEN' };

/**
 * SQL Server 2012+. DATETRUNC exists only from 2022, so periods are built with DATEFROMPARTS /
 * DATEADD. Counts use COUNT_BIG (COUNT overflows at 2^31), AVG works on FLOAT (AVG of an int
 * column is an integer division otherwise).
 */
export const mssqlDialect: Dialect = {
  ...STANDARD_DIALECT,
  name: 'mssql',
  quoteIdent: (name) => '[' + name.replace(/]/g, ']]') + ']',
  // the SQL Server driver binds @p1, @p2, … by these names (one marker form from compiler to driver)
  placeholder: (i) => `@p${i}`,
  functionName: (name) => MSSQL_FUNCTIONS[name] ?? name,
  truncateDate: (expr: Sql, g: DateGranularity) => {
    switch (g) {
      case 'year':
        return sql`DATEFROMPARTS(YEAR(${expr}), 1, 1)`;
      case 'quarter':
        return sql`DATEFROMPARTS(YEAR(${expr}), (DATEPART(QUARTER, ${expr}) - 1) * 3 + 1, 1)`;
      case 'month':
        return sql`DATEFROMPARTS(YEAR(${expr}), MONTH(${expr}), 1)`;
      case 'week':
        // days since Monday whatever SET DATEFIRST says: (weekday + @@DATEFIRST - 2) % 7
        return sql`DATEADD(DAY, -((DATEPART(WEEKDAY, ${expr}) + @@DATEFIRST - 2) % 7), CAST(${expr} AS DATE))`;
      case 'day':
        return sql`CAST(${expr} AS DATE)`;
    }
  },
  aggregate: (a: Aggregator, expr: Sql) => {
    switch (a) {
      case 'avg':
        return sql`AVG(CAST(${expr} AS FLOAT))`;
      case 'count':
        return sql`COUNT_BIG(${expr})`;
      case 'countDistinct':
        return sql`COUNT_BIG(DISTINCT ${expr})`;
      default:
        return standardAggregate(a, expr);
    }
  },
  countDistinct: (expr) => sql`COUNT_BIG(DISTINCT ${expr})`,
  countRows: () => raw('COUNT_BIG(*)'),
  // NULL sorts first ascending; an alias cannot be used inside an ORDER BY expression, so the
  // compiler always hands over the expression itself
  orderTerm: (expr, dir, nulls) => {
    if (dir === 'desc') return sql`${expr} DESC`;
    return nulls === 'last' ? sql`CASE WHEN ${expr} IS NULL THEN 1 ELSE 0 END, ${expr} ASC` : sql`${expr} ASC`;
  },
  limit: (select: SelectParts, rows: number, offset?: number) => {
    if (!offset) return sql`SELECT TOP (${param(rows)}) ${select.columns}\n${select.body}`;
    const order = select.ordered ? raw('') : raw('\nORDER BY (SELECT NULL)');
    return sql`SELECT ${select.columns}\n${select.body}${order}\nOFFSET ${param(offset)} ROWS FETCH NEXT ${param(rows)} ROWS ONLY`;
  },
  // '[' starts a character class in SQL Server patterns
  likePattern: (text) => containsPattern(text, '!', ['[']),
  // Text the server converts to the column's type; yyyyMMdd and yyyy-MM-ddTHH:mm:ss read the same
  // under every SET LANGUAGE / DATEFORMAT (yyyy-MM-dd does not, for datetime columns)
  dateValue: (v: DateTimeValue) =>
    param(
      v.hasTime
        ? `${pad(v.year, 4)}-${pad(v.month)}-${pad(v.day)}T${pad(v.hour)}:${pad(v.minute)}:${pad(v.second)}`
        : `${pad(v.year, 4)}${pad(v.month)}${pad(v.day)}`,
    ),
  hoistsWith: true,
};
