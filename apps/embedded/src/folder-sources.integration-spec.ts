import { analyticsDataDir, startTestStack, type TestStack } from './testing.js';

// GET /api/dashboard/datasource/projects/{route}/{projectId} (spec 01 §7 "Dashboard"; docs/api/dashboard.md
// "Sources of a folder"): the sources the charts of a dashboard folder use, through BFF → gRPC →
// dashboard and data-source services.
describe('sources of a dashboard folder', () => {
  let stack: TestStack;
  let admin: string;
  let viewer: string;
  const en = { currentLanguage: 'en' };
  beforeAll(async () => {
    stack = await startTestStack({ BI_DATA_DIR: await analyticsDataDir('folder-sources', ['CREATE TABLE sales (region VARCHAR, amount DOUBLE)', "INSERT INTO sales VALUES ('East', 10)"]) });
    admin = await stack.login('admin');
    viewer = await stack.login('viewer');
  });
  afterAll(async () => stack?.stop());

  const call = (method: string, path: string, body?: unknown, token = admin) => stack.api(path, { method, body, token, headers: en });
  const ok = async (method: string, path: string, body?: unknown) => {
    const r = await call(method, path, body);
    if (r.body?.status !== 'success') throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  const chartOn = (dashboardId: string, dataSourceId: string) => ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'Qty', dataSourceId, type: 'bar' });

  it('counts the charts of every dashboard of the folder per source, most used first, and names only readable sources', async () => {
    const dsFolder = (await ok('POST', '/api/data_source/proj', { name: 'Folder sources' })).projectId as string;
    const source = async (name: string) => (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: dsFolder, name, tableName: 'sales', tableSchema: 'main' })).dataSource.dataSourceId as string;
    const a = await source('Sales copy A');
    const b = await source('Sales copy B');
    const folder = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Boards of sources' })).projectId as string;
    const other = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Another board set' })).projectId as string;
    const d1 = (await ok('POST', '/api/dashboard/dashboard', { name: 'First board', projectId: folder })).dashboardId as string;
    const d2 = (await ok('POST', '/api/dashboard/dashboard', { name: 'Second board', projectId: folder })).dashboardId as string;
    const d3 = (await ok('POST', '/api/dashboard/dashboard', { name: 'Elsewhere', projectId: other })).dashboardId as string;
    await chartOn(d1, a);
    await chartOn(d1, b);
    await chartOn(d2, b);
    await chartOn(d3, a); // another folder: not counted
    await chartOn(d2, ''); // a chart on no source yet: not listed

    const r = await call('GET', `/api/dashboard/datasource/projects/dashboard/${folder}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      { dataSourceId: b, name: 'Sales copy B', projectId: dsFolder, projectName: 'Folder sources', type: 8, charts: 2, dataSourceAuth: true, exists: true },
      { dataSourceId: a, name: 'Sales copy A', projectId: dsFolder, projectName: 'Folder sources', type: 8, charts: 1, dataSourceAuth: true, exists: true },
    ]);

    // a viewer reads the dashboard tab but not these sources (not shared): counted, not named
    const v = await call('GET', `/api/dashboard/datasource/projects/dashboard/${folder}`, undefined, viewer);
    expect(v.status).toBe(200);
    expect(v.body.data).toEqual([
      { dataSourceId: b, name: '', projectId: '', projectName: '', type: null, charts: 2, dataSourceAuth: false, exists: true },
      { dataSourceId: a, name: '', projectId: '', projectName: '', type: null, charts: 1, dataSourceAuth: false, exists: true },
    ]);
    // shared with the viewer: named
    expect(await ok('POST', `/api/data_source/publish/${a}`, { roleIds: ['viewer'], userIds: [] })).toEqual([]);
    // (the grant travels in the session: signed in again)
    const shared = (await call('GET', `/api/dashboard/datasource/projects/dashboard/${folder}`, undefined, await stack.login('viewer'))).body.data;
    expect(shared.find((s: { dataSourceId: string }) => s.dataSourceId === a)).toMatchObject({ name: 'Sales copy A', dataSourceAuth: true });

    // an empty folder lists nothing; an unknown folder or tab is refused
    const empty = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Nothing here' })).projectId as string;
    expect((await call('GET', `/api/dashboard/datasource/projects/dashboard/${empty}`)).body).toEqual({ status: 'success', data: [] });
    const unknown = await call('GET', '/api/dashboard/datasource/projects/dashboard/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.data).toBe('Folder not found');
    expect((await call('GET', `/api/dashboard/datasource/projects/nope/${folder}`)).body.data).toBe('Unknown tab');
    // the folder is of the dashboard tab: not found in the template tab
    expect((await call('GET', `/api/dashboard/datasource/projects/template/${folder}`)).status).toBe(404);
    expect((await stack.api(`/api/dashboard/datasource/projects/dashboard/${folder}`, { method: 'GET' })).status).toBe(401);
  });

  it('marks a source deleted since the chart was made', async () => {
    const dsFolder = (await ok('POST', '/api/data_source/proj', { name: 'Gone sources' })).projectId as string;
    const gone = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: dsFolder, name: 'Soon gone', tableName: 'sales', tableSchema: 'main' })).dataSource.dataSourceId as string;
    const folder = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Boards of gone' })).projectId as string;
    const d = (await ok('POST', '/api/dashboard/dashboard', { name: 'Board', projectId: folder })).dashboardId as string;
    await chartOn(d, gone);
    await stack.runtime.db.query('DELETE FROM data_source.sources WHERE id = $1', [gone]);
    expect((await ok('GET', `/api/dashboard/datasource/projects/dashboard/${folder}`))).toEqual([
      { dataSourceId: gone, name: '', projectId: '', projectName: '', type: null, charts: 1, dataSourceAuth: false, exists: false },
    ]);
  });
});
