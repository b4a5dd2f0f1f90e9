import { chartFilters, type GlobalFilterItem, type GlobalFilterValue } from '@bi/chart-model';
import { analyticsDataDir, restCalls, startTestStack, type TestStack } from './testing.js';

// Global filters through the BFF (docs/api/dashboard.md "Global filters"): the list stored with the
// dashboard by POST /api/global_filter/{tab}/{dashboardId}, its refusals in the caller's language, and
// chart runs with the filters the one rule (chartFilters) gives each chart.
describe('global filters', () => {
  let stack: TestStack;
  let admin: string;
  let viewer: string;
  let sales: string;
  let stock: string;
  let boardId: string;
  let bar: Record<string, any>;
  let byDay: Record<string, any>;
  let stockBar: Record<string, any>;

  const field = (name: string, dataType: string) => ({ name, title: name, dataType });
  const { call, ok } = restCalls(() => stack, () => admin);
  async function chartOn(dataSourceId: string, title: string, type: string, points: unknown[], values: unknown[]) {
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${boardId}`, { title, dataSourceId, type });
    return ok('PUT', '/api/chart-edit/dashboard', { chartId, title, type, dataSourceId, points, values });
  }
  const save = (list: unknown, token = admin, language = 'en') => call('POST', `/api/global_filter/dashboard/${boardId}`, list, token, language);
  /** A chart's answer as {category: number} under the global filter list and the viewer's values (the one rule picks its filters). */
  async function numbers(chart: Record<string, any>, items: GlobalFilterItem[], values: Record<string, GlobalFilterValue> = {}) {
    const { globalFilters } = chartFilters({ chart, globalFilters: items, globalValues: values });
    return pointsOf(await ok('POST', `/api/dashboard/chart/dashboard/${chart.chartId}`, { globalFilters }));
  }
  function pointsOf(answer: any): Record<string, number> {
    const categories: string[] = answer.option.xAxis?.data ?? answer.option.xAxis?.[0]?.data;
    const data: unknown[] = answer.option.series[0].data;
    return Object.fromEntries(categories.map((c, i) => [c, Number((data[i] as any)?.value ?? data[i])]));
  }

  const region: GlobalFilterItem = { id: 'region', name: 'region', title: 'Region', dataType: 'string', range: [], dataSourceId: '' };

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('global-filter', [
      'CREATE TABLE sales (region VARCHAR, order_date DATE, amount DOUBLE)',
      "INSERT INTO sales VALUES ('East', '2026-01-05', 10), ('West', '2026-01-20', 20), ('East', '2026-02-03', 30), ('North', '2025-12-31', 40)",
      'CREATE TABLE stock (area VARCHAR, units DOUBLE)',
      "INSERT INTO stock VALUES ('East', 1), ('West', 2), ('North', 4)",
    ]);
    stack = await startTestStack({ BI_DATA_DIR: dataDir, BI_TIME_ZONE: 'Europe/Berlin' });
    admin = await stack.login('admin');
    viewer = await stack.login('viewer');
    const folder = await ok('POST', '/api/data_source/proj', { name: 'Filter sources' });
    sales = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Sales', tableName: 'sales', tableSchema: 'main' })).dataSource.dataSourceId;
    stock = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Stock', tableName: 'stock', tableSchema: 'main' })).dataSource.dataSourceId;
    region.dataSourceId = sales;
    const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Filter boards' })).projectId;
    boardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Filter board', projectId })).dashboardId;
    bar = await chartOn(sales, 'By region', 'bar', [field('region', 'string')], [{ ...field('amount', 'number'), aggregator: 'sum' }]);
    byDay = await chartOn(sales, 'By month', 'bar', [{ ...field('order_date', 'date'), granularity: 3 }], [{ ...field('amount', 'number'), aggregator: 'sum' }]);
    stockBar = await chartOn(stock, 'Stock', 'bar', [field('area', 'string')], [{ ...field('units', 'number'), aggregator: 'sum' }]);
  });
  afterAll(async () => stack?.stop());

  it('stores the list with the dashboard and answers it with the content', async () => {
    const list = [{ ...region, charts: [{ chartId: bar.chartId }, { chartId: byDay.chartId }, { chartId: stockBar.chartId, field: 'area' }], show: true, showAll: true }];
    const r = await save(list);
    expect(r.body.status).toBe('success');
    expect(r.body.data.globalFilter).toEqual(list);
    expect((await ok('GET', `/api/dashboard/dashboard/${boardId}`, undefined)).globalFilter).toEqual(list);
    // an empty list clears it
    expect((await save([])).body.data.globalFilter).toEqual([]);
  });

  it('filters every chart it applies to, a mapped field on another source included, and only those', async () => {
    const items: GlobalFilterItem[] = [{ ...region, charts: [{ chartId: bar.chartId }, { chartId: stockBar.chartId, field: 'area' }] }];
    // nothing picked: no filter
    expect(await numbers(bar, items)).toEqual({ East: 40, West: 20, North: 40 });
    const east = { region: { range: ['East'] } };
    expect(await numbers(bar, items, east)).toEqual({ East: 40 });
    expect(await numbers(stockBar, items, east)).toEqual({ East: 1 });
    expect(await numbers(stockBar, items, { region: { range: ['East', 'North'] } })).toEqual({ East: 1, North: 4 });
    // not in the item's chart list: unfiltered
    expect(await numbers(byDay, items, east)).toEqual(await numbers(byDay, []));
  });

  it('reads a date range at its granularity and a relative preset on the server, as half-open intervals', async () => {
    const month: GlobalFilterItem = { id: 'd', name: 'order_date', dataType: 'date', dataSourceId: sales, granularity: 3, range: ['2026-01', '2026-01'] };
    const january = Object.values(await numbers(byDay, [month]));
    expect(january).toEqual([30]);
    expect(Object.values(await numbers(byDay, [{ ...month, range: ['2025-12', '2026-02'] }])).reduce((a, b) => a + b, 0)).toBe(100);
    // the last 3660 days end today in the product time zone: every row (resolved by the server, no browser clock)
    expect(Object.values(await numbers(byDay, [{ ...month, range: [], relative: { preset: 'lastDays', days: 3660 } }])).reduce((a, b) => a + b, 0)).toBe(100);
    // this year of 2026 rows only when the server's today is in 2026: the preset and the hand-computed range agree
    const year = String(new Date().getFullYear());
    expect(await numbers(byDay, [{ ...month, range: [], relative: { preset: 'thisYear' } }])).toEqual(await numbers(byDay, [{ ...month, granularity: 1, range: [year, year] }]));
    // a chart whose source lacks the field keeps its numbers and says so
    const skipped = await ok('POST', `/api/dashboard/chart/dashboard/${stockBar.chartId}`, { globalFilters: [{ name: 'order_date', dataType: 'date', range: ['2026-01', '2026-01'], granularity: 3 }] });
    expect(pointsOf(skipped)).toEqual({ East: 1, West: 2, North: 4 });
    expect(JSON.stringify(skipped.meta)).toContain('order_date');
  });

  it('refuses bad lists with a message in the caller language', async () => {
    const cases: [unknown, string, string][] = [
      [[{ ...region, charts: [{ chartId: stockBar.chartId, field: 'units' }] }], 'globalFilter.mixed_types', 'Selected fields of differing type cannot be configured as filter options'],
      [[{ ...region, name: 'city' }], 'globalFilter.unknown_field', 'city'],
      [[{ ...region, range: Array.from({ length: 1001 }, (_, i) => `v${i}`) }], 'globalFilter.too_many_values', '1000'],
      [[{ ...region, name: 'order_date', dataType: 'date', range: ['2026-02-30'] }], 'globalFilter.invalid_value', '2026-02-30'],
      [[{ ...region, name: 'order_date', dataType: 'date', granularity: 3, range: ['2026-03', '2026-01'] }], 'globalFilter.range_reversed', 'order_date'],
      [[{ ...region, name: 'amount', dataType: 'number', numberOption: 'contains', range: [1] }], 'globalFilter.operator_not_allowed', 'contains'],
      [[{ ...region, charts: [{ chartId: 'not-on-board' }] }], 'globalFilter.unknown_chart', ''],
      [{ not: 'a list' }, 'request.invalid', 'globalFilter'],
    ];
    for (const [list, , text] of cases) {
      const r = await save(list);
      expect(r.status).toBe(400);
      expect(r.body.data).toContain(text);
    }
    const zhCN = await save(cases[0]![0], admin, 'zh-CN');
    expect(zhCN.body.data).toBe('所选字段类型不同，不能配置为筛选项');
    const zhTW = await save(cases[0]![0], admin, 'zh-TW');
    expect(zhTW.body.data).toBe('所選欄位類型不同，不能設定為篩選項');
    // nothing was stored by a refusal
    expect((await ok('GET', `/api/dashboard/dashboard/${boardId}`, undefined)).globalFilter).toEqual([]);
  });

  it('needs edit rights to store the list', async () => {
    const r = await save([region], viewer);
    expect(r.status).toBe(403);
  });

  it('answers the values of a field for the pickers: texts with row counts, bounds of numbers and dates, searched on the server', async () => {
    const range = (body: unknown, token = admin) => call('POST', `/api/global_filter/range/dashboard/${boardId}`, body, token);
    const text = await range({ dataSourceId: sales, name: 'region' });
    expect(text.body.data.values).toEqual(expect.arrayContaining([{ value: 'East', count: 2 }, { value: 'West', count: 1 }, { value: 'North', count: 1 }]));
    expect(text.body.data.more).toBe(false);
    expect((await range({ dataSourceId: sales, name: 'region', search: 'es' })).body.data.values).toEqual([{ value: 'West', count: 1 }]);
    const cut = await range({ dataSourceId: sales, name: 'region', limit: 2 });
    expect(cut.body.data.values).toHaveLength(2);
    expect(cut.body.data.more).toBe(true);
    expect((await range({ dataSourceId: sales, name: 'amount' })).body.data).toMatchObject({ min: 10, max: 40 });
    expect((await range({ dataSourceId: sales, name: 'order_date' })).body.data).toMatchObject({ min: expect.stringContaining('2025-12-31'), max: expect.stringContaining('2026-02-03') });
    // a viewer of the dashboard reads values too
    expect((await range({ dataSourceId: stock, name: 'area' }, viewer)).status).toBeLessThan(500);
    // a table no chart of the dashboard uses, an unknown field, a value list too long
    const other = await range({ dataSourceId: '00000000-0000-4000-8000-000000000000', name: 'region' });
    expect(other.status).toBe(400);
    expect(other.body.data).toContain('table');
    expect((await range({ dataSourceId: sales, name: 'city' })).status).toBe(400);
    expect((await range({ dataSourceId: sales, name: 'region', limit: 1001 })).status).toBe(400);
  });

  it('refuses chart runs whose filters are bad, never running them', async () => {
    const run = (globalFilters: unknown) => call('POST', `/api/dashboard/chart/dashboard/${byDay.chartId}`, { globalFilters }, admin);
    const reversed = await run([{ name: 'order_date', dataType: 'date', granularity: 3, range: ['2026-03', '2026-01'] }]);
    expect(reversed.status).toBe(400);
    expect(reversed.body.data).toContain('after its end');
    const preset = await run([{ name: 'order_date', dataType: 'date', range: [], relative: { preset: 'yesterday' } }]);
    expect(preset.status).toBe(400);
  });
});
