import { chartFilters, isEmptyFilterValue, type ChartFiltersInput, type ChartFilters, type GlobalFilterItem } from './chart-filters.js';
import type { DashboardLinkage, LinkageDimension } from './linkage.js';

const sales = [
  { name: 'region', dataType: 'string' as const },
  { name: 'order_date', dataType: 'date' as const },
  { name: 'amount', dataType: 'number' as const },
];
const stock = [
  { name: 'area', dataType: 'string' as const },
  { name: 'day', dataType: 'date' as const },
];

const region: GlobalFilterItem = { id: 'g1', name: 'region', dataType: 'string', range: [], dataSourceId: 'sales' };
const regionMapped: GlobalFilterItem = { ...region, charts: [{ chartId: 'bar' }, { chartId: 'stock', field: 'area' }] };
const dates: GlobalFilterItem = { id: 'g2', name: 'order_date', dataType: 'date', granularity: 3, range: ['2024-01', '2024-03'] };
const amount: GlobalFilterItem = { id: 'g3', name: 'amount', dataType: 'number', numberOption: 'greaterThan', range: [100] };
const links: DashboardLinkage[] = [{ chartId: 'pie', targets: [{ chartId: 'bar', fields: [{ source: 'region', target: 'region' }] }] }];
const dims: Record<string, LinkageDimension[]> = { pie: [{ name: 'region', dataType: 'string' }] };

const bar = { chartId: 'bar', dataSourceId: 'sales' };
const stockChart = { chartId: 'stock', dataSourceId: 'stock' };

type Row = [string, ChartFiltersInput, ChartFilters];
const rows: Row[] = [
  ['no items: nothing', { chart: bar, fields: sales, globalFilters: [] }, { globalFilters: [], skipped: [] }],
  ['an item with nothing picked is left out', { chart: bar, fields: sales, globalFilters: [region] }, { globalFilters: [], skipped: [] }],
  [
    'the viewer value replaces the stored range',
    { chart: bar, fields: sales, globalFilters: [region], globalValues: { g1: { range: ['East', 'West'] } } },
    { globalFilters: [{ id: 'g1', name: 'region', dataType: 'string', range: ['East', 'West'] }], skipped: [] },
  ],
  [
    'a stored date range at its granularity applies',
    { chart: bar, fields: sales, globalFilters: [dates] },
    { globalFilters: [{ id: 'g2', name: 'order_date', dataType: 'date', granularity: 3, range: ['2024-01', '2024-03'] }], skipped: [] },
  ],
  [
    'a relative preset is a value even without a range',
    { chart: bar, fields: sales, globalFilters: [dates], globalValues: { g2: { range: [], granularity: 5, relative: { preset: 'lastDays', days: 7 } } } },
    { globalFilters: [{ id: 'g2', name: 'order_date', dataType: 'date', granularity: 5, range: [], relative: { preset: 'lastDays', days: 7 } }], skipped: [] },
  ],
  [
    'number option all is no filter',
    { chart: bar, fields: sales, globalFilters: [amount], globalValues: { g3: { range: [5], numberOption: 'all' } } },
    { globalFilters: [], skipped: [] },
  ],
  [
    'without a chart list: a source lacking the field is skipped',
    { chart: stockChart, fields: stock, globalFilters: [{ ...region, range: ['East'] }] },
    { globalFilters: [], skipped: [{ id: 'g1', name: 'region', reason: 'unknown_field' }] },
  ],
  [
    'with a chart list: a mapped field of another source',
    { chart: stockChart, fields: stock, globalFilters: [regionMapped], globalValues: { g1: { range: ['East'] } } },
    { globalFilters: [{ id: 'g1', name: 'area', dataType: 'string', range: ['East'] }], skipped: [] },
  ],
  [
    'with a chart list: a chart not in it is not filtered (and nothing is skipped)',
    { chart: { chartId: 'pie', dataSourceId: 'sales' }, fields: sales, globalFilters: [regionMapped], globalValues: { g1: { range: ['East'] } } },
    { globalFilters: [], skipped: [] },
  ],
  [
    'a field of another type is skipped',
    { chart: stockChart, fields: stock, globalFilters: [{ ...amount, name: 'day', range: [3] }] },
    { globalFilters: [], skipped: [{ id: 'g3', name: 'day', reason: 'type_mismatch' }] },
  ],
  [
    'fields unknown (the web): every targeted item passes, by its mapped name',
    { chart: stockChart, globalFilters: [regionMapped, amount], globalValues: { g1: { range: ['East'] } } },
    {
      globalFilters: [
        { id: 'g1', name: 'area', dataType: 'string', range: ['East'] },
        { id: 'g3', name: 'amount', dataType: 'number', numberOption: 'greaterThan', range: [100] },
      ],
      skipped: [],
    },
  ],
  [
    'linkage: the clicked points of a source filter its target through the mapping',
    { chart: bar, fields: sales, globalFilters: [], linkage: { settings: links, selections: [{ chartId: 'pie', points: ['East'] }], dimensions: (id) => dims[id] ?? [] } },
    { globalFilters: [{ id: 'linkage:pie:region', name: 'region', dataType: 'string', range: ['East'] }], skipped: [] },
  ],
  [
    'linkage: a chart that is no target, or a source with nothing clicked, is not filtered',
    { chart: stockChart, fields: stock, globalFilters: [], linkage: { settings: links, selections: [{ chartId: 'pie', points: ['East'] }], dimensions: (id) => dims[id] ?? [] } },
    { globalFilters: [], skipped: [] },
  ],
  [
    'global items come before linkage filters; inner values pass as given',
    {
      chart: bar,
      fields: sales,
      globalFilters: [dates],
      linkage: { settings: links, selections: [{ chartId: 'pie', points: ['West'] }], dimensions: (id) => dims[id] ?? [] },
      innerValues: [{ name: 'amount', dataType: 'number', numberOption: 'all', range: [] }],
    },
    {
      globalFilters: [
        { id: 'g2', name: 'order_date', dataType: 'date', granularity: 3, range: ['2024-01', '2024-03'] },
        { id: 'linkage:pie:region', name: 'region', dataType: 'string', range: ['West'] },
      ],
      innerFilters: [{ name: 'amount', dataType: 'number', numberOption: 'all', range: [] }],
      skipped: [],
    },
  ],
  [
    'the server call: plain range filters without ids, kept when the source has the field',
    { chart: bar, fields: sales, globalFilters: [{ name: 'region', dataType: 'string', range: ['East'] }, { name: 'city', dataType: 'string', range: ['Rome'] }] },
    { globalFilters: [{ name: 'region', dataType: 'string', range: ['East'] }], skipped: [{ name: 'city', reason: 'unknown_field' }] },
  ],
];

describe('the filters of a chart', () => {
  it.each(rows)('%s', (_name, input, expected) => {
    expect(chartFilters(input)).toEqual(expected);
  });

  it('reads an empty value the same for every type', () => {
    expect(isEmptyFilterValue({ dataType: 'string', range: ['', null as unknown as string] })).toBe(true);
    expect(isEmptyFilterValue({ dataType: 'number', range: [0] })).toBe(false);
    expect(isEmptyFilterValue({ dataType: 'date', range: [], relative: { preset: 'today' } })).toBe(false);
  });
});
