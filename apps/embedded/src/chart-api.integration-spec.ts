import { randomBytes } from 'node:crypto';
import { cartesianPairs } from '@bi/charts';
import { asBusMessage, encodeDataChanged, waitFor } from '@bi/messaging';
import { analyticsDataDir, dataChangesHandled, restCalls, startTestStack, type TestStack } from './testing.js';

// Spec 01 §7 chart calls through BFF → chart-query → dashboard + data-source (Describe, RunQuery)
// → the analytics store (DuckDB), with the numbers of the option checked against sums computed here.

const REGIONS = ['East', 'North', 'South', 'West'];
const CATEGORIES = ['Office', 'Furniture', 'Tech'];

/** 240 sales rows over 2024: deterministic, so every figure can be computed here too. */
const SALES = Array.from({ length: 240 }, (_, i) => ({
  id: i + 1,
  order_date: `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
  region: REGIONS[i % 4],
  category: CATEGORIES[i % 3],
  amount: Math.round(((i * 37) % 500) * 1.25 * 100) / 100,
  qty: (i % 7) + 1,
}));

const sumBy = (key: 'region' | 'category', value: 'amount' | 'qty', rows = SALES) => {
  const out = new Map<string, number>();
  for (const r of rows) out.set(r[key], Math.round(((out.get(r[key]) ?? 0) + r[value]) * 100) / 100);
  return out;
};
const round = (n: number) => Math.round(n * 100) / 100;

describe('chart REST API', () => {
  let stack: TestStack;
  let admin: string;
  let analyst: string;
  let viewer: string;
  let source: { dataSourceId: string; projectId: string };
  let dashboardId: string;
  let projectId: string;

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('chart-api', [
      'CREATE TABLE sales (id INTEGER, order_date DATE, region VARCHAR, category VARCHAR, amount DECIMAL(10,2), qty INTEGER)',
      `INSERT INTO sales VALUES ${SALES.map((r) => `(${r.id}, DATE '${r.order_date}', '${r.region}', '${r.category}', ${r.amount}, ${r.qty})`).join(', ')}`,
      'CREATE TABLE other (region VARCHAR, amount DOUBLE, note VARCHAR)',
      "INSERT INTO other VALUES ('East', 1, 'a'), ('West', 2, 'b')",
    ]);
    // the result-cache cases count the queries run: no rollup built in the background after a chart save
    // (it renews the source's stamp and its ids key the answers, so a run can miss the cache by timing);
    // rollups have their own suites (rollups, rollup-settings)
    stack = await startTestStack({ BI_DATA_DIR: dataDir, BI_CHART_CACHE_SECONDS: '3', BI_ROLLUPS: 'off' });
    admin = await stack.login('admin');
    analyst = await stack.login('analyst');
    viewer = await stack.login('viewer');
    const folder = await ok('POST', '/api/data_source/proj', { name: 'Chart sources' });
    source = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Sales table', tableName: 'sales', tableSchema: 'main' })).dataSource;
    projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Chart folder' })).projectId;
    dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Chart board', projectId })).dashboardId;
  });
  afterAll(async () => stack?.stop());

  const { call, ok } = restCalls(() => stack, () => admin);
  const field = (name: string, dataType: string, extra: Record<string, unknown> = {}) => ({ name, title: name, dataType, ...extra });
  /** A new chart on the test dashboard, saved with the given definition; answers the saved chart. */
  async function newChart(definition: Record<string, unknown>, dataSourceId = source.dataSourceId) {
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: String(definition.title ?? 'chart'), dataSourceId, type: definition.type ?? 'bar' });
    return ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'chart', dataSourceId, points: [], values: [], ...definition });
  }
  const run = (chartId: string, body: Record<string, unknown> = {}, token = admin) => ok('POST', `/api/dashboard/chart/dashboard/${chartId}`, body, token);
  const queriesRun = () => stack.logLines.filter((l) => l.includes('"chart query run"')).length;
  /** category → value of a series of a cartesian option. */
  const pairs = (option: any, series = 0) => new Map(cartesianPairs(option, series));

  describe('deleting a source its charts use', () => {
    it('names the charts and joined tables using it, and moves its charts to another source first', async () => {
      const doomed = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: source.projectId, name: 'Doomed sales', content: 'SELECT region, amount, qty FROM sales' })).dataSource;
      const other = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: source.projectId, name: 'Other regions', content: 'SELECT region, amount FROM other' })).dataSource;
      const a = await newChart({ title: 'Uses doomed', type: 'bar', points: [field('region', 'string')], values: [field('amount', 'number'), field('qty', 'number')] }, doomed.dataSourceId);
      const join = await ok('POST', `/api/data_source/join_table_add/${source.projectId}`, {
        name: 'Doomed join',
        nodeDataArray: [
          { dataSourceId: doomed.dataSourceId, showName: 'd', fields: [{ name: 'region', title: 'Region', check: true }] },
          { dataSourceId: other.dataSourceId, showName: 'o', fields: [{ name: 'amount', title: 'Other amount', check: true }] },
        ],
        links: [{ from: 'd', to: 'o', joinType: 'left', joinFields: [{ fromField: { name: 'region' }, toField: { name: 'region' } }] }],
      });

      const deps = await ok('GET', `/api/data_source/dependents/${doomed.dataSourceId}`);
      expect(deps.charts).toEqual([
        { chartId: a.chartId, title: 'Uses doomed', type: 'bar', tab: 'dashboard', dashboardId, dashboardName: 'Chart board', projectId, projectName: 'Chart folder' },
      ]);
      expect(deps.hiddenCharts).toBe(0);
      expect(deps.joins).toEqual([{ dataSourceId: join.dataSourceId, name: 'Doomed join', projectId: source.projectId }]);
      // the viewer may not read the source: nothing is told
      expect((await call('GET', `/api/data_source/dependents/${doomed.dataSourceId}`, undefined, viewer)).status).toBe(403);
      // a join reads it: the delete is refused, naming the join
      const refused = await call('DELETE', `/api/data_source/${doomed.dataSourceId}`);
      expect([refused.status, refused.body.data]).toEqual([409, expect.stringContaining('Doomed join')]);
      await ok('DELETE', `/api/data_source/${join.dataSourceId}`);

      expect((await call('POST', `/api/data_source/repoint/${doomed.dataSourceId}`, { to: doomed.dataSourceId })).status).toBe(400);
      const moved = await ok('POST', `/api/data_source/repoint/${doomed.dataSourceId}`, { to: other.dataSourceId });
      expect(moved).toEqual({ dataSourceId: other.dataSourceId, charts: [{ chartId: a.chartId, title: 'Uses doomed', dropped: ['qty'] }] });
      expect((await ok('GET', `/api/data_source/dependents/${doomed.dataSourceId}`)).charts).toEqual([]);
      const answer = await run(a.chartId);
      expect(answer.chart).toMatchObject({ dataSourceId: other.dataSourceId, values: [expect.objectContaining({ name: 'amount' })] });
      expect(pairs(answer.option)).toEqual(new Map([['East', 1], ['West', 2]]));
      await ok('DELETE', `/api/data_source/${doomed.dataSourceId}`);
    });

    it('a chart whose source was deleted answers its stored chart (sourceMissing) and can be put on another source', async () => {
      const gone = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: source.projectId, name: 'Gone sales', content: 'SELECT region, amount FROM sales' })).dataSource;
      const chart = await newChart({ title: 'Stranded', type: 'bar', points: [field('region', 'string')], values: [field('amount', 'number', { aggregator: 'sum' })] }, gone.dataSourceId);
      await ok('DELETE', `/api/data_source/${gone.dataSourceId}`);

      const stranded = await ok('POST', `/api/chart-edit/chart/dashboard/${chart.chartId}`, {});
      expect(stranded).toEqual({
        sourceMissing: true,
        chartId: chart.chartId,
        chart: expect.objectContaining({ chartId: chart.chartId, dataSourceId: gone.dataSourceId, values: [expect.objectContaining({ name: 'amount' })] }),
        dataSourceName: '',
        message: 'Data source not found',
      });
      const zh = await stack.api(`/api/dashboard/chart/dashboard/${chart.chartId}`, { method: 'POST', body: {}, token: admin, headers: { currentLanguage: 'zh-CN' } });
      expect(zh.body.data).toMatchObject({ sourceMissing: true, message: '数据源不存在' });
      // the batch run of a dashboard answers the same for it
      const [batch] = await ok('POST', '/api/dashboard/charts/dashboard', { charts: [{ chartId: chart.chartId }] });
      expect(batch.data).toMatchObject({ sourceMissing: true, chartId: chart.chartId });

      // the analyst (dashboard:edit, no grant on the deleted source) may re-point it to a source they can read
      await ok('POST', `/api/data_source/publish/${source.dataSourceId}`, { roleIds: ['analyst'], userIds: [] });
      const analystNow = await stack.login('analyst');
      const switched = await ok('POST', `/api/chart-edit/change/dashboard/${source.dataSourceId}`, stranded.chart, analystNow);
      expect(switched.dropped).toEqual([]);
      const answer = await run(chart.chartId);
      expect(answer.sourceMissing).toBeUndefined();
      const got = pairs(answer.option);
      for (const [region, sum] of sumBy('region', 'amount')) expect(got.get(region)).toBeCloseTo(sum, 2);
      await ok('POST', `/api/data_source/publish/${source.dataSourceId}`, { roleIds: [], userIds: [] });
    });
  });

  it('runs a bar chart: sums per region, as the database computes them', async () => {
    const chart = await newChart({ type: 'bar', points: [field('region', 'string')], values: [field('amount', 'number', { aggregator: 'sum' })] });
    const answer = await run(chart.chartId);
    expect(answer.chart).toMatchObject({ chartId: chart.chartId, type: 'bar', dataSourceId: source.dataSourceId });
    expect(answer.dataSourceName).toBe('Sales table');
    expect(answer.meta).toMatchObject({ kind: 'bar', rowCount: 4, truncated: false, empty: false });
    const got = pairs(answer.option);
    for (const [region, sum] of sumBy('region', 'amount')) expect(got.get(region)).toBeCloseTo(sum, 2);
  });

  it('draws the other kinds with the numbers of the source', async () => {
    const byCategory = sumBy('category', 'amount');
    const pie = await run((await newChart({ type: 'pie', shape: true, points: [field('category', 'string')], values: [field('amount', 'number')] })).chartId);
    expect(new Map(pie.option.series[0].data.map((d: any) => [d.name, d.value]))).toEqual(byCategory);

    const total = round(SALES.reduce((s, r) => s + r.amount, 0));
    const card = await run((await newChart({ type: 'card', values: [field('amount', 'number', { aggregator: 'sum' })] })).chartId);
    expect(card.option.card.value).toBeCloseTo(total, 2);

    const gauge = await run((await newChart({ type: 'gauge', values: [field('qty', 'number', { aggregator: 'avg' })] })).chartId);
    expect(gauge.option.series[0].data[0].value).toBeCloseTo(SALES.reduce((s, r) => s + r.qty, 0) / SALES.length, 6);

    // months of 2024: qty per month, ordered by date
    const line = await run((await newChart({ type: 'line', points: [field('order_date', 'date', { granularity: 3 })], values: [field('qty', 'number')] })).chartId);
    const months = new Map<string, number>();
    for (const r of SALES) months.set(r.order_date.slice(0, 7), (months.get(r.order_date.slice(0, 7)) ?? 0) + r.qty);
    const lineData = cartesianPairs(line.option);
    expect(lineData).toHaveLength(12);
    expect(lineData.map(([, v]) => v)).toEqual([...months.keys()].sort().map((m) => months.get(m)));

    // a compare split: one series per category, region sums within it
    const stack = await run((await newChart({ type: 'stack_bar', points: [field('region', 'string')], secondPoints: [field('category', 'string')], values: [field('amount', 'number')] })).chartId);
    expect(stack.option.series.map((s: any) => s.name).sort()).toEqual([...CATEGORIES].sort());
    const techEast = SALES.filter((r) => r.region === 'East' && r.category === 'Tech').reduce((s, r) => s + r.amount, 0);
    expect(pairs(stack.option, stack.option.series.findIndex((s: any) => s.name === 'Tech')).get('East')).toBeCloseTo(techEast, 2);

    const dual = await run((await newChart({ type: 'doubleaxis', points: [field('region', 'string')], values: [field('amount', 'number')], secondValues: [field('qty', 'number')] })).chartId);
    expect(dual.option.series).toHaveLength(2);
    expect(pairs(dual.option, 1).get('North')).toBe(sumBy('region', 'qty').get('North'));

    const funnel = await run((await newChart({ type: 'funnel', points: [field('category', 'string')], values: [field('qty', 'number', { aggregator: 'count' })] })).chartId);
    expect(funnel.option.series[0].data.map((d: any) => d.value)).toEqual([80, 80, 80]);
  });

  it('computes totals, calculated plot lines and top-N in the database', async () => {
    const sums = [...sumBy('region', 'amount').values()];
    const table = await newChart({
      type: 'table',
      points: [field('region', 'string')],
      values: [field('amount', 'number', { orderBy: 'desc' })],
      aggregateConfig: { showSum: true, showMax: true },
    });
    const t = await run(table.chartId);
    expect(t.option.table.rows.map((r: any) => r.values.m0)).toEqual([...sums].sort((a, b) => b - a));
    const sumRow = t.option.table.summary.find((r: any) => r.key === 'sum');
    expect(Number(sumRow.cells.m0.replace(/,/g, ''))).toBeCloseTo(round(sums.reduce((a, b) => a + b, 0)), 2);

    const bar = await newChart({
      type: 'bar',
      points: [field('region', 'string')],
      values: [field('amount', 'number')],
      plotLineY: [{ name: 'avg', valueType: 1, axisField: { axisName: 'amount', aggregator: 'sum' }, formula: 0 }, { name: 'goal', valueType: 0, value: 5000 }],
      editTopNum: { showItemNum: true, direction: 0, num: 2, mode: 0 },
    });
    const b = await run(bar.chartId);
    const top2 = [...sumBy('region', 'amount').entries()].sort((x, y) => y[1] - x[1]).slice(0, 2);
    expect(pairs(b.option)).toEqual(new Map(top2));
    // the calculated line is the average of the plotted (top-2) points
    const lines = JSON.stringify(b.option.series[0].markLine);
    expect(lines).toContain(String(round((top2[0][1] + top2[1][1]) / 2)));
    expect(lines).toContain('5000');
  });

  it('applies inner filters (request or stored), global filters and date ranges', async () => {
    const chart = await newChart({
      type: 'bar',
      points: [field('region', 'string')],
      values: [field('amount', 'number')],
      innerFilters: [{ name: 'region', dataType: 'string', range: ['East', 'West'] }],
    });
    expect([...pairs((await run(chart.chartId)).option).keys()].sort()).toEqual(['East', 'West']);
    const north = await run(chart.chartId, { innerFilters: [{ name: 'region', dataType: 'string', range: ['North'] }] });
    expect([...pairs(north.option).keys()]).toEqual(['North']);

    const tech = await run(chart.chartId, { innerFilters: [], globalFilters: [{ name: 'category', dataType: 'string', range: ['Tech'] }, { name: 'nosuch', dataType: 'string', range: ['x'] }] });
    const techSums = sumBy('region', 'amount', SALES.filter((r) => r.category === 'Tech'));
    for (const [region, sum] of techSums) expect(pairs(tech.option).get(region)).toBeCloseTo(sum, 2);
    expect(tech.meta.warnings.join(' ')).toContain('nosuch');

    const q1 = await run(chart.chartId, { innerFilters: [{ name: 'order_date', dataType: 'date', range: ['2024-01-01', '2024-03-31'], granularity: 5 }] });
    const q1Sums = sumBy('region', 'amount', SALES.filter((r) => r.order_date <= '2024-03-31'));
    for (const [region, sum] of q1Sums) expect(pairs(q1.option).get(region)).toBeCloseTo(sum, 2);

    const bad = await call('POST', `/api/dashboard/chart/dashboard/${chart.chartId}`, { innerFilters: [{ name: 'amount', dataType: 'number', numberOption: 'equal', range: ['abc'] }] });
    expect([bad.status, bad.body.data]).toEqual([400, 'The filter value abc does not fit the field amount']);
  });

  it('filters by any of several numbers or dates (a linkage selection of several points: anyOf)', async () => {
    const chart = await newChart({ type: 'bar', points: [field('region', 'string')], values: [field('amount', 'number')] });
    const expectSums = (answer: { option: unknown }, rows: typeof SALES) => {
      const want = sumBy('region', 'amount', rows);
      expect([...pairs(answer.option).keys()].sort()).toEqual([...want.keys()].sort());
      for (const [region, sum] of want) expect(pairs(answer.option).get(region)).toBeCloseTo(sum, 2);
    };
    // quantities 2 and 5 (the first value alone would be qty 2 only)
    const qty = await run(chart.chartId, { globalFilters: [{ name: 'qty', dataType: 'number', anyOf: true, range: ['2', '5'] }] });
    expectSums(qty, SALES.filter((r) => r.qty === 2 || r.qty === 5));
    // March and May at the month granularity
    const months = await run(chart.chartId, { globalFilters: [{ name: 'order_date', dataType: 'date', granularity: 3, anyOf: true, range: ['2024-03-01', '2024-05-01'] }] });
    expectSums(months, SALES.filter((r) => r.order_date.startsWith('2024-03') || r.order_date.startsWith('2024-05')));
    // with another filter: both hold
    const both = await run(chart.chartId, { globalFilters: [{ name: 'qty', dataType: 'number', anyOf: true, range: [2, 5] }, { name: 'category', dataType: 'string', range: ['Tech'] }] });
    expectSums(both, SALES.filter((r) => (r.qty === 2 || r.qty === 5) && r.category === 'Tech'));
    const bad = await call('POST', `/api/dashboard/chart/dashboard/${chart.chartId}`, { globalFilters: [{ name: 'qty', dataType: 'number', anyOf: true, range: ['2', 'abc'] }] });
    expect([bad.status, bad.body.data]).toEqual([400, 'The filter value abc does not fit the field qty']);
  });

  it('answers an empty chart (no fields, or no source) without running a query', async () => {
    const before = queriesRun();
    const empty = await run((await newChart({ type: 'line' })).chartId);
    expect(empty.meta).toMatchObject({ empty: true, rowCount: 0 });
    expect(empty.option.series ?? []).toEqual([]);
    const noSource = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'no source', dataSourceId: '' });
    const a = await ok('POST', `/api/chart-edit/chart/dashboard/${noSource}`, {});
    expect(a).toMatchObject({ dataSourceName: '', meta: { empty: true } });
    expect(queriesRun()).toBe(before);
  });

  describe('result cache', () => {
    const barChart = () => newChart({ type: 'bar', points: [field('category', 'string')], values: [field('qty', 'number')] });

    it('answers a second run from the cache, pre-serialised, and a new filter value with a new query', async () => {
      const chart = await barChart();
      const before = queriesRun();
      const first = await call('POST', `/api/dashboard/chart/dashboard/${chart.chartId}`, {});
      expect(queriesRun()).toBe(before + 1);
      const second = await call('POST', `/api/dashboard/chart/dashboard/${chart.chartId}`, {});
      expect(queriesRun()).toBe(before + 1);
      expect(second.body).toEqual(first.body);
      expect(second.headers.get('content-type')).toMatch(/^application\/json/);
      // the editor's call shares the answer
      await ok('POST', `/api/chart-edit/chart/dashboard/${chart.chartId}`, {});
      expect(queriesRun()).toBe(before + 1);
      await run(chart.chartId, { innerFilters: [{ name: 'region', dataType: 'string', range: ['East'] }] });
      expect(queriesRun()).toBe(before + 2);
      // an edit of the chart is a new key
      await ok('PUT', '/api/chart-edit/dashboard', { ...chart, colorSettings: ['#ff0000'] });
      await run(chart.chartId);
      expect(queriesRun()).toBe(before + 3);
    });

    it('runs one query for identical requests arriving together', async () => {
      const chart = await barChart();
      const before = queriesRun();
      const answers = await Promise.all(Array.from({ length: 8 }, () => run(chart.chartId)));
      expect(queriesRun()).toBe(before + 1);
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    });

    it('drops a source’s answers on its DataChanged event', async () => {
      const chart = await barChart();
      await run(chart.chartId);
      const before = queriesRun();
      await run(chart.chartId);
      expect(queriesRun()).toBe(before);
      const appended = (id: string) => dataChangesHandled(stack, id, 'append');
      const handled = appended(source.dataSourceId);
      await stack.runtime.bus.publish([asBusMessage(encodeDataChanged(source.dataSourceId, { changeKind: 'append', dataVersion: 1, rowCount: 1, changedBy: 'test' }))]);
      await waitFor(() => appended(source.dataSourceId) === handled + 1, 30_000, 'chart-query handling the DataChanged');
      await run(chart.chartId);
      expect(queriesRun()).toBe(before + 1);
      // another source's event leaves these answers alone
      const other = '00000000-0000-0000-0000-000000000000';
      const otherHandled = appended(other);
      await stack.runtime.bus.publish([asBusMessage(encodeDataChanged(other, { changeKind: 'append', dataVersion: 1, rowCount: 1, changedBy: 'test' }))]);
      await waitFor(() => appended(other) === otherHandled + 1, 30_000, "chart-query handling the other source's DataChanged");
      await run(chart.chartId);
      expect(queriesRun()).toBe(before + 1);
    });

    it('keeps answers for the source’s cache interval, else BI_CHART_CACHE_SECONDS', async () => {
      const chart = await barChart();
      await run(chart.chartId);
      const computed = stack.logLines.filter((l) => l.includes('"chart answer computed"')).map((l) => JSON.parse(l));
      expect(computed.at(-1)).toMatchObject({ chartId: chart.chartId, ttlMs: 3000 });
      const before = queriesRun();
      await new Promise((r) => setTimeout(r, 3200));
      await run(chart.chartId);
      expect(queriesRun()).toBe(before + 1);

      // a source with a cache interval of 5 minutes: its answers live 5 minutes (and a new data version is a new key)
      await ok('PUT', '/api/data_source/update', { dataSourceId: source.dataSourceId, cacheInterval: 5 });
      await run(chart.chartId, { innerFilters: [{ name: 'region', dataType: 'string', range: ['South'] }] });
      const last = stack.logLines.filter((l) => l.includes('"chart answer computed"')).map((l) => JSON.parse(l)).at(-1);
      expect(last).toMatchObject({ chartId: chart.chartId, ttlMs: 300_000 });
      await ok('PUT', '/api/data_source/update', { dataSourceId: source.dataSourceId, cacheInterval: 0 });
    });
  });

  describe('permissions', () => {
    it('needs access to the chart’s source: admin, the grant datasource:{id}, or its creator', async () => {
      const chart = await newChart({ type: 'bar', points: [field('region', 'string')], values: [field('amount', 'number')] });
      for (const token of [analyst, viewer]) {
        // a run answers the no-permission state (spec dataSourceAuth), never the data (docs/api/sharing.md)
        const noData = { status: 'success', data: { dataSourceAuth: false, chartId: chart.chartId, message: "You have no permission to see this chart's data source" } };
        const r = await call('POST', `/api/dashboard/chart/dashboard/${chart.chartId}`, {}, token);
        expect([r.status, r.body]).toEqual([200, noData]);
        expect((await call('POST', `/api/chart-edit/chart/dashboard/${chart.chartId}`, {}, token)).body).toEqual(noData);
        expect((await call('GET', `/api/dashboard/schema/dashboard/${chart.chartId}`, undefined, token)).status).toBe(403);
        expect((await call('PUT', '/api/chart-edit/dashboard', { ...chart, title: 'taken' }, token)).status).toBe(403);
        expect((await call('POST', `/api/chart-edit/change/dashboard/${source.dataSourceId}`, chart, token)).status).toBe(403);
      }
      expect((await ok('GET', '/api/chart-edit/dataSources', undefined, analyst)).some((f: any) => f.dataSources.some((d: any) => d.dataSourceId === source.dataSourceId))).toBe(false);

      // a grant (sharing) opens the chart to the analyst; a new token reads the grants
      await stack.runtime.db.query("INSERT INTO identity.user_permissions (user_id, permission) SELECT id, $1 FROM identity.users WHERE user_name = 'analyst'", [`datasource:${source.dataSourceId}`]);
      const granted = await stack.login('analyst');
      expect(pairs((await run(chart.chartId, {}, granted)).option).size).toBe(4);
      expect((await ok('GET', '/api/chart-edit/dataSources', undefined, granted)).flatMap((f: any) => f.dataSources.map((d: any) => d.dataSourceId))).toContain(source.dataSourceId);
      // …but the template tab's writes still need template:edit
      expect((await call('PUT', '/api/chart-edit/template', chart, granted)).status).toBe(403);

      // the creator of a source may use it without a grant
      const other = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: source.projectId, name: 'Other table', tableName: 'other', tableSchema: 'main' })).dataSource;
      await stack.runtime.db.query("UPDATE data_source.sources SET created_by = (SELECT id FROM identity.users WHERE user_name = 'viewer') WHERE id = $1", [other.dataSourceId]);
      const viewerChart = await newChart({ type: 'pie', points: [field('region', 'string')], values: [field('amount', 'number')] }, other.dataSourceId);
      expect(new Map((await run(viewerChart.chartId, {}, viewer)).option.series[0].data.map((d: any) => [d.name, d.value]))).toEqual(new Map([['East', 1], ['West', 2]]));
      expect((await call('POST', `/api/dashboard/chart/dashboard/${viewerChart.chartId}`, {}, analyst)).body.data.dataSourceAuth).toBe(false);

      // template tab reads need template:view (analyst has it, a user without it is refused before anything else)
      const r = await call('POST', `/api/dashboard/chart/unknown/${chart.chartId}`, {});
      expect([r.status, r.body.data]).toEqual([400, 'Unknown tab']);
      expect((await call('POST', `/api/dashboard/chart/dashboard/00000000-0000-0000-0000-000000000000`, {})).status).toBe(404);
    });
  });

  describe('chart editing', () => {
    it('saves a chart under the editor rules: pie forces shape off, a type change clears the colours', async () => {
      const chart = await newChart({ type: 'bar', shape: true, colorSettings: ['#111111', '#222222'], points: [field('region', 'string')], values: [field('amount', 'number', { title: 'Revenue' })] });
      expect(chart).toMatchObject({ type: 'bar', shape: true, colorSettings: ['#111111', '#222222'] });
      const same = await ok('PUT', '/api/chart-edit/dashboard', { ...chart, title: '  Renamed  ', colorSettings: ['#333333'] });
      expect(same).toMatchObject({ title: 'Renamed', colorSettings: ['#333333'] });
      const pie = await ok('PUT', '/api/chart-edit/dashboard', { ...same, type: 'pie', shape: true, colorSettings: ['#444444'] });
      expect(pie).toMatchObject({ type: 'pie', shape: false, colorSettings: [] });
      // the stored chart is what the chart engine reads
      expect((await run(chart.chartId)).chart).toMatchObject({ title: 'Renamed', type: 'pie', shape: false });
      // the source's type wins over the one sent
      const retyped = await ok('PUT', '/api/chart-edit/dashboard', { ...pie, points: [field('region', 'number')] });
      expect(retyped.points[0].dataType).toBe('string');
      // unknown keys are dropped, nulls mean "not set"
      const cleaned = await ok('PUT', '/api/chart-edit/dashboard', { ...pie, somethingElse: 1, linkageId: null });
      expect(cleaned).not.toHaveProperty('somethingElse');
      expect(cleaned).not.toHaveProperty('linkageId');
    });

    it('refuses charts that break the rules, with messages in the user language', async () => {
      const chart = await newChart({ type: 'bar', points: [field('region', 'string')], values: [field('amount', 'number')] });
      const put = (body: unknown) => call('PUT', '/api/chart-edit/dashboard', body);
      const cases: [unknown, number, string][] = [
        [{ ...chart, values: [field('region', 'string', { aggregator: 'sum' })] }, 400, 'Sum and average are only available for number fields (region)'],
        [{ ...chart, values: [field('nosuch', 'number')] }, 400, 'The field nosuch is not in the data source'],
        [{ ...chart, points: [field('region', 'string', { title: 'x'.repeat(21) })] }, 400, 'Field alias must be 1 to 20 characters'],
        [{ ...chart, title: '' }, 400, 'Chart title must be 1 to 50 characters'],
        [{ ...chart, type: 'radar' }, 400, expect.stringMatching(/^Illegal input: type/) as unknown as string],
        [{ ...chart, points: Array.from({ length: 11 }, () => field('region', 'string')) }, 400, expect.stringMatching(/^Illegal input: points/) as unknown as string],
        [{ ...chart, values: [field('x'.repeat(129), 'number')] }, 400, expect.stringMatching(/^Illegal input: values\.0\.name/) as unknown as string],
        [{ ...chart, customOption: '[1,2]' }, 400, 'The custom option must be a JSON object'],
        [{ ...chart, chartId: '00000000-0000-0000-0000-000000000000' }, 404, 'Chart not found'],
      ];
      for (const [body, status, message] of cases) {
        const r = await put(body);
        expect([r.status, r.body]).toEqual([status, { status: 'fail', data: message }]);
      }
      const zh = await stack.api('/api/chart-edit/dashboard', { method: 'PUT', token: admin, body: { ...chart, values: [field('nosuch', 'number')] }, headers: { currentLanguage: 'zh-CN' } });
      expect(zh.body.data).toBe('数据源中没有字段 nosuch');
    });

    it('saves the custom option alone, which the option builder merges', async () => {
      const chart = await newChart({ type: 'bar', points: [field('region', 'string')], values: [field('amount', 'number')] });
      const saved = await ok('PUT', '/api/chart-edit/change-custom-option/dashboard', { ...chart, title: 'ignored', customOption: '{"grid":{"left":99}}' });
      expect(saved).toMatchObject({ title: 'chart', customOption: '{"grid":{"left":99}}' });
      expect((await run(chart.chartId)).option.grid.left).toBe(99);
      expect((await call('PUT', '/api/chart-edit/change-custom-option/dashboard', { chartId: chart.chartId, customOption: '{oops' })).body.data).toBe('The custom option must be a JSON object');
      expect(await ok('PUT', '/api/chart-edit/change-custom-option/dashboard', { chartId: chart.chartId, customOption: '' })).not.toHaveProperty('customOption');
    });

    it('switches a chart to another source, keeping the fields it has and reporting the others', async () => {
      const other = (await ok('GET', '/api/chart-edit/dataSources')).flatMap((f: any) => f.dataSources).find((d: any) => d.name === 'Other table');
      const chart = await newChart({
        type: 'bar',
        points: [field('region', 'string'), field('category', 'string')],
        values: [field('amount', 'number', { aggregator: 'avg' }), field('qty', 'number')],
        innerFilters: [{ name: 'category', dataType: 'string', range: ['Tech'] }],
        aggregateConfig: { aggregateField: 'qty', showSum: true },
      });
      const r = await ok('POST', `/api/chart-edit/change/dashboard/${other.dataSourceId}`, chart);
      expect(r.dropped).toEqual(['category', 'qty']);
      expect(r.chart).toMatchObject({ dataSourceId: other.dataSourceId, points: [{ name: 'region' }], values: [{ name: 'amount', aggregator: 'avg' }], innerFilters: [], aggregateConfig: { showSum: true } });
      expect(r.chart.aggregateConfig).not.toHaveProperty('aggregateField');
      const answer = await run(chart.chartId);
      expect(answer.dataSourceName).toBe('Other table');
      expect(pairs(answer.option)).toEqual(new Map([['East', 1], ['West', 2]]));
      expect((await call('POST', `/api/chart-edit/change/dashboard/00000000-0000-0000-0000-000000000000`, chart)).status).toBe(404);
    });

    it('switches every chart of a folder in one step', async () => {
      const folder = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Batch folder' })).projectId;
      const board = (await ok('POST', '/api/dashboard/dashboard', { name: 'Batch board', projectId: folder })).dashboardId;
      const ids: string[] = [];
      for (const type of ['bar', 'table']) {
        const id = await ok('POST', `/api/chart-edit/dashboard/${board}`, { title: type, dataSourceId: source.dataSourceId, type });
        await ok('PUT', '/api/chart-edit/dashboard', { chartId: id, title: type, type, dataSourceId: source.dataSourceId, points: [field('region', 'string')], values: [field('qty', 'number')] });
        ids.push(id);
      }
      const other = (await ok('GET', '/api/dashboard/data_source/')).flatMap((f: any) => f.dataSources).find((d: any) => d.name === 'Other table');
      const path = `/api/chart-edit/batch-edit-datasource/dashboard/${folder}`;
      expect((await call('PUT', path, { dataSourceId: other.dataSourceId })).body.data).toBe('Please choose a target folder');
      expect((await call('PUT', path, { projectId: other.projectId })).body.data).toBe('Please choose a data source');
      const r = await ok('PUT', path, { dataSourceId: other.dataSourceId, projectId: other.projectId });
      expect(r).toEqual({ projectId: folder, dataSourceId: other.dataSourceId, charts: ids.map((chartId, i) => ({ chartId, title: ['bar', 'table'][i], dropped: ['qty'] })) });
      for (const id of ids) expect((await run(id)).chart).toMatchObject({ dataSourceId: other.dataSourceId, values: [] });
      expect((await call('PUT', `/api/chart-edit/batch-edit-datasource/dashboard/00000000-0000-0000-0000-000000000000`, { dataSourceId: other.dataSourceId, projectId: other.projectId })).status).toBe(404);
    });

    it('lists the chart’s source fields, the chart kinds and the charts of a source', async () => {
      const chart = await newChart({ type: 'bar', title: 'Related one', points: [field('region', 'string')], values: [field('amount', 'number')] });
      const schema = await ok('GET', `/api/dashboard/schema/dashboard/${chart.chartId}`);
      expect(schema.map((f: any) => [f.name, f.dataType])).toEqual([
        ['id', 'number'],
        ['order_date', 'date'],
        ['region', 'string'],
        ['category', 'string'],
        ['amount', 'number'],
        ['qty', 'number'],
      ]);
      expect(schema[0]).toEqual({ name: 'id', title: 'id', dataType: 'number', aggregator: '', calculated: false });

      expect(await ok('GET', '/api/chart-edit/charts/pie')).toMatchObject({ type: 'pie', points: { min: 1, max: 1 }, trendline: false });
      expect((await ok('GET', '/api/chart-edit/charts/all')).map((k: any) => k.type)).toHaveLength(13);
      expect((await call('GET', '/api/chart-edit/charts/radar')).status).toBe(400);

      const tree = await ok('GET', `/api/data_source/datasource_charts/${source.dataSourceId}`);
      const folder = tree.find((n: any) => n.key === `dashboard:${projectId}`);
      expect(folder).toMatchObject({ title: 'Chart folder', kind: 'project' });
      expect(folder.children).toEqual([expect.objectContaining({ key: dashboardId, title: 'Chart board', kind: 'dashboard' })]);
      expect(folder.children[0].children).toContainEqual({ key: chart.chartId, title: 'Related one', kind: 'chart', children: [] });
    });

    it('pages a table and lists detail rows under the chart filters', async () => {
      const chart = await newChart({ type: 'table', points: [field('id', 'number', { orderBy: 'asc' })], values: [field('qty', 'number')] });
      const page2 = await run(chart.chartId, { page: { index: 2, size: 10 } });
      expect(page2.option.table.rows.map((r: any) => r.values.d0)).toEqual(Array.from({ length: 10 }, (_, i) => 11 + i));
      expect(page2.option.table.page).toEqual({ index: 2, size: 10, total: 240 });

      const details = await ok('POST', `/api/dashboard/all_details/dashboard/${chart.chartId}`, {
        innerFilters: [{ name: 'region', dataType: 'string', range: ['East'] }],
        filter: { logic: 0, filterItems: [{ field: { name: 'qty', dataType: 'number' }, compare: '>=', compareValue: 7 }] },
        pageSize: 5,
      });
      const expected = SALES.filter((r) => r.region === 'East' && r.qty >= 7);
      expect(details.columns.map((c: any) => c.name)).toEqual(['id', 'order_date', 'region', 'category', 'amount', 'qty']);
      expect(details.rows.map((r: any) => r.c0)).toEqual(expected.slice(0, 5).map((r) => r.id));
      expect(details.hasMore).toBe(expected.length > 5);
      // the first page tells the rows in all under every filter (the dialog shows "of N"); later pages do not count again
      expect(details.total).toBe(expected.length);
      const second = await ok('POST', `/api/dashboard/all_details/dashboard/${chart.chartId}`, {
        innerFilters: [{ name: 'region', dataType: 'string', range: ['East'] }],
        filter: { logic: 0, filterItems: [{ field: { name: 'qty', dataType: 'number' }, compare: '>=', compareValue: 7 }] },
        pageIndex: 2,
        pageSize: 5,
      });
      expect(second.rows.map((r: any) => r.c0)).toEqual(expected.slice(5, 10).map((r) => r.id));
      expect(second.total).toBeUndefined();
    });
  });

  describe('detail rows behind one point (POST /api/dashboard/detail/{tab}/{chartId}?filterKey=)', () => {
    const detail = (chartId: string, filterKey: string | undefined, body: unknown = {}, token = admin) =>
      call('POST', `/api/dashboard/detail/dashboard/${chartId}${filterKey === undefined ? '' : `?filterKey=${encodeURIComponent(filterKey)}`}`, body, token);
    const ids = (r: any) => r.body.data.rows.map((x: any) => x.c0);

    it('lists the rows of the clicked category under the detail filter given as the body', async () => {
      const bar = await newChart({ type: 'bar', points: [field('region', 'string')], values: [field('amount', 'number')] });
      const east = await detail(bar.chartId, 'East', { pageSize: 500 });
      expect(east.status).toBe(200);
      expect(ids(east)).toEqual(SALES.filter((r) => r.region === 'East').map((r) => r.id));
      const filtered = await detail(bar.chartId, 'East', { logic: 0, filterItems: [{ field: { name: 'qty', dataType: 'number' }, compare: '>=', compareValue: 7 }], pageSize: 5 });
      const expected = SALES.filter((r) => r.region === 'East' && r.qty >= 7);
      expect(ids(filtered)).toEqual(expected.slice(0, 5).map((r) => r.id));
      expect(filtered.body.data).toMatchObject({ page: 1, pageSize: 5, hasMore: expected.length > 5 });
      expect(filtered.body.data.columns.map((c: any) => c.name)).toEqual(['id', 'order_date', 'region', 'category', 'amount', 'qty']);
      // no filterKey: every row under the chart's filters, like all_details
      const all = await detail(bar.chartId, undefined, { pageSize: 1000 });
      expect(all.body.status).toBe('success');
      expect(ids(all)).toHaveLength(SALES.length);
    });

    it('reads a date point at its granularity, several points joined by " / ", and the chart filters', async () => {
      const line = await newChart({ type: 'line', points: [field('order_date', 'date', { granularity: 3 })], values: [field('qty', 'number')] });
      const march = await detail(line.chartId, '2024-03-01', { pageSize: 500 });
      expect(ids(march)).toEqual(SALES.filter((r) => r.order_date.startsWith('2024-03')).map((r) => r.id));
      const table = await newChart({
        type: 'table',
        points: [field('region', 'string'), field('category', 'string')],
        values: [field('qty', 'number')],
        innerFilters: [{ name: 'qty', dataType: 'number', numberOption: 'greaterThan', range: [3] }],
      });
      const r = await detail(table.chartId, 'West / Tech', { pageSize: 500 });
      expect(ids(r)).toEqual(SALES.filter((x) => x.region === 'West' && x.category === 'Tech' && x.qty > 3).map((x) => x.id));
      expect(ids(await detail(table.chartId, 'West / Tech', { pageSize: 500, innerFilters: [] }))).toEqual(SALES.filter((x) => x.region === 'West' && x.category === 'Tech').map((x) => x.id));
      expect((await detail(table.chartId, 'West')).body).toEqual({ status: 'fail', data: 'The filter value West does not fit the field region / category' });
    });

    it('refuses a key for a chart without points, and callers without access to the source', async () => {
      const card = await newChart({ type: 'card', values: [field('amount', 'number')] });
      expect((await detail(card.chartId, 'East')).body).toEqual({ status: 'fail', data: 'The chart settings are invalid (filterKey)' });
      const bar = await newChart({ type: 'bar', points: [field('region', 'string')], values: [field('amount', 'number')] });
      expect((await detail(bar.chartId, 'East', {}, viewer)).status).toBe(403);
      expect((await detail(bar.chartId, 'East', { logic: 0, filterItems: [{ field: { name: 'amount', dataType: 'number' }, compare: '>', compareValue: 'abc' }] })).body.data).toBe(
        'The filter value abc does not fit the field amount',
      );
    });
  });

  // ---- the same charts over PostgreSQL and MariaDB sources (services run) ----

  /** Chart definitions covering grouping, dates, compare, totals, top-N, plot lines and filters. */
  const PORTABLE_CHARTS: Record<string, unknown>[] = [
    { type: 'bar', points: [field('region', 'string')], values: [field('amount', 'number'), field('qty', 'number', { aggregator: 'avg' })] },
    { type: 'line', points: [field('order_date', 'date', { granularity: 3 })], values: [field('qty', 'number'), field('category', 'string', { aggregator: 'countDistinct' })] },
    { type: 'line', points: [field('order_date', 'date', { granularity: 4 })], values: [field('amount', 'number', { aggregator: 'max' })], innerFilters: [{ name: 'order_date', dataType: 'date', range: ['2024-02-01', '2024-04-15'], granularity: 5 }] },
    { type: 'stack_bar', points: [field('region', 'string')], secondPoints: [field('category', 'string')], values: [field('amount', 'number')], editTopNum: { showItemNum: true, direction: 1, num: 50, mode: 1 } },
    { type: 'table', points: [field('category', 'string'), field('order_date', 'date', { granularity: 2 })], values: [field('amount', 'number', { orderBy: 'desc' })], aggregateConfig: { showSum: true, showAvg: true, showMin: true } },
    { type: 'bar', points: [field('category', 'string')], values: [field('amount', 'number')], plotLineY: [{ name: 'max', valueType: 1, axisField: { axisName: 'amount', aggregator: 'sum' }, formula: 2 }], editTopNum: { showItemNum: true, direction: 0, num: 2, mode: 0 } },
    { type: 'pie', points: [field('region', 'string')], values: [field('id', 'number', { aggregator: 'count' })], innerFilters: [{ name: 'region', dataType: 'string', range: ['East', 'South'] }, { name: 'qty', dataType: 'number', numberOption: 'greaterThan', range: [3] }] },
    { type: 'card', values: [field('amount', 'number', { aggregator: 'avg', fieldFilter: { logic: 1, conditions: [{ field: { name: 'category', dataType: 'string' }, compare: 'like', compareValue: 'ech' }] } })] },
  ];

  /** Numbers equal within float noise, everything else equal. */
  function expectSame(actual: unknown, expected: unknown, path = 'option'): void {
    const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^-?[\d,]+(\.\d+)?$/.test(v) ? Number(v.replace(/,/g, '')) : undefined);
    const a = num(actual);
    const e = num(expected);
    if (a !== undefined && e !== undefined) {
      if (Math.abs(a - e) > 1e-4 * Math.max(1, Math.abs(e))) throw new Error(`${path}: ${String(actual)} ≠ ${String(expected)}`);
      return;
    }
    if (Array.isArray(expected) && Array.isArray(actual)) {
      if (actual.length !== expected.length) throw new Error(`${path}: ${actual.length} items ≠ ${expected.length}`);
      expected.forEach((x, i) => expectSame(actual[i], x, `${path}[${i}]`));
      return;
    }
    if (expected && typeof expected === 'object' && actual && typeof actual === 'object') {
      for (const k of Object.keys(expected)) expectSame((actual as Record<string, unknown>)[k], (expected as Record<string, unknown>)[k], `${path}.${k}`);
      return;
    }
    if (actual !== expected) throw new Error(`${path}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
  }

  async function sameNumbersOn(dataSourceId: string) {
    for (const definition of PORTABLE_CHARTS) {
      const onDuck = await run((await newChart(definition)).chartId);
      const onServer = await run((await newChart(definition, dataSourceId)).chartId);
      expect(onServer.meta.rowCount).toBe(onDuck.meta.rowCount);
      expect(onServer.meta.rowCount).toBeGreaterThan(0);
      const { series: s1, table: t1, card: c1, xAxis: x1, yAxis: y1 } = onServer.option;
      const { series: s2, table: t2, card: c2, xAxis: x2, yAxis: y2 } = onDuck.option;
      expectSame({ s1, t1, c1, x1, y1 }, { s1: s2, t1: t2, c1: c2, x1: x2, y1: y2 }, String(definition.type));
    }
  }

  const insertSql = (quote: (n: string) => string) =>
    `INSERT INTO sales (${['id', 'order_date', 'region', 'category', 'amount', 'qty'].map(quote).join(', ')}) VALUES ${SALES.map((r) => `(${r.id}, '${r.order_date}', '${r.region}', '${r.category}', ${r.amount}, ${r.qty})`).join(', ')}`;

  const pgUrl = process.env.TEST_DATABASE_URL;
  (pgUrl ? it : it.skip)('gives the same numbers over a PostgreSQL source', async () => {
    const pg = (await import('pg')).default;
    const u = new URL(pgUrl!);
    const database = `bi_chart_${randomBytes(4).toString('hex')}`;
    const adminDb = new pg.Client({ connectionString: pgUrl });
    await adminDb.connect();
    await adminDb.query(`CREATE DATABASE ${database}`);
    try {
      const db = new pg.Client({ host: u.hostname, port: Number(u.port), user: u.username, database });
      await db.connect();
      await db.query('CREATE TABLE sales (id int, order_date date, region text, category text, amount numeric(10,2), qty int)');
      await db.query(insertSql((n) => `"${n}"`));
      await db.end();
      const connection = { host: u.hostname, port: Number(u.port), userName: u.username, password: 'unused', initialDatabase: database };
      const s = (await ok('POST', '/api/data_source/sql/', { type: 7, projectId: source.projectId, name: 'PG sales', connection, tableName: 'sales', tableSchema: 'public' })).dataSource;
      await sameNumbersOn(s.dataSourceId);
      await ok('DELETE', `/api/data_source/${s.dataSourceId}`);
    } finally {
      await adminDb.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await adminDb.end();
    }
  });

  const myUrl = process.env.TEST_MYSQL_URL;
  (myUrl ? it : it.skip)('gives the same numbers over a MariaDB source', async () => {
    const mysql = (await import('mysql2/promise')).default;
    const u = new URL(myUrl!);
    const database = `bi_chart_${randomBytes(4).toString('hex')}`;
    const user = decodeURIComponent(u.username);
    const password = decodeURIComponent(u.password);
    const conn = await mysql.createConnection({ host: u.hostname, port: Number(u.port), user, password, multipleStatements: true });
    await conn.query(`CREATE DATABASE ${database} CHARACTER SET utf8mb4; USE ${database}; CREATE TABLE sales (id INT, order_date DATE, region VARCHAR(20), category VARCHAR(20), amount DECIMAL(10,2), qty INT)`);
    await conn.query(insertSql((n) => '`' + n + '`'));
    try {
      const connection = { host: u.hostname, port: Number(u.port), userName: user, password, initialDatabase: database };
      const s = (await ok('POST', '/api/data_source/sql/', { type: 2, projectId: source.projectId, name: 'MariaDB sales', connection, content: 'SELECT * FROM sales' })).dataSource;
      await sameNumbersOn(s.dataSourceId);
      await ok('DELETE', `/api/data_source/${s.dataSourceId}`);
    } finally {
      await conn.query(`DROP DATABASE IF EXISTS ${database}`);
      await conn.end();
    }
  });
});
