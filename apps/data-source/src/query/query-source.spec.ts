import type { SourceRow } from '../data-source.repository.js';
import { checkSourceSql } from '../sql/source-sql.js';
import { querySourceOf } from './query-source.js';

const row = (over: Partial<SourceRow>): SourceRow =>
  ({
    id: 'ds1',
    content: 'SELECT * FROM "main"."sales"',
    table_schema: 'main',
    table_name: 'sales',
    fields: [
      { name: 'region', title: 'Region', dataType: 'string', expression: '', aggregator: '' },
      { name: 'amount', title: '', dataType: 'number', expression: '', aggregator: 'sum' },
    ],
    ...over,
  }) as SourceRow;

describe('the FROM part of a source for chart queries', () => {
  it('reads a source made from a listed table as the table itself', () => {
    const r = row({});
    expect(querySourceOf(r, 'duckdb', checkSourceSql(r.content, 'duckdb'))).toEqual({
      sourceKind: 'table',
      tableSchema: 'main',
      tableName: 'sales',
      sql: '',
      fields: [
        { name: 'region', title: 'Region', dataType: 'string', aggregator: '', calculated: false },
        { name: 'amount', title: 'amount', dataType: 'number', aggregator: 'sum', calculated: false },
      ],
      unsupportedFields: [],
    });
  });

  it('reads free SQL as a sub-query', () => {
    const r = row({ content: 'SELECT region, amount FROM sales WHERE amount > 0;', table_name: '' });
    expect(querySourceOf(r, 'postgres', checkSourceSql(r.content, 'postgres'))).toMatchObject({ sourceKind: 'sql', sql: 'SELECT region, amount FROM sales WHERE amount > 0' });
  });

  it('adds calculated fields as columns; those with text values are left out', () => {
    const r = row({
      fields: [
        ...row({}).fields,
        { name: 'double', title: 'Double', dataType: 'number', expression: '[amount] * 2', aggregator: '' },
        { name: 'label', title: 'Label', dataType: 'string', expression: "CONCAT([region], '-')", aggregator: '' },
      ],
    });
    const part = querySourceOf(r, 'mysql', checkSourceSql('SELECT * FROM `sales`', 'mysql'));
    expect(part.sourceKind).toBe('sql');
    expect(part.sql).toBe('SELECT t.*, t.`amount` * 2 AS `double` FROM (\nSELECT * FROM `sales`\n) AS t');
    expect(part.fields.map((f) => [f.name, f.calculated])).toEqual([
      ['region', false],
      ['amount', false],
      ['double', true],
    ]);
    expect(part.unsupportedFields).toEqual(['label']);
  });

  it('puts a WITH part in front on SQL Server', () => {
    const r = row({ content: 'WITH s AS (SELECT * FROM sales) SELECT * FROM s', table_name: '', fields: [...row({}).fields, { name: 'x', title: 'x', dataType: 'number', expression: 'ABS([amount])', aggregator: '' }] });
    expect(querySourceOf(r, 'mssql', checkSourceSql(r.content, 'mssql')).sql).toBe('WITH s AS (SELECT * FROM sales)\nSELECT t.*, ABS( t.[amount] ) AS [x] FROM (\nSELECT * FROM s\n) AS t');
  });
});
