/**
 * Reads source SQL the way the database will (strings, quoted names, comments per dialect) and
 * decides whether it is one read-only SELECT / WITH query (docs/api/data-source.md "Source SQL
 * rules"). Pure; server-only (the SQL wizard's text is checked by the service).
 */
import type { DialectName } from './dialect-name.js';

export const SQL_MAX_LENGTH = 100_000;

export interface SqlToken {
  /** word: keyword or bare name; quoted: "name", `name`, [name]; string: a literal; param: a bind marker */
  kind: 'word' | 'quoted' | 'string' | 'number' | 'param' | 'symbol';
  text: string;
  start: number;
  end: number;
  /** parenthesis depth at the token (a "(" has the depth outside it) */
  depth: number;
}

export type SqlProblem =
  | { code: 'empty' }
  | { code: 'too_long'; max: number }
  | { code: 'unterminated'; what: 'string' | 'quoted name' | 'comment' }
  | { code: 'executable_comment' }
  | { code: 'unbalanced' }
  | { code: 'multiple_statements' }
  | { code: 'only_select' }
  | { code: 'forbidden_keyword'; keyword: string }
  | { code: 'parameter'; marker: string }
  | { code: 'order_by_top' };

/**
 * Words that can make a SELECT / WITH write or lock (data-modifying WITH, SELECT … INTO, FOR UPDATE)
 * or that only belong to other statements. Refused anywhere outside strings, quoted names, comments.
 */
export const FORBIDDEN_SQL_WORDS = ['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'DROP', 'ALTER', 'CREATE', 'TRUNCATE', 'GRANT', 'REVOKE', 'INTO', 'EXEC', 'EXECUTE'] as const;
const FORBIDDEN = new Set<string>(FORBIDDEN_SQL_WORDS);

const isWordStart = (c: string) => /[A-Za-z_]/.test(c) || c.charCodeAt(0) > 127;
const isWordPart = (c: string) => /[A-Za-z0-9_$#@]/.test(c) || c.charCodeAt(0) > 127;
const Q_CLOSERS: Record<string, string> = { '[': ']', '{': '}', '(': ')', '<': '>' };

/**
 * Splits SQL into tokens, skipping whitespace and comments. MySQL strings take backslash escapes
 * (the MySQL driver makes the session agree by clearing NO_BACKSLASH_ESCAPES and ANSI_QUOTES);
 * PostgreSQL and DuckDB take them only in E'…' strings (the PostgreSQL driver forces
 * standard_conforming_strings on) and have $tag$…$tag$ strings; PostgreSQL, DuckDB and SQL Server
 * nest block comments; Oracle has q'[…]' strings; SQL Server quotes names in [ ].
 */
export function tokenizeSql(sql: string, dialect: DialectName): SqlToken[] | SqlProblem {
  const tokens: SqlToken[] = [];
  const n = sql.length;
  const nestedComments = dialect === 'postgres' || dialect === 'duckdb' || dialect === 'mssql';
  const dollarQuotes = dialect === 'postgres' || dialect === 'duckdb';
  let depth = 0;
  let i = 0;
  const push = (kind: SqlToken['kind'], start: number, end: number) => tokens.push({ kind, text: sql.slice(start, end), start, end, depth });

  /** Index after the closing quote of a string or name starting at `open`, or -1 when unterminated. */
  const readQuoted = (open: number, close: string, backslash: boolean): number => {
    let j = open + 1;
    while (j < n) {
      const c = sql[j];
      if (backslash && c === '\\') {
        j += 2;
        continue;
      }
      if (c === close) {
        if (sql[j + 1] === close) {
          j += 2;
          continue;
        }
        return j + 1;
      }
      j++;
    }
    return -1;
  };

  while (i < n) {
    const c = sql[i];
    const next = sql[i + 1];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    // -- line comment (MySQL needs a space or control character after the dashes)
    if (c === '-' && next === '-' && (dialect !== 'mysql' || i + 2 >= n || /[\s\x00-\x1f]/.test(sql[i + 2]))) {
      while (i < n && sql[i] !== '\n') i++;
      continue;
    }
    if (c === '#' && dialect === 'mysql') {
      while (i < n && sql[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && next === '*') {
      // MySQL / MariaDB run the text of /*! … */ and /*M! … */; refused everywhere.
      if (sql[i + 2] === '!' || (sql[i + 2]?.toUpperCase() === 'M' && sql[i + 3] === '!')) return { code: 'executable_comment' };
      let level = 1;
      let j = i + 2;
      while (j < n && level > 0) {
        if (sql[j] === '*' && sql[j + 1] === '/') {
          level--;
          j += 2;
        } else if (nestedComments && sql[j] === '/' && sql[j + 1] === '*') {
          level++;
          j += 2;
        } else j++;
      }
      if (level > 0) return { code: 'unterminated', what: 'comment' };
      i = j;
      continue;
    }
    // 'string', "name", and per dialect `name` (MySQL) or [name] (SQL Server); MySQL reads backslash escapes in '…' and "…"
    // ClickHouse quotes names in "…" and `…` and reads backslash escapes in strings and quoted names alike
    const backticks = dialect === 'mysql' || dialect === 'clickhouse';
    const close = c === "'" || c === '"' ? c : c === '`' && backticks ? '`' : c === '[' && dialect === 'mssql' ? ']' : undefined;
    if (close) {
      const end = readQuoted(i, close, (dialect === 'mysql' && (c === "'" || c === '"')) || dialect === 'clickhouse');
      if (end < 0) return { code: 'unterminated', what: c === "'" ? 'string' : 'quoted name' };
      push(c === "'" ? 'string' : 'quoted', i, end);
      i = end;
      continue;
    }
    if (c === '$' && dollarQuotes) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i, i + 66));
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length);
        if (close < 0) return { code: 'unterminated', what: 'string' };
        push('string', i, close + tag[0].length);
        i = close + tag[0].length;
        continue;
      }
      const num = /^\$\d+/.exec(sql.slice(i, i + 12));
      if (num) {
        push('param', i, i + num[0].length);
        i += num[0].length;
        continue;
      }
    }
    if (isWordStart(c) || (c === '@' && dialect === 'mssql') || (c === '#' && dialect === 'mssql')) {
      let j = i + 1;
      while (j < n && isWordPart(sql[j])) j++;
      const word = sql.slice(i, j);
      const upper = word.toUpperCase();
      // String prefixes: E'…' (backslash escapes), N'…', X'…', B'…'; Oracle q'[…]'.
      if (sql[j] === "'") {
        if (dialect === 'oracle' && (upper === 'Q' || upper === 'NQ')) {
          const open = sql[j + 1];
          if (open === undefined) return { code: 'unterminated', what: 'string' };
          const close = (Q_CLOSERS[open] ?? open) + "'";
          const end = sql.indexOf(close, j + 2);
          if (end < 0) return { code: 'unterminated', what: 'string' };
          push('string', i, end + 2);
          i = end + 2;
          continue;
        }
        if (['E', 'N', 'X', 'B'].includes(upper)) {
          const end = readQuoted(j, "'", dialect === 'mysql' || dialect === 'clickhouse' || (upper === 'E' && dollarQuotes));
          if (end < 0) return { code: 'unterminated', what: 'string' };
          push('string', i, end);
          i = end;
          continue;
        }
      }
      push('word', i, j);
      i = j;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(next ?? ''))) {
      const m = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(sql.slice(i));
      const len = m ? m[0].length : 1;
      push('number', i, i + len);
      i += len;
      continue;
    }
    if (c === '?' && (dialect === 'mysql' || dialect === 'duckdb' || dialect === 'trino')) {
      push('param', i, i + 1);
      i++;
      continue;
    }
    // ClickHouse's typed query parameters: {name:Type}
    if (c === '{' && dialect === 'clickhouse') {
      const marker = /^\{[A-Za-z_][A-Za-z0-9_]*:[^{}'"`;]{1,200}\}/.exec(sql.slice(i, i + 260));
      if (marker) {
        push('param', i, i + marker[0].length);
        i += marker[0].length;
        continue;
      }
    }
    if (c === ':' && dialect === 'oracle' && next !== undefined && /[A-Za-z0-9_]/.test(next)) {
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_$#]/.test(sql[j])) j++;
      push('param', i, j);
      i = j;
      continue;
    }
    if (c === '(') {
      push('symbol', i, i + 1);
      depth++;
      i++;
      continue;
    }
    if (c === ')') {
      depth--;
      if (depth < 0) return { code: 'unbalanced' };
      push('symbol', i, i + 1);
      i++;
      continue;
    }
    push('symbol', i, i + 1);
    i++;
  }
  if (depth !== 0) return { code: 'unbalanced' };
  return tokens;
}

export type SqlCheck = { ok: true; sql: string; tokens: SqlToken[] } | { ok: false; problem: SqlProblem };

const isWord = (t: SqlToken | undefined, word: string) => t?.kind === 'word' && t.text.toUpperCase() === word;

/**
 * One read-only SELECT or WITH statement, with at most one trailing ";" (removed in the answer).
 * SQL Server: an outer ORDER BY needs SELECT TOP 100 PERCENT (spec 02 §5), as the query becomes
 * a sub-query. Bind markers of the dialect are refused, as the service binds its own values.
 */
export function checkSelectSql(sql: string, dialect: DialectName): SqlCheck {
  if (typeof sql !== 'string' || sql.trim() === '') return { ok: false, problem: { code: 'empty' } };
  if (sql.length > SQL_MAX_LENGTH) return { ok: false, problem: { code: 'too_long', max: SQL_MAX_LENGTH } };
  const all = tokenizeSql(sql, dialect);
  if (!Array.isArray(all)) return { ok: false, problem: all };
  const semi = all.findIndex((t) => t.kind === 'symbol' && t.text === ';');
  if (semi >= 0 && semi < all.length - 1) return { ok: false, problem: { code: 'multiple_statements' } };
  const tokens = semi >= 0 ? all.slice(0, semi) : all;
  if (tokens.length === 0) return { ok: false, problem: { code: 'empty' } };
  const first = tokens.find((t) => !(t.kind === 'symbol' && t.text === '('));
  if (!first || !(isWord(first, 'SELECT') || isWord(first, 'WITH'))) return { ok: false, problem: { code: 'only_select' } };
  for (const t of tokens) {
    if (t.kind === 'word' && FORBIDDEN.has(t.text.toUpperCase())) return { ok: false, problem: { code: 'forbidden_keyword', keyword: t.text.toUpperCase() } };
    if (t.kind === 'param' || (dialect === 'mssql' && t.kind === 'word' && /^@p\d+$/i.test(t.text))) return { ok: false, problem: { code: 'parameter', marker: t.text } };
  }
  if (dialect === 'mssql' && !orderByAllowed(tokens)) return { ok: false, problem: { code: 'order_by_top' } };
  const text = (semi >= 0 ? sql.slice(0, all[semi].start) : sql).trim();
  return { ok: true, sql: text, tokens };
}

/** SQL Server rule: an ORDER BY of the outer query only after SELECT [DISTINCT|ALL] TOP 100 PERCENT. */
export function orderByAllowed(tokens: SqlToken[]): boolean {
  const outer = tokens.filter((t) => t.depth === 0);
  const hasOrderBy = outer.some((t, i) => isWord(t, 'ORDER') && isWord(outer[i + 1], 'BY'));
  if (!hasOrderBy) return true;
  const s = outer.findIndex((t) => isWord(t, 'SELECT'));
  if (s < 0) return false;
  let i = s + 1;
  if (isWord(outer[i], 'DISTINCT') || isWord(outer[i], 'ALL')) i++;
  if (!isWord(outer[i], 'TOP')) return false;
  // TOP 100 PERCENT or TOP (100) PERCENT; the parenthesis content sits one level deeper.
  const rest = tokens.slice(tokens.indexOf(outer[i]) + 1, tokens.indexOf(outer[i]) + 5).map((t) => t.text.toUpperCase());
  return (rest[0] === '100' && rest[1] === 'PERCENT') || (rest[0] === '(' && rest[1] === '100' && rest[2] === ')' && rest[3] === 'PERCENT');
}

/**
 * Splits "WITH a AS (…), b AS (…) SELECT …" into the WITH part and the main query, for SQL Server,
 * which allows no WITH inside a derived table. Answers undefined for a query without WITH.
 */
export function splitWith(sql: string, tokens: SqlToken[]): { withPart: string; main: string } | undefined {
  const outer = tokens.filter((t) => t.depth === 0);
  const lead = tokens.findIndex((t) => !(t.kind === 'symbol' && t.text === '('));
  if (!isWord(tokens[lead], 'WITH') || tokens[lead].depth !== 0) return undefined;
  let i = outer.indexOf(tokens[lead]) + 1;
  if (isWord(outer[i], 'RECURSIVE')) i++;
  for (;;) {
    // name [(columns)] AS [NOT] [MATERIALIZED] (query)
    i++;
    while (outer[i] && !isWord(outer[i], 'AS')) i++;
    if (!outer[i]) return undefined;
    i++;
    while (outer[i] && !(outer[i].kind === 'symbol' && outer[i].text === '(')) i++;
    if (!outer[i]) return undefined;
    // the closing ")" is the next depth-0 ")"
    i++;
    while (outer[i] && !(outer[i].kind === 'symbol' && outer[i].text === ')')) i++;
    if (!outer[i]) return undefined;
    i++;
    if (outer[i]?.kind === 'symbol' && outer[i].text === ',') continue;
    break;
  }
  const mainStart = outer[i];
  if (!mainStart) return undefined;
  return { withPart: sql.slice(0, mainStart.start).trim(), main: sql.slice(mainStart.start).trim() };
}
