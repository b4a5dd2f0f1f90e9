import type { GlobalFilterItem } from '@bi/chart-model';
import { checkGlobalFilters, GLOBAL_FILTER_LIMITS, parseGlobalFilters, type GlobalFilterContext, type GlobalFilterProblem } from './global-filters.js';

const SOURCES: Record<string, { name: string; dataType: 'string' | 'number' | 'date' }[]> = {
  sales: [
    { name: 'region', dataType: 'string' },
    { name: 'order_date', dataType: 'date' },
    { name: 'amount', dataType: 'number' },
  ],
  stock: [
    { name: 'area', dataType: 'string' },
    { name: 'qty', dataType: 'number' },
  ],
};
const CHARTS: Record<string, string> = { bar: 'sales', pie: 'sales', stock: 'stock' };
const ctx: GlobalFilterContext = { sourceFields: (id) => SOURCES[id], chartSource: (id) => CHARTS[id] };

const region = { id: 'g1', name: 'region', dataType: 'string', dataSourceId: 'sales', range: [] };
const parsed = (raw: unknown) => {
  const r = parseGlobalFilters(raw);
  if ('problem' in r) throw new Error(JSON.stringify(r.problem));
  return r.items;
};
const check = (...items: unknown[]): GlobalFilterProblem | null => {
  const r = parseGlobalFilters(items);
  return 'problem' in r ? r.problem : checkGlobalFilters(r.items, ctx);
};

describe('parsing a global filter list', () => {
  it('keeps the known members only', () => {
    const items = parsed([{ ...region, title: 'Region', show: true, showAll: false, charts: [{ chartId: 'bar' }, { chartId: 'stock', field: 'area', extra: 1 }], evil: '<script>' }]);
    expect(items).toEqual<GlobalFilterItem[]>([{ id: 'g1', name: 'region', title: 'Region', dataType: 'string', dataSourceId: 'sales', range: [], show: true, showAll: false, charts: [{ chartId: 'bar' }, { chartId: 'stock', field: 'area' }] }]);
  });

  it.each<[string, unknown, string]>([
    ['not an object', [1], 'globalFilter.0: expected an object'],
    ['no field name', [{ ...region, name: '' }], 'globalFilter.0.name: 1 to 128 characters'],
    ['an unknown type', [{ ...region, dataType: 'boolean' }], 'globalFilter.0.dataType: string, number or date'],
    ['a value that is an object', [{ ...region, range: [{ $gt: 1 }] }], 'globalFilter.0.range: texts of at most 1000 characters or numbers'],
    ['an unknown preset', [{ ...region, dataType: 'date', relative: { preset: 'yesterday' } }], 'globalFilter.0.relative.preset: one of today, thisWeek, thisMonth, thisQuarter, thisYear, lastDays'],
    ['last 0 days', [{ ...region, dataType: 'date', relative: { preset: 'lastDays', days: 0 } }], 'globalFilter.0.relative.days: 1 to 3660'],
    ['a granularity out of range', [{ ...region, granularity: 9 }], 'globalFilter.0.granularity: 0 to 5'],
    ['a chart entry without id', [{ ...region, charts: [{ field: 'x' }] }], 'globalFilter.0.charts: each {chartId, field?}'],
    ['a NUL in a value (the wire schema\'s text rule: refused before the store)', [{ ...region, range: ['a\u0000b'] }], 'globalFilter.0.range: the text contains a NUL character'],
  ])('names what is wrong with %s', (_name, raw, detail) => {
    expect(parseGlobalFilters(raw)).toEqual({ problem: { kind: 'invalid', detail } });
  });

  it.each<[string, unknown, GlobalFilterProblem['kind']]>([
    ['not a list', { a: 1 }, 'invalid'],
    ['too many items', Array.from({ length: GLOBAL_FILTER_LIMITS.items + 1 }, (_, i) => ({ ...region, id: `g${i}` })), 'too_many'],
    ['a repeated id', [region, region], 'duplicate_id'],
    ['no field name', [{ ...region, name: '' }], 'invalid'],
    ['an unknown type', [{ ...region, dataType: 'boolean' }], 'invalid'],
    ['more than 1000 values', [{ ...region, range: Array.from({ length: 1001 }, (_, i) => `v${i}`) }], 'too_many_values'],
    ['a value that is an object', [{ ...region, range: [{ $gt: 1 }] }], 'invalid'],
    ['an unknown number option', [{ ...region, dataType: 'number', name: 'amount', numberOption: 'like' }], 'operator_not_allowed'],
    ['an unknown preset', [{ ...region, dataType: 'date', relative: { preset: 'yesterday' } }], 'invalid'],
    ['last 0 days', [{ ...region, dataType: 'date', relative: { preset: 'lastDays', days: 0 } }], 'invalid'],
    ['a granularity out of range', [{ ...region, granularity: 9 }], 'invalid'],
  ])('refuses %s', (_name, raw, kind) => {
    const r = parseGlobalFilters(raw);
    expect('problem' in r && r.problem.kind).toBe(kind);
  });
});

describe('the rules of a global filter list', () => {
  it.each<[string, unknown, GlobalFilterProblem | null]>([
    ['a text item on every chart with the field', region, null],
    ['a mapped field of the same type on another source', { ...region, charts: [{ chartId: 'bar' }, { chartId: 'stock', field: 'area' }] }, null],
    ['a date item with a stored month range', { ...region, name: 'order_date', dataType: 'date', granularity: 3, range: ['2024-01', '2024-03'] }, null],
    ['a date item with a preset', { ...region, name: 'order_date', dataType: 'date', granularity: 5, relative: { preset: 'lastDays', days: 30 } }, null],
    ['a number item', { ...region, name: 'amount', dataType: 'number', numberOption: 'greaterThan', range: ['100'] }, null],
    ['a field the table lacks', { ...region, name: 'city' }, { kind: 'unknown_field', name: 'city' }],
    ['a table that is not known', { ...region, dataSourceId: 'gone' }, { kind: 'unknown_source' }],
    ['an item typed unlike its field', { ...region, dataType: 'number' }, { kind: 'mixed_types', name: 'region' }],
    ['a mapped field of another type (the spec refusal)', { ...region, charts: [{ chartId: 'stock', field: 'qty' }] }, { kind: 'mixed_types', name: 'qty' }],
    ['a chart not on the dashboard', { ...region, charts: [{ chartId: 'gone' }] }, { kind: 'unknown_chart', chartId: 'gone' }],
    ['a chart whose source lacks the field', { ...region, charts: [{ chartId: 'stock' }] }, { kind: 'unknown_field', name: 'region' }],
    ['a malformed date', { ...region, name: 'order_date', dataType: 'date', range: ['2024-02-30'] }, { kind: 'invalid_value', name: 'order_date', value: '2024-02-30' }],
    ['dates whose start lies after the end', { ...region, name: 'order_date', dataType: 'date', granularity: 3, range: ['2024-03', '2024-01'] }, { kind: 'range_reversed', name: 'order_date' }],
    ['numbers whose start lies after the end', { ...region, name: 'amount', dataType: 'number', numberOption: 'range', range: [10, 5] }, { kind: 'range_reversed', name: 'amount' }],
    ['a number value that is not a number', { ...region, name: 'amount', dataType: 'number', numberOption: 'equal', range: ['1; DROP TABLE x'] }, { kind: 'invalid_value', name: 'amount', value: '1; DROP TABLE x' }],
    ['a number option on a text', { ...region, numberOption: 'equal' }, { kind: 'operator_not_allowed', name: 'region', option: 'equal' }],
    ['a preset on a number', { ...region, name: 'amount', dataType: 'number', relative: { preset: 'today' } }, { kind: 'operator_not_allowed', name: 'amount', option: 'today' }],
  ])('%s', (_name, item, expected) => {
    expect(check(item)).toEqual(expected);
  });
});
