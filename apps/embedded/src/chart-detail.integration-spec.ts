import ExcelJS from 'exceljs';
import { analyticsDataDir, restCalls, startTestStack, type TestStack } from './testing.js';

// Issue 15 items 3 and 4 through the BFF: the values of an inner filter field (POST /api/field/inner_range),
// and a chart's detail rows as .xlsx (POST /api/dashboard/export_details/{tab}/{chartId}) under every
// filter of the view, refused above 9999 rows; the rows are checked against the ones computed here.

const REGIONS = ['East', 'North', 'South', 'West'];
const ROWS = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, region: REGIONS[i % 4], qty: (i % 7) + 1, day: `2024-${String((i % 12) + 1).padStart(2, '0')}-15` }));

describe('inner filter values and detail export', () => {
  let stack: TestStack;
  let admin: string;
  let analyst: string;
  let sourceId: string;
  let bigSourceId: string;
  let dashboardId: string;

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('chart-detail', [
      'CREATE TABLE sales (id INTEGER, region VARCHAR, qty INTEGER, day DATE)',
      `INSERT INTO sales VALUES ${ROWS.map((r) => `(${r.id}, '${r.region}', ${r.qty}, DATE '${r.day}')`).join(', ')}, (121, NULL, 3, DATE '2024-02-01')`,
      'CREATE TABLE big AS SELECT i AS id, CASE WHEN i % 2 = 0 THEN \'A\' ELSE \'B\' END AS kind FROM range(1, 20001) t(i)',
    ]);
    stack = await startTestStack({ BI_DATA_DIR: dataDir });
    admin = await stack.login('admin');
    analyst = await stack.login('analyst');
    const folder = await ok('POST', '/api/data_source/proj', { name: 'Detail sources' });
    sourceId = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Sales', tableName: 'sales', tableSchema: 'main' })).dataSource.dataSourceId;
    bigSourceId = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Big', tableName: 'big', tableSchema: 'main' })).dataSource.dataSourceId;
    const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Detail folder' })).projectId;
    dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Detail board', projectId })).dashboardId;
  });
  afterAll(async () => stack?.stop());

  const { call, ok } = restCalls(() => stack, () => admin);
  const field = (name: string, dataType: string) => ({ name, title: name, dataType });
  async function newChart(definition: Record<string, unknown>, dataSourceId = sourceId) {
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'Qty by region', dataSourceId, type: 'bar' });
    return ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'Qty by region', dataSourceId, type: 'bar', points: [], values: [], ...definition });
  }
  const barChart = (extra: Record<string, unknown> = {}) => newChart({ points: [field('region', 'string')], values: [field('qty', 'number')], ...extra });
  async function exportXlsx(chartId: string, body: unknown, query = '') {
    const res = await fetch(`${stack.url}/api/dashboard/export_details/dashboard/${chartId}${query}`, {
      method: 'POST',
      headers: { authorization: admin, 'content-type': 'application/json', currentLanguage: 'en' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { name: sheet.name, header: rows[0], rows: rows.slice(1) };
  }

  describe('POST /api/field/inner_range', () => {
    it('answers a text field\'s values with their counts (no empty value), and a search', async () => {
      const chart = await barChart();
      const range = await ok('POST', '/api/field/inner_range', { tab: 'dashboard', chartId: chart.chartId, name: 'region' });
      expect(range).toEqual({ name: 'region', dataType: 'string', values: REGIONS.map((value) => ({ value, count: 30 })), more: false });
      const searched = await ok('POST', '/api/field/inner_range', { tab: 'dashboard', chartId: chart.chartId, name: 'region', search: 'st' });
      expect(searched.values.map((v: { value: string }) => v.value)).toEqual(['East', 'West']);
      const limited = await ok('POST', '/api/field/inner_range', { tab: 'dashboard', chartId: chart.chartId, name: 'region', limit: 2 });
      expect(limited).toMatchObject({ values: [{ value: 'East' }, { value: 'North' }], more: true });
    });

    it('answers min and max of number and date fields', async () => {
      const chart = await barChart();
      expect(await ok('POST', '/api/field/inner_range', { tab: 'dashboard', chartId: chart.chartId, name: 'qty' })).toEqual({ name: 'qty', dataType: 'number', min: 1, max: 7 });
      expect(await ok('POST', '/api/field/inner_range', { tab: 'dashboard', chartId: chart.chartId, name: 'day' })).toMatchObject({ name: 'day', dataType: 'date', min: '2024-01-15', max: '2024-12-15' });
    });

    it('refuses unknown fields, bad bodies and callers without the source, in their language', async () => {
      const chart = await barChart();
      const unknown = await call('POST', '/api/field/inner_range', { tab: 'dashboard', chartId: chart.chartId, name: 'nope' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.data).toBe('The field nope is not in the data source');
      const zh = await stack.api('/api/field/inner_range', { method: 'POST', body: { tab: 'dashboard', chartId: chart.chartId, name: 'nope' }, token: admin, headers: { currentLanguage: 'zh-CN' } });
      expect(zh.status).toBe(400);
      expect(zh.body.data).toMatch(/nope/);
      expect(zh.body.data).not.toBe(unknown.body.data);
      expect((await call('POST', '/api/field/inner_range', { tab: 'dashboard', chartId: chart.chartId, name: 'region', limit: 1001 })).status).toBe(400);
      expect((await call('POST', '/api/field/inner_range', { tab: 'dashboard', chartId: chart.chartId })).status).toBe(400);
      expect((await call('POST', '/api/field/inner_range', { tab: 'dashboard', chartId: chart.chartId, name: 'region', search: 'x'.repeat(1001) })).status).toBe(400);
      expect((await call('POST', '/api/field/inner_range', { tab: 'dashboard', chartId: chart.chartId, name: 'region' }, analyst)).status).toBe(403);
    });
  });

  describe('POST /api/dashboard/export_details/{tab}/{chartId}', () => {
    it('writes exactly the rows under every filter of the view: inner, global, detail filter and the point', async () => {
      const chart = await barChart({ innerFilters: [{ name: 'region', dataType: 'string', range: ['East', 'West', 'North'] }] });
      const innerFilters = [{ name: 'region', dataType: 'string', range: ['East', 'West'] }];
      const globalFilters = [{ name: 'qty', dataType: 'number', numberOption: 'range', range: [2, 5] }];
      const filter = { logic: 0, filterItems: [{ field: { name: 'id', dataType: 'number' }, compare: '<=', compareValue: 100 }] };
      const file = await exportXlsx(chart.chartId, { innerFilters, globalFilters, filter }, '?filterKey=East');
      const expected = ROWS.filter((r) => r.region === 'East' && r.qty >= 2 && r.qty <= 5 && r.id <= 100);
      expect(expected.length).toBeGreaterThan(5);
      expect(file.name).toBe('Qty by region');
      expect(file.header).toEqual(['id', 'region', 'qty', 'day']);
      expect(file.rows).toEqual(expected.map((r) => [r.id, r.region, r.qty, r.day]));

      // the same body through the detail dialog's call gives the same rows
      const details = await ok('POST', `/api/dashboard/detail/dashboard/${chart.chartId}?filterKey=East`, { ...filter, innerFilters, globalFilters });
      expect(details.rows.map((r: Record<string, unknown>) => r.c0)).toEqual(expected.map((r) => r.id));

      // the dialog's search (text fields containing it) narrows the rows and the file alike
      const searched = await ok('POST', `/api/dashboard/all_details/dashboard/${chart.chartId}`, { innerFilters: [], search: 'st', pageSize: 500 });
      const withSt = ROWS.filter((r) => r.region.includes('st'));
      expect(searched.rows.map((r: Record<string, unknown>) => r.c0)).toEqual(withSt.map((r) => r.id));
      expect((await exportXlsx(chart.chartId, { innerFilters: [], search: 'st' })).rows.map((r) => r[0])).toEqual(withSt.map((r) => r.id));

            // without filters of the request, the chart's stored inner filter applies
      const stored = await exportXlsx(chart.chartId, {});
      expect(stored.rows.length).toBe(ROWS.filter((r) => r.region !== 'South').length);
    });

    it('refuses more than 9999 rows with the hint, and exports 9999', async () => {
      const chart = await newChart({ points: [field('kind', 'string')], values: [field('id', 'number')] }, bigSourceId);
      const refused = await call('POST', `/api/dashboard/export_details/dashboard/${chart.chartId}`, {});
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ status: 'fail', data: 'Export of more than 9999 rows is not supported, to protect the server' });
      const filter = { logic: 0, filterItems: [{ field: { name: 'id', dataType: 'number' }, compare: '<=', compareValue: 9999 }] };
      const file = await exportXlsx(chart.chartId, { filter });
      expect(file.rows.length).toBe(9999);
      const over = { logic: 0, filterItems: [{ field: { name: 'id', dataType: 'number' }, compare: '<=', compareValue: 10000 }] };
      expect((await call('POST', `/api/dashboard/export_details/dashboard/${chart.chartId}`, { filter: over })).status).toBe(400);
    });

    it('refuses bad filters in the caller\'s language and callers without the source', async () => {
      const chart = await barChart();
      const bad = (filterItems: unknown[]) => call('POST', `/api/dashboard/export_details/dashboard/${chart.chartId}`, { filter: { logic: 0, filterItems } });
      const notNumber = await bad([{ field: { name: 'qty', dataType: 'number' }, compare: '>', compareValue: 'abc' }]);
      expect(notNumber.status).toBe(400);
      expect(notNumber.body.data).toBe('The filter value abc does not fit the field qty');
      expect((await bad([{ field: { name: 'region', dataType: 'string' }, compare: '>', compareValue: 'a' }])).body.data).toBe('The filter operator > cannot be used on region');
      expect((await bad([{ field: { name: 'ghost', dataType: 'string' }, compare: '=', compareValue: 'a' }])).body.data).toBe('The field ghost is not in the data source');
      expect((await bad([{ field: { name: 'day', dataType: 'date' }, compare: 'between', compareValueLeft: '2024-13-45' }])).status).toBe(400);
      const many = await call('POST', `/api/dashboard/export_details/dashboard/${chart.chartId}`, { innerFilters: [{ name: 'region', dataType: 'string', range: Array.from({ length: 1001 }, (_, i) => `r${i}`) }] });
      expect(many.status).toBe(400);
      const tw = await stack.api(`/api/dashboard/export_details/dashboard/${chart.chartId}`, { method: 'POST', body: { filter: { logic: 0, filterItems: [{ field: { name: 'qty' }, compare: '>', compareValue: 'abc' }] } }, token: admin, headers: { currentLanguage: 'zh-TW' } });
      expect(tw.status).toBe(400);
      expect(tw.body.data).toMatch(/qty/);
      expect(tw.body.data).not.toBe(notNumber.body.data);
      expect((await call('POST', `/api/dashboard/export_details/dashboard/${chart.chartId}`, {}, analyst)).status).toBe(403);
      expect((await call('POST', `/api/dashboard/export_details/dashboard/${chart.chartId}?filterKey=${'x'.repeat(1001)}`, {})).status).toBe(400);
    });
  });
});
