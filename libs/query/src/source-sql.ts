import { checkSelectSql, splitWith, type DialectName, type ExpressionToken, type SqlProblem, type SqlToken } from '@bi/sql-text';
import { dialectFor, qualifiedName, type Dialect } from './dialects/index.js';
import { join, raw, renderSql, sql, type RenderedSql, type Sql } from './sql.js';

/**
 * The SQL written around a source's own SQL (custom SQL sources, previews, row counts, calculated
 * fields, chart sub-queries): the same dialect objects as the chart compiler, so quoting, bound
 * markers, row limits and SQL Server's WITH hoisting have one definition per engine.
 */

/** Source SQL read once: checked by the read-only rules of @bi/sql-text, its WITH part split off where the dialect hoists it. */
export interface ReadSql {
  /** the statement as checked (trimmed, one trailing ";" dropped) */
  readonly sql: string;
  readonly tokens: readonly SqlToken[];
  /** SQL Server: the WITH part, which goes in front of the wrapping statement */
  readonly withPart?: string;
  /** what goes inside the derived table: `sql` without its WITH part where that is hoisted */
  readonly main: string;
}

export type ReadSqlResult = { ok: true; read: ReadSql } | { ok: false; problem: SqlProblem };

/** Bounded memo: the same source SQL is read once however many statements of a request (or requests) wrap it. */
const READ_MEMO_ENTRIES = 64;
const readMemo = new Map<string, ReadSqlResult>();

/** Reads (tokenizes and checks) source SQL once per text and dialect; the answer is immutable. */
export function readSourceSql(text: string, dialect: Dialect | DialectName): ReadSqlResult {
  const d = typeof dialect === 'string' ? dialectFor(dialect) : dialect;
  if (typeof text !== 'string') return { ok: false, problem: { code: 'empty' } };
  const key = `${d.name}\u0000${text}`;
  const hit = readMemo.get(key);
  if (hit) {
    // most recently used last
    readMemo.delete(key);
    readMemo.set(key, hit);
    return hit;
  }
  const result = readOnce(text, d);
  readMemo.set(key, result);
  if (readMemo.size > READ_MEMO_ENTRIES) readMemo.delete(readMemo.keys().next().value!);
  return result;
}

function readOnce(text: string, d: Dialect): ReadSqlResult {
  const check = checkSelectSql(text, d.name);
  if (!check.ok) return Object.freeze({ ok: false, problem: Object.freeze(check.problem) }) as ReadSqlResult;
  let withPart: string | undefined;
  let main = check.sql;
  if (d.hoistsWith) {
    // token offsets are relative to the text as given: cut it after its last token
    const statement = text.slice(0, check.tokens[check.tokens.length - 1].end);
    const split = splitWith(statement, check.tokens);
    if (split) {
      withPart = split.withPart;
      main = split.main;
    }
  }
  const read: ReadSql = Object.freeze({ sql: check.sql, tokens: Object.freeze(check.tokens), withPart, main });
  return Object.freeze({ ok: true, read }) as ReadSqlResult;
}

/** `FROM (<source sql>) <alias>` and, where the dialect hoists it, the WITH part to put in front of the statement. */
export function derivedSource(d: Dialect, read: ReadSql, alias: string): { prefix?: Sql; from: Sql } {
  // on its own lines, so a trailing "--" comment cannot swallow the closing parenthesis
  const from = sql`FROM (\n${raw(read.main)}\n)${raw(d.tableAlias(alias))}`;
  return read.withPart ? { prefix: raw(read.withPart), from } : { from };
}

/** The statement with the hoisted WITH part in front. */
export function withPrefix(prefix: Sql | undefined, statement: Sql): Sql {
  return prefix ? sql`${prefix}\n${statement}` : statement;
}

/** SELECT * FROM <schema>.<table>: the stored SQL of a source made from a listed table. */
export function tableSql(dialect: Dialect | DialectName, schema: string, name: string): string {
  const d = typeof dialect === 'string' ? dialectFor(dialect) : dialect;
  return `SELECT * FROM ${qualifiedName(d, schema, name)}`;
}

/**
 * A parsed calculated-field expression over the columns of derived table `table`: names quoted,
 * text bound, numbers (checked to be plain decimals) written. Tokens are space-separated, so
 * "- -" never reads as a comment.
 */
export function expressionSql(dialect: Dialect | DialectName, tokens: readonly ExpressionToken[], table = 't'): Sql {
  const d = typeof dialect === 'string' ? dialectFor(dialect) : dialect;
  const parts: Sql[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    switch (t.kind) {
      case 'field':
        parts.push(raw(`${table}.${d.quoteIdent(t.name)}`));
        break;
      case 'number':
        if (!/^(\d+(\.\d+)?|\.\d+)$/.test(t.text)) throw new Error('not a number');
        parts.push(raw(t.text));
        break;
      case 'string':
        parts.push(d.stringValue(t.value));
        break;
      case 'operator':
        parts.push(raw(t.text));
        break;
      case 'function':
        // The parser put "(" right after every function; no space before it, as MySQL reads "f (" as a name.
        if (tokens[i + 1]?.kind !== 'open') throw new Error('function without arguments');
        parts.push(raw(d.functionName(t.name) + '('));
        i++;
        break;
      case 'open':
        parts.push(raw('('));
        break;
      case 'close':
        parts.push(raw(')'));
        break;
      case 'comma':
        parts.push(raw(','));
        break;
    }
  }
  return join(parts, ' ');
}

export interface CalculatedColumn {
  name: string;
  tokens: readonly ExpressionToken[];
}

/** `t.*, <expression> AS <name>, …` */
function calculatedList(d: Dialect, calculated: readonly CalculatedColumn[]): Sql {
  return join([raw('t.*'), ...calculated.map((c) => sql`${expressionSql(d, c.tokens, 't')} AS ${raw(d.quoteIdent(c.name))}`)], ', ');
}

/** SELECT t.*[, <expression> AS <name> …] FROM (<source sql>) t, first `limit` rows (limit bound). */
export function previewSql(dialect: Dialect | DialectName, read: ReadSql, calculated: readonly CalculatedColumn[], limit: number): RenderedSql {
  const d = typeof dialect === 'string' ? dialectFor(dialect) : dialect;
  const src = derivedSource(d, read, 't');
  return renderSql(withPrefix(src.prefix, d.limit({ columns: calculatedList(d, calculated), body: src.from, ordered: false }, limit)), d.placeholder);
}

/** The number of rows of the source SQL (the data preview shows it beside its first rows), as column n. */
export function countSql(dialect: Dialect | DialectName, read: ReadSql): RenderedSql {
  const d = typeof dialect === 'string' ? dialectFor(dialect) : dialect;
  const src = derivedSource(d, read, 't');
  return renderSql(withPrefix(src.prefix, sql`SELECT ${d.countRows()} AS n ${src.from}`), d.placeholder);
}

/**
 * The source SQL with calculated fields as extra columns, for chart queries to read FROM. Chart SQL
 * carries no bound values inside its sub-query, so an expression needing one (a text value) is
 * left out and named in `unsupported`.
 */
export function calculatedSourceSql(dialect: Dialect | DialectName, read: ReadSql, calculated: readonly CalculatedColumn[]): { sql: string; included: string[]; unsupported: string[] } {
  const d = typeof dialect === 'string' ? dialectFor(dialect) : dialect;
  const included: CalculatedColumn[] = [];
  const unsupported: string[] = [];
  for (const c of calculated) {
    if (renderSql(expressionSql(d, c.tokens), d.placeholder).params.length > 0) unsupported.push(c.name);
    else included.push(c);
  }
  if (included.length === 0) return { sql: read.sql, included: [], unsupported };
  const src = derivedSource(d, read, 't');
  const text = renderSql(withPrefix(src.prefix, sql`SELECT ${calculatedList(d, included)} ${src.from}`), d.placeholder).sql;
  return { sql: text, included: included.map((c) => c.name), unsupported };
}
