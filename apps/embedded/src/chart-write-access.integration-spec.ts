import { randomUUID } from 'node:crypto';
import { analyticsDataDir, startTestStack, type TestStack } from './testing.js';

// Every chart write needs access to the chart's current source, the source it is put on, and the
// tab (BFF ChartWriteAccess): an analyst cannot rewrite, re-point, delete or copy another user's
// chart on a source the analyst cannot read, nor create a chart on such a source.
describe('chart writes check the chart’s source, the new source and the tab', () => {
  let stack: TestStack;
  let admin: string;
  let analyst: string;
  /** the admin's source (the analyst has no grant) and the analyst's own source */
  let adminSource: { dataSourceId: string; projectId: string };
  let ownSource: { dataSourceId: string; projectId: string };
  let folderId: string;
  let boardId: string;
  let victim: Record<string, any>;

  const refusal = 'You cannot change the chart "Revenue": you have no access to its data source';
  const field = (name: string, dataType: string) => ({ name, title: name, dataType });
  const call = (method: string, path: string, body: unknown, token: string, language = 'en') => stack.api(path, { method, body, token, headers: { currentLanguage: language } });
  async function ok(method: string, path: string, body: unknown, token: string) {
    const r = await call(method, path, body, token);
    if (r.body?.status !== 'success') throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  }
  /** A chart on a new dashboard of folderId, saved with region/amount on the source. */
  async function chartOn(dataSourceId: string, token: string, title = 'Revenue', dashboardId = boardId) {
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title, dataSourceId, type: 'bar' }, token);
    return ok('PUT', '/api/chart-edit/dashboard', { chartId, title, type: 'bar', dataSourceId, points: [field('region', 'string')], values: [field('amount', 'number')] }, token);
  }
  /** The chart as stored (read by the admin, who may read every source). */
  const stored = async (chartId: string) => (await ok('POST', `/api/chart-edit/chart/dashboard/${chartId}`, {}, admin)).chart;

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('chart-write', [
      'CREATE TABLE sales (region VARCHAR, amount DOUBLE)',
      "INSERT INTO sales VALUES ('East', 10), ('West', 20)",
      'CREATE TABLE mine (region VARCHAR, amount DOUBLE)',
      "INSERT INTO mine VALUES ('East', 1)",
    ]);
    stack = await startTestStack({ BI_DATA_DIR: dataDir });
    admin = await stack.login('admin');
    analyst = await stack.login('analyst');
    const adminFolder = await ok('POST', '/api/data_source/proj', { name: 'Admin sources' }, admin);
    adminSource = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: adminFolder.projectId, name: 'Sales', tableName: 'sales', tableSchema: 'main' }, admin)).dataSource;
    // only administrators create SQL sources on the analytics store: this one is made the analyst's
    ownSource = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: adminFolder.projectId, name: 'Mine', tableName: 'mine', tableSchema: 'main' }, admin)).dataSource;
    await stack.runtime.db.query("UPDATE data_source.sources SET created_by = (SELECT id FROM identity.users WHERE user_name = 'analyst') WHERE id = $1", [ownSource.dataSourceId]);
    folderId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Shared folder' }, admin)).projectId;
    boardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Shared board', projectId: folderId }, admin)).dashboardId;
    victim = await chartOn(adminSource.dataSourceId, admin);
  });
  afterAll(async () => stack?.stop());

  it('refuses to save another user’s chart onto the analyst’s own source', async () => {
    const r = await call('PUT', '/api/chart-edit/dashboard', { ...victim, title: 'Taken', dataSourceId: ownSource.dataSourceId }, analyst);
    expect([r.status, r.body]).toEqual([403, { status: 'fail', data: refusal }]);
    // also without naming a source (which would take the chart off its source)
    expect((await call('PUT', '/api/chart-edit/dashboard', { ...victim, title: 'Taken', dataSourceId: undefined }, analyst)).status).toBe(403);
    expect(await stored(victim.chartId)).toMatchObject({ title: 'Revenue', dataSourceId: adminSource.dataSourceId });
    // in the caller's language
    const zh = await call('PUT', '/api/chart-edit/dashboard', { ...victim, dataSourceId: ownSource.dataSourceId }, analyst, 'zh-CN');
    expect(zh.body.data).toBe('无法修改图表“Revenue”：您没有其数据源的访问权限');
    const tw = await call('PUT', '/api/chart-edit/dashboard', { ...victim, dataSourceId: ownSource.dataSourceId }, analyst, 'zh-TW');
    expect(tw.body.data).toBe('無法修改圖表「Revenue」：您沒有其資料來源的存取權限');
  });

  it('refuses to switch another user’s chart to the analyst’s source, or to change its custom option', async () => {
    const r = await call('POST', `/api/chart-edit/change/dashboard/${ownSource.dataSourceId}`, victim, analyst);
    expect([r.status, r.body]).toEqual([403, { status: 'fail', data: refusal }]);
    const custom = await call('PUT', '/api/chart-edit/change-custom-option/dashboard', { chartId: victim.chartId, customOption: '{"grid":{"left":1}}' }, analyst);
    expect([custom.status, custom.body.data]).toEqual([403, refusal]);
    expect(await stored(victim.chartId)).toMatchObject({ dataSourceId: adminSource.dataSourceId });
    expect(await stored(victim.chartId)).not.toHaveProperty('customOption');
  });

  it('refuses to switch a folder holding a chart the analyst cannot read', async () => {
    const r = await call('PUT', `/api/chart-edit/batch-edit-datasource/dashboard/${folderId}`, { dataSourceId: ownSource.dataSourceId, projectId: ownSource.projectId }, analyst);
    expect([r.status, r.body.data]).toEqual([403, refusal]);
    expect(await stored(victim.chartId)).toMatchObject({ dataSourceId: adminSource.dataSourceId });
  });

  it('refuses to create a chart on a source the caller cannot see, or on none that exists', async () => {
    const r = await call('POST', `/api/chart-edit/dashboard/${boardId}`, { title: 'Peek', dataSourceId: adminSource.dataSourceId }, analyst);
    expect([r.status, r.body]).toEqual([403, { status: 'fail', data: 'You have no access to the chosen data source' }]);
    expect((await call('POST', `/api/chart-edit/dashboard/${boardId}`, { title: 'Peek', dataSourceId: randomUUID() }, analyst)).status).toBe(404);
    const content = await ok('GET', `/api/dashboard/dashboard/${boardId}`, undefined, admin);
    expect(content.charts.map((c: any) => c.title)).toEqual(['Revenue']);
    // nor save or switch the analyst's own chart onto it
    const own = await chartOn(ownSource.dataSourceId, analyst, 'Own');
    expect((await call('PUT', '/api/chart-edit/dashboard', { ...own, dataSourceId: adminSource.dataSourceId }, analyst)).body.data).toBe('You have no access to the chosen data source');
    expect((await call('POST', `/api/chart-edit/change/dashboard/${adminSource.dataSourceId}`, own, analyst)).status).toBe(403);
    await ok('DELETE', `/api/dashboard/chart/dashboard/${own.chartId}`, undefined, analyst);
  });

  it('refuses to delete or copy another user’s chart', async () => {
    const r = await call('DELETE', `/api/dashboard/chart/dashboard/${victim.chartId}`, undefined, analyst);
    expect([r.status, r.body.data]).toEqual([403, refusal]);
    const copy = await call('POST', `/api/dashboard/copy/dashboard/${boardId}`, { name: 'My copy' }, analyst);
    expect([copy.status, copy.body.data]).toEqual([403, refusal]);
    expect(await stored(victim.chartId)).toMatchObject({ title: 'Revenue' });
  });

  it('refuses to delete a dashboard or folder holding another user’s chart, deleting nothing (issue 26 #3)', async () => {
    const r = await call('DELETE', `/api/dashboard/dashboard/${boardId}`, undefined, analyst);
    expect([r.status, r.body]).toEqual([403, { status: 'fail', data: refusal }]);
    const folder = await call('DELETE', `/api/dashboard/project/dashboard/${folderId}`, undefined, analyst, 'zh-CN');
    expect([folder.status, folder.body.data]).toEqual([403, '无法修改图表“Revenue”：您没有其数据源的访问权限']);
    expect(await stored(victim.chartId)).toMatchObject({ title: 'Revenue' });
    const projects = await ok('GET', '/api/dashboard/projects/dashboard', undefined, admin);
    expect(projects.find((p: any) => p.projectId === folderId)?.dashboards.map((d: any) => d.dashboardId)).toContain(boardId);
    // a folder of the analyst's own charts (and an empty one) is deleted as before
    const own = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Own folder' }, analyst)).projectId;
    const ownBoard = (await ok('POST', '/api/dashboard/dashboard', { name: 'Own board', projectId: own }, analyst)).dashboardId;
    await chartOn(ownSource.dataSourceId, analyst, 'Mine', ownBoard);
    const emptyBoard = (await ok('POST', '/api/dashboard/dashboard', { name: 'Empty board', projectId: own }, analyst)).dashboardId;
    expect(await ok('DELETE', `/api/dashboard/dashboard/${emptyBoard}`, undefined, analyst)).toEqual({ dashboardId: emptyBoard });
    expect(await ok('DELETE', `/api/dashboard/project/dashboard/${own}`, undefined, analyst)).toEqual({ projectId: own, deletedDashboards: 1 });
  });

  it('lets the analyst write charts on readable sources, and the admin every chart', async () => {
    const board = (await ok('POST', '/api/dashboard/dashboard', { name: 'Analyst board', projectId: folderId }, analyst)).dashboardId;
    const own = await chartOn(ownSource.dataSourceId, analyst, 'Own', board);
    expect(await ok('PUT', '/api/chart-edit/change-custom-option/dashboard', { chartId: own.chartId, customOption: '{"grid":{"left":2}}' }, analyst)).toMatchObject({ customOption: '{"grid":{"left":2}}' });
    expect((await ok('POST', `/api/chart-edit/change/dashboard/${ownSource.dataSourceId}`, own, analyst)).chart).toMatchObject({ dataSourceId: ownSource.dataSourceId });
    expect((await ok('POST', `/api/dashboard/copy/dashboard/${board}`, { name: 'Own copy' }, analyst)).name).toBe('Own copy');
    // a chart on a source deleted since, or on none, is the tab's: the analyst may put it on a source
    const orphan = await chartOn(ownSource.dataSourceId, analyst, 'Orphan', board);
    await stack.runtime.db.query('UPDATE dashboard.charts SET data_source_id = $1 WHERE id = $2', [randomUUID(), orphan.chartId]);
    expect((await ok('POST', `/api/chart-edit/change/dashboard/${ownSource.dataSourceId}`, orphan, analyst)).chart).toMatchObject({ dataSourceId: ownSource.dataSourceId });
    await ok('DELETE', `/api/dashboard/chart/dashboard/${orphan.chartId}`, undefined, analyst);
    // the admin may write any chart, onto any source
    expect(await ok('PUT', '/api/chart-edit/dashboard', { ...own, title: 'By admin', dataSourceId: adminSource.dataSourceId }, admin)).toMatchObject({ title: 'By admin', dataSourceId: adminSource.dataSourceId });
    // …after which the analyst may no longer write it
    expect((await call('DELETE', `/api/dashboard/chart/dashboard/${own.chartId}`, undefined, analyst)).status).toBe(403);
    // a grant on the admin's source opens its charts to the analyst (a new token reads the grants)
    await stack.runtime.db.query("INSERT INTO identity.user_permissions (user_id, permission) SELECT id, $1 FROM identity.users WHERE user_name = 'analyst'", [`datasource:${adminSource.dataSourceId}`]);
    const granted = await stack.login('analyst');
    expect(await ok('PUT', '/api/chart-edit/dashboard', { ...victim, title: 'Shared' }, granted)).toMatchObject({ title: 'Shared', dataSourceId: adminSource.dataSourceId });
  });
});
