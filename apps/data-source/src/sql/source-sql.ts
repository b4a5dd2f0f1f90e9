import { AppError } from '@bi/core';
import { checkSelectSql, splitWith, type ExpressionProblem, type ExpressionToken, type SqlDialect, type SqlProblem, type SqlToken } from '@bi/rules';

/**
 * The SQL this service writes around a source's own SQL: previews with a bound row limit,
 * calculated fields, "SELECT * FROM <table>". Names come only from known tables and fields and
 * are quoted per dialect; every value is a bound parameter (numbers of expressions, checked to
 * be plain decimals, are the one thing written into the text).
 */

export function quoteIdent(dialect: SqlDialect, name: string): string {
  switch (dialect) {
    case 'mysql':
      return '`' + name.replace(/`/g, '``') + '`';
    case 'mssql':
      return '[' + name.replace(/]/g, ']]') + ']';
    case 'postgres':
    case 'oracle':
    case 'duckdb':
      return '"' + name.replace(/"/g, '""') + '"';
  }
}

/** Bound parameters in the order their markers appear: $n, ?, @bin, :n. */
export class Params {
  readonly values: unknown[] = [];
  constructor(private readonly dialect: SqlDialect) {}

  add(value: unknown): string {
    this.values.push(value);
    const n = this.values.length;
    switch (this.dialect) {
      case 'postgres':
      case 'duckdb':
        return `$${n}`;
      case 'mysql':
        return '?';
      case 'mssql':
        return `@bi${n}`;
      case 'oracle':
        return `:${n}`;
    }
  }
}

/** Function names of the expression whitelist as each dialect spells them. */
const FUNCTION_NAMES: Partial<Record<SqlDialect, Record<string, string>>> = {
  mssql: { CEIL: 'CEILING', LENGTH: 'LEN' },
  oracle: { SUBSTRING: 'SUBSTR' },
};

/** A parsed calculated-field expression as SQL over the derived table t. Tokens are space-separated, so "- -" never reads as a comment. */
export function renderExpression(dialect: SqlDialect, tokens: ExpressionToken[], params: Params): string {
  const parts: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    switch (t.kind) {
      case 'field':
        parts.push(`t.${quoteIdent(dialect, t.name)}`);
        break;
      case 'number':
        if (!/^(\d+(\.\d+)?|\.\d+)$/.test(t.text)) throw new Error('not a number');
        parts.push(t.text);
        break;
      case 'string':
        parts.push(params.add(t.value));
        break;
      case 'operator':
        parts.push(t.text);
        break;
      case 'function':
        // The parser put "(" right after every function; no space before it, as MySQL reads "f (" as a name.
        if (tokens[i + 1]?.kind !== 'open') throw new Error('function without arguments');
        parts.push((FUNCTION_NAMES[dialect]?.[t.name] ?? t.name) + '(');
        i++;
        break;
      case 'open':
        parts.push('(');
        break;
      case 'close':
        parts.push(')');
        break;
      case 'comma':
        parts.push(',');
        break;
    }
  }
  return parts.join(' ');
}

export function tableSql(dialect: SqlDialect, schema: string, name: string): string {
  return `SELECT * FROM ${schema ? quoteIdent(dialect, schema) + '.' : ''}${quoteIdent(dialect, name)}`;
}

export interface CheckedSql {
  sql: string;
  tokens: SqlToken[];
}

const SQL_PROBLEM_KEYS: Record<SqlProblem['code'], string> = {
  empty: 'sql.empty',
  too_long: 'sql.too_long',
  unterminated: 'sql.unterminated',
  executable_comment: 'sql.executable_comment',
  unbalanced: 'sql.unbalanced',
  multiple_statements: 'sql.multiple_statements',
  only_select: 'sql.only_select',
  forbidden_keyword: 'sql.forbidden_keyword',
  parameter: 'sql.parameter',
  order_by_top: 'sql.order_by_top',
};

export function sqlProblemError(p: SqlProblem): AppError {
  if (p.code === 'unterminated') return new AppError('invalid', `sql.unterminated_${p.what === 'quoted name' ? 'name' : p.what}`);
  const { code: _code, ...params } = p;
  return new AppError('invalid', SQL_PROBLEM_KEYS[p.code], params as Record<string, string | number>);
}

/** The source SQL checked by the read-only rules (throws the rule's AppError). */
export function checkSourceSql(sql: string, dialect: SqlDialect): CheckedSql {
  const r = checkSelectSql(sql, dialect);
  if (!r.ok) throw sqlProblemError(r.problem);
  return { sql: r.sql, tokens: r.tokens };
}

export function expressionProblemError(field: string, p: ExpressionProblem): AppError {
  switch (p.code) {
    case 'empty':
      return new AppError('invalid', 'field.expression_empty', { name: field });
    case 'too_long':
      return new AppError('invalid', 'field.expression_too_long', { name: field, max: p.max });
    case 'unexpected':
      return new AppError('invalid', 'field.expression_unexpected', { name: field, char: p.char, position: p.position });
    case 'unterminated':
      return new AppError('invalid', 'field.expression_unterminated', { name: field });
    case 'unknown_field':
      return new AppError('invalid', 'field.expression_unknown_field', { name: field, field: p.name });
    case 'unknown_function':
      return new AppError('invalid', 'field.expression_unknown_function', { name: field, function: p.name });
    case 'unbalanced':
      return new AppError('invalid', 'field.expression_unbalanced', { name: field });
    case 'syntax':
      return new AppError('invalid', 'field.expression_syntax', { name: field, token: p.token });
  }
}

export interface CalculatedColumn {
  name: string;
  tokens: ExpressionToken[];
}

/**
 * The number of rows of the source's SQL (the data preview shows the real count beside its first
 * rows): one aggregate around the checked statement (SQL Server: its WITH part in front).
 */
export function countSql(dialect: SqlDialect, source: CheckedSql): { sql: string; params: unknown[] } {
  if (dialect === 'mssql') {
    const split = splitWith(source.sql, source.tokens);
    const prefix = split ? `${split.withPart}\n` : '';
    return { sql: `${prefix}SELECT COUNT_BIG(*) AS n FROM (\n${split ? split.main : source.sql}\n) AS t`, params: [] };
  }
  return { sql: `SELECT COUNT(*) AS n FROM (\n${source.sql}\n) t`, params: [] };
}

/**
 * SELECT t.*[, <expression> AS <name> …] FROM (<source sql>) t, first `limit` rows (limit bound).
 * The source SQL sits on its own lines, so a trailing "--" comment cannot swallow the wrapper.
 * SQL Server allows no WITH inside a derived table: its WITH part goes in front.
 */
export function previewSql(dialect: SqlDialect, source: CheckedSql, calculated: CalculatedColumn[], limit: number): { sql: string; params: unknown[] } {
  const params = new Params(dialect);
  const select = (first: string) => [first, ...calculated.map((c) => `${renderExpression(dialect, c.tokens, params)} AS ${quoteIdent(dialect, c.name)}`)].join(', ');
  switch (dialect) {
    case 'postgres':
    case 'duckdb':
    case 'mysql': {
      const list = select('t.*');
      return { sql: `SELECT ${list} FROM (\n${source.sql}\n) t LIMIT ${params.add(limit)}`, params: params.values };
    }
    case 'oracle': {
      const list = select('t.*');
      return { sql: `SELECT ${list} FROM (\n${source.sql}\n) t FETCH FIRST ${params.add(limit)} ROWS ONLY`, params: params.values };
    }
    case 'mssql': {
      const top = params.add(limit);
      const list = select('t.*');
      const split = splitWith(source.sql, source.tokens);
      const prefix = split ? `${split.withPart}\n` : '';
      return { sql: `${prefix}SELECT TOP (${top}) ${list} FROM (\n${split ? split.main : source.sql}\n) AS t`, params: params.values };
    }
  }
}
