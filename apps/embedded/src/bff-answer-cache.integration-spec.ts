import { cartesianPairs } from '@bi/charts';
import { asBusMessage, encodeDataChanged, waitFor } from '@bi/messaging';
import { SERVICE_CONTRACTS, type identityV1 } from '@bi/proto';
import { callService, connectService } from '@bi/service-kit';
import { analyticsDataDir, dataChangesHandled, REGION_SALES_TABLE, restCalls, startTestStack, type TestStack } from './testing.js';

// The BFF's chart answer cache (docs/adr/0003-bff-answer-cache.md): repeated runs are answered by
// the BFF without calling a service, and never after a change of the data, the source or the chart,
// a sign-out, or for a caller without access to the source.

describe('BFF chart answer cache', () => {
  let stack: TestStack;
  let admin: string;
  let source: { dataSourceId: string; projectId: string };
  let dashboardId: string;
  const en = { currentLanguage: 'en' };

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('answer-cache', [REGION_SALES_TABLE]);
    // the cases count chart-query's calls: no rollup built in the background after a chart save (its record
    // renews the source's stamp, which drops the BFF's kept answers once, by timing)
    stack = await startTestStack({ BI_DATA_DIR: dataDir, BI_ROLLUPS: 'off' });
    admin = await stack.login('admin');
    const folder = await ok('POST', '/api/data_source/proj', { name: 'Cache sources' });
    source = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Big orders', content: 'SELECT * FROM sales WHERE qty > 10' })).dataSource;
    const project = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Cache folder' })).projectId;
    dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Cache board', projectId: project })).dashboardId;
  });
  afterAll(async () => stack?.stop());

  const { call, ok } = restCalls(() => stack, () => admin);
  const field = (name: string, dataType: string) => ({ name, title: name, dataType });
  async function newChart(board = dashboardId) {
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${board}`, { title: 'by region', dataSourceId: source.dataSourceId, type: 'bar' });
    return ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'by region', type: 'bar', dataSourceId: source.dataSourceId, points: [field('region', 'string')], values: [field('qty', 'number')] });
  }
  const run = (chartId: string, token = admin, body: unknown = {}) => call('POST', `/api/dashboard/chart/dashboard/${chartId}`, body, token);
  /** chart-query's RunChart calls so far (each logs that it computed or found its answer). */
  const chartQueryCalls = () => stack.logLines.filter((l) => l.includes('"chart answer computed"') || l.includes('"chart answer from cache"')).length;
  const changesHandled = () => dataChangesHandled(stack, source.dataSourceId);
  const sums = (answer: any) => new Map(cartesianPairs(answer.body.data.option));
  const expected = (min: number) => {
    const out = new Map<string, number>();
    for (let i = min + 1; i <= 30; i++) out.set(['East', 'West', 'North'][i % 3]!, (out.get(['East', 'West', 'North'][i % 3]!) ?? 0) + i);
    return out;
  };

  it('answers a repeated run in the BFF, byte for byte, without calling chart-query', async () => {
    const chart = await newChart();
    const first = await run(chart.chartId);
    const calls = chartQueryCalls();
    const second = await run(chart.chartId);
    const third = await run(chart.chartId);
    expect(chartQueryCalls()).toBe(calls);
    expect(second.body).toEqual(first.body);
    expect(third.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(sums(second)).toEqual(expected(10));
    // another request (filters, editor route, language) is another answer
    await run(chart.chartId, admin, { innerFilters: [{ name: 'region', dataType: 'string', range: ['East'] }] });
    await call('POST', `/api/chart-edit/chart/dashboard/${chart.chartId}`, {});
    expect(chartQueryCalls()).toBe(calls + 2);
    const zh = await stack.api(`/api/dashboard/chart/dashboard/${chart.chartId}`, { method: 'POST', body: {}, token: admin, headers: { currentLanguage: 'zh-CN' } });
    expect(zh.status).toBe(200);
    expect(chartQueryCalls()).toBe(calls + 3);
  });

  it('never answers from before a change of the source (its SQL: a DataChanged change) or a DataChanged event', async () => {
    const chart = await newChart();
    expect(sums(await run(chart.chartId))).toEqual(expected(10));
    await run(chart.chartId);
    const handled = changesHandled();
    await ok('PUT', '/api/data_source/update', { dataSourceId: source.dataSourceId, content: 'SELECT * FROM sales WHERE qty > 20' });
    // at once, no waiting for the event: the data-source service renewed the source's stamp before answering
    expect(sums(await run(chart.chartId))).toEqual(expected(20));
    // the change's own DataChanged (through the outbox) renews the stamp once more when chart-query handles it
    await waitFor(() => changesHandled() === handled + 1, 30_000, "chart-query handling the SQL change's DataChanged");
    await run(chart.chartId);
    const calls = chartQueryCalls();
    await run(chart.chartId);
    expect(chartQueryCalls()).toBe(calls);
    // a DataChanged from elsewhere (delivered by the bus): chart-query renews the stamp when it handles it
    await stack.runtime.bus.publish([asBusMessage(encodeDataChanged(source.dataSourceId, { changeKind: 'append', dataVersion: 99, rowCount: 1, changedBy: 'test' }))]);
    await waitFor(() => changesHandled() === handled + 2, 30_000, 'chart-query handling the published DataChanged');
    await run(chart.chartId);
    expect(chartQueryCalls()).toBe(calls + 1);
    await ok('PUT', '/api/data_source/update', { dataSourceId: source.dataSourceId, content: 'SELECT * FROM sales WHERE qty > 10' });
    // the next case starts with no DataChanged of this source still on its way
    await waitFor(() => changesHandled() === handled + 3, 30_000, "chart-query handling the restoring change's DataChanged");
  });

  it('never answers from before an edit, a source switch or a delete of the chart', async () => {
    const chart = await newChart();
    await run(chart.chartId);
    await run(chart.chartId);
    const saved = await ok('PUT', '/api/chart-edit/dashboard', { ...chart, title: 'renamed', values: [{ ...field('qty', 'number'), aggregator: 'count' }] });
    const edited = await run(chart.chartId);
    expect(edited.body.data.chart.title).toBe('renamed');
    expect(sums(edited).get('East')).toBe(7);

    const other = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: source.projectId, name: 'All orders', content: 'SELECT * FROM sales' })).dataSource;
    await run(chart.chartId);
    await ok('POST', `/api/chart-edit/change/dashboard/${other.dataSourceId}`, saved);
    const switched = await run(chart.chartId);
    expect(switched.body.data.dataSourceName).toBe('All orders');
    expect(sums(switched).get('East')).toBe(10);

    await ok('PUT', '/api/chart-edit/change-custom-option/dashboard', { chartId: chart.chartId, customOption: '{"grid":{"left":77}}' });
    expect((await run(chart.chartId)).body.data.option.grid.left).toBe(77);

    await run(chart.chartId);
    expect((await call('DELETE', `/api/dashboard/chart/dashboard/${chart.chartId}`)).status).toBe(200);
    expect((await run(chart.chartId)).status).toBe(404);

    // deleting the dashboard (its charts go with it) and the folder
    const project = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Doomed folder' })).projectId;
    const board = (await ok('POST', '/api/dashboard/dashboard', { name: 'Doomed board', projectId: project })).dashboardId;
    const a = await newChart(board);
    await run(a.chartId);
    await run(a.chartId);
    await ok('DELETE', `/api/dashboard/dashboard/${board}`);
    expect((await run(a.chartId)).status).toBe(404);
    const board2 = (await ok('POST', '/api/dashboard/dashboard', { name: 'Doomed board', projectId: project })).dashboardId;
    const b = await newChart(board2);
    await run(b.chartId);
    await run(b.chartId);
    await ok('DELETE', `/api/dashboard/project/dashboard/${project}`);
    expect((await run(b.chartId)).status).toBe(404);
  });

  it('checks the caller’s access to the source on every hit, and a sign-out at once', async () => {
    const chart = await newChart();
    await run(chart.chartId);
    await run(chart.chartId);
    const viewer = await stack.login('viewer');
    // kept token, kept answer: still the no-permission state (no data) for a caller without access
    for (let i = 0; i < 2; i++) expect((await run(chart.chartId, viewer)).body.data).toEqual({ dataSourceAuth: false, chartId: chart.chartId, message: "You have no permission to see this chart's data source" });

    await stack.runtime.db.query("INSERT INTO identity.user_permissions (user_id, permission) SELECT id, $1 FROM identity.users WHERE user_name = 'analyst'", [`datasource:${source.dataSourceId}`]);
    const analyst = await stack.login('analyst');
    expect((await run(chart.chartId, analyst)).status).toBe(200);
    const calls = chartQueryCalls();
    expect((await run(chart.chartId, analyst)).status).toBe(200);
    expect(chartQueryCalls()).toBe(calls);
    expect((await ok('GET', '/api/identity/logout/analyst', undefined, analyst)).revoked).toBe(true);
    expect((await run(chart.chartId, analyst)).status).toBe(401);

    // a sign-out through another BFF (here: identity's Logout called directly) is seen by this one on its next request
    const second = await stack.login('analyst');
    expect((await run(chart.chartId, second)).status).toBe(200);
    expect((await run(chart.chartId, second)).status).toBe(200);
    const identity = connectService('identity', stack.config.services.identity);
    try {
      const client = identity.getService<identityV1.IdentityServiceClient>(SERVICE_CONTRACTS.identity.service);
      expect((await callService(client.logout({ token: second, userName: 'analyst' }))).revoked).toBe(true);
    } finally {
      (identity as unknown as { close?: () => void }).close?.();
    }
    expect((await run(chart.chartId, second)).status).toBe(401);
  });

  it('runs several charts in one request: each answer as its single run gives it, a failing chart on its own, all kept answers from the BFF', async () => {
    const [a, b] = [await newChart(), await newChart()];
    const batch = (charts: unknown[], token = admin) => call('POST', '/api/dashboard/charts/dashboard', { charts }, token);
    const first = await batch([{ chartId: a.chartId }, { chartId: 'no-such-chart' }, { chartId: b.chartId, innerFilters: [{ name: 'region', dataType: 'string', range: ['East'] }] }]);
    expect(first.status).toBe(200);
    const [ra, missing, rb] = first.body.data;
    expect(sums({ body: ra })).toEqual(expected(10));
    expect(missing).toMatchObject({ status: 'fail', httpStatus: 404, data: expect.stringMatching(/\w/) });
    expect([...sums({ body: rb }).keys()]).toEqual(['East']);
    // the same answers as the single runs (kept by the batch, served byte for byte by them)
    const calls = chartQueryCalls();
    expect((await run(a.chartId)).body).toEqual(ra);
    // a batch of kept answers: no call to chart-query
    const again = await batch([{ chartId: b.chartId, innerFilters: [{ name: 'region', dataType: 'string', range: ['East'] }] }, { chartId: a.chartId }]);
    expect(again.body.data).toEqual([rb, ra]);
    expect(chartQueryCalls()).toBe(calls);
    // no access to the source: each chart refused, kept or not
    const viewer = await stack.login('viewer');
    const refused = await batch([{ chartId: a.chartId }, { chartId: b.chartId }], viewer);
    expect(refused.body.data.map((x: any) => [x.status, x.data.dataSourceAuth, x.data.option])).toEqual([
      ['success', false, undefined],
      ['success', false, undefined],
    ]);
    // a bad body is refused as a whole, in the caller's language
    const bad = await call('POST', '/api/dashboard/charts/dashboard', { charts: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe('fail');
    expect((await call('POST', '/api/dashboard/charts/dashboard', { charts: Array.from({ length: 51 }, () => ({ chartId: a.chartId })) })).status).toBe(400);
    // bad JSON to a run (read by the hit path itself): the same 400 as anywhere else
    const broken = await stack.api(`/api/dashboard/chart/dashboard/${a.chartId}`, { method: 'POST', body: '{"innerFilters": [', token: admin, headers: { ...en, 'content-type': 'application/json' } });
    const elsewhere = await stack.api('/api/dashboard/project/dashboard', { method: 'POST', body: '{"name": ', token: admin, headers: { ...en, 'content-type': 'application/json' } });
    expect([broken.status, broken.body]).toEqual([400, elsewhere.body]);
    expect(elsewhere.status).toBe(400);
  });

  it('sends kept answers gzip-compressed to a client that accepts it (compressed once, joined per request), plain to one that does not', async () => {
    const [a, b] = [await newChart(), await newChart()];
    const plain = (await run(a.chartId, admin, {})).body;
    const batchPlain = (await call('POST', '/api/dashboard/charts/dashboard', { charts: [{ chartId: a.chartId }, { chartId: b.chartId }] })).body;
    const calls = chartQueryCalls();
    const asked = (path: string, body: unknown, encoding: string) => stack.api(path, { method: 'POST', body, token: admin, headers: { ...en, 'accept-encoding': encoding } });
    // the kept copies are compressed in the thread pool after they are sent (hits are plain until then)
    const bothCompressed = async () => (await asked('/api/dashboard/charts/dashboard', { charts: [{ chartId: a.chartId }, { chartId: b.chartId }] }, 'gzip')).headers.get('content-encoding') === 'gzip';
    await waitFor(bothCompressed, 30_000, 'the kept answers compressed');
    const gz = await asked(`/api/dashboard/chart/dashboard/${a.chartId}`, {}, 'gzip, deflate, br');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toBe('Accept-Encoding');
    expect(gz.body).toEqual(plain);
    const batchGz = await asked('/api/dashboard/charts/dashboard', { charts: [{ chartId: a.chartId }, { chartId: b.chartId }] }, 'gzip');
    expect(batchGz.headers.get('content-encoding')).toBe('gzip');
    expect(Number(batchGz.headers.get('content-length'))).toBeLessThan(JSON.stringify(batchPlain).length / 2);
    expect(batchGz.body).toEqual(batchPlain);
    const identity = await asked(`/api/dashboard/chart/dashboard/${a.chartId}`, {}, 'identity');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.body).toEqual(plain);
    expect(chartQueryCalls()).toBe(calls);
  });
});
