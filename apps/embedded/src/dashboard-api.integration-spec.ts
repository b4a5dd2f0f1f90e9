import { startTestStack, type TestStack } from './testing.js';

// Spec 01 §7 "Dashboard" calls through BFF → gRPC → dashboard service → SQL store.
describe('dashboard REST API', () => {
  let stack: TestStack;
  let admin: string;
  let viewer: string;
  const en = { currentLanguage: 'en' };
  beforeAll(async () => {
    stack = await startTestStack();
    admin = await stack.login('admin');
    viewer = await stack.login('viewer');
  });
  afterAll(async () => stack?.stop());

  const call = (method: string, path: string, body?: unknown, token = admin) => stack.api(path, { method, body, token, headers: en });
  const newProject = async (name: string, tab = 'dashboard') => (await call('POST', `/api/dashboard/project/${tab}`, { name })).body.data;
  const newDashboard = async (projectId: string, name: string, tab = 'dashboard') => (await call('POST', `/api/dashboard/${tab}`, { name, projectId, description: 'd' })).body.data;

  it('creates folders and dashboards and lists them in order', async () => {
    const p = await newProject('Sales 2026');
    expect(p).toMatchObject({ name: 'Sales 2026', dashboards: [] });
    const d1 = await newDashboard(p.projectId, 'Overview');
    const d2 = await newDashboard(p.projectId, '区域销售');
    expect(d2.order).toBe(d1.order + 10);
    const list = (await call('GET', '/api/dashboard/projects/dashboard')).body.data;
    const mine = list.find((x: any) => x.projectId === p.projectId);
    expect(mine.dashboards.map((d: any) => d.name)).toEqual(['Overview', '区域销售']);
    // the template tab is a separate space
    expect((await call('GET', '/api/dashboard/projects/template')).body.data.find((x: any) => x.projectId === p.projectId)).toBeUndefined();
  });

  it('enforces the name rules with messages in the user language', async () => {
    expect((await call('POST', '/api/dashboard/project/dashboard', { name: 'ab' })).body).toEqual({ status: 'fail', data: 'Name must be 3 to 20 characters' });
    expect((await call('POST', '/api/dashboard/project/dashboard', { name: '   ' })).body).toEqual({ status: 'fail', data: 'Please enter a name' });
    expect((await call('POST', '/api/dashboard/project/dashboard', { name: 'x'.repeat(21) })).status).toBe(400);
    await newProject('Unique Name');
    const dup = await call('POST', '/api/dashboard/project/dashboard', { name: 'unique name' });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ status: 'fail', data: 'name used' });
    const zh = await stack.api('/api/dashboard/project/dashboard', { method: 'POST', body: { name: 'Unique Name' }, token: admin, headers: { currentLanguage: 'zh-CN' } });
    expect(zh.body.data).toBe('名称已被使用');
    expect((await call('POST', '/api/dashboard/unknown', { name: 'abc', projectId: 'x' })).body.data).toBe('Unknown tab');
  });

  it('renaming a folder to a name in use says "name used" (409), in either tab, whatever the case', async () => {
    for (const tab of ['dashboard', 'template']) {
      await newProject('Taken name', tab);
      const other = await newProject(`Free name ${tab}`, tab);
      const dup = await call('PUT', `/api/dashboard/project/${tab}/${other.projectId}`, { name: 'TAKEN NAME' });
      expect(dup.status).toBe(409);
      expect(dup.body).toEqual({ status: 'fail', data: 'name used' });
      const zh = await stack.api(`/api/dashboard/project/${tab}/${other.projectId}`, { method: 'PUT', body: { name: ' Taken name ' }, token: admin, headers: { currentLanguage: 'zh-CN' } });
      expect(zh.status).toBe(409);
      expect(zh.body.data).toBe('名称已被使用');
      // its own name (another case) is no conflict
      expect((await call('PUT', `/api/dashboard/project/${tab}/${other.projectId}`, { name: `FREE NAME ${tab}` })).status).toBe(200);
    }
  });

  it('renames, moves (target required), and deletes a dashboard', async () => {
    const a = await newProject('Folder A');
    const b = await newProject('Folder B');
    const d = await newDashboard(a.projectId, 'To move');
    expect((await call('PUT', `/api/dashboard/dashboard/${d.dashboardId}`, { name: 'Renamed' })).body.data.name).toBe('Renamed');
    expect((await call('PUT', `/api/dashboard/move-dashboard/dashboard/${d.dashboardId}`, {})).body).toEqual({ status: 'fail', data: 'Please choose a target folder' });
    const moved = (await call('PUT', `/api/dashboard/move-dashboard/dashboard/${d.dashboardId}`, { projectId: b.projectId })).body.data;
    expect(moved.projectId).toBe(b.projectId);
    const list = (await call('GET', '/api/dashboard/projects/dashboard')).body.data;
    expect(list.find((x: any) => x.projectId === b.projectId).dashboards.map((x: any) => x.name)).toEqual(['Renamed']);
    expect((await call('DELETE', `/api/dashboard/dashboard/${d.dashboardId}`)).body).toEqual({ status: 'success', data: { dashboardId: d.dashboardId } });
    const gone = await call('GET', `/api/dashboard/dashboard/${d.dashboardId}`);
    expect(gone.status).toBe(404);
    expect(gone.body.data).toBe('Dashboard not found');
  });

  it('sorts folders and dashboards by the order the client computes', async () => {
    const p = await newProject('Sort folder');
    const [x, y, z] = [await newDashboard(p.projectId, 'First'), await newDashboard(p.projectId, 'Second'), await newDashboard(p.projectId, 'Third')];
    // move Third between First and Second
    const r = await call('POST', `/api/dashboard/sort/dashboard/${z.dashboardId}?order=${(x.order + y.order) / 2}`);
    expect(r.body.data).toEqual({ id: z.dashboardId, kind: 'dashboard', order: (x.order + y.order) / 2 });
    const names = (await call('GET', '/api/dashboard/projects/dashboard')).body.data.find((f: any) => f.projectId === p.projectId).dashboards.map((d: any) => d.name);
    expect(names).toEqual(['First', 'Third', 'Second']);
    expect((await call('POST', `/api/dashboard/sort/dashboard/${p.projectId}?order=-5`)).body.data.kind).toBe('project');
    expect((await call('GET', '/api/dashboard/projects/dashboard')).body.data[0].projectId).toBe(p.projectId);
    expect((await call('POST', `/api/dashboard/sort/dashboard/${p.projectId}?order=abc`)).status).toBe(400);
  });

  it('deletes a folder together with its dashboards', async () => {
    const p = await newProject('Doomed');
    await newDashboard(p.projectId, 'One');
    await newDashboard(p.projectId, 'Two');
    expect((await call('DELETE', `/api/dashboard/project/dashboard/${p.projectId}`)).body.data).toEqual({ projectId: p.projectId, deletedDashboards: 2 });
    expect((await call('GET', '/api/dashboard/projects/dashboard')).body.data.some((f: any) => f.projectId === p.projectId)).toBe(false);
  });

  it('protects the reserved SBEP folder and dashboard', async () => {
    expect((await call('POST', '/api/dashboard/project/dashboard', { name: 'SBEP' })).body.data).toBe('SBEP is reserved and cannot be renamed, deleted or copied');
    // a reserved folder that exists already (e.g. from an ERP import) cannot be touched
    const id = '11111111-1111-4111-8111-111111111111';
    await stack.runtime.db.query("INSERT INTO dashboard.projects (id, tab, name, sort_order) VALUES ($1, 'dashboard', 'SBEP', 999)", [id]);
    await stack.runtime.db.query("INSERT INTO dashboard.dashboards (id, project_id, tab, name, sort_order) VALUES ($1, $2, 'dashboard', 'SBEP', 10)", ['22222222-2222-4222-8222-222222222222', id]);
    expect((await call('PUT', `/api/dashboard/project/dashboard/${id}`, { name: 'Other name' })).status).toBe(400);
    expect((await call('DELETE', `/api/dashboard/project/dashboard/${id}`)).status).toBe(400);
    expect((await call('PUT', '/api/dashboard/dashboard/22222222-2222-4222-8222-222222222222', { name: 'Other name' })).status).toBe(400);
    expect((await call('DELETE', '/api/dashboard/dashboard/22222222-2222-4222-8222-222222222222')).status).toBe(400);
    expect((await call('POST', '/api/dashboard/copy/dashboard/22222222-2222-4222-8222-222222222222', { name: 'Copy of it' })).status).toBe(400);
  });

  it('places new charts at 6×4, saves the layout, hides charts and copies a dashboard with its charts', async () => {
    const p = await newProject('Layout folder');
    const d = await newDashboard(p.projectId, 'Grid');
    const c1 = (await call('POST', `/api/chart-edit/dashboard/${d.dashboardId}`, { title: 'Revenue', dataSourceId: '' })).body.data;
    const c2 = (await call('POST', `/api/chart-edit/dashboard/${d.dashboardId}`, { title: 'Orders', dataSourceId: '' })).body.data;
    expect(typeof c1).toBe('string');
    let content = (await call('GET', `/api/dashboard/dashboard/${d.dashboardId}`)).body.data;
    expect(content).toMatchObject({ dashboardId: d.dashboardId, projectId: p.projectId, projectName: 'Layout folder', name: 'Grid', globalFilter: [] });
    expect(content.aspects.map((a: any) => [a.chartId, a.row, a.col, a.sizeX, a.sizeY])).toEqual([
      [c1, 0, 0, 6, 4],
      [c2, 4, 0, 6, 4],
    ]);
    const saved = await call('PUT', `/api/dashboard/aspect_changed/dashboard/${d.dashboardId}`, [
      { chartId: c1, row: 0, col: 6, sizeX: 6, sizeY: 5 },
      { chartId: c2, row: 0, col: 0, sizeX: 6, sizeY: 4 },
    ]);
    expect(saved.status).toBe(200);
    content = (await call('GET', `/api/dashboard/dashboard/${d.dashboardId}`)).body.data;
    expect(content.aspects.find((a: any) => a.chartId === c1)).toMatchObject({ row: 0, col: 6, sizeX: 6, sizeY: 5 });
    // out of the grid, or a chart of another dashboard: refused, nothing saved
    expect((await call('PUT', `/api/dashboard/aspect_changed/dashboard/${d.dashboardId}`, [{ chartId: c1, row: 0, col: 8, sizeX: 6, sizeY: 4 }])).status).toBe(400);
    expect((await call('PUT', `/api/dashboard/aspect_changed/dashboard/${d.dashboardId}`, [{ chartId: 'nope', row: 0, col: 0, sizeX: 6, sizeY: 4 }])).status).toBe(400);
    expect((await call('GET', `/api/dashboard/dashboard/${d.dashboardId}`)).body.data.aspects).toEqual(content.aspects);

    const hidden = (await call('POST', '/api/dashboard/hide_setting/dashboard', [{ chartId: c2, title: 'Orders', hide: true }])).body.data;
    expect(hidden).toEqual([expect.objectContaining({ chartId: c2, hide: true })]);
    const all = (await call('GET', `/api/dashboard/all_charts/dashboard/${d.dashboardId}`)).body.data;
    expect(all.map((c: any) => [c.title, c.hide])).toEqual([
      ['Revenue', false],
      ['Orders', true],
    ]);

    const copy = (await call('POST', `/api/dashboard/copy/dashboard/${d.dashboardId}`, { name: 'Grid copy' })).body.data;
    const copied = (await call('GET', `/api/dashboard/dashboard/${copy.dashboardId}`)).body.data;
    expect(copied.charts.map((c: any) => c.title)).toEqual(['Revenue', 'Orders']);
    expect(copied.charts.some((c: any) => c.chartId === c1)).toBe(false);
    expect(copied.aspects.map((a: any) => [a.col, a.sizeY]).sort()).toEqual([
      [0, 4],
      [6, 5],
    ]);

    expect((await call('DELETE', `/api/dashboard/chart/dashboard/${c1}`)).body.data).toEqual({ chartId: c1 });
    content = (await call('GET', `/api/dashboard/dashboard/${d.dashboardId}`)).body.data;
    expect(content.charts.map((c: any) => c.chartId)).toEqual([c2]);
    expect(content.aspects.map((a: any) => a.chartId)).toEqual([c2]);
  });

  it('lets only template:edit write to the template tab; viewers may read it', async () => {
    expect((await call('POST', '/api/dashboard/project/template', { name: 'Tpl folder' }, viewer)).status).toBe(403);
    expect((await call('GET', '/api/dashboard/projects/template', undefined, viewer)).status).toBe(200);
    expect((await call('POST', '/api/dashboard/project/template', { name: 'Tpl folder' })).status).toBe(200);
    const analyst = await stack.login('analyst');
    expect((await call('POST', '/api/dashboard/project/template', { name: 'Tpl two' }, analyst)).status).toBe(403);
    // the dashboard tab is editable with dashboard:edit (admin, analyst), not by a viewer (docs/api/sharing.md)
    expect((await call('POST', '/api/dashboard/project/dashboard', { name: 'Analyst folder' }, analyst)).status).toBe(200);
    const refused = await call('POST', '/api/dashboard/project/dashboard', { name: 'Viewer folder' }, viewer);
    expect([refused.status, refused.body.data]).toEqual([403, 'You do not have permission to change dashboards']);
    expect((await stack.api('/api/dashboard/projects/dashboard')).status).toBe(401);
  });
});
