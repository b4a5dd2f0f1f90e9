import { buildDetailQuery, buildFieldRangeQuery, compile, DIALECT_NAMES, fieldRangeOf, QueryError, type DialectName } from './index.js';
import { chart, point, SALES_FIELDS, SALES_TABLE, value } from './testing/charts.js';

/** The values of a filter field (POST /api/field/inner_range) and the detail search, pinned per dialect. */

const render = (q: ReturnType<typeof compile>) => `${q.sql}\n-- params: ${JSON.stringify(q.params)}\n-- columns: ${q.columns.map((c) => `${c.alias}=${c.role}:${c.field}`).join(', ')}`;

describe.each(DIALECT_NAMES)('%s', (dialect: DialectName) => {
  it('text field: distinct values with their counts, no empty value, searched, one more than the limit', () => {
    expect(render(compile(buildFieldRangeQuery(SALES_TABLE, SALES_FIELDS, 'region', { search: '华%_', limit: 20 }).query, dialect))).toMatchSnapshot();
  });
  it('number field: min and max', () => {
    expect(render(compile(buildFieldRangeQuery(SALES_TABLE, SALES_FIELDS, 'amount').query, dialect))).toMatchSnapshot();
  });
  it('detail rows searched in every text field', () => {
    const c = chart({ points: [point('region')], values: [value('amount', 'sum')] });
    expect(render(compile(buildDetailQuery(c, SALES_TABLE, SALES_FIELDS, { columns: ['id', 'region', 'product', 'amount'], search: "o'k%" }), dialect))).toMatchSnapshot();
  });
});

describe('field range', () => {
  it('refuses unknown fields, bad limits and long searches', () => {
    expect(() => buildFieldRangeQuery(SALES_TABLE, SALES_FIELDS, 'nope')).toThrow(QueryError);
    expect(() => buildFieldRangeQuery(SALES_TABLE, SALES_FIELDS, 'region', { limit: 1001 })).toThrow(/invalid_option/);
    expect(() => buildFieldRangeQuery(SALES_TABLE, SALES_FIELDS, 'region', { limit: 0 })).toThrow(/invalid_option/);
    expect(() => buildFieldRangeQuery(SALES_TABLE, SALES_FIELDS, 'region', { search: 'x'.repeat(1001) })).toThrow(/value_too_long/);
  });

  it('reads its answer from the rows', () => {
    const text = buildFieldRangeQuery(SALES_TABLE, SALES_FIELDS, 'region', { limit: 2 });
    expect(fieldRangeOf(text, [{ d0: 'A', m0: 3 }, { d0: 'B', m0: 1 }, { d0: 'C', m0: 9 }])).toEqual({ name: 'region', dataType: 'string', values: [{ value: 'A', count: 3 }, { value: 'B', count: 1 }], more: true });
    expect(fieldRangeOf(text, [{ d0: 'A', m0: 3 }])).toMatchObject({ more: false });
    const num = buildFieldRangeQuery(SALES_TABLE, SALES_FIELDS, 'amount');
    expect(fieldRangeOf(num, [{ m0: 1.5, m1: 99 }])).toEqual({ name: 'amount', dataType: 'number', min: 1.5, max: 99 });
    expect(fieldRangeOf(num, [])).toEqual({ name: 'amount', dataType: 'number', min: null, max: null });
  });

  it('detail search over no text column finds no row; an empty search is no filter', () => {
    const c = chart({ points: [point('region')], values: [value('amount', 'sum')] });
    expect(buildDetailQuery(c, SALES_TABLE, SALES_FIELDS, { columns: ['id', 'amount'], search: 'x' }).filters).toMatchObject({ kind: 'none' });
    expect(buildDetailQuery(c, SALES_TABLE, SALES_FIELDS, { columns: ['id', 'amount'], search: '' }).filters).toEqual(buildDetailQuery(c, SALES_TABLE, SALES_FIELDS, { columns: ['id', 'amount'] }).filters);
  });
});
