import { cartesianPairs } from '@bi/charts';
import { waitFor } from '@bi/messaging';
import { analyticsDataDir, REGION_SALES_TABLE, restCalls, startTestStack, TEST_PASSWORD, type TestStack } from './testing.js';

// Sharing data sources (docs/api/sharing.md): grants of datasource:{id} to roles and users, charts
// following their sources (the no-permission state), edit rights (dashboard:edit), user
// administration and the audit log (docs/api/identity-admin.md).
describe('sharing and permissions', () => {
  let stack: TestStack;
  let admin: string;
  let folderId: string;
  let dashboardId: string;
  const sources: { dataSourceId: string; name: string }[] = [];
  const charts: string[] = [];
  let users: { id: string; userName: string }[];
  const noPermission = "You have no permission to see this chart's data source";

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('sharing', [REGION_SALES_TABLE]);
    stack = await startTestStack({ BI_DATA_DIR: dataDir });
    admin = await stack.login('admin');
    folderId = (await ok('POST', '/api/data_source/proj', { name: 'Shared sources' })).projectId;
    for (const [i, min] of [10, 20, 25].entries()) {
      const s = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folderId, name: `Orders ${i}`, content: `SELECT * FROM sales WHERE qty > ${min}` })).dataSource;
      sources.push(s);
    }
    const project = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Shared board folder' })).projectId;
    dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Shared board', projectId: project })).dashboardId;
    for (const s of sources) {
      const chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: s.name, dataSourceId: s.dataSourceId, type: 'bar' });
      await ok('PUT', '/api/chart-edit/dashboard', { chartId, title: s.name, type: 'bar', dataSourceId: s.dataSourceId, points: [field('region', 'string')], values: [field('qty', 'number')] });
      charts.push(chartId);
    }
    users = await ok('GET', '/api/identity/admin/users');
  });
  afterAll(async () => stack?.stop());

  const { call, ok } = restCalls(() => stack, () => admin);
  const field = (name: string, dataType: string) => ({ name, title: name, dataType });
  const userId = (userName: string) => users.find((u) => u.userName === userName)!.id;
  const run = async (i: number, token: string) => ok('POST', `/api/dashboard/chart/dashboard/${charts[i]}`, {}, token);
  const sums = (min: number) => {
    const out = new Map<string, number>();
    for (let i = min + 1; i <= 30; i++) out.set(['East', 'West', 'North'][i % 3]!, (out.get(['East', 'West', 'North'][i % 3]!) ?? 0) + i);
    return out;
  };

  it('shares a source with the viewer role: the viewer sees the chart’s numbers; unshared, the no-permission state', async () => {
    const viewer = await stack.login('viewer');
    expect(await run(0, viewer)).toEqual({ dataSourceAuth: false, chartId: charts[0], message: noPermission });

    const form = await ok('GET', `/api/data_source/roles_users/${sources[0]!.dataSourceId}`);
    expect(form.roles.map((r: any) => r.id)).toEqual(expect.arrayContaining(['admin', 'analyst', 'viewer']));
    expect(form.users.map((u: any) => u.name)).toEqual(expect.arrayContaining(['admin', 'analyst', 'viewer']));
    expect([form.selectRoles, form.selectUsers]).toEqual([[], []]);
    expect(await ok('GET', '/api/data_source/roles_users')).toMatchObject({ selectRoles: [], selectUsers: [] });

    expect(await ok('POST', `/api/data_source/publish/${sources[0]!.dataSourceId}`, { roleIds: ['viewer'], userIds: [] })).toEqual([]);
    expect(await ok('GET', `/api/data_source/roles_users/${sources[0]!.dataSourceId}`)).toMatchObject({ selectRoles: ['viewer'], selectUsers: [] });
    const shared = await stack.login('viewer');
    expect(new Map(cartesianPairs((await run(0, shared)).option))).toEqual(sums(10));
    // the viewer's login answer carries the grant (the web's dataSourceAuth)
    const login = await stack.api('/api/identity/login', { method: 'POST', body: { userName: 'viewer', password: TEST_PASSWORD, lang: 'en' } });
    expect(login.body.data.permission.permissions).toContainEqual({ target: `drn:iam:app:margin:datasource:${sources[0]!.dataSourceId}` });

    expect(await ok('POST', `/api/data_source/publish/${sources[0]!.dataSourceId}`, { roleIds: [], userIds: [] })).toEqual([]);
    const unshared = await stack.login('viewer');
    expect(await run(0, unshared)).toEqual({ dataSourceAuth: false, chartId: charts[0], message: noPermission });
    // details and exports of such a chart are refused
    expect((await call('POST', `/api/dashboard/all_details/dashboard/${charts[0]}`, {}, unshared)).status).toBe(403);
  });

  it('batch publish: a source the caller cannot see is in the failure log, the others are shared', async () => {
    // the analyst may share the two sources shared with them (datasource:edit + access), not the third
    for (const s of sources.slice(0, 2)) expect(await ok('POST', `/api/data_source/publish/${s.dataSourceId}`, { roleIds: [], userIds: [userId('analyst')] })).toEqual([]);
    const analyst = await stack.login('analyst');
    const log = await ok('POST', '/api/data_source/batch_publish', { dataSourceIds: sources.map((s) => s.dataSourceId), roleIds: ['viewer'], userIds: [], publishType: 'add', projectId: folderId }, analyst);
    expect(log).toEqual([{ dataSourceId: sources[2]!.dataSourceId, dataSourceName: sources[2]!.dataSourceId, failedMessage: 'You may not share this data source' }]);
    const viewer = await stack.login('viewer');
    expect(new Map(cartesianPairs((await run(0, viewer)).option))).toEqual(sums(10));
    expect(new Map(cartesianPairs((await run(1, viewer)).option))).toEqual(sums(20));
    expect((await run(2, viewer)).dataSourceAuth).toBe(false);
    // the batch run answers each chart as the single run does
    const batch = await ok('POST', '/api/dashboard/charts/dashboard', { charts: charts.map((chartId) => ({ chartId })) }, viewer);
    expect(batch.map((b: any) => [b.status, b.data.dataSourceAuth ?? true])).toEqual([
      ['success', true],
      ['success', true],
      ['success', false],
    ]);

    // remove: only the named holders lose it
    expect(await ok('POST', '/api/data_source/batch_publish', { dataSourceIds: [sources[1]!.dataSourceId], roleIds: ['viewer'], publishType: 'remove', projectId: '' }, analyst)).toEqual([]);
    const after = await stack.login('viewer');
    expect((await run(1, after)).dataSourceAuth).toBe(false);
    expect(new Map(cartesianPairs((await run(0, after)).option))).toEqual(sums(10));
    // another folder: that source fails, named
    const other = (await ok('POST', '/api/data_source/proj', { name: 'Other sources' })).projectId;
    expect(await ok('POST', '/api/data_source/batch_publish', { dataSourceIds: [sources[0]!.dataSourceId], roleIds: ['viewer'], publishType: 'add', projectId: other })).toEqual([
      { dataSourceId: sources[0]!.dataSourceId, dataSourceName: sources[0]!.name, failedMessage: 'The data source is not in this folder' },
    ]);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const id = sources[2]!.dataSourceId;
    const unknownRole = await call('POST', `/api/data_source/publish/${id}`, { roleIds: ['nope'], userIds: [] });
    expect([unknownRole.status, unknownRole.body.data]).toEqual([400, 'Unknown role: nope']);
    const unknownUser = await call('POST', '/api/data_source/batch_publish', { dataSourceIds: [id], roleIds: [], userIds: ['00000000-0000-4000-8000-000000000000'], publishType: 'add', projectId: '' });
    expect([unknownUser.status, unknownUser.body.data]).toEqual([400, 'Unknown user: 00000000-0000-4000-8000-000000000000']);
    const zh = await stack.api('/api/data_source/batch_publish', { method: 'POST', body: { dataSourceIds: [], roleIds: ['viewer'], publishType: 'add', projectId: '' }, token: admin, headers: { currentLanguage: 'zh-CN' } });
    expect([zh.status, zh.body.data]).toEqual([400, '请至少勾选一个数据源']);
    const nobody = await call('POST', '/api/data_source/batch_publish', { dataSourceIds: [id], roleIds: [], userIds: [], publishType: 'add', projectId: '' });
    expect([nobody.status, nobody.body.data]).toEqual([400, 'Please select at least one role or user']);
    expect((await call('POST', '/api/data_source/batch_publish', { dataSourceIds: [id], roleIds: ['viewer'], publishType: 'share' })).status).toBe(400);
    expect((await ok('GET', `/api/data_source/roles_users/${id}`)).selectRoles).toEqual([]);
    // an unknown source is a failure line, like one the caller may not see
    expect(await ok('POST', '/api/data_source/publish/no-such-source', { roleIds: ['viewer'] })).toEqual([
      { dataSourceId: 'no-such-source', dataSourceName: 'no-such-source', failedMessage: 'You may not share this data source' },
    ]);
    // a viewer (no datasource:edit) may not share at all
    const viewer = await stack.login('viewer');
    expect((await call('POST', `/api/data_source/publish/${id}`, { roleIds: ['viewer'] }, viewer)).status).toBe(403);
    expect((await call('GET', '/api/data_source/roles_users', undefined, viewer)).status).toBe(403);
  });

  it('lets a viewer change no dashboard: folders, dashboards, hiding charts are refused (403)', async () => {
    const viewer = await stack.login('viewer');
    const forbidden = [403, 'You do not have permission to change dashboards'];
    const folder = (await ok('GET', '/api/dashboard/projects/dashboard', undefined, viewer)).find((p: any) => p.name === 'Shared board folder');
    for (const [method, path, body] of [
      ['POST', '/api/dashboard/project/dashboard', { name: 'Viewer folder' }],
      ['DELETE', `/api/dashboard/project/dashboard/${folder.projectId}`, undefined],
      ['POST', '/api/dashboard/hide_setting/dashboard', [{ chartId: charts[0], hide: true }]],
      ['DELETE', `/api/dashboard/chart/dashboard/${charts[0]}`, undefined],
      ['PUT', `/api/dashboard/aspect_changed/dashboard/${dashboardId}`, []],
    ] as const) {
      const r = await call(method, path, body, viewer);
      expect([path, r.status, r.body.data]).toEqual([path, ...forbidden]);
    }
    expect((await ok('GET', `/api/dashboard/all_charts/dashboard/${dashboardId}`)).map((c: any) => c.hide ?? false)).toEqual([false, false, false]);
    // the analyst holds dashboard:edit
    const analyst = await stack.login('analyst');
    expect((await call('POST', '/api/dashboard/project/dashboard', { name: 'Analyst folder' }, analyst)).status).toBe(200);
  });

  it('drops the grants of a deleted source, and records every grant change in the audit log', async () => {
    const doomed = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folderId, name: 'Doomed', content: 'SELECT * FROM sales' })).dataSource;
    await ok('POST', `/api/data_source/publish/${doomed.dataSourceId}`, { roleIds: ['viewer', 'analyst'], userIds: [userId('viewer')] });
    const held = `datasource:${doomed.dataSourceId}`;
    expect(await ok('GET', `/api/identity/admin/grants?target=${held}`)).toMatchObject({ target: held, roles: [{ id: 'analyst' }, { id: 'viewer' }], users: [{ id: userId('viewer') }] });
    await ok('DELETE', `/api/data_source/${doomed.dataSourceId}`);
    // the delete event reaches identity after the answer: asked until it has
    await waitFor(async () => (await ok('GET', `/api/identity/admin/grants?target=${held}`)).roles.length === 0, 30_000, 'identity dropping the grants of the deleted source');
    expect(await ok('GET', `/api/identity/admin/grants?target=${held}`)).toEqual({ target: held, roles: [], users: [] });

    const log = await ok('GET', '/api/identity/admin/audit?limit=500');
    const mine = log.filter((e: any) => e.target === held);
    const grantLines = mine.filter((e: any) => e.action.startsWith('grant.'));
    expect(grantLines.map((e: any) => [e.action, e.actorName])).toEqual([
      ['grant.drop_target', 'admin'],
      ['grant.add', 'admin'],
    ]);
    expect(grantLines[1].detail).toEqual({
      roleIds: ['analyst', 'viewer'],
      userIds: [userId('viewer')],
      names: { roles: { analyst: 'analyst', viewer: 'viewer' }, users: { [userId('viewer')]: 'viewer' } },
    });
    expect(mine.find((e: any) => e.action === 'datasource.delete')).toMatchObject({ actorName: 'admin', detail: { name: 'Doomed', folder: 'Shared sources' } });
    expect(log.some((e: any) => e.action === 'grant.add' && e.actorName === 'analyst' && e.target === `datasource:${sources[1]!.dataSourceId}`)).toBe(true);
    expect(log.some((e: any) => e.action === 'grant.remove' && e.target === `datasource:${sources[0]!.dataSourceId}`)).toBe(true);
    expect(new Date(grantLines[0].at).getTime()).toBeGreaterThanOrEqual(new Date(grantLines[1].at).getTime());
  });

  it('audit lines name roles and users as they were (kept with the line; older lines by their names now)', async () => {
    const erin = await ok('POST', '/api/identity/admin/users', { userName: 'erin', displayName: 'Erin Wu', password: 'first-pass-1', roleIds: ['analyst'] });
    await ok('POST', `/api/data_source/publish/${sources[1]!.dataSourceId}`, { roleIds: ['analyst'], userIds: [erin.id] });
    // renamed afterwards: the line keeps the name it was written with
    await stack.runtime.db.query("UPDATE identity.users SET display_name = 'Erin Renamed' WHERE id = $1", [erin.id]);
    // a line written before names were kept: read with the names of now; an id nobody has stays an id
    await stack.runtime.db.query("INSERT INTO identity.audit_log (actor_id, actor_name, action, target, detail) VALUES ('', 'admin', 'grant.remove', $1, $2)", [
      `datasource:${sources[1]!.dataSourceId}`,
      JSON.stringify({ roleIds: ['viewer', 'gone-role'], userIds: [] }),
    ]);
    const log = await ok('GET', '/api/identity/admin/audit?limit=20');
    const created = log.find((e: any) => e.action === 'user.create' && e.target === `user:${erin.id}`);
    expect(created.detail).toEqual({ userName: 'erin', roleIds: ['analyst'], names: { roles: { analyst: 'analyst' }, users: { [erin.id]: 'Erin Wu' } } });
    const shared = log.find((e: any) => e.action === 'grant.add' && e.target === `datasource:${sources[1]!.dataSourceId}` && e.detail.userIds?.includes(erin.id));
    expect(shared.detail.names).toEqual({ roles: { analyst: 'analyst' }, users: { [erin.id]: 'Erin Wu' } });
    expect(log[0]).toMatchObject({ action: 'grant.remove', detail: { roleIds: ['viewer', 'gone-role'], names: { roles: { viewer: 'viewer' }, users: {} } } });
    await ok('POST', `/api/data_source/publish/${sources[1]!.dataSourceId}`, { roleIds: [], userIds: [] });
  });

  it('records deletions of sources, data-source folders, dashboards, dashboard folders and charts: who, what by name, when', async () => {
    const folder = await ok('POST', '/api/data_source/proj', { name: 'Audit sources' });
    const source = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Audit source', content: 'SELECT * FROM sales' })).dataSource;
    const project = await ok('POST', '/api/dashboard/project/template', { name: 'Audit boards' });
    const board = await ok('POST', '/api/dashboard/template', { name: 'Audit board', projectId: project.projectId });
    const other = await ok('POST', '/api/dashboard/template', { name: 'Audit board 2', projectId: project.projectId });
    const chartId = await ok('POST', `/api/chart-edit/template/${board.dashboardId}`, { title: 'Audit chart', dataSourceId: source.dataSourceId, type: 'bar' });
    const started = Date.now() - 1000;
    await ok('POST', `/api/data_source/publish/${source.dataSourceId}`, { roleIds: [], userIds: [userId('analyst')] });
    const analyst = await stack.login('analyst');
    await ok('DELETE', `/api/dashboard/chart/template/${chartId}`);
    await ok('DELETE', `/api/dashboard/template/${other.dashboardId}`);
    await ok('DELETE', `/api/dashboard/project/template/${project.projectId}`);
    await ok('DELETE', `/api/data_source/${source.dataSourceId}`, undefined, analyst);
    await ok('DELETE', `/api/data_source/proj/${folder.projectId}`);

    const log = await ok('GET', '/api/identity/admin/audit?limit=10');
    const lines = log.filter((e: any) => e.action.endsWith('.delete')).slice(0, 5).reverse();
    expect(lines.map((e: any) => [e.action, e.target, e.actorName, e.detail.name])).toEqual([
      ['chart.delete', `chart:${chartId}`, 'admin', 'Audit chart'],
      ['dashboard.delete', `dashboard:${other.dashboardId}`, 'admin', 'Audit board 2'],
      ['dashboard_folder.delete', `dashboard_folder:${project.projectId}`, 'admin', 'Audit boards'],
      ['datasource.delete', `datasource:${source.dataSourceId}`, 'analyst', 'Audit source'],
      ['datasource_folder.delete', `datasource_folder:${folder.projectId}`, 'admin', 'Audit sources'],
    ]);
    expect(lines[0].detail).toMatchObject({ dashboard: 'Audit board', tab: 'template' });
    expect(lines[1].detail).toMatchObject({ folder: 'Audit boards', tab: 'template' });
    expect(lines[2].detail).toMatchObject({ dashboards: 1, tab: 'template' });
    expect(lines[3].detail).toMatchObject({ folder: 'Audit sources' });
    for (const line of lines) expect(new Date(line.at).getTime()).toBeGreaterThanOrEqual(started);
    // a refused deletion writes no line
    const refused = await call('DELETE', `/api/dashboard/project/template/${project.projectId}`);
    expect(refused.status).toBe(404);
    expect((await ok('GET', '/api/identity/admin/audit?limit=1'))[0].id).toBe(log[0].id);
  });

  describe('user administration', () => {
    it('creates a user who must change the password first, assigns roles, shows their grants', async () => {
      const created = await ok('POST', '/api/identity/admin/users', { userName: 'carol', displayName: 'Carol', password: 'first-pass-1', roleIds: ['viewer'] });
      expect(created).toMatchObject({ userName: 'carol', displayName: 'Carol', disabled: false, mustChangePassword: true, roles: [{ id: 'viewer', name: 'viewer' }] });
      const dup = await call('POST', '/api/identity/admin/users', { userName: 'CAROL', password: 'first-pass-1', roleIds: [] });
      expect([dup.status, dup.body.data]).toEqual([409, 'This user name is already used']);
      const short = await call('POST', '/api/identity/admin/users', { userName: 'dave', password: 'short', roleIds: [] });
      expect([short.status, short.body.data]).toEqual([400, 'The password must be 8 to 256 characters']);
      expect((await call('POST', '/api/identity/admin/users', { userName: 'bad name', password: 'long-enough', roleIds: [] })).status).toBe(400);

      const login = await stack.api('/api/identity/login', { method: 'POST', body: { userName: 'carol', password: 'first-pass-1', lang: 'en' } });
      expect(login.body.data.token.result.mustChangePassword).toBe(true);
      const token = login.body.data.token.result.token;
      const blocked = await call('GET', '/api/dashboard/projects/dashboard', undefined, token);
      expect([blocked.status, blocked.body.data]).toEqual([403, 'You must change your password first']);
      expect((await call('POST', '/api/identity/password', { oldPassword: 'wrong-pass-1', newPassword: 'second-pass-2' }, token)).body.data).toBe('The current password is wrong');
      expect(await ok('POST', '/api/identity/password', { oldPassword: 'first-pass-1', newPassword: 'second-pass-2' }, token)).toEqual({ changed: true });
      const carol = await stack.login('carol', 'second-pass-2');
      expect((await call('GET', '/api/dashboard/projects/dashboard', undefined, carol)).status).toBe(200);

      await ok('POST', `/api/data_source/publish/${sources[2]!.dataSourceId}`, { roleIds: [], userIds: [created.id] });
      const roles = await ok('PUT', `/api/identity/admin/users/${created.id}/roles`, { roleIds: ['analyst'] });
      expect(roles.roles).toEqual([{ id: 'analyst', name: 'analyst' }]);
      const grants = await ok('GET', `/api/identity/admin/users/${created.id}/grants`);
      expect(grants.grants).toEqual([{ target: `datasource:${sources[2]!.dataSourceId}`, via: 'user', roleId: null }]);
      expect(grants.permissions).toEqual(expect.arrayContaining(['dashboard:edit', 'datasource:edit', `datasource:${sources[2]!.dataSourceId}`]));
      const unknown = await call('PUT', `/api/identity/admin/users/${created.id}/roles`, { roleIds: ['boss'] });
      expect([unknown.status, unknown.body.data]).toEqual([400, 'Unknown role: boss']);
      expect((await ok('GET', '/api/identity/admin/roles')).find((r: any) => r.id === 'viewer')).toEqual({ id: 'viewer', name: 'viewer', permissions: ['template:view'], userCount: 1 });
    });

    it('disables a user and resets a password (sessions end at once); never removes or disables the last admin', async () => {
      const carol = (await ok('GET', '/api/identity/admin/users')).find((u: any) => u.userName === 'carol');
      const token = await stack.login('carol', 'second-pass-2');
      expect((await ok('PUT', `/api/identity/admin/users/${carol.id}/disabled`, { disabled: true })).disabled).toBe(true);
      expect((await call('GET', '/api/dashboard/projects/dashboard', undefined, token)).status).toBe(401);
      expect((await stack.api('/api/identity/login', { method: 'POST', body: { userName: 'carol', password: 'second-pass-2', lang: 'en' } })).body.data.token.code).toBe(401);
      await ok('PUT', `/api/identity/admin/users/${carol.id}/disabled`, { disabled: false });
      expect((await ok('POST', `/api/identity/admin/users/${carol.id}/password`, { password: 'reset-pass-3' })).mustChangePassword).toBe(true);
      const again = await stack.api('/api/identity/login', { method: 'POST', body: { userName: 'carol', password: 'reset-pass-3', lang: 'en' } });
      expect(again.body.data.token.result.mustChangePassword).toBe(true);

      const adminId = userId('admin');
      const last = [409, 'The last administrator cannot be removed or disabled'];
      const disable = await call('PUT', `/api/identity/admin/users/${adminId}/disabled`, { disabled: true });
      expect([disable.status, disable.body.data]).toEqual(last);
      const demote = await call('PUT', `/api/identity/admin/users/${adminId}/roles`, { roleIds: ['analyst'] });
      expect([demote.status, demote.body.data]).toEqual(last);
      // with a second admin, the first may be demoted
      await ok('PUT', `/api/identity/admin/users/${carol.id}/roles`, { roleIds: ['admin'] });
      expect((await ok('PUT', `/api/identity/admin/users/${adminId}/roles`, { roleIds: ['admin', 'analyst'] })).roles.map((r: any) => r.id)).toEqual(['admin', 'analyst']);
      await ok('PUT', `/api/identity/admin/users/${carol.id}/roles`, { roleIds: [] });
      const audit = await ok('GET', '/api/identity/admin/audit?limit=50');
      expect(audit.map((e: any) => e.action)).toEqual(expect.arrayContaining(['user.create', 'user.disable', 'user.enable', 'user.password_reset', 'user.roles']));
      // admins only
      const analyst = await stack.login('analyst');
      expect((await call('GET', '/api/identity/admin/users', undefined, analyst)).status).toBe(403);
      expect((await call('GET', '/api/identity/admin/audit', undefined, analyst)).status).toBe(403);
    });
  });
});
