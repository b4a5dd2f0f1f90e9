import type { ChartQueryIR } from './ir.js';
import { chooseRollups, matchRollup, type KeptRollup } from './rollup.js';
import type { SourceField } from './source.js';

// Choosing rollups (issue 31): the dashboards' global-filter fields that apply to a chart become
// dimensions of its rollup, so a dashboard filter on a field no chart groups by still matches.

const day: SourceField = { name: 'day', dataType: 'date' };
const region: SourceField = { name: 'region', dataType: 'string' };
const amount: SourceField = { name: 'amount', dataType: 'number' };
const monthly = (filters: ChartQueryIR['filters'] = { kind: 'and', children: [] }): ChartQueryIR => ({
  kind: 'chart',
  source: { kind: 'table', table: 'sales' },
  dimensions: [{ field: day, granularity: 'month', alias: 'd0', title: 'day' }],
  measures: [{ field: amount, aggregator: 'sum', alias: 'm0', title: 'amount', axis: 1, trendline: false }],
  filters,
  order: [],
});
const byRegion = { kind: 'compare', field: region, op: '=', value: { type: 'string', value: 'East' } } as const;

describe('chooseRollups with dashboards’ filter fields', () => {
  it('groups a chart’s rollup by the global-filter fields of its dashboards too', () => {
    expect(chooseRollups([monthly()]).map((s) => s.dimensions.map((f) => f.name))).toEqual([['day']]);
    expect(chooseRollups([monthly()], { chartGroupBy: [[region]] }).map((s) => s.dimensions.map((f) => f.name))).toEqual([['day', 'region']]);
  });

  it('only for the charts the filter applies to: a chart of another dashboard keeps its own grouping', () => {
    const specs = chooseRollups([monthly(), monthly()], { chartGroupBy: [[region], undefined] });
    expect(specs.map((s) => s.dimensions.map((f) => f.name)).sort()).toEqual([['day'], ['day', 'region']]);
  });

  it('the chosen rollup answers the chart under the dashboard filter (without it: a filter_field miss)', () => {
    const kept = (dims: SourceField[]): KeptRollup => ({ ...chooseRollups([monthly()], { chartGroupBy: [dims] })[0]!, id: 'r', table: 'r_t', dataVersion: 1, rows: 10, floatSums: [] });
    const filtered = monthly({ kind: 'and', children: [byRegion] });
    expect(matchRollup(filtered, [kept([])], 1, 'duckdb')).toEqual({ reason: 'filter_field', field: 'region' });
    expect('ir' in matchRollup(filtered, [kept([region])], 1, 'duckdb')).toBe(true);
  });
});
