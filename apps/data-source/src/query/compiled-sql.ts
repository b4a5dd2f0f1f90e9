import { AppError } from '@bi/core';
import { FORBIDDEN_SQL_WORDS, tokenizeSql, type DialectName, type SqlToken } from '@bi/sql-text';
import { sqlProblemError } from '../sql/source-sql.js';

const FORBIDDEN = new Set<string>(FORBIDDEN_SQL_WORDS);
const isWord = (t: SqlToken | undefined, word: string) => t?.kind === 'word' && t.text.toUpperCase() === word;
/** The bind markers @bi/query writes for SQL Server, bound by the SQL Server driver under the same names */
const MSSQL_MARKER = /^@p(\d+)$/i;
/** ClickHouse's typed markers as @bi/query writes them ({p1:Int64}, {p2:Nullable(String)}), bound by name p1, p2, … */
const CLICKHOUSE_MARKER = /^\{p(\d+):[A-Za-z0-9(), ]+\}$/;

export interface CheckedStatement {
  sql: string;
  params: unknown[];
}

/**
 * The guard for compiled chart SQL (RunQuery). Only chart-query sends it, but it is checked all the
 * same with the source-SQL reader of @bi/rules: one SELECT / WITH statement (one trailing ";"
 * dropped), none of the write words anywhere outside strings, quoted names and comments, and bind
 * markers that match the bound values. Unlike source SQL, bind markers are expected here. The driver
 * then runs it in a read-only transaction. This is the one reading of a chart statement on its way:
 * the source SQL inside it was read once by @bi/query (readSourceSql) when it was written.
 */
export function checkCompiledSql(sql: string, dialect: DialectName, params: unknown[]): CheckedStatement {
  if (typeof sql !== 'string' || sql.trim() === '') throw new AppError('invalid', 'sql.empty');
  if (sql.length > 1_000_000) throw new AppError('invalid', 'sql.too_long', { max: 1_000_000 });
  const all = tokenizeSql(sql, dialect);
  if (!Array.isArray(all)) throw sqlProblemError(all);
  const semi = all.findIndex((t) => t.kind === 'symbol' && t.text === ';');
  if (semi >= 0 && semi < all.length - 1) throw new AppError('invalid', 'sql.multiple_statements');
  const tokens = semi >= 0 ? all.slice(0, semi) : all;
  const first = tokens.find((t) => !(t.kind === 'symbol' && t.text === '('));
  if (!first || !(isWord(first, 'SELECT') || isWord(first, 'WITH'))) throw new AppError('invalid', 'sql.only_select');

  let markers = 0;
  let highest = 0;
  for (const t of tokens) {
    if (t.kind === 'word' && FORBIDDEN.has(t.text.toUpperCase())) throw new AppError('invalid', 'sql.forbidden_keyword', { keyword: t.text.toUpperCase() });
    if (dialect === 'mssql' && t.kind === 'word' && t.text.startsWith('@') && !t.text.startsWith('@@')) {
      const m = MSSQL_MARKER.exec(t.text);
      // only the markers the compiler writes; other variables are refused
      if (!m) throw new AppError('invalid', 'sql.parameter', { marker: t.text });
      markers++;
      highest = Math.max(highest, Number(m[1]));
      continue;
    }
    if (t.kind === 'param') {
      markers++;
      const n = /\d+/.exec(t.text);
      const typed = dialect === 'clickhouse' ? CLICKHOUSE_MARKER.exec(t.text) : null;
      if (typed) highest = Math.max(highest, Number(typed[1]));
      else if (t.text === '?') highest = markers;
      else if (n && (t.text.startsWith('$') || t.text.startsWith(':'))) highest = Math.max(highest, Number(n[0]));
      else throw new AppError('invalid', 'sql.parameter', { marker: t.text });
    }
  }
  // every marker has a value (numbered markers may repeat one value); no value is left over
  if (highest !== params.length || (markers === 0 && params.length > 0)) throw new AppError('invalid', 'sql.parameter', { marker: `${params.length} values for ${markers} markers` });

  const text = semi >= 0 ? sql.slice(0, all[semi].start) : sql;
  return { sql: text.trim(), params };
}

/** The bound values as sent (a JSON array of strings, numbers, booleans and nulls). */
export function parseParams(json: string): unknown[] {
  if (!json) return [];
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    throw new AppError('invalid', 'request.invalid', { detail: 'params: not JSON' });
  }
  if (!Array.isArray(v) || v.some((x) => x !== null && !['string', 'number', 'boolean'].includes(typeof x))) {
    throw new AppError('invalid', 'request.invalid', { detail: 'params: expected an array of strings, numbers, booleans and nulls' });
  }
  return v;
}
