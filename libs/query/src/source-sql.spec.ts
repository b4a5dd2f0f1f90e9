import { emptyChart } from '@bi/chart-model';
import { parseExpression } from '@bi/sql-text';
import { compile } from './compile.js';
import { DIALECT_NAMES, dialectFor } from './dialects/index.js';
import { buildChartQuery } from './ir.js';
import { calculatedSourceSql, countSql, expressionSql, readSourceSql, tableSql } from './source-sql.js';
import { renderSql } from './sql.js';

const tokens = (text: string, fields: string[]) => {
  const r = parseExpression(text, fields);
  if (!r.ok) throw new Error(JSON.stringify(r.problem));
  return r.tokens;
};

describe('source SQL read once', () => {
  it('answers the same frozen reading for the same text and dialect', () => {
    const sql = 'SELECT region, amount FROM sales -- once';
    const a = readSourceSql(sql, 'postgres');
    expect(a.ok).toBe(true);
    expect(readSourceSql(sql, 'postgres')).toBe(a);
    expect(readSourceSql(sql, dialectFor('postgres'))).toBe(a);
    expect(readSourceSql(sql, 'mysql')).not.toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    if (a.ok) expect(Object.isFrozen(a.read)).toBe(true);
  });

  it('keeps refusals as problems, read once too', () => {
    const r = readSourceSql('DELETE FROM t', 'duckdb');
    expect(r).toEqual({ ok: false, problem: { code: 'only_select' } });
    expect(readSourceSql('DELETE FROM t', 'duckdb')).toBe(r);
  });

  it('splits the WITH part off only where the dialect hoists it, with offsets of the text as given', () => {
    const sql = '  WITH a AS (SELECT 1 AS x) SELECT x FROM a;';
    const mssql = readSourceSql(sql, 'mssql');
    expect(mssql.ok && { withPart: mssql.read.withPart, main: mssql.read.main }).toEqual({ withPart: 'WITH a AS (SELECT 1 AS x)', main: 'SELECT x FROM a' });
    const pg = readSourceSql(sql, 'postgres');
    expect(pg.ok && { withPart: pg.read.withPart, main: pg.read.main }).toEqual({ withPart: undefined, main: 'WITH a AS (SELECT 1 AS x) SELECT x FROM a' });
  });

  it('the statements of one chart share one reading of its source SQL', () => {
    const source = { kind: 'sql' as const, sql: 'SELECT region, amount FROM sales WHERE amount > 0 -- shared' };
    const chart = { ...emptyChart('c1', 'Chart', 'ds'), points: [{ name: 'region', dataType: 'string' as const }], values: [{ name: 'amount', dataType: 'number' as const, aggregator: 'sum' as const }] };
    const ir = buildChartQuery(chart, source, [{ name: 'region', dataType: 'string' }, { name: 'amount', dataType: 'number' }], { rowLimit: 10 });
    const before = readSourceSql(source.sql, 'duckdb');
    compile(ir, 'duckdb');
    compile(ir, 'duckdb');
    expect(readSourceSql(source.sql, 'duckdb')).toBe(before);
  });
});

describe('the SQL around source SQL, per dialect', () => {
  it.each(DIALECT_NAMES)('%s: table SQL, counts and expressions use the dialect’s quoting and function names', (name) => {
    const d = dialectFor(name);
    expect(tableSql(name, 's', 't')).toBe(`SELECT * FROM ${d.quoteIdent('s')}.${d.quoteIdent('t')}`);
    expect(tableSql(name, '', 't')).toBe(`SELECT * FROM ${d.quoteIdent('t')}`);
    const read = readSourceSql('SELECT 1 AS x', name);
    if (!read.ok) throw new Error('refused');
    expect(countSql(name, read.read).sql).toBe(`SELECT ${renderSql(d.countRows(), d.placeholder).sql} AS n FROM (\nSELECT 1 AS x\n)${d.tableAlias('t')}`);
    const e = renderSql(expressionSql(name, tokens("CEIL(LENGTH(SUBSTRING(a, 1, 2))) + LENGTH('x')", ['a'])), d.placeholder);
    expect(e.params).toEqual(['x']);
    expect(e.sql).toContain(`${d.functionName('CEIL')}( ${d.functionName('LENGTH')}( ${d.functionName('SUBSTRING')}( t.${d.quoteIdent('a')}`);
  });

  it('spells the whitelist functions per engine', () => {
    expect(['CEIL', 'LENGTH', 'SUBSTRING'].map((f) => dialectFor('mssql').functionName(f as 'CEIL'))).toEqual(['CEILING', 'LEN', 'SUBSTRING']);
    expect(dialectFor('oracle').functionName('SUBSTRING')).toBe('SUBSTR');
    expect(dialectFor('postgres').functionName('CEIL')).toBe('CEIL');
  });

  it('leaves out calculated fields that would need a bound value inside the chart sub-query', () => {
    const read = readSourceSql('WITH s AS (SELECT * FROM sales) SELECT * FROM s', 'mssql');
    if (!read.ok) throw new Error('refused');
    const r = calculatedSourceSql('mssql', read.read, [
      { name: 'double', tokens: tokens('amount * 2', ['amount']) },
      { name: 'label', tokens: tokens("CONCAT(region, 'x')", ['region']) },
    ]);
    expect(r.included).toEqual(['double']);
    expect(r.unsupported).toEqual(['label']);
    expect(r.sql).toBe('WITH s AS (SELECT * FROM sales)\nSELECT t.*, t.[amount] * 2 AS [double] FROM (\nSELECT * FROM s\n) AS t');
    expect(calculatedSourceSql('mssql', read.read, []).sql).toBe(read.read.sql);
  });
});
