import { checkSelectSql, splitWith, tokenizeSql, type DialectName } from './index.js';

const problem = (sql: string, dialect: DialectName = 'postgres') => {
  const r = checkSelectSql(sql, dialect);
  return r.ok ? null : r.problem;
};

describe('source SQL guard', () => {
  it('accepts one SELECT or WITH query, with one trailing semicolon removed', () => {
    expect(checkSelectSql('SELECT 1', 'postgres')).toMatchObject({ ok: true, sql: 'SELECT 1' });
    expect(checkSelectSql('  select a from t;  -- done\n', 'mysql')).toMatchObject({ ok: true, sql: 'select a from t' });
    expect(checkSelectSql('WITH x AS (SELECT 1 AS a) SELECT a FROM x', 'duckdb').ok).toBe(true);
    expect(checkSelectSql('(SELECT 1) UNION ALL (SELECT 2)', 'postgres').ok).toBe(true);
    expect(checkSelectSql("SELECT 'a;b', \"x;y\" FROM t /* ; */", 'postgres').ok).toBe(true);
  });

  it('refuses empty text, other statements and anything after a semicolon', () => {
    expect(problem('')).toEqual({ code: 'empty' });
    expect(problem('  -- only a comment')).toEqual({ code: 'empty' });
    expect(problem(';')).toEqual({ code: 'empty' });
    expect(problem('DELETE FROM t')).toEqual({ code: 'only_select' });
    expect(problem('SET ROLE admin')).toEqual({ code: 'only_select' });
    expect(problem('CALL p()', 'mysql')).toEqual({ code: 'only_select' });
    expect(problem('PRAGMA table_info(t)', 'duckdb')).toEqual({ code: 'only_select' });
    expect(problem('SELECT 1; DROP TABLE t')).toEqual({ code: 'multiple_statements' });
    expect(problem('SELECT 1;;')).toEqual({ code: 'multiple_statements' });
    expect(problem('x'.repeat(100_001))).toEqual({ code: 'too_long', max: 100_000 });
  });

  it('refuses write and DDL words anywhere outside strings, names and comments', () => {
    expect(problem('WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d')).toEqual({ code: 'forbidden_keyword', keyword: 'DELETE' });
    expect(problem('SELECT * INTO new_t FROM t', 'mssql')).toEqual({ code: 'forbidden_keyword', keyword: 'INTO' });
    expect(problem("SELECT * FROM t INTO OUTFILE '/tmp/x'", 'mysql')).toEqual({ code: 'forbidden_keyword', keyword: 'INTO' });
    expect(problem('SELECT * FROM t FOR UPDATE')).toEqual({ code: 'forbidden_keyword', keyword: 'UPDATE' });
    expect(problem("SELECT 'delete from t', \"update\", update_time FROM t -- drop table")).toBeNull();
    expect(problem('SELECT [delete] FROM t', 'mssql')).toBeNull();
    expect(problem('SELECT `insert` FROM t', 'mysql')).toBeNull();
  });

  it('reads strings and comments per dialect, so hidden statements are found', () => {
    // MySQL: \' does not end a string; the "--" needs a space to be a comment
    expect(problem("SELECT 'it\\'s'; DELETE FROM t", 'mysql')).toEqual({ code: 'multiple_statements' });
    expect(problem("SELECT 'it\\'s; DELETE FROM t'", 'mysql')).toBeNull();
    expect(problem('SELECT 1 --1\n', 'mysql')).toBeNull();
    expect(problem('SELECT 1--1; DELETE FROM t', 'mysql')).toEqual({ code: 'multiple_statements' });
    expect(problem('SELECT 1 # comment; DELETE\n', 'mysql')).toBeNull();
    // PostgreSQL: standard strings (a backslash is a character), E strings, dollar quotes, nested comments
    expect(problem("SELECT 'a\\'; DELETE FROM t; --'", 'postgres')).toEqual({ code: 'multiple_statements' });
    expect(problem("SELECT E'a\\'; DELETE FROM t'", 'postgres')).toBeNull();
    expect(problem('SELECT $q$ ; DELETE $q$, $$x;$$')).toBeNull();
    expect(problem('SELECT 1 /* a /* b */ ; DELETE */')).toBeNull();
    expect(problem('SELECT 1 /* a /* b */ ; DELETE */', 'mysql')).toEqual({ code: 'multiple_statements' });
    // Oracle q-quotes
    expect(problem("SELECT q'[it's; DROP]' FROM dual", 'oracle')).toBeNull();
    // MySQL executable comments run their content
    expect(problem('SELECT 1 /*!50000 , SLEEP(1) */', 'mysql')).toEqual({ code: 'executable_comment' });
    expect(problem('SELECT 1 /*M! , 2 */', 'mysql')).toEqual({ code: 'executable_comment' });
  });

  it('reports unterminated strings, names, comments and unbalanced parentheses', () => {
    expect(problem("SELECT 'abc")).toEqual({ code: 'unterminated', what: 'string' });
    expect(problem('SELECT "abc')).toEqual({ code: 'unterminated', what: 'quoted name' });
    expect(problem('SELECT [abc', 'mssql')).toEqual({ code: 'unterminated', what: 'quoted name' });
    expect(problem('SELECT 1 /* x')).toEqual({ code: 'unterminated', what: 'comment' });
    expect(problem('SELECT (1')).toEqual({ code: 'unbalanced' });
    expect(problem('SELECT 1) t; SELECT (1')).toEqual({ code: 'unbalanced' });
  });

  it('refuses bind markers, as the service binds its own values', () => {
    expect(problem('SELECT * FROM t WHERE a = $1')).toEqual({ code: 'parameter', marker: '$1' });
    expect(problem('SELECT * FROM t WHERE a = ?', 'mysql')).toEqual({ code: 'parameter', marker: '?' });
    expect(problem('SELECT * FROM t WHERE a = :id', 'oracle')).toEqual({ code: 'parameter', marker: ':id' });
    expect(problem('SELECT * FROM t WHERE a = @p1', 'mssql')).toEqual({ code: 'parameter', marker: '@p1' });
    expect(problem("SELECT data ? 'k' FROM t")).toBeNull();
    expect(problem("SELECT to_char(d, 'HH24:MI') FROM t", 'oracle')).toBeNull();
  });

  it('enforces the SQL Server ORDER BY rule of spec 02 §5 on the outer query only', () => {
    expect(problem('SELECT a FROM t ORDER BY a', 'mssql')).toEqual({ code: 'order_by_top' });
    expect(problem('SELECT TOP 10 a FROM t ORDER BY a', 'mssql')).toEqual({ code: 'order_by_top' });
    expect(problem('SELECT TOP 100 PERCENT a FROM t ORDER BY a', 'mssql')).toBeNull();
    expect(problem('select distinct top (100) percent a from t order by a', 'mssql')).toBeNull();
    expect(problem('SELECT a, ROW_NUMBER() OVER (ORDER BY a) AS n FROM t', 'mssql')).toBeNull();
    expect(problem('WITH x AS (SELECT TOP 5 a FROM t ORDER BY a) SELECT a FROM x', 'mssql')).toBeNull();
    expect(problem('WITH x AS (SELECT a FROM t) SELECT a FROM x ORDER BY a', 'mssql')).toEqual({ code: 'order_by_top' });
    // other dialects may order freely
    expect(problem('SELECT a FROM t ORDER BY a', 'mysql')).toBeNull();
  });

  it('splits the WITH part from the main query (SQL Server wraps only the main query)', () => {
    const sql = 'WITH a (x) AS (SELECT 1), b AS (SELECT x FROM a) SELECT TOP 100 PERCENT x FROM b ORDER BY x';
    const r = checkSelectSql(sql, 'mssql');
    if (!r.ok) throw new Error('expected ok');
    expect(splitWith(r.sql, r.tokens)).toEqual({ withPart: 'WITH a (x) AS (SELECT 1), b AS (SELECT x FROM a)', main: 'SELECT TOP 100 PERCENT x FROM b ORDER BY x' });
    const plain = checkSelectSql('SELECT 1', 'mssql');
    expect(plain.ok && splitWith(plain.sql, plain.tokens)).toBeUndefined();
  });

  it('keeps Chinese names as words and tracks parenthesis depth', () => {
    const tokens = tokenizeSql('SELECT 销售额 FROM (SELECT 1) t', 'postgres');
    if (!Array.isArray(tokens)) throw new Error('expected tokens');
    expect(tokens.map((t) => [t.kind, t.text, t.depth])).toEqual([
      ['word', 'SELECT', 0],
      ['word', '销售额', 0],
      ['word', 'FROM', 0],
      ['symbol', '(', 0],
      ['word', 'SELECT', 1],
      ['number', '1', 1],
      ['symbol', ')', 0],
      ['word', 't', 0],
    ]);
  });
});
