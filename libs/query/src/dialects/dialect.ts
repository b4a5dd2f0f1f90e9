import type { Aggregator } from '@bi/chart-model';
import type { DialectName, ExpressionFunction } from '@bi/sql-text';
import { formatDateValue, type DateGranularity, type DateTimeValue } from '../dates.js';
import { param, raw, sql, type Sql } from '../sql.js';

/** The one dialect name list (@bi/sql-text), re-exported: the SQL reader, this writer and the drivers key on it. */
export { DIALECT_NAMES, isDialectName, type DialectName } from '@bi/sql-text';

/** A SELECT in two parts, so a dialect can put its row limit where its grammar wants it (TOP after SELECT, LIMIT / FETCH at the end). */
export interface SelectParts {
  /** the select list, without the SELECT keyword */
  columns: Sql;
  /** FROM … [WHERE …] [GROUP BY …] [ORDER BY …] */
  body: Sql;
  /** whether body ends with an ORDER BY (SQL Server's OFFSET needs one) */
  ordered: boolean;
}

/**
 * Everything that differs between the engines, as capability methods. The compiler never
 * asks which engine it writes for; it asks the dialect. Expressions are Sql fragments, values are
 * always bound parameters (the dialect decides how a date or a number is bound, never whether).
 */
export interface Dialect {
  readonly name: DialectName;
  /** "name" / `name` / [name], with the quote character doubled inside (the one definition per engine) */
  quoteIdent(name: string): string;
  /** a function of the calculated-field whitelist as this engine spells it (CEIL → CEILING on SQL Server) */
  functionName(name: ExpressionFunction): string;
  /** the marker of the index-th (1-based) bound value: $1, ?, @p1, :1, {p1:Int64} (ClickHouse's names the value's type) */
  placeholder(index: number, value?: unknown): string;
  /** what follows a derived table or table to name it: " AS src" (Oracle allows no AS there: " src") */
  tableAlias(alias: string): string;
  /** the start of the period holding a date (weeks start on Monday), for grouping: never used in WHERE */
  truncateDate(expr: Sql, granularity: DateGranularity): Sql;
  /** the calendar day of a date or timestamp as a DATE value (a 4-byte key; the day truncateDate(expr, 'day') names) */
  dayDate(expr: Sql): Sql;
  /** sum, avg, count, min, max, countDistinct over an expression */
  aggregate(aggregator: Aggregator, expr: Sql): Sql;
  countDistinct(expr: Sql): Sql;
  /** COUNT(*) as the engine counts without overflow (COUNT_BIG on SQL Server) */
  countRows(): Sql;
  /** one ORDER BY term; 'last' puts NULLs after every value in both directions, 'native' leaves the engine's default (index friendly) */
  orderTerm(expr: Sql, dir: 'asc' | 'desc', nulls: 'last' | 'native'): Sql;
  /** the whole statement with at most `rows` rows, after `offset` rows when given; both bound */
  limit(select: SelectParts, rows: number, offset?: number): Sql;
  /** the escape character of LIKE patterns (written as ESCAPE '<c>') */
  readonly likeEscape: string;
  /** %text% with the engine's wildcards in text escaped */
  likePattern(text: string): string;
  numberValue(value: number): Sql;
  stringValue(value: string): Sql;
  dateValue(value: DateTimeValue): Sql;
  booleanValue(value: boolean): Sql;
  /** DuckDB: a QUALIFY clause filters on window functions without another derived table */
  readonly supportsQualify: boolean;
  /** SQL Server allows no WITH inside a derived table: the source's WITH part goes in front of the statement */
  readonly hoistsWith: boolean;
  /** FULL OUTER JOIN (MySQL/MariaDB have none) */
  readonly supportsFullJoin: boolean;
}

/** Escapes `%`, `_`, the escape character and any extra specials, and wraps the text in `%…%`. */
export function containsPattern(text: string, escape: string, extra: readonly string[] = []): string {
  const specials = new Set(['%', '_', escape, ...extra]);
  let out = '';
  for (const ch of text) out += specials.has(ch) ? escape + ch : ch;
  return `%${out}%`;
}

/** The plain aggregate calls most engines share; dialects override where their engine differs. */
export function standardAggregate(aggregator: Aggregator, expr: Sql): Sql {
  switch (aggregator) {
    case 'sum':
      return sql`SUM(${expr})`;
    case 'avg':
      return sql`AVG(${expr})`;
    case 'count':
      return sql`COUNT(${expr})`;
    case 'countDistinct':
      return sql`COUNT(DISTINCT ${expr})`;
    case 'min':
      return sql`MIN(${expr})`;
    case 'max':
      return sql`MAX(${expr})`;
  }
}

export const doubleQuote = (name: string) => '"' + name.replace(/"/g, '""') + '"';

/** LIMIT n [OFFSET m] at the end (DuckDB, PostgreSQL, MySQL). */
export function limitOffset(select: SelectParts, rows: number, offset?: number): Sql {
  const tail = offset ? sql`\nLIMIT ${param(rows)} OFFSET ${param(offset)}` : sql`\nLIMIT ${param(rows)}`;
  return sql`SELECT ${select.columns}\n${select.body}${tail}`;
}

/** A table name, schema-qualified when a schema is given (and catalog-qualified when a catalog is: Trino), quoted by the dialect. */
export function qualifiedName(d: Pick<Dialect, 'quoteIdent'>, schema: string | undefined, table: string, catalog?: string): string {
  return (catalog ? d.quoteIdent(catalog) + '.' : '') + (schema ? d.quoteIdent(schema) + '.' : '') + d.quoteIdent(table);
}

/**
 * What most engines share (ANSI SQL with LIMIT, NULLs last ascending): a dialect is this base
 * with its own name, quoting and markers and the capabilities where its engine differs (as
 * lightdash's warehouse SqlBuilders extend one base builder).
 */
export type DialectBase = Omit<Dialect, 'name' | 'quoteIdent' | 'placeholder' | 'truncateDate'>;
export const STANDARD_DIALECT: DialectBase = {
  functionName: (name) => name,
  tableAlias: (alias) => ` AS ${alias}`,
  aggregate: standardAggregate,
  countDistinct: (expr) => sql`COUNT(DISTINCT ${expr})`,
  countRows: () => raw('COUNT(*)'),
  // ASC already sorts NULLs last; DESC would put them first
  orderTerm: (expr, dir) => sql`${expr}${raw(dir === 'asc' ? ' ASC' : ' DESC NULLS LAST')}`,
  limit: limitOffset,
  likeEscape: '!',
  likePattern: (text) => containsPattern(text, '!'),
  numberValue: (v) => param(v),
  stringValue: (v) => param(v),
  dateValue: (v: DateTimeValue) => param(formatDateValue(v)),
  booleanValue: (v) => param(v),
  supportsQualify: false,
  hoistsWith: false,
  supportsFullJoin: true,
  dayDate: (expr) => sql`CAST(${expr} AS DATE)`,
};

export const ASC = raw(' ASC');
export const DESC = raw(' DESC');
