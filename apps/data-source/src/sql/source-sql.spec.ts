import { countSql, dialectFor, previewSql, tableSql } from '@bi/query';
import { parseExpression, type DialectName } from '@bi/sql-text';
import { checkSourceSql } from './source-sql.js';

const DIALECTS: DialectName[] = ['postgres', 'mysql', 'mssql', 'oracle', 'duckdb'];

function calc(name: string, expression: string, fields: string[]) {
  const r = parseExpression(expression, fields);
  if (!r.ok) throw new Error(JSON.stringify(r.problem));
  return { name, tokens: r.tokens };
}

// The SQL is written by @bi/query's dialects (the chart compiler's): the same quoting, markers, row
// limits and WITH hoisting as chart SQL.
describe('SQL written around source SQL', () => {
  it('quotes names per dialect, doubling the closing quote', () => {
    expect(DIALECTS.map((d) => dialectFor(d).quoteIdent('a"b`c]d 销售'))).toEqual(['"a""b`c]d 销售"', '`a"b``c]d 销售`', '[a"b`c]]d 销售]', '"a""b`c]d 销售"', '"a""b`c]d 销售"']);
    expect(tableSql('mssql', 'dbo', 'Orders')).toBe('SELECT * FROM [dbo].[Orders]');
    expect(tableSql('mysql', '', '订单')).toBe('SELECT * FROM `订单`');
  });

  it.each(DIALECTS)('wraps a preview with a bound row limit and calculated fields (%s)', (dialect) => {
    const source = checkSourceSql('SELECT amount, region FROM sales -- trailing comment', dialect);
    const fields = ['amount', 'region', 'order date'];
    const q = previewSql(dialect, source, [calc('double', 'ROUND(amount * 2, 1) + 0.5', fields), calc('label', "CONCAT(region, '-x') ", fields), calc('n', 'LENGTH([order date]) - -1', fields)], 500);
    expect(q).toMatchSnapshot();
  });

  it('puts the WITH part of a SQL Server query in front of TOP and keeps TOP 100 PERCENT ordering', () => {
    const source = checkSourceSql('WITH a AS (SELECT 1 AS x) SELECT TOP 100 PERCENT x FROM a ORDER BY x;', 'mssql');
    expect(previewSql('mssql', source, [], 100)).toMatchSnapshot();
    expect(previewSql('oracle', checkSourceSql('SELECT * FROM "SCOTT"."EMP"', 'oracle'), [], 0)).toMatchSnapshot();
  });

  it('counts the rows of the source SQL per dialect (SQL Server: WITH part in front)', () => {
    expect(countSql('duckdb', checkSourceSql('SELECT * FROM sales -- all', 'duckdb')).sql).toBe('SELECT COUNT(*) AS n FROM (\nSELECT * FROM sales -- all\n) AS t');
    expect(countSql('oracle', checkSourceSql('SELECT * FROM "SCOTT"."EMP"', 'oracle')).sql).toBe('SELECT COUNT(*) AS n FROM (\nSELECT * FROM "SCOTT"."EMP"\n) t');
    const mssql = countSql('mssql', checkSourceSql('WITH a AS (SELECT 1 AS x) SELECT x FROM a', 'mssql'));
    expect(mssql.sql.startsWith('WITH a AS (SELECT 1 AS x)\nSELECT COUNT_BIG(*) AS n FROM (')).toBe(true);
    expect(mssql.params).toEqual([]);
  });

  it('refuses what the guard refuses, with the message key', () => {
    expect(() => checkSourceSql('SELECT a FROM t ORDER BY a', 'mssql')).toThrow(expect.objectContaining({ key: 'sql.order_by_top' }));
    expect(() => checkSourceSql("SELECT 'x", 'postgres')).toThrow(expect.objectContaining({ key: 'sql.unterminated_string' }));
    expect(() => checkSourceSql('SELECT 1; DROP TABLE t', 'mysql')).toThrow(expect.objectContaining({ key: 'sql.multiple_statements' }));
    expect(() => checkSourceSql('UPDATE t SET a = 1', 'oracle')).toThrow(expect.objectContaining({ key: 'sql.only_select' }));
    expect(() => checkSourceSql('SELECT * INTO x FROM t', 'mssql')).toThrow(expect.objectContaining({ key: 'sql.forbidden_keyword', params: { keyword: 'INTO' } }));
  });
});
