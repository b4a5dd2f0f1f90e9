import type { Chart, FilterCondition, RangeFilter } from '@bi/chart-model';
import {
  buildChartQuery,
  buildDetailQuery,
  buildPlotLineQuery,
  buildTotalsQuery,
  compile,
  DIALECT_NAMES,
  QueryError,
  resolveRelativeDates,
  type ChartQueryOptions,
  type CompiledQuery,
  type DialectName,
  type QueryIR,
  type QuerySource,
} from './index.js';
import { chart, datePoint, point, SALES_FIELDS, SALES_TABLE, value } from './testing/charts.js';

/**
 * The SQL of every feature, pinned per dialect. Each snapshot holds the statement, its bound
 * values and the answer's columns.
 */

const build = (c: Chart, options: ChartQueryOptions = {}, source: QuerySource = SALES_TABLE) => () => buildChartQuery(c, source, SALES_FIELDS, options);
const cond = (name: string, compare: FilterCondition['compare'], v: Partial<FilterCondition> = {}): FilterCondition => ({
  field: { name, dataType: SALES_FIELDS.find((f) => f.name === name)!.dataType },
  compare,
  ...v,
});
const filtered = (logic: 0 | 1, ...conditions: FilterCondition[]) => chart({ points: [point('category', { fieldFilter: { logic, conditions } })], values: [value('amount', 'sum')] });
const ranged = (...filters: RangeFilter[]) => build(chart({ points: [point('region')], values: [value('qty', 'sum')] }), { innerFilters: filters });
const monthSum = (extra: Partial<Chart> = {}) => chart({ points: [datePoint('order_date', 3)], values: [value('amount', 'sum')], ...extra });
const top = (direction: 0 | 1, num: number, mode: 0 | 1) => ({ showItemNum: true, direction, num, mode });

const CASES: Record<string, () => QueryIR> = {
  // aggregators
  'aggregators: sum, count, avg, min, max, count distinct': build(
    chart({ points: [point('region')], values: [value('amount', 'sum'), value('id', 'count'), value('qty', 'avg'), value('amount', 'min'), value('created_at', 'max'), value('product', 'countDistinct')] }),
  ),
  'default aggregators: sum for numbers, count otherwise': build(chart({ points: [point('region')], values: [value('amount'), value('product')] })),
  'card: measures without dimensions': build(chart({ type: 'card', values: [value('amount', 'sum')] })),
  'dimensions without measures': build(chart({ type: 'table', points: [point('region'), point('category')] })),
  // granularities
  'granularity normal (raw date)': build(chart({ points: [datePoint('order_date', 0)], values: [value('amount', 'sum')] })),
  'granularity year': build(chart({ points: [datePoint('order_date', 1)], values: [value('amount', 'sum')] })),
  'granularity quarter': build(chart({ points: [datePoint('order_date', 2)], values: [value('amount', 'sum')] })),
  'granularity month': build(monthSum()),
  'granularity week': build(chart({ points: [datePoint('order_date', 4)], values: [value('amount', 'sum')] })),
  'granularity day of a timestamp': build(chart({ points: [datePoint('created_at', 5)], values: [value('amount', 'sum')] })),
  'granularity on a non-date field is ignored': build(chart({ points: [point('region', { granularity: 3 })], values: [value('amount', 'sum')] })),
  // order
  'order: measure desc before the dimensions': build(chart({ points: [point('region')], values: [value('amount', 'sum', { orderBy: 'desc' })] })),
  'order: dimension desc, second dimension tie-breaker': build(chart({ points: [point('region', { orderBy: 'desc' }), point('category')], values: [value('amount', 'sum')] })),
  'order: series desc': build(chart({ points: [point('region')], secondPoints: [point('category', { orderBy: 'desc' })], values: [value('amount', 'sum')] })),
  'row limit': build(monthSum(), { rowLimit: 5000 }),
  // top-N
  'top-N items before': build(chart({ points: [point('product')], values: [value('amount', 'sum')], editTopNum: top(0, 10, 0) }), { rowLimit: 5000 }),
  'top-N items after': build(chart({ points: [point('product')], values: [value('amount', 'sum')], editTopNum: top(1, 10, 0) })),
  'top-N items capped by the row limit': build(chart({ points: [point('product')], values: [value('amount', 'sum')], editTopNum: top(0, 50, 0) }), { rowLimit: 20 }),
  'top-N items with the chart ordered by its dimension': build(monthSum({ points: [datePoint('order_date', 3, { orderBy: 'asc' })], editTopNum: top(0, 5, 0) })),
  'top-N percent before': build(monthSum({ editTopNum: top(0, 20, 1) }), { rowLimit: 5000 }),
  'top-N percent after': build(monthSum({ editTopNum: top(1, 20, 1) })),
  'top-N percent with the chart ordered by its dimension': build(monthSum({ points: [datePoint('order_date', 3, { orderBy: 'desc' })], editTopNum: top(0, 20, 1) })),
  'top-N ranks by the first value of axis 1': build(chart({ points: [point('region')], values: [value('qty', 'sum')], secondValues: [value('amount', 'avg')], editTopNum: top(0, 3, 0) })),
  'top-N items with a compare series': build(chart({ points: [point('category')], secondPoints: [point('region')], values: [value('amount', 'sum')], editTopNum: top(0, 3, 0) }), { rowLimit: 5000 }),
  'top-N percent with a compare series, ranked by avg': build(chart({ points: [point('category')], secondPoints: [datePoint('order_date', 1)], values: [value('amount', 'avg')], editTopNum: top(1, 50, 1) })),
  // compare series, second values
  'compare series (second points)': build(chart({ points: [datePoint('order_date', 3)], secondPoints: [point('region')], values: [value('amount', 'sum')] })),
  'compare series at a granularity': build(chart({ points: [point('region')], secondPoints: [datePoint('order_date', 1)], values: [value('amount', 'sum')] })),
  'second values on the second axis': build(chart({ type: 'doubleaxis', points: [datePoint('order_date', 3)], values: [value('amount', 'sum', { showTrendline: true })], secondValues: [value('qty', 'avg'), value('id', 'count')] })),
  // field filters, number
  'field filter number >': build(filtered(1, cond('amount', '>', { compareValue: 100 }))),
  'field filter number <': build(filtered(1, cond('amount', '<', { compareValue: '99.5' }))),
  'field filter number =': build(filtered(1, cond('qty', '=', { compareValue: 3 }))),
  'field filter number != (keeps NULL)': build(filtered(1, cond('qty', '!=', { compareValue: 3 }))),
  'field filter number <=': build(filtered(1, cond('amount', '<=', { compareValue: 1e10 }))),
  'field filter number >=': build(filtered(1, cond('amount', '>=', { compareValue: -2.5 }))),
  'field filter number between': build(filtered(1, cond('amount', 'between', { compareValueLeft: 10, compareValueRight: 20 }))),
  'field filter number default operator (=)': build(filtered(1, { field: { name: 'qty', dataType: 'number' }, compare: '' as never, compareValue: 7 })),
  // field filters, string
  'field filter string =': build(filtered(1, cond('region', '=', { compareValue: '华东' }))),
  'field filter string != (keeps NULL)': build(filtered(1, cond('region', '!=', { compareValue: '华东' }))),
  'field filter string like (wildcards escaped)': build(filtered(1, cond('product', 'like', { compareValue: '50%_[!]' }))),
  'field filter string not like (keeps NULL)': build(filtered(1, cond('product', 'notLike', { compareValue: '笔记本' }))),
  // field filters, date
  'field filter date between (inclusive end day)': build(filtered(1, cond('order_date', 'between', { compareValueLeft: '2024-01-01', compareValueRight: '2024-03-31' }))),
  'field filter date between with times (inclusive end time)': build(filtered(1, cond('created_at', 'between', { compareValueLeft: '2024-01-01 08:00', compareValueRight: '2024-01-01 18:30:00' }))),
  'field filter date from only': build(filtered(1, cond('order_date', 'between', { compareValueLeft: '2024/02/01' }))),
  // logic
  'field filter logic all': build(filtered(1, cond('amount', '>', { compareValue: 100 }), cond('region', '=', { compareValue: '华东' }), cond('order_date', 'between', { compareValueLeft: '2024-01-01', compareValueRight: '2024-01-31' }))),
  'field filter logic any': build(filtered(0, cond('amount', '>', { compareValue: 100 }), cond('region', '!=', { compareValue: '华东' }), cond('order_date', 'between', { compareValueLeft: '2024-01-01', compareValueRight: '2024-01-31' }))),
  'field filters of several fields are all applied': build(
    chart({
      points: [point('region', { fieldFilter: { logic: 0, conditions: [cond('region', '=', { compareValue: '华东' }), cond('region', '=', { compareValue: '华北' })] } })],
      values: [value('amount', 'sum', { fieldFilter: { logic: 1, conditions: [cond('amount', '>', { compareValue: 0 })] } })],
    }),
  ),
  'unfinished conditions are no filter': build(filtered(1, cond('amount', '>', { compareValue: '' }), cond('region', '=', { compareValue: null }))),
  // inner and global range filters
  'range filter date normal': ranged({ name: 'order_date', dataType: 'date', range: ['2024-01-05', '2024-02-05'] }),
  'range filter date year': ranged({ name: 'order_date', dataType: 'date', range: ['2022', '2023'], granularity: 1 }),
  'range filter date quarter': ranged({ name: 'order_date', dataType: 'date', range: ['2023-Q2', '2023-Q3'], granularity: 2 }),
  'range filter date month': ranged({ name: 'order_date', dataType: 'date', range: ['2023-11', '2024-02'], granularity: 3 }),
  'range filter date week': ranged({ name: 'order_date', dataType: 'date', range: ['2024-W01', '2024-01-17'], granularity: 4 }),
  'range filter date day on a timestamp': ranged({ name: 'created_at', dataType: 'date', range: ['2024-02-28', '2024-02-29'], granularity: 5 }),
  'range filter number all (no filter)': ranged({ name: 'qty', dataType: 'number', range: [1, 2], numberOption: 'all' }),
  'range filter number equal': ranged({ name: 'qty', dataType: 'number', range: [5], numberOption: 'equal' }),
  'range filter number notEqual': ranged({ name: 'qty', dataType: 'number', range: [5], numberOption: 'notEqual' }),
  'range filter number any of (a linkage selection of several points)': ranged({ name: 'qty', dataType: 'number', range: [5, '7', 5], numberOption: 'greaterThan', anyOf: true }),
  'range filter date any of the months (a linkage selection of several points)': ranged({ name: 'order_date', dataType: 'date', range: ['2024-03-01', '2024-05-01', '2024-03-01'], granularity: 3, anyOf: true }),
  'range filter number greaterThan': ranged({ name: 'amount', dataType: 'number', range: [0.5], numberOption: 'greaterThan' }),
  'range filter number greaterThanOrEqual': ranged({ name: 'amount', dataType: 'number', range: ['3000000000'], numberOption: 'greaterThanOrEqual' }),
  'range filter number lessThan': ranged({ name: 'qty', dataType: 'number', range: [10], numberOption: 'lessThan' }),
  'range filter number lessThanOrEqual': ranged({ name: 'qty', dataType: 'number', range: [10], numberOption: 'lessThanOrEqual' }),
  'range filter number range': ranged({ name: 'amount', dataType: 'number', range: [100, 200.5], numberOption: 'range' }),
  'range filter number custom (a range)': ranged({ name: 'amount', dataType: 'number', range: [100, 200], numberOption: 'custom' }),
  'range filter strings IN (duplicates once)': ranged({ name: 'region', dataType: 'string', range: ['华东', '华北', '华东'] }),
  'range filter strings, nothing selected (no filter)': ranged({ name: 'region', dataType: 'string', range: [] }),
  // relative presets, resolved at a fixed instant in the product time zone (half-open [start, end))
  'range filter date today (Berlin, the DST day)': ranged(...resolveRelativeDates([{ name: 'created_at', dataType: 'date', range: [], relative: { preset: 'today' } }], new Date('2026-03-29T12:00:00Z'), 'Europe/Berlin')),
  'range filter date this year (Berlin, just past the year boundary)': ranged(...resolveRelativeDates([{ name: 'order_date', dataType: 'date', range: [], relative: { preset: 'thisYear' } }], new Date('2026-12-31T23:30:00Z'), 'Europe/Berlin')),
  'range filter date last 7 days': ranged(...resolveRelativeDates([{ name: 'order_date', dataType: 'date', range: [], relative: { preset: 'lastDays', days: 7 } }], new Date('2027-01-02T10:00:00Z'), 'UTC')),
  'inner and global filters together': build(chart({ points: [point('region')], values: [value('qty', 'sum')] }), {
    innerFilters: [{ name: 'order_date', dataType: 'date', range: ['2024-01', '2024-03'], granularity: 3 }],
    globalFilters: [
      { name: 'region', dataType: 'string', range: ['华东', '华南'] },
      { name: 'qty', dataType: 'number', range: [2], numberOption: 'greaterThan' },
    ],
  }),
  "the chart's own inner filters when the request has none": build(chart({ points: [point('region')], values: [value('qty', 'sum')], innerFilters: [{ name: 'category', dataType: 'string', range: ['家具'] }] })),
  // totals and plot lines
  'totals: sum, avg, max, min': () =>
    buildTotalsQuery(monthSum({ aggregateConfig: { aggregateField: 'amount', showSum: true, showAvg: true, showMax: true, showMin: true } }), SALES_TABLE, SALES_FIELDS, {
      globalFilters: [{ name: 'region', dataType: 'string', range: ['华东'] }],
      rowLimit: 100,
    })!,
  'totals of a field the chart does not show': () => buildTotalsQuery(monthSum({ aggregateConfig: { aggregateField: 'qty', showAvg: true } }), SALES_TABLE, SALES_FIELDS)!,
  'totals over top-N items': () => buildTotalsQuery(monthSum({ editTopNum: top(0, 6, 0), aggregateConfig: { showSum: true, showMin: true } }), SALES_TABLE, SALES_FIELDS)!,
  'plot lines: avg, min, max of axis fields (one query)': () =>
    buildPlotLineQuery(
      monthSum({
        secondValues: [value('qty', 'avg')],
        plotLineY: [
          { name: 'fixed', valueType: 0, value: 100 },
          { name: 'avg', valueType: 1, axisField: { axisName: 'amount', aggregator: 'sum' }, formula: 0 },
          { name: 'min', valueType: 1, axisField: { axisName: 'amount', aggregator: 'sum' }, formula: 1 },
        ],
        plotLineYOptional: [{ name: 'max of count', valueType: 1, axisField: { axisName: 'id', aggregator: 'count' }, formula: 2 }],
        innerFilters: [{ name: 'order_date', dataType: 'date', range: ['2024', '2024'], granularity: 1 }],
      }),
      SALES_TABLE,
      SALES_FIELDS,
    ).query!,
  // detail rows
  'detail first page': () => buildDetailQuery(monthSum(), SALES_TABLE, SALES_FIELDS, { columns: ['id', 'order_date', 'amount'] }),
  'detail page 3 of 50, ordered, with the detail filter (logic 1 any)': () =>
    buildDetailQuery(filtered(1, cond('amount', '>', { compareValue: 100 })), SALES_TABLE, SALES_FIELDS, {
      order: [{ name: 'amount', dir: 'desc' }],
      page: 3,
      pageSize: 50,
      globalFilters: [{ name: 'order_date', dataType: 'date', range: ['2024-01', '2024-01'], granularity: 3 }],
      detailFilter: { logic: 1, filterItems: [{ field: { name: 'qty', dataType: 'number' }, compare: '>', compareValue: 10 }, { field: { name: 'product', dataType: 'string' }, compare: 'like', compareValue: '书' }] },
    }),
  'detail filter logic 0 all': () =>
    buildDetailQuery(monthSum(), SALES_TABLE, SALES_FIELDS, {
      columns: ['id'],
      detailFilter: { logic: 0, filterItems: [{ field: { name: 'qty', dataType: 'number' }, compare: '>', compareValue: 10 }, { field: { name: 'region', dataType: 'string' }, compare: '=', compareValue: '华东' }] },
    }),
  // sources
  'table in a schema': build(monthSum(), {}, { kind: 'table', schema: '报表', table: '销售 "明细"' }),
  'SQL source wrapped as a sub-query (one trailing ; dropped)': build(monthSum(), { globalFilters: [{ name: 'region', dataType: 'string', range: ['华东'] }] }, { kind: 'sql', sql: "SELECT * FROM sales WHERE note <> ';' -- a comment;\n;" }),
  'SQL source with WITH': build(monthSum({ editTopNum: top(0, 3, 0) }), {}, { kind: 'sql', sql: 'WITH s AS (SELECT * FROM sales) SELECT * FROM s' }),
  'field names that need quoting': () =>
    buildChartQuery(chart({ points: [point('区域 "A"')], values: [value('金额`]', 'sum')] }), SALES_TABLE, [
      { name: '区域 "A"', dataType: 'string' },
      { name: '金额`]', dataType: 'number' },
    ]),
};

function render(q: CompiledQuery): string {
  const columns = q.columns.map((c) => `${c.alias}=${c.role}:${c.field}${c.granularity && c.granularity !== 'normal' ? `/${c.granularity}` : ''}${c.aggregator ? `/${c.aggregator}` : ''}${c.fn ? `/${c.fn}` : ''}${c.axis === 2 ? '/axis2' : ''}${c.trendline ? '/trendline' : ''}`);
  return `${q.sql}\n-- params: ${JSON.stringify(q.params)}\n-- columns: ${columns.join(', ')}`;
}

describe.each(DIALECT_NAMES)('%s', (dialect: DialectName) => {
  it.each(Object.entries(CASES))('%s', (_name, make) => {
    expect(render(compile(make(), dialect))).toMatchSnapshot();
  });

  it('numbers its placeholders in order of appearance, one per value', () => {
    for (const make of Object.values(CASES)) {
      const q = compile(make(), dialect);
      const markers = q.sql.match(/\$\d+|\?|@p\d+|:\d+|\{p\d+:[^}]+\}/g) ?? [];
      expect(markers.length).toBe(q.params.length);
      if (dialect !== 'mysql' && dialect !== 'trino') expect(markers.map((m) => Number(m.replace(/^\{p(\d+):.*/, '$1').replace(/\D/g, '')))).toEqual(q.params.map((_, i) => i + 1));
    }
  });

  describe('refuses', () => {
    const refusal = (make: () => QueryIR) => {
      try {
        compile(make(), dialect);
      } catch (e) {
        expect(e).toBeInstanceOf(QueryError);
        return { code: (e as QueryError).code, params: (e as QueryError).params };
      }
      throw new Error('expected a refusal');
    };

    it('an unknown field anywhere, without writing it into SQL', () => {
      const evil = 'x" ; DROP TABLE sales; --';
      const charts: Chart[] = [
        chart({ points: [point(evil)], values: [value('amount')] }),
        chart({ points: [point('region')], values: [value(evil)] }),
        chart({ points: [point('region')], secondPoints: [point(evil)], values: [value('amount')] }),
        chart({ points: [point('region')], secondValues: [value(evil)] }),
        filtered(1, cond('amount', '>', { compareValue: 1 }), { field: { name: evil, dataType: 'number' }, compare: '>', compareValue: 1 }),
        chart({ points: [point('region')], values: [value('amount')], innerFilters: [{ name: evil, dataType: 'string', range: ['a'] }] }),
      ];
      for (const c of charts) expect(refusal(build(c))).toEqual({ code: 'unknown_field', params: { name: evil } });
      expect(refusal(build(monthSum(), { globalFilters: [{ name: evil, dataType: 'date', range: ['2024'] }] }))).toEqual({ code: 'unknown_field', params: { name: evil } });
      expect(refusal(() => buildPlotLineQuery(monthSum({ plotLineY: [{ name: 'p', valueType: 1, axisField: { axisName: evil }, formula: 0 }] }), SALES_TABLE, SALES_FIELDS).query!)).toEqual({ code: 'unknown_field', params: { name: evil } });
      expect(refusal(() => buildTotalsQuery(monthSum({ aggregateConfig: { aggregateField: evil, showSum: true } }), SALES_TABLE, SALES_FIELDS)!)).toEqual({ code: 'unknown_field', params: { name: evil } });
      expect(refusal(() => buildDetailQuery(monthSum(), SALES_TABLE, SALES_FIELDS, { columns: ['id', evil] }))).toEqual({ code: 'unknown_field', params: { name: evil } });
      expect(refusal(() => buildDetailQuery(monthSum(), SALES_TABLE, SALES_FIELDS, { detailFilter: { logic: 0, filterItems: [{ field: { name: evil }, compare: '=', compareValue: 1 }] } }))).toEqual({
        code: 'unknown_field',
        params: { name: evil },
      });
    });

    it('sum and avg of a field that is not a number (the source decides the type)', () => {
      expect(refusal(build(chart({ points: [point('region')], values: [value('product', 'sum')] })))).toEqual({ code: 'aggregator_not_allowed', params: { name: 'product', aggregator: 'sum', dataType: 'string' } });
      expect(refusal(build(chart({ points: [point('region')], values: [value('order_date', 'avg')] })))).toMatchObject({ code: 'aggregator_not_allowed' });
      // the chart claims a number; the source knows better
      expect(refusal(build(chart({ points: [point('region')], values: [{ ...value('region', 'sum'), dataType: 'number' }] })))).toMatchObject({ code: 'aggregator_not_allowed' });
      expect(refusal(build(chart({ points: [point('region')], values: [value('amount', 'median' as never)] })))).toMatchObject({ code: 'aggregator_not_allowed' });
    });

    it('more IN values than the bound (1000)', () => {
      const values = Array.from({ length: 1001 }, (_, i) => `r${i}`);
      expect(refusal(ranged({ name: 'region', dataType: 'string', range: values }))).toEqual({ code: 'too_many_values', params: { name: 'region', count: 1001, max: 1000 } });
      expect(() => compile(ranged({ name: 'region', dataType: 'string', range: values.slice(0, 1000) })(), dialect)).not.toThrow();
    });

    it('a second statement in the source SQL', () => {
      for (const sql of ['SELECT * FROM sales; DROP TABLE sales', 'SELECT * FROM sales;;', 'SELECT 1; SELECT 2']) {
        expect(refusal(build(monthSum(), {}, { kind: 'sql', sql }))).toEqual({ code: 'invalid_sql', params: { problem: 'multiple_statements' } });
      }
    });

    it('source SQL that is not one read-only query', () => {
      expect(refusal(build(monthSum(), {}, { kind: 'sql', sql: 'DELETE FROM sales' }))).toMatchObject({ code: 'invalid_sql', params: { problem: 'only_select' } });
      expect(refusal(build(monthSum(), {}, { kind: 'sql', sql: 'SELECT * INTO copy FROM sales' }))).toMatchObject({ code: 'invalid_sql', params: { problem: 'forbidden_keyword' } });
      expect(refusal(build(monthSum(), {}, { kind: 'sql', sql: '  ' }))).toMatchObject({ code: 'invalid_sql', params: { problem: 'empty' } });
      expect(refusal(build(monthSum(), {}, { kind: 'sql', sql: "SELECT * FROM sales WHERE region = 'x" }))).toMatchObject({ code: 'invalid_sql', params: { problem: 'unterminated' } });
    });

    it('operators the type does not offer and values that are not of the type', () => {
      expect(refusal(build(filtered(1, cond('amount', 'like', { compareValue: '1' }))))).toEqual({ code: 'operator_not_allowed', params: { name: 'amount', compare: 'like', dataType: 'number' } });
      expect(refusal(build(filtered(1, cond('region', '>', { compareValue: 'a' }))))).toMatchObject({ code: 'operator_not_allowed' });
      expect(refusal(build(filtered(1, cond('order_date', '=', { compareValue: '2024-01-01' }))))).toMatchObject({ code: 'operator_not_allowed' });
      expect(refusal(build(filtered(1, cond('amount', '>', { compareValue: '1; DROP TABLE x' }))))).toEqual({ code: 'invalid_value', params: { name: 'amount', value: '1; DROP TABLE x' } });
      expect(refusal(build(filtered(1, cond('order_date', 'between', { compareValueLeft: '2024-02-30' }))))).toMatchObject({ code: 'invalid_value' });
      expect(refusal(ranged({ name: 'order_date', dataType: 'date', range: ['2024-01-01T00:00:00Z'] }))).toMatchObject({ code: 'invalid_value' });
    });

    it('ranges whose start lies after their end, and relative presets not resolved by the server', () => {
      expect(refusal(ranged({ name: 'order_date', dataType: 'date', range: ['2024-03', '2024-01'], granularity: 3 }))).toEqual({ code: 'range_reversed', params: { name: 'order_date', from: '2024-03', to: '2024-01' } });
      expect(refusal(ranged({ name: 'order_date', dataType: 'date', range: ['2024-01-02', '2024-01-01'] }))).toMatchObject({ code: 'range_reversed' });
      expect(refusal(ranged({ name: 'amount', dataType: 'number', range: [20, 10], numberOption: 'range' }))).toMatchObject({ code: 'range_reversed' });
      expect(refusal(build(filtered(1, cond('amount', 'between', { compareValueLeft: 20, compareValueRight: 10 }))))).toMatchObject({ code: 'range_reversed' });
      expect(() => compile(ranged({ name: 'order_date', dataType: 'date', range: ['2024-01-01', '2024-01-01'] })(), dialect)).not.toThrow();
      expect(refusal(ranged({ name: 'order_date', dataType: 'date', range: [], relative: { preset: 'today' } }))).toMatchObject({ code: 'invalid_value' });
    });
  });
});

describe('filters never apply a function to the filtered column', () => {
  /** Every row filter (WHERE) of a statement, up to the next clause or the end of its level. */
  const conditions = (sql: string) => [...sql.matchAll(/\nWHERE ([\s\S]*?)(?=\n(?:GROUP BY|ORDER BY|QUALIFY|LIMIT|OFFSET|FETCH)|\n\)|$)/g)].map((m) => m[1]);
  const FUNCTIONS = /\b(date_trunc|TRUNC|DATE_FORMAT|DATEFROMPARTS|DATEADD|DATE_SUB|DATE|YEAR|MONTH|QUARTER|WEEKDAY|MAKEDATE|UPPER|LOWER|COALESCE|CONVERT|TO_CHAR|CAST)\s*\(\s*src\./i;

  it.each(DIALECT_NAMES)('%s', (dialect) => {
    let checked = 0;
    for (const [name, make] of Object.entries(CASES)) {
      const q = compile(make(), dialect);
      for (const where of conditions(q.sql).filter((w) => w.includes('src.'))) {
        checked++;
        expect({ name, where, fn: FUNCTIONS.test(where) }).toEqual({ name, where, fn: false });
        // every column reference is the left side of a plain comparison
        for (const m of where.matchAll(/src\.(?:"(?:[^"]|"")*"|`(?:[^`]|``)*`|\[(?:[^\]]|\]\])*\])/g)) {
          const before = where.slice(0, m.index);
          const after = where.slice(m.index! + m[0].length);
          expect({ name, where, before: /(^|[( ])$/.test(before) }).toEqual({ name, where, before: true });
          expect({ name, where, after: /^ (>=|<=|<>|=|<|>|IN \(|NOT IN \(|LIKE |NOT LIKE |IS NULL|IS NOT NULL)/.test(after) }).toEqual({ name, where, after: true });
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(40);
  });

  it('date truncation appears in the select list and GROUP BY only', () => {
    const q = compile(buildChartQuery(monthSum(), SALES_TABLE, SALES_FIELDS, { innerFilters: [{ name: 'order_date', dataType: 'date', range: ['2024-01', '2024-03'], granularity: 3 }] }), 'postgres');
    expect(q.sql).toContain(`WHERE src."order_date" >= $1 AND src."order_date" < $2`);
    expect(q.params.slice(0, 2)).toEqual(['2024-01-01', '2024-04-01']);
    expect(q.sql.match(/date_trunc\(/g)).toHaveLength(3); // SELECT, GROUP BY, ORDER BY
  });
});

describe('source SQL', () => {
  it('SQL Server: the WITH part of source SQL goes in front, also after leading blanks and comments', () => {
    const q = compile(buildChartQuery(monthSum(), { kind: 'sql', sql: '\n  -- recent\n  WITH s AS (SELECT * FROM sales) SELECT * FROM s ;' }, SALES_FIELDS), 'mssql');
    expect(q.sql.startsWith('-- recent\n  WITH s AS (SELECT * FROM sales)\nSELECT ')).toBe(true);
    expect(q.sql).toContain('FROM (\nSELECT * FROM s\n) AS src');
  });
});

describe('a filter of any of several values (RangeFilter.anyOf, linkage)', () => {
  const run = (f: Partial<RangeFilter>) => compile(ranged({ name: 'qty', dataType: 'number', range: [], ...f } as RangeFilter)(), 'duckdb');
  it('numbers: IN the distinct values, bound', () => {
    const q = run({ range: [5, '7', 5, ''], anyOf: true });
    expect(q.sql).toContain('src."qty" IN ($1, $2)');
    expect(q.params.slice(0, 2)).toEqual([5, 7]);
  });
  it('dates: within any of the periods', () => {
    const q = run({ name: 'order_date', dataType: 'date', range: ['2024-03-01', '2024-05-01'], granularity: 3, anyOf: true });
    expect(q.sql).toContain('(src."order_date" >= $1 AND src."order_date" < $2) OR (src."order_date" >= $3 AND src."order_date" < $4)');
  });
  it('refuses a flag that is not true or false, a value of the wrong type, too many values', () => {
    expect(() => run({ range: [1, 2], anyOf: 'yes' as unknown as boolean })).toThrow(/invalid_value/);
    expect(() => run({ range: [1, 'x'], anyOf: true })).toThrow(/invalid_value/);
    expect(() => run({ name: 'order_date', dataType: 'date', range: ['2024-02-30', '2024-03-01'], anyOf: true })).toThrow(/invalid_value/);
    expect(() => run({ name: 'order_date', dataType: 'date', range: Array.from({ length: 1001 }, () => '2024-03-01'), anyOf: true })).toThrow(/too_many_values/);
  });
  it('nothing selected is no filter', () => {
    expect(run({ range: ['', null as unknown as string], anyOf: true }).sql).not.toContain('WHERE');
  });
});
