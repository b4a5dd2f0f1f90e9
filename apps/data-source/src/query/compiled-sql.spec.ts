import { AppError } from '@bi/core';
import { emptyChart } from '@bi/chart-model';
import { buildChartQuery, compile, DIALECT_NAMES } from '@bi/query';
import { checkCompiledSql, parseParams } from './compiled-sql.js';

const fields = [
  { name: 'region', dataType: 'string' as const },
  { name: 'amount', dataType: 'number' as const },
  { name: 'day', dataType: 'date' as const },
];
const chart = {
  ...emptyChart('c1', 't', 'ds1', 'bar'),
  points: [{ name: 'day', dataType: 'date' as const, granularity: 3 as const }],
  values: [{ name: 'amount', dataType: 'number' as const }],
  innerFilters: [{ name: 'region', dataType: 'string' as const, range: ["O'Brien; DROP TABLE x", 'b'] }],
  editTopNum: { showItemNum: true, direction: 0 as const, num: 10, mode: 1 as const },
};

const problem = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? [e.key, e.params] : e;
  }
  return 'no error';
};

describe('the guard of compiled chart SQL', () => {
  it.each(DIALECT_NAMES)('accepts what @bi/query compiles for %s, with its bound values', (dialect) => {
    const source = dialect === 'mssql' ? { kind: 'sql' as const, sql: 'WITH s AS (SELECT * FROM sales) SELECT * FROM s' } : { kind: 'table' as const, table: 'sales' };
    const q = compile(buildChartQuery(chart, source, fields, { rowLimit: 100 }), dialect);
    const checked = checkCompiledSql(q.sql, dialect, q.params);
    expect(checked.params).toEqual(q.params);
    // one marker form from the compiler to the driver (SQL Server binds @p1, @p2, … as written): nothing is rewritten
    expect(checked.sql).toBe(q.sql.trim());
    if (dialect === 'mssql') expect(checked.sql).toContain('@p1');
  });

  it('refuses anything but one read-only statement', () => {
    expect(problem(() => checkCompiledSql('SELECT 1; SELECT 2', 'postgres', []))).toEqual(['sql.multiple_statements', {}]);
    expect(problem(() => checkCompiledSql('DELETE FROM t', 'postgres', []))).toEqual(['sql.only_select', {}]);
    expect(problem(() => checkCompiledSql('WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x', 'postgres', []))).toEqual(['sql.forbidden_keyword', { keyword: 'DELETE' }]);
    expect(problem(() => checkCompiledSql('SELECT * INTO t2 FROM t', 'mysql', []))).toEqual(['sql.forbidden_keyword', { keyword: 'INTO' }]);
    expect(problem(() => checkCompiledSql('SELECT 1 /*! ; DROP TABLE t */', 'mysql', []))).toEqual(['sql.executable_comment', {}]);
    expect(problem(() => checkCompiledSql('', 'postgres', []))).toEqual(['sql.empty', {}]);
    // words inside strings, quoted names and comments are text
    expect(checkCompiledSql(`SELECT 'delete' AS "insert" -- drop\nFROM t;`, 'postgres', []).sql).toBe(`SELECT 'delete' AS "insert" -- drop\nFROM t`);
  });

  it('ClickHouse: the typed markers the compiler writes, nothing else; in source SQL a marker is refused', () => {
    expect(checkCompiledSql("SELECT a FROM t WHERE b = {p1:String} AND c > {p2:Nullable(Int64)} AND d = '{p3:String}'", 'clickhouse', ['x', 1]).params).toEqual(['x', 1]);
    expect(problem(() => checkCompiledSql('SELECT a FROM t WHERE b = {name:String}', 'clickhouse', ['x']))).toEqual(['sql.parameter', { marker: '{name:String}' }]);
    expect(problem(() => checkCompiledSql('SELECT a FROM t WHERE b = {p1:String}', 'clickhouse', []))).toEqual(['sql.parameter', { marker: '0 values for 1 markers' }]);
  });

  it('needs one value per marker', () => {
    expect(checkCompiledSql('SELECT * FROM t WHERE a = $1 AND b = $2 AND c = $1', 'postgres', [1, 2]).params).toEqual([1, 2]);
    expect(problem(() => checkCompiledSql('SELECT * FROM t WHERE a = $1', 'duckdb', [1, 2]))).toEqual(['sql.parameter', { marker: '2 values for 1 markers' }]);
    expect(problem(() => checkCompiledSql('SELECT * FROM t WHERE a = ? AND b = ?', 'mysql', [1]))).toEqual(['sql.parameter', { marker: '1 values for 2 markers' }]);
    expect(checkCompiledSql('SELECT * FROM t WHERE a = :1', 'oracle', ['x']).sql).toBe('SELECT * FROM t WHERE a = :1');
    expect(problem(() => checkCompiledSql('SELECT * FROM t WHERE a = :name', 'oracle', ['x']))).toEqual(['sql.parameter', { marker: ':name' }]);
    expect(problem(() => checkCompiledSql('SELECT 1 FROM t', 'postgres', [1]))).toEqual(['sql.parameter', { marker: '1 values for 0 markers' }]);
    // SQL Server: only the compiler's markers; other variables are refused
    expect(checkCompiledSql("SELECT TOP (@p1) a FROM t WHERE b = '@p2' AND DATEPART(WEEKDAY, c) + @@DATEFIRST > 1", 'mssql', [5]).sql).toBe(
      "SELECT TOP (@p1) a FROM t WHERE b = '@p2' AND DATEPART(WEEKDAY, c) + @@DATEFIRST > 1",
    );
    expect(problem(() => checkCompiledSql('SELECT @bi1', 'mssql', [1]))).toEqual(['sql.parameter', { marker: '@bi1' }]);
  });

  it('reads the bound values as JSON scalars only', () => {
    expect(parseParams('')).toEqual([]);
    expect(parseParams('[1,"a",null,true]')).toEqual([1, 'a', null, true]);
    expect(problem(() => parseParams('[{"a":1}]'))).toEqual(['request.invalid', { detail: 'params: expected an array of strings, numbers, booleans and nulls' }]);
    expect(problem(() => parseParams('{'))).toEqual(['request.invalid', { detail: 'params: not JSON' }]);
  });
});
