import { chartFilters, type GlobalFilterItem } from '@bi/chart-model';
import { analyticsDataDir, REGION_SALES_TABLE, restCalls, startTestStack, type TestStack } from './testing.js';

// The first-screen call (docs/api/chart.md "First screen"): the web's boot script asks the BFF to compute
// a dashboard's first screen before the app runs; the page's own batch run then finds every answer kept.

describe('first-screen call', () => {
  let stack: TestStack;
  let admin: string;
  let viewer: string;
  let boardId: string;
  let sourceId: string;
  const charts: Record<string, { chartId: string }> = {};

  const { call, ok } = restCalls(() => stack, () => admin);
  const field = (name: string, dataType: string) => ({ name, title: name, dataType });
  /** chart-query's RunChart calls so far (each logs that it computed or found its answer). */
  const chartQueryCalls = () => stack.logLines.filter((l) => l.includes('"chart answer computed"') || l.includes('"chart answer from cache"')).length;
  async function chart(title: string, type: string) {
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${boardId}`, { title, dataSourceId: sourceId, type });
    return ok('PUT', '/api/chart-edit/dashboard', { chartId, title, type, dataSourceId: sourceId, points: [field('region', 'string')], values: [{ ...field('qty', 'number'), aggregator: 'sum' }] });
  }
  const firstScreen = (height: number, token = admin, board = boardId) => call('POST', `/api/dashboard/first_screen/dashboard/${board}`, { height }, token);
  /** The batch run the web sends for the dashboard opened without picked values (DashboardView prefetchChartRuns). */
  async function webBatch(chartIds: string[], token = admin) {
    const content = await ok('GET', `/api/dashboard/dashboard/${boardId}`, undefined, token);
    const body = {
      charts: chartIds.map((chartId) => {
        const { globalFilters } = chartFilters({ chart: content.charts.find((c: { chartId: string }) => c.chartId === chartId), globalFilters: content.globalFilter as GlobalFilterItem[] });
        return { chartId, isFullScreen: false, globalFilters, isFirstRequest: true };
      }),
    };
    return call('POST', '/api/dashboard/charts/dashboard', body, token);
  }
  const categories = (envelope: any): string[] => envelope.data.option.xAxis?.data ?? envelope.data.option.xAxis?.[0]?.data;

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('first-screen', [REGION_SALES_TABLE]);
    // rollups off: a rollup built after a chart save renews the source's stamp, which drops kept answers at a time
    // of its own — this spec counts chart-query's runs to prove the first-screen call keeps them (rollups: rollups.integration-spec.ts)
    stack = await startTestStack({ BI_DATA_DIR: dataDir, BI_ROLLUPS: 'off' });
    admin = await stack.login('admin');
    viewer = await stack.login('viewer');
    const folder = await ok('POST', '/api/data_source/proj', { name: 'First screen sources' });
    sourceId = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Sales', tableName: 'sales', tableSchema: 'main' })).dataSource.dataSourceId;
    const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'First screen boards' })).projectId;
    boardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'First screen board', projectId })).dashboardId;
    for (const [name, type] of [['top', 'bar'], ['filtered', 'bar'], ['hidden', 'bar'], ['table', 'table'], ['below', 'bar']] as const) charts[name] = await chart(name, type);
    // rows: top, filtered, hidden, table on the first screen; below 40 rows further down (40 × 77 px)
    const place = (name: string, row: number, col: number) => ({ chartId: charts[name]!.chartId, row, col, sizeX: 6, sizeY: 4 });
    await ok('PUT', `/api/dashboard/aspect_changed/dashboard/${boardId}`, [place('top', 0, 0), place('filtered', 0, 6), place('hidden', 4, 0), place('table', 4, 6), place('below', 40, 0)]);
    await ok('POST', '/api/dashboard/hide_setting/dashboard', [{ chartId: charts.hidden!.chartId, hide: true }]);
    // a global filter with a stored value that targets one chart
    const region: GlobalFilterItem = { id: 'region', name: 'region', title: 'Region', dataType: 'string', range: ['East'], dataSourceId: sourceId, charts: [{ chartId: charts.filtered!.chartId }] };
    await ok('POST', `/api/global_filter/dashboard/${boardId}`, [region]);
  });
  afterAll(async () => stack?.stop());

  it("computes the shown charts within the height (no table), and the page's batch then finds them kept", async () => {
    expect(await ok('POST', `/api/dashboard/first_screen/dashboard/${boardId}`, { height: 900 })).toEqual({ charts: 2 });
    const calls = chartQueryCalls();
    const batch = await webBatch([charts.top!.chartId, charts.filtered!.chartId]);
    expect(batch.status).toBe(200);
    // no run reached chart-query: both answers were kept by the first-screen call, under the web's filters
    expect(chartQueryCalls()).toBe(calls);
    const [top, filtered] = batch.body.data;
    expect(categories(top).sort()).toEqual(['East', 'North', 'West']);
    expect(categories(filtered)).toEqual(['East']);
    // the chart further down was not computed: the page's run of it reaches chart-query
    await webBatch([charts.below!.chartId]);
    expect(chartQueryCalls()).toBe(calls + 1);
  });

  it('reaches further down with a taller screen, and leaves out hidden charts and tables', async () => {
    expect(await ok('POST', `/api/dashboard/first_screen/dashboard/${boardId}`, { height: 40 * 77 + 100 })).toEqual({ charts: 3 });
  });

  it('refuses a bad height, an unknown tab and the signed-out, in the caller’s language', async () => {
    const bad = await call('POST', `/api/dashboard/first_screen/dashboard/${boardId}`, { height: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe('fail');
    expect((await call('POST', `/api/dashboard/first_screen/nope/${boardId}`, { height: 900 })).status).toBe(400);
    expect((await stack.api(`/api/dashboard/first_screen/dashboard/${boardId}`, { method: 'POST', body: { height: 900 } })).status).toBe(401);
  });

  it('gives a viewer without access to the source the no-permission state, computing nothing for them', async () => {
    const calls = chartQueryCalls();
    expect((await firstScreen(900, viewer)).status).toBe(200);
    expect(chartQueryCalls()).toBe(calls);
  });
});
