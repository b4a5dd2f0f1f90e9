import { analyticsDataDir, restCalls, startTestStack, type TestStack } from './testing.js';

// The template library (docs/api/template.md): publish a dashboard to a role, who sees it, versions,
// copying it into one's own dashboards with the sources remapped, the copy-folder call and refusals.
describe('template library', () => {
  let stack: TestStack;
  let admin: string;
  let viewer: string;
  let analyst: string;
  let sales: string;
  let mine: string;
  let narrow: string;
  let board: string;
  let analystFolder: string;

  const field = (name: string, dataType: string) => ({ name, title: name, dataType });
  const { call, ok } = restCalls(() => stack, () => admin);
  const pieValues = (answer: any) => new Map(answer.option.series[0].data.map((d: any) => [d.name, d.value]));
  async function run(chartId: string, tab: string, token: string) {
    const r = await ok('POST', `/api/dashboard/charts/${tab}`, { charts: [{ chartId }] }, token);
    expect(r[0].status).toBe('success');
    return r[0].data;
  }
  const publish = (name: string, folder: string, roleIds: string[], token = admin, language = 'en', kind = 'dash', id = board) =>
    call('POST', `/api/template/publish/${kind}/${id}/${encodeURIComponent(name)}/${encodeURIComponent(folder)}`, { roleIds, userIds: [] }, token, language);
  const templates = (token: string) => ok('GET', '/api/template/templates', undefined, token);
  const templateFolders = (token: string) => ok('GET', '/api/dashboard/projects/template', undefined, token);

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('templates', [
      'CREATE TABLE sales (region VARCHAR, amount DOUBLE)',
      "INSERT INTO sales VALUES ('East', 10), ('West', 20), ('East', 5)",
      'CREATE TABLE my_sales (region VARCHAR, amount DOUBLE, extra VARCHAR)',
      "INSERT INTO my_sales VALUES ('North', 7, 'a'), ('South', 3, 'b'), ('North', 1, 'c')",
      'CREATE TABLE narrow (region VARCHAR)',
      "INSERT INTO narrow VALUES ('X')",
    ]);
    stack = await startTestStack({ BI_DATA_DIR: dataDir });
    admin = await stack.login('admin');
    viewer = await stack.login('viewer');
    analyst = await stack.login('analyst');
    const folder = await ok('POST', '/api/data_source/proj', { name: 'Tpl sources' });
    const source = async (name: string, tableName: string) => (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name, tableName, tableSchema: 'main' })).dataSource.dataSourceId;
    sales = await source('Sales', 'sales');
    // the analyst's own sources: one named like the template's (auto-matched), one lacking the amount field
    mine = await source('sales', 'my_sales');
    narrow = await source('Narrow', 'narrow');
    await stack.runtime.db.query("UPDATE data_source.sources SET created_by = (SELECT id FROM identity.users WHERE user_name = 'analyst') WHERE id = ANY($1)", [[mine, narrow]]);
    const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Report boards' })).projectId;
    board = (await ok('POST', '/api/dashboard/dashboard', { name: 'Revenue', projectId })).dashboardId;
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${board}`, { title: 'By region', dataSourceId: sales, type: 'pie' });
    await ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'By region', type: 'pie', dataSourceId: sales, points: [field('region', 'string')], values: [{ ...field('amount', 'number'), aggregator: 'sum' }] });
    analystFolder = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Analyst boards' }, analyst)).projectId;
  });
  afterAll(async () => stack?.stop());

  it('publishes a dashboard to the viewer role: the viewer lists and views it, a user without the role does not', async () => {
    const r = await publish('Revenue tpl', 'Shared templates', ['viewer']);
    expect([r.status, r.body.data]).toEqual([200, 'Published "Revenue tpl" (version 1)']);
    const [t] = await templates(viewer);
    expect(t).toMatchObject({ kind: 'dash', name: 'Revenue tpl', version: 1, publisherName: 'admin', originId: board });
    const folders = await templateFolders(viewer);
    expect(folders.map((p: any) => [p.name, p.dashboards.map((d: any) => d.dashboardId)])).toEqual([['Shared templates', t.dashboardIds]]);
    const content = await ok('GET', `/api/dashboard/template/${t.dashboardIds[0]}`, undefined, viewer);
    expect(content).toMatchObject({ name: 'Revenue tpl', projectName: 'Shared templates' });
    expect(content.charts.map((c: any) => [c.title, c.dataSourceId])).toEqual([['By region', sales]]);
    // the viewer may not see the publisher's source: the spec's no-permission state for the chart
    expect(await run(content.charts[0].chartId, 'template', viewer)).toMatchObject({ dataSourceAuth: false });
    // admin (and anyone with the source) sees the publisher's numbers
    expect(pieValues(await run(content.charts[0].chartId, 'template', admin))).toEqual(new Map([['East', 15], ['West', 20]]));
    // the analyst is not in the viewer role
    expect(await templates(analyst)).toEqual([]);
    expect(await templateFolders(analyst)).toEqual([]);
    const hidden = await call('GET', `/api/dashboard/template/${t.dashboardIds[0]}`, undefined, analyst);
    expect([hidden.status, hidden.body.data]).toEqual([404, expect.any(String)]);
    expect((await call('GET', `/api/template/sources/dash/${t.dashboardIds[0]}`, undefined, analyst)).status).toBe(404);
    // seeing the template's source is not enough: its charts answer only those the template is published to
    expect((await ok('POST', `/api/data_source/publish/${sales}`, { roleIds: ['analyst'], userIds: [] })).length).toBe(0);
    const withSource = await stack.login('analyst');
    const chartId = content.charts[0].chartId;
    for (let i = 0; i < 2; i++) {
      // twice: the second time the admin's kept answer exists and must not be served either
      expect((await call('POST', `/api/dashboard/chart/template/${chartId}`, {}, withSource)).status).toBe(404);
      const batch = await call('POST', '/api/dashboard/charts/template', { charts: [{ chartId }] }, withSource);
      expect(batch.body.data[0].status).toBe('fail');
      expect((await call('POST', `/api/dashboard/all_details/template/${chartId}`, {}, withSource)).status).toBe(404);
    }
    // nor does a relation map's chart list offer them (the admin's does: the list is not empty by itself)
    const relationCharts = async (token: string) => (await ok('GET', '/api/relation/relation-charts/template', undefined, token)).flatMap((p: any) => p.dashboards.flatMap((d: any) => d.charts.map((c: any) => c.chartId)));
    expect(await relationCharts(admin)).toContain(chartId);
    expect(await relationCharts(withSource)).toEqual([]);
    expect((await ok('POST', `/api/data_source/publish/${sales}`, { roleIds: [], userIds: [] })).length).toBe(0);
    const info = await ok('GET', `/api/template/info/${t.dashboardIds[0]}`, undefined, viewer);
    expect(info).toMatchObject({ templateId: t.templateId, version: 1 });
    expect(info.roleIds).toBeUndefined();
  });

  it('publishing again makes version 2, shown to the viewers of the new list; the old copy is gone', async () => {
    const before = (await templates(admin))[0];
    const menu = await ok('GET', '/api/template/publish_menu');
    expect(menu.find((p: any) => p.name === 'Report boards').dashboards[0]).toMatchObject({ dashboardId: board, published: { templateId: before.templateId, version: 1 } });
    const preselected = await ok('GET', `/api/template/roles_users?kind=dash&id=${board}`);
    expect(preselected.selectRoles).toEqual(['viewer']);
    const r = await publish('Revenue tpl', 'Shared templates', ['viewer', 'analyst'], admin, 'zh-CN');
    expect(r.body.data).toBe('已发布“Revenue tpl”（第 2 版）');
    const [t] = await templates(viewer);
    expect(t).toMatchObject({ templateId: before.templateId, version: 2 });
    expect(t.dashboardIds).not.toEqual(before.dashboardIds);
    expect((await call('GET', `/api/dashboard/template/${before.dashboardIds[0]}`, undefined, admin)).status).toBe(404);
    const info = await ok('GET', `/api/template/info/${t.dashboardIds[0]}`);
    expect(info.versions.map((v: any) => v.version)).toEqual([2, 1]);
    expect(info.roleIds).toEqual(['viewer', 'analyst']);
    // a new grant counts from the analyst's next sign-in (the BFF keeps verified tokens a few seconds)
    analyst = await stack.login('analyst');
    expect((await templates(analyst)).map((x: any) => x.version)).toEqual([2]);
  });

  it("copies the template into the analyst's folder with the analyst's source: the copy answers with that source's numbers", async () => {
    const [t] = await templates(analyst);
    const plan = await ok('GET', `/api/template/sources/dash/${t.dashboardIds[0]}`, undefined, analyst);
    expect(plan).toHaveLength(1);
    expect(plan[0]).toMatchObject({ dataSourceId: sales, name: 'Sales', exists: true, match: mine });
    expect(plan[0].fields).toEqual([{ name: 'region', dataType: 'string' }, { name: 'amount', dataType: 'number' }]);
    expect(plan[0].candidates.find((c: any) => c.dataSourceId === narrow).missing).toEqual(['amount']);
    const project = await ok('POST', `/api/template/copy/${t.dashboardIds[0]}`, { projectId: analystFolder, name: 'My revenue', sources: [{ from: sales, to: mine }] }, analyst);
    expect(project.projectId).toBe(analystFolder);
    const copy = project.dashboards.find((d: any) => d.name === 'My revenue');
    const content = await ok('GET', `/api/dashboard/dashboard/${copy.dashboardId}`, undefined, analyst);
    expect(content.charts.map((c: any) => c.dataSourceId)).toEqual([mine]);
    expect(content.aspects.map((a: any) => a.chartId)).toEqual([content.charts[0].chartId]);
    // the numbers of the analyst's table my_sales: North 7 + 1, South 3
    expect(pieValues(await run(content.charts[0].chartId, 'dashboard', analyst))).toEqual(new Map([['North', 8], ['South', 3]]));
  });

  it('copies a template folder (projCopy) under the name rules, into the template tab only with template:edit', async () => {
    const [t] = await templates(analyst);
    const short = await call('POST', `/api/template/projCopy/${t.projectId}`, { name: 'ab', sources: [{ from: sales, to: mine }] }, analyst);
    expect([short.status, short.body.data]).toEqual([400, 'Name must be 3 to 20 characters']);
    const long = await call('POST', `/api/template/projCopy/${t.projectId}`, { name: 'x'.repeat(21) }, analyst, 'zh-TW');
    expect([long.status, long.body.data]).toEqual([400, '名稱長度須為 3 到 20 個字元']);
    const empty = await call('POST', `/api/template/projCopy/${t.projectId}`, { name: '  ' }, analyst);
    expect([empty.status, empty.body.data]).toEqual([400, 'Please enter a name']);
    const intoTemplate = await call('POST', `/api/template/projCopy/${t.projectId}`, { name: 'Tpl copy', targetTab: 'template', sources: [{ from: sales, to: mine }] }, analyst);
    expect([intoTemplate.status, intoTemplate.body.data]).toEqual([403, 'Without template edit permission you can copy only to a dashboard, not into a template']);
    const copied = await ok('POST', `/api/template/projCopy/${t.projectId}`, { name: 'Copied folder', sources: [{ from: sales, to: mine }] }, analyst);
    expect(copied).toMatchObject({ name: 'Copied folder', dashboards: [{ name: 'Revenue tpl' }] });
    const again = await call('POST', `/api/template/projCopy/${t.projectId}`, { name: 'copied FOLDER', sources: [{ from: sales, to: mine }] }, analyst);
    expect([again.status, again.body.data]).toEqual([409, 'name used']);
    // admin may copy into the template tab
    const tpl = await ok('POST', `/api/template/projCopy/${t.projectId}`, { name: 'Tpl copy', targetTab: 'template' });
    expect(tpl.dashboards).toHaveLength(1);
    // a template whose template-tab copy is deleted leaves the list
    await publish('Short lived', 'Shared templates', ['viewer'], admin, 'en', 'dash', (await ok('POST', '/api/dashboard/dashboard', { name: 'Temp board', projectId: copied.projectId }, analyst)).dashboardId);
    const shortLived = (await templates(admin)).find((x: any) => x.name === 'Short lived');
    await ok('DELETE', `/api/dashboard/template/${shortLived.dashboardIds[0]}`);
    expect((await templates(admin)).map((x: any) => x.name)).toEqual(['Revenue tpl']);
  });

  it('exports a template as a portable file and imports it with the sources remapped', async () => {
    const [t] = await templates(analyst);
    const file = await ok('GET', `/api/template/export/dash/${t.dashboardIds[0]}`, undefined, analyst);
    expect(file).toMatchObject({ format: 'bi-template', formatVersion: 1, kind: 'dash', name: 'Revenue tpl', sources: [{ key: 's1', name: 'Sales', fields: [{ name: 'region', dataType: 'string' }, { name: 'amount', dataType: 'number' }] }] });
    expect(file.dashboards[0].charts[0]).toMatchObject({ title: 'By region', sourceKey: 's1' });
    // nothing of this installation's sources but their names and fields
    expect(JSON.stringify(file)).not.toContain(sales);
    const plan = await ok('POST', '/api/template/import/sources', { file }, analyst);
    expect(plan[0]).toMatchObject({ dataSourceId: 's1', name: 'Sales', exists: false, match: mine });
    const unmapped = await call('POST', '/api/template/import', { file, projectId: analystFolder, name: 'Imported' }, analyst);
    expect([unmapped.status, unmapped.body.data]).toEqual([400, 'The data source "Sales" of this template no longer exists; choose one of yours']);
    const bad = await call('POST', '/api/template/import', { file: { ...file, format: 'other' }, projectId: analystFolder, name: 'Imported', sources: [{ from: 's1', to: mine }] }, analyst);
    expect([bad.status, bad.body.data]).toEqual([400, 'This is not a template file']);
    const project = await ok('POST', '/api/template/import', { file, projectId: analystFolder, name: 'Imported', sources: [{ from: 's1', to: mine }] }, analyst);
    const copy = project.dashboards.find((d: any) => d.name === 'Imported');
    const content = await ok('GET', `/api/dashboard/dashboard/${copy.dashboardId}`, undefined, analyst);
    expect(pieValues(await run(content.charts[0].chartId, 'dashboard', analyst))).toEqual(new Map([['North', 8], ['South', 3]]));
  });

  it('refuses bad publishes and copies without writing anything', async () => {
    const [t] = await templates(analyst);
    const count = async () => (await ok('GET', '/api/dashboard/projects/dashboard', undefined, analyst)).reduce((n: number, p: any) => n + p.dashboards.length, 0);
    const before = await count();
    expect((await publish('By analyst', 'Shared templates', [], analyst)).status).toBe(403);
    const shortName = await publish('x', 'Shared templates', []);
    expect([shortName.status, shortName.body.data]).toEqual([400, 'Name must be 3 to 20 characters']);
    expect((await publish('Good name', 'x', [])).status).toBe(400);
    expect((await publish('Good name', 'Shared templates', [], admin, 'en', 'other')).status).toBe(400);
    expect((await publish('Good name', 'Shared templates', [], admin, 'en', 'dash', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // a target lacking a field the template uses
    const lacking = await call('POST', `/api/template/copy/${t.dashboardIds[0]}`, { projectId: analystFolder, sources: [{ from: sales, to: narrow }] }, analyst);
    expect([lacking.status, lacking.body.data]).toEqual([400, 'The data source "Narrow" has no field amount of type number']);
    // the publisher's source, which the analyst may not read
    const noAccess = await call('POST', `/api/template/copy/${t.dashboardIds[0]}`, { projectId: analystFolder, sources: [] }, analyst);
    expect([noAccess.status, noAccess.body.data]).toEqual([403, 'You have no access to the chosen data source']);
    // the template's source is deleted: copying without a remap names it
    await ok('DELETE', `/api/data_source/${sales}`);
    const gone = await call('POST', `/api/template/copy/${t.dashboardIds[0]}`, { projectId: analystFolder }, analyst, 'zh-CN');
    expect([gone.status, gone.body.data]).toEqual([400, '此模板的数据源“Sales”已不存在，请选择您自己的数据源']);
    const plan = await ok('GET', `/api/template/sources/dash/${t.dashboardIds[0]}`, undefined, analyst);
    expect(plan[0]).toMatchObject({ name: 'Sales', exists: false, match: mine });
    expect(await count()).toBe(before);
  });
});
