import { randomUUID } from 'node:crypto';
import { analyticsDataDir, restCalls, startTestStack, type TestStack } from './testing.js';

// Revisions, history and trash of dashboards and charts (issue 33, docs/api/revisions.md) through the
// BFF: each save recorded with who and a one-line summary, diffs, restores as new revisions, a
// person's burst of saves folded into one, deleted charts and dashboards back from the trash.
describe('revisions and trash', () => {
  let stack: TestStack;
  let admin: string;
  let analyst: string;
  let viewer: string;
  let sales: string;
  let projectId: string;
  let boardId: string;
  let bar: Record<string, any>;
  let pie: Record<string, any>;

  const field = (name: string, dataType: string, extra: object = {}) => ({ name, title: name, dataType, ...extra });
  const { call, ok } = restCalls(() => stack, () => admin);
  async function chartOn(title: string, type: string) {
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${boardId}`, { title, dataSourceId: sales, type });
    return ok('PUT', '/api/chart-edit/dashboard', { chartId, title, type, dataSourceId: sales, points: [field('region', 'string')], values: [field('amount', 'number', { aggregator: 'sum' })] });
  }
  const history = (kind: string, id: string, token = admin, language = 'en') => call('GET', `/api/revisions/${kind}/${id}`, undefined, token, language);
  const list = async (kind: string, id: string) => (await ok('GET', `/api/revisions/${kind}/${id}`)).revisions as Record<string, any>[];

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('revisions', ['CREATE TABLE sales (region VARCHAR, amount DOUBLE)', "INSERT INTO sales VALUES ('East', 10), ('West', 20)"]);
    stack = await startTestStack({ BI_DATA_DIR: dataDir });
    admin = await stack.login('admin');
    analyst = await stack.login('analyst');
    viewer = await stack.login('viewer');
    const folder = await ok('POST', '/api/data_source/proj', { name: 'History sources' });
    sales = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Sales', tableName: 'sales', tableSchema: 'main' })).dataSource.dataSourceId;
    // the analyst made the source: a second editor of the charts on it
    await stack.runtime.db.query("UPDATE data_source.sources SET created_by = (SELECT id FROM identity.users WHERE user_name = 'analyst') WHERE id = $1", [sales]);
    projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'History boards' })).projectId;
    boardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'History board', projectId })).dashboardId;
    bar = await chartOn('By region', 'bar');
    pie = await chartOn('Share', 'pie');
  });
  afterAll(async () => stack?.stop());

  it('records each chart save with who and what, diffs it, restores it as a new revision, and folds a burst', async () => {
    // created and edited by the admin within a minute: one revision
    expect((await list('chart', bar.chartId)).map((r) => r.summaryText)).toEqual(['created']);
    // the analyst changes the aggregator, then the admin renames
    await ok('PUT', '/api/chart-edit/dashboard', { ...bar, values: [field('amount', 'number', { aggregator: 'avg' })] }, analyst);
    const renamed = await ok('PUT', '/api/chart-edit/dashboard', { ...bar, title: 'Regions', values: [field('amount', 'number', { aggregator: 'avg' })] });
    let revs = await list('chart', bar.chartId);
    expect(revs.map((r) => [r.rev, r.actorName, r.summaryText])).toEqual([
      [3, 'admin', 'renamed "By region" to "Regions"'],
      [2, 'analyst', 'changed aggregator of amount to Average'],
      [1, 'admin', 'created'],
    ]);
    // in the reader's language
    const zh = await history('chart', bar.chartId, admin, 'zh-CN');
    expect(zh.body.data.revisions[1].summaryText).toBe('将 amount 的聚合方式改为 平均');
    // the admin's burst of saves folds into the rename
    await ok('PUT', '/api/chart-edit/dashboard', { ...renamed, isShowPointLabel: true });
    await ok('PUT', '/api/chart-edit/dashboard', { ...renamed, isShowPointLabel: true, showTitle: false });
    revs = await list('chart', bar.chartId);
    expect(revs).toHaveLength(3);
    expect(revs[0].summaryText).toMatch(/^renamed "By region" to "Regions"; changed 2 setting\(s\): isShowPointLabel, showTitle$/);

    const diff = await ok('GET', `/api/revisions/chart/${bar.chartId}/2/diff`);
    expect(diff.against).toBe(1);
    expect(diff.changes).toContainEqual({ path: 'values[amount].aggregator', before: 'sum', after: 'avg' });

    // back to revision 1: a new revision 4, the history kept
    await ok('POST', `/api/revisions/chart/${bar.chartId}/1/restore`, {}, analyst);
    revs = await list('chart', bar.chartId);
    expect(revs.map((r) => [r.rev, r.summaryText, r.restoredFrom])).toEqual([
      [4, 'restored version 1', 1],
      [3, expect.any(String), null],
      [2, expect.any(String), null],
      [1, 'created', null],
    ]);
    const content = await ok('GET', `/api/dashboard/dashboard/${boardId}`);
    expect(content.charts.find((c: any) => c.chartId === bar.chartId).title).toBe('By region');
    // a reader who may not read the chart's source sees no history of it
    expect((await history('chart', bar.chartId, viewer)).status).toBe(403);
  });

  it('records layout and filter changes of a dashboard, draws the grid in the diff and restores it', async () => {
    const before = (await ok('GET', `/api/dashboard/dashboard/${boardId}`)).aspects as any[];
    const swapped = before.map((a) => ({ ...a, col: a.chartId === bar.chartId ? 6 : 0, row: 0 }));
    await ok('PUT', `/api/dashboard/aspect_changed/dashboard/${boardId}`, swapped, analyst);
    await ok('POST', `/api/global_filter/dashboard/${boardId}`, [{ id: 'region', name: 'region', title: 'Region', dataType: 'string', range: [], dataSourceId: sales, charts: [{ chartId: bar.chartId }] }]);
    const revs = await list('dashboard', boardId);
    expect(revs.slice(0, 2).map((r) => [r.actorName, r.summaryText])).toEqual([
      ['admin', 'added filter Region'],
      ['analyst', expect.stringMatching(/^moved \d chart\(s\)/)],
    ]);
    const layoutRev = revs[1].rev;
    const diff = await ok('GET', `/api/revisions/dashboard/${boardId}/${layoutRev}/diff`);
    const box = (list: any[]) => list.find((b) => b.chartId === bar.chartId);
    expect(box(diff.layout.after)).toMatchObject({ title: 'By region', col: 6, row: 0 });
    expect(box(diff.layout.before)).toMatchObject({ col: before.find((a) => a.chartId === bar.chartId).col });
    await ok('POST', `/api/revisions/dashboard/${boardId}/${layoutRev - 1}/restore`);
    const content = await ok('GET', `/api/dashboard/dashboard/${boardId}`);
    expect(content.globalFilter).toEqual([]);
    expect(box(content.aspects)).toMatchObject({ col: before.find((a) => a.chartId === bar.chartId).col, row: before.find((a) => a.chartId === bar.chartId).row });
    expect((await list('dashboard', boardId))[0].summaryText).toBe(`restored version ${layoutRev - 1}`);
  });

  it('keeps a deleted chart and dashboard in the trash and brings them back with their place', async () => {
    const place = (await ok('GET', `/api/dashboard/dashboard/${boardId}`)).aspects.find((a: any) => a.chartId === pie.chartId);
    await ok('DELETE', `/api/dashboard/chart/dashboard/${pie.chartId}`, undefined, analyst);
    const trash = await ok('GET', '/api/trash');
    expect(trash).toContainEqual(expect.objectContaining({ kind: 'chart', objectId: pie.chartId, label: 'Share', actorName: 'analyst', daysLeft: 30 }));
    const removal = (await list('dashboard', boardId))[0];
    expect(removal.summaryText).toBe('removed 1 chart(s)');
    // the deleted chart keeps its title in the picture of the layout
    const removed = await ok('GET', `/api/revisions/dashboard/${boardId}/${removal.rev}/diff`);
    expect(removed.layout.before.find((x: any) => x.chartId === pie.chartId)).toMatchObject({ title: 'Share', ...place && { row: place.row, col: place.col } });
    expect(removed.layout.after.some((x: any) => x.chartId === pie.chartId)).toBe(false);
    expect((await call('POST', `/api/trash/chart/${pie.chartId}/restore`, {}, viewer)).status).toBe(403);
    await ok('POST', `/api/trash/chart/${pie.chartId}/restore`, {});
    const content = await ok('GET', `/api/dashboard/dashboard/${boardId}`);
    expect(content.aspects.find((a: any) => a.chartId === pie.chartId)).toEqual(place);
    expect((await list('chart', pie.chartId))[0]).toMatchObject({ summaryText: 'restored from the trash', actorName: 'admin' });
    expect((await ok('GET', '/api/trash')).some((e: any) => e.objectId === pie.chartId)).toBe(false);
    // the chart answers again
    expect((await call('POST', `/api/dashboard/chart/dashboard/${pie.chartId}`, {})).body.status).toBe('success');

    // a dashboard comes back with its charts
    await ok('DELETE', `/api/dashboard/dashboard/${boardId}`);
    expect((await call('GET', `/api/dashboard/dashboard/${boardId}`)).status).toBe(404);
    await ok('POST', `/api/trash/dashboard/${boardId}/restore`, {});
    const back = await ok('GET', `/api/dashboard/dashboard/${boardId}`);
    expect(back.charts.map((c: any) => c.chartId).sort()).toEqual([bar.chartId, pie.chartId].sort());
    expect((await call('POST', `/api/trash/dashboard/${boardId}/restore`, {})).status).toBe(404);
  });

  it("records a source's field settings and row rules; a reader bound by rules sees no rule values in a diff", async () => {
    const fields = [
      { name: 'region', title: 'Region', dataType: 'string', expression: '', aggregator: '' },
      { name: 'amount', title: 'Amount', dataType: 'number', expression: '', aggregator: 'sum' },
    ];
    // field settings saved twice by two people: the state before, then each save
    await ok('PUT', `/api/data_source/updateSchema/${sales}`, fields);
    await ok('PUT', `/api/data_source/updateSchema/${sales}`, fields.map((f) => (f.name === 'amount' ? { ...f, title: 'Sales' } : f)), analyst);
    const fieldRevs = (await ok('GET', `/api/revisions/fields/${sales}`)).revisions;
    expect(fieldRevs.map((r: any) => [r.rev, r.actorName])).toEqual([[3, 'analyst'], [2, 'admin'], [1, '']]);
    const fieldDiff = await ok('GET', `/api/revisions/fields/${sales}/3/diff`);
    expect(fieldDiff.changes).toEqual([{ path: 'fields[amount].title', before: 'Amount', after: 'Sales' }]);
    await ok('POST', `/api/revisions/fields/${sales}/2/restore`, {}, analyst);
    expect((await ok('GET', `/api/data_source/datasourceById/${sales}`)).fields.find((f: any) => f.name === 'amount').title).toBe('Amount');

    // row rules: the admin's two saves within a minute fold into one revision
    const rule = (value: string) => ({ denyByDefault: false, rules: [{ roleId: 'viewer', field: 'region', compare: '=', compareValue: value }] });
    await ok('PUT', `/api/data_source/row_rules/${sales}`, rule('East'));
    await ok('PUT', `/api/data_source/row_rules/${sales}`, rule('West'));
    const ruleRevs = (await ok('GET', `/api/revisions/rowRules/${sales}`)).revisions;
    expect(ruleRevs.map((r: any) => [r.rev, r.actorName])).toEqual([[2, 'admin'], [1, '']]);
    const seen = await ok('GET', `/api/revisions/rowRules/${sales}/2/diff`);
    expect(JSON.stringify(seen.changes)).toContain('West');
    // the analyst (the source's owner, not an administrator) sees the change, not the values
    const masked = await ok('GET', `/api/revisions/rowRules/${sales}/2/diff`, undefined, analyst);
    expect(masked.changes.length).toBeGreaterThan(0);
    expect(JSON.stringify(masked.changes)).not.toMatch(/West|East/);
    expect(JSON.stringify(masked.changes)).toContain('•••');
    // only administrators restore rules; the restore is a new revision
    expect((await call('POST', `/api/revisions/rowRules/${sales}/1/restore`, {}, analyst)).status).toBe(403);
    await ok('POST', `/api/revisions/rowRules/${sales}/1/restore`, {});
    expect((await ok('GET', `/api/data_source/row_rules/${sales}`)).rules).toEqual([]);
    expect((await ok('GET', `/api/revisions/rowRules/${sales}`)).revisions[0]).toMatchObject({ rev: 3, summaryText: 'restored version 1', restoredFrom: 1 });
    // a reader who may not change the source sees none of its history
    expect((await history('rowRules', sales, viewer)).status).toBe(403);
  });

  it('records a relation map’s name and nodes, diffs a revision and restores it', async () => {
    const folder = (await ok('POST', '/api/relation/proj/dashboard', { name: 'History trees' })).projectId;
    const map = await ok('POST', '/api/relation/create/dashboard', { projectId: folder, name: 'Tree one' });
    const relationId = map.relationId as string;
    const root = map.nodes[0].nodeId as string;
    const node = (nodeId: string, parentId: string | null, name: string, chartId: string | null) => ({
      nodeId, relationId, parentId, name, chartId, isConcatenate: false, relationName: null, chartType: 1,
      formatter: { type: 0, isCustomizeUnit: false, unit: 0, customUnit: '', decimalPlaces: 0, useThousandth: false },
    });
    const child = randomUUID();
    await ok('POST', '/api/relation/change', [node(root, null, 'Root', bar.chartId), node(child, root, 'Child', pie.chartId)]);
    // the admin's rename within a minute folds into the nodes' save (the creation is sealed)
    await ok('POST', '/api/relation/relation-rename', { relationId, tabType: 'dashboard', name: 'Tree two' });
    const revs = (await ok('GET', `/api/revisions/relation/${relationId}`)).revisions;
    expect(revs.map((r: any) => [r.rev, r.actorName, r.summaryText])).toEqual([
      [2, 'admin', 'changed 2 setting(s): name, nodes'],
      [1, 'admin', 'created'],
    ]);
    const diff = await ok('GET', `/api/revisions/relation/${relationId}/2/diff`);
    expect(diff.changes).toContainEqual(expect.objectContaining({ path: `nodes[${child}]`, after: expect.objectContaining({ name: 'Child' }) }));
    await ok('POST', `/api/revisions/relation/${relationId}/1/restore`);
    const back = await ok('GET', `/api/relation/treedata/${relationId}`);
    expect(back.name).toBe('Tree one');
    expect(back.nodes.map((n: any) => n.nodeId)).toEqual([root]);
    expect((await ok('GET', `/api/revisions/relation/${relationId}`)).revisions[0]).toMatchObject({ rev: 3, summaryText: 'restored version 1' });
    // a reader who may not see the map sees no history of it
    expect((await history('relation', relationId, analyst)).status).toBe(403);
    // a viewer may not restore (the tab's write permission)
    expect((await call('POST', `/api/revisions/relation/${relationId}/2/restore`, {}, viewer)).status).toBe(403);
  });
});
