import type { Chart, DrillLevel } from '@bi/chart-model';
import { buildChartQuery, buildDetailQuery, buildTotalsQuery, compile, DIALECT_NAMES, QueryError, type CompiledQuery, type DialectName } from './index.js';
import { chart, datePoint, point, SALES_FIELDS, SALES_TABLE, value } from './testing/charts.js';

/** The drill-down in the queries (issue 27): the dimension swapped for the level below the path, the path's values as filters. */

const geo: DrillLevel[] = [
  { name: 'region', dataType: 'string' },
  { name: 'category', dataType: 'string' },
  { name: 'product', dataType: 'string' },
];
const dates: DrillLevel[] = [
  { name: 'order_date', dataType: 'date', granularity: 1 },
  { name: 'order_date', dataType: 'date', granularity: 3 },
  { name: 'order_date', dataType: 'date', granularity: 5 },
];
const geoChart = (extra: Partial<Chart> = {}) => chart({ points: [point('region', { orderBy: 'desc' })], values: [value('amount', 'sum')], drill: geo, ...extra });
const dateChart = () => chart({ type: 'line', points: [datePoint('order_date', 1)], values: [value('amount', 'sum')], drill: dates });

const render = (q: CompiledQuery) => `${q.sql}\n-- params: ${JSON.stringify(q.params)}\n-- columns: ${q.columns.map((c) => `${c.alias}=${c.role}:${c.field}${c.granularity && c.granularity !== 'normal' ? `/${c.granularity}` : ''}`).join(', ')}`;

describe('drill-down in buildChartQuery', () => {
  it('without a path the chart runs as stored', () => {
    expect(buildChartQuery(geoChart(), SALES_TABLE, SALES_FIELDS, { drill: [] })).toEqual(buildChartQuery(geoChart(), SALES_TABLE, SALES_FIELDS));
  });

  it('one level down: the second level is the dimension (order kept), the first equals the clicked value', () => {
    const ir = buildChartQuery(geoChart(), SALES_TABLE, SALES_FIELDS, { drill: ['华东'] });
    expect(ir.dimensions.map((d) => d.field.name)).toEqual(['category']);
    expect(ir.order).toEqual([{ ref: 'd0', dir: 'desc' }]);
    expect(ir.filters).toEqual({ kind: 'compare', field: { name: 'region', dataType: 'string' }, op: '=', value: { type: 'string', value: '华东' } });
  });

  it('two levels down: both upper levels filter, ANDed with the global filters and the row rules', () => {
    const rowFilter = { kind: 'compare' as const, field: { name: 'region', dataType: 'string' as const }, op: '=' as const, value: { type: 'string' as const, value: '华北' } };
    const ir = buildChartQuery(geoChart(), SALES_TABLE, SALES_FIELDS, { drill: ['华东', '家电'], globalFilters: [{ name: 'qty', dataType: 'number', numberOption: 'greaterThan', range: [1] }], rowFilter });
    expect(ir.dimensions.map((d) => d.field.name)).toEqual(['product']);
    const text = JSON.stringify(ir.filters);
    for (const v of ['"华东"', '"家电"', '"华北"', '"qty"']) expect(text).toContain(v);
    expect(ir.filters).toMatchObject({ kind: 'and' });
  });

  it('a date drills by granularity: the year clicked is a period, the month the next dimension', () => {
    const ir = buildChartQuery(dateChart(), SALES_TABLE, SALES_FIELDS, { drill: ['2024'] });
    expect(ir.dimensions.map((d) => [d.field.name, d.granularity])).toEqual([['order_date', 'month']]);
    expect(JSON.stringify(ir.filters)).toContain('"year":2024');
  });

  it('totals follow the drilled level', () => {
    const q = buildTotalsQuery(geoChart({ aggregateConfig: { showSum: true } }), SALES_TABLE, SALES_FIELDS, { drill: ['华东'] });
    expect(q?.base.dimensions.map((d) => d.field.name)).toEqual(['category']);
  });

  it('detail rows at a drilled level: the path filters, the point key names the drilled dimension', () => {
    const ir = buildDetailQuery(geoChart(), SALES_TABLE, SALES_FIELDS, { drill: ['华东'], pointKey: '家电' });
    const text = JSON.stringify(ir.filters);
    expect(text).toContain('"region"');
    expect(text).toContain('"category"');
    expect(text).toContain('"家电"');
  });

  it.each([
    ['a path on a chart without a hierarchy', chart({ points: [point('region')], values: [value('amount', 'sum')] }), ['华东']],
    ['a path as long as the hierarchy', geoChart(), ['华东', '家电', '电视']],
    ['a value that is not a text', geoChart(), [1]],
    ['a date value that is not a date', dateChart(), ['north']],
    ['a value longer than the filter bound', geoChart(), ['x'.repeat(5000)]],
  ])('refuses %s', (_name, c, path) => {
    expect(() => buildChartQuery(c as Chart, SALES_TABLE, SALES_FIELDS, { drill: path as string[] })).toThrow(QueryError);
  });
});

describe.each(DIALECT_NAMES)('%s', (dialect: DialectName) => {
  it('region → category → product, two levels down', () => {
    expect(render(compile(buildChartQuery(geoChart(), SALES_TABLE, SALES_FIELDS, { drill: ['华东', '家电'] }), dialect))).toMatchSnapshot();
  });
  it('year → month, one level down', () => {
    expect(render(compile(buildChartQuery(dateChart(), SALES_TABLE, SALES_FIELDS, { drill: ['2024'] }), dialect))).toMatchSnapshot();
  });
});
