import { cartesianPairs } from '@bi/charts';
import ExcelJS from 'exceljs';
import { analyticsDataDir, restCalls, startTestStack, type TestStack } from './testing.js';

// In-chart drill-down (issue 27, docs/api/chart.md "Drill-down") through the BFF: the hierarchy saved
// with the chart, the drill path sent with the runs (single, batch, kept answers), details and the
// export; the numbers at each level equal sums written out here; a restricted viewer's drill stays
// within their rows; bad paths and bad hierarchies are refused with 400.
const ROWS = 60;
const REGIONS = ['East', 'West'];
const PROVINCES = ['P1', 'P2', 'P3'];
const CITIES = ['C1', 'C2', 'C3', 'C4', 'C5'];
const TABLE = `CREATE TABLE sales AS SELECT ['East', 'West'][1 + (i % 2)] AS region, ['P1', 'P2', 'P3'][1 + (i % 3)] AS province, ['C1', 'C2', 'C3', 'C4', 'C5'][1 + (i % 5)] AS city, CAST(DATE '2023-01-01' + CAST(i * 12 AS INTEGER) AS DATE) AS day, i AS qty FROM range(1, ${ROWS + 1}) t(i)`;

interface Row {
  region: string;
  province: string;
  city: string;
  year: string;
  month: string;
  qty: number;
}
/** The table's rows, written out as the statement makes them. */
const ROWS_OF: Row[] = Array.from({ length: ROWS }, (_, k) => {
  const i = k + 1;
  const day = new Date(Date.UTC(2023, 0, 1 + i * 12));
  return {
    region: REGIONS[i % 2]!,
    province: PROVINCES[i % 3]!,
    city: CITIES[i % 5]!,
    year: String(day.getUTCFullYear()),
    month: `${day.getUTCFullYear()}-${String(day.getUTCMonth() + 1).padStart(2, '0')}`,
    qty: i,
  };
});
const sumBy = (key: keyof Row, keep: (r: Row) => boolean = () => true) => {
  const out = new Map<string, number>();
  for (const r of ROWS_OF) if (keep(r)) out.set(String(r[key]), (out.get(String(r[key])) ?? 0) + r.qty);
  return out;
};
const sorted = (m: Map<string, number>) => new Map([...m].sort(([a], [b]) => a.localeCompare(b)));

describe('drill-down', () => {
  let stack: TestStack;
  let admin: string;
  let sourceId: string;
  let geoChart: string;
  let dateChart: string;
  let plainChart: string;

  const { call, ok } = restCalls(() => stack, () => admin);
  const field = (name: string, dataType: string, extra: Record<string, unknown> = {}) => ({ name, title: name, dataType, ...extra });
  const geoDrill = [
    { name: 'region', dataType: 'string' },
    { name: 'province', dataType: 'string' },
    { name: 'city', dataType: 'string' },
  ];

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('drill-down', [TABLE]);
    stack = await startTestStack({ BI_DATA_DIR: dataDir });
    admin = await stack.login('admin');
    const folderId = (await ok('POST', '/api/data_source/proj', { name: 'Drill sources' })).projectId;
    sourceId = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folderId, name: 'Drill orders', content: 'SELECT * FROM sales' })).dataSource.dataSourceId;
    expect(await ok('POST', `/api/data_source/publish/${sourceId}`, { roleIds: ['viewer'], userIds: [] })).toEqual([]);
    const project = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Drill board folder' })).projectId;
    const dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Drill board', projectId: project })).dashboardId;
    const add = async (title: string, type: string, chart: Record<string, unknown>) => {
      const chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title, dataSourceId: sourceId, type });
      await ok('PUT', '/api/chart-edit/dashboard', { chartId, title, type, dataSourceId: sourceId, ...chart });
      return chartId as string;
    };
    geoChart = await add('Qty by place', 'bar', { points: [field('region', 'string')], values: [field('qty', 'number', { aggregator: 'sum' })], drill: geoDrill });
    dateChart = await add('Qty by time', 'line', {
      points: [field('day', 'date', { granularity: 1 })],
      values: [field('qty', 'number', { aggregator: 'sum' })],
      drill: [
        { name: 'day', dataType: 'date', granularity: 1 },
        { name: 'day', dataType: 'date', granularity: 3 },
      ],
    });
    plainChart = await add('Qty', 'bar', { points: [field('region', 'string')], values: [field('qty', 'number', { aggregator: 'sum' })] });
  });
  afterAll(async () => stack?.stop());

  const run = async (chartId: string, body: Record<string, unknown> = {}, token = admin) => ok('POST', `/api/dashboard/chart/dashboard/${chartId}`, body, token);
  const sums = async (chartId: string, body: Record<string, unknown> = {}, token = admin) => sorted(new Map(cartesianPairs((await run(chartId, body, token)).option) as [string, number][]));
  const detailSum = async (chartId: string, body: Record<string, unknown>, filterKey?: string, token = admin) => {
    const path = filterKey ? `/api/dashboard/detail/dashboard/${chartId}?filterKey=${encodeURIComponent(filterKey)}` : `/api/dashboard/all_details/dashboard/${chartId}`;
    const d = await ok('POST', path, { ...body, pageSize: 100_000 }, token);
    const key = d.columns.find((c: { name: string }) => c.name === 'qty').key;
    return (d.rows as Record<string, number>[]).reduce((s, r) => s + r[key]!, 0);
  };

  it('keeps the hierarchy with the chart', async () => {
    const answer = await run(geoChart);
    expect(answer.chart.drill).toEqual(geoDrill);
    expect(answer.meta.drill).toMatchObject({ path: [], level: 0, levels: [{ name: 'region' }, { name: 'province' }, { name: 'city' }] });
  });

  it('goes two levels down and back: the numbers at each level are the sums of their rows', async () => {
    expect(await sums(geoChart)).toEqual(sorted(sumBy('region')));
    const east = await run(geoChart, { drill: ['East'] });
    expect(east.meta.drill).toMatchObject({ path: ['East'], level: 1 });
    expect(sorted(new Map(cartesianPairs(east.option) as [string, number][]))).toEqual(sorted(sumBy('province', (r) => r.region === 'East')));
    // twice: the second may be a kept answer, which must be the path's own
    for (let k = 0; k < 2; k++) expect(await sums(geoChart, { drill: ['East', 'P2'] })).toEqual(sorted(sumBy('city', (r) => r.region === 'East' && r.province === 'P2')));
    expect(await sums(geoChart, { drill: ['West', 'P2'] })).toEqual(sorted(sumBy('city', (r) => r.region === 'West' && r.province === 'P2')));
    expect(await sums(geoChart, { drill: ['East'] })).toEqual(sorted(sumBy('province', (r) => r.region === 'East')));
    expect(await sums(geoChart)).toEqual(sorted(sumBy('region')));
    // the batch run carries each chart's own path
    const batch = await ok('POST', '/api/dashboard/charts/dashboard', { charts: [{ chartId: geoChart, drill: ['West'] }, { chartId: geoChart }] });
    expect(sorted(new Map(cartesianPairs(batch[0].data.option) as [string, number][]))).toEqual(sorted(sumBy('province', (r) => r.region === 'West')));
    expect(sorted(new Map(cartesianPairs(batch[1].data.option) as [string, number][]))).toEqual(sorted(sumBy('region')));
  });

  it('drills a date by granularity: a year, then its months', async () => {
    // a period's category is its first day (the web labels it by the period; the click sends it as it is)
    const byPeriod = (m: Map<string, number>, chars: number) => new Map([...m].map(([k, v]) => [k.slice(0, chars), v]));
    const years = await sums(dateChart);
    expect([...years.keys()]).toEqual(['2023-01-01', '2024-01-01']);
    expect(byPeriod(years, 4)).toEqual(sorted(sumBy('year')));
    for (const clicked of ['2024-01-01', '2024']) {
      const months = await sums(dateChart, { drill: [clicked] });
      expect(byPeriod(months, 7)).toEqual(sorted(sumBy('month', (r) => r.year === '2024')));
    }
    expect(byPeriod(await sums(dateChart, { drill: ['2023-01-01'] }), 7)).toEqual(sorted(sumBy('month', (r) => r.year === '2023')));
  });

  it('combines the drill with global and inner filters (AND), and details and the export follow the drilled level', async () => {
    const globalFilters = [{ name: 'qty', dataType: 'number', numberOption: 'greaterThan', range: [30] }];
    expect(await sums(geoChart, { drill: ['East'], globalFilters })).toEqual(sorted(sumBy('province', (r) => r.region === 'East' && r.qty > 30)));
    const innerFilters = [{ name: 'city', dataType: 'string', range: ['C1', 'C2'] }];
    expect(await sums(geoChart, { drill: ['East'], innerFilters })).toEqual(sorted(sumBy('province', (r) => r.region === 'East' && ['C1', 'C2'].includes(r.city))));
    // every row under the path, then the rows behind one point of the drilled level
    const total = (keep: (r: Row) => boolean) => ROWS_OF.filter(keep).reduce((s, r) => s + r.qty, 0);
    expect(await detailSum(geoChart, { drill: ['East', 'P2'] })).toBe(total((r) => r.region === 'East' && r.province === 'P2'));
    expect(await detailSum(geoChart, { drill: ['East'] }, 'P3')).toBe(total((r) => r.region === 'East' && r.province === 'P3'));
    expect(await detailSum(geoChart, { drill: ['East'], globalFilters }, 'P3')).toBe(total((r) => r.region === 'East' && r.province === 'P3' && r.qty > 30));
    // the export of the rows behind one point of the second level: exactly those rows
    const res = await fetch(`${stack.url}/api/dashboard/export_details/dashboard/${geoChart}?filterKey=C1`, {
      method: 'POST',
      headers: { authorization: admin, 'content-type': 'application/json', currentLanguage: 'en' },
      body: JSON.stringify({ drill: ['West', 'P1'] }),
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const qtyAt = (rows[0] as string[]).indexOf('qty');
    const expected = ROWS_OF.filter((r) => r.region === 'West' && r.province === 'P1' && r.city === 'C1').map((r) => r.qty);
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.slice(1).map((r) => Number(r[qtyAt])).sort((a, b) => a - b)).toEqual(expected);
  });

  it("keeps a restricted viewer's drill within their rows", async () => {
    expect((await call('PUT', `/api/data_source/row_rules/${sourceId}`, { denyByDefault: false, rules: [{ roleId: 'viewer', field: 'region', compare: '=', compareValue: 'West' }] })).status).toBe(200);
    const viewer = await stack.login('viewer');
    try {
      expect(await sums(geoChart, {}, viewer)).toEqual(sorted(sumBy('region', (r) => r.region === 'West')));
      expect(await sums(geoChart, { drill: ['East'] }, viewer)).toEqual(new Map());
      expect(await sums(geoChart, { drill: ['West'] }, viewer)).toEqual(sorted(sumBy('province', (r) => r.region === 'West')));
      expect(await detailSum(geoChart, { drill: ['East'] }, undefined, viewer)).toBe(0);
      // the admin's kept answer of the same path is not the viewer's
      expect(await sums(geoChart, { drill: ['East'] })).toEqual(sorted(sumBy('province', (r) => r.region === 'East')));
    } finally {
      expect((await call('PUT', `/api/data_source/row_rules/${sourceId}`, { denyByDefault: false, rules: [] })).status).toBe(200);
    }
  });

  it('refuses bad drill paths with 400', async () => {
    const refused = async (chartId: string, drill: unknown) => {
      const r = await call('POST', `/api/dashboard/chart/dashboard/${chartId}`, { drill });
      return [r.status, r.body.status];
    };
    expect(await refused(plainChart, ['East'])).toEqual([400, 'fail']);
    expect(await refused(geoChart, ['East', 'P1', 'C1'])).toEqual([400, 'fail']);
    expect(await refused(geoChart, ['a', 'b', 'c', 'd', 'e'])).toEqual([400, 'fail']);
    expect(await refused(geoChart, [1])).toEqual([400, 'fail']);
    expect(await refused(geoChart, ['x'.repeat(5000)])).toEqual([400, 'fail']);
    expect(await refused(dateChart, ['north'])).toEqual([400, 'fail']);
    const r = await call('POST', `/api/dashboard/chart/dashboard/${plainChart}`, { drill: ['East'] });
    expect(r.body.data).toBe('The drill path is not valid (the chart has no drill hierarchy)');
    const d = await call('POST', `/api/dashboard/all_details/dashboard/${geoChart}`, { drill: ['East', 'P1', 'C1'] });
    expect(d.status).toBe(400);
    const editor = await call('POST', `/api/chart-edit/chart/dashboard/${geoChart}`, { drill: ['East', 'P1', 'C1'] });
    expect(editor.status).toBe(400);
  });

  it('refuses a hierarchy that does not fit the chart when it is saved', async () => {
    const save = async (chart: Record<string, unknown>) => {
      const r = await call('PUT', '/api/chart-edit/dashboard', { chartId: plainChart, title: 'Qty', type: 'bar', dataSourceId: sourceId, points: [field('region', 'string')], values: [field('qty', 'number', { aggregator: 'sum' })], ...chart });
      return [r.status, r.body.data];
    };
    expect(await save({ drill: geoDrill.slice(1) })).toEqual([400, "The drill-down hierarchy's first level must be the chart's first dimension (province)"]);
    expect(await save({ drill: [geoDrill[0], { name: 'street', dataType: 'string' }] })).toEqual([400, 'The field street is not in the data source']);
    expect(await save({ drill: geoDrill.slice(0, 1) })).toEqual([400, 'A drill-down hierarchy has 2 to 5 fields']);
    expect(await save({ type: 'card', drill: geoDrill })).toEqual([400, 'This kind of chart cannot drill down']);
    expect((await save({ drill: Array(6).fill(geoDrill[0]) }))[0]).toBe(400);
    expect((await run(plainChart)).chart.drill).toBeUndefined();
  });
});
