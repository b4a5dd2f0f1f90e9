import { join, param, raw, renderSql, sql } from './sql.js';

describe('Sql fragments', () => {
  it('numbers placeholders in order of appearance, however the fragments were built', () => {
    const tail = sql`LIMIT ${param(10)}`;
    const where = sql`WHERE a = ${param('x')} AND b IN (${join([param(1), param(2)], ', ')})`;
    const top = sql`SELECT TOP (${param(5)}) a`;
    const r = renderSql(sql`${top} ${where} ${tail}`, (i) => `@p${i}`);
    expect(r).toEqual({ sql: 'SELECT TOP (@p1) a WHERE a = @p2 AND b IN (@p3, @p4) LIMIT @p5', params: [5, 'x', 1, 2, 10] });
    expect(renderSql(sql`${where}`, () => '?').sql).toBe('WHERE a = ? AND b IN (?, ?)');
  });

  it('never writes a value into the text', () => {
    const r = renderSql(sql`a = ${param("'; DROP TABLE t; --")}`, (i) => `$${i}`);
    expect(r.sql).toBe('a = $1');
    expect(r.params).toEqual(["'; DROP TABLE t; --"]);
  });

  it('joins and tells empty fragments', () => {
    expect(renderSql(join([raw('a'), raw('b')], ', '), () => '?').sql).toBe('a, b');
    expect(raw('').isEmpty).toBe(true);
    expect(param('').isEmpty).toBe(false);
  });
});
