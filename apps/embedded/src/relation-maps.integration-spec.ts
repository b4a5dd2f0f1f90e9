import { randomUUID } from 'node:crypto';
import { waitFor } from '@bi/messaging';
import { restCalls, startTestStack, type TestStack } from './testing.js';

// Relation maps (issue 19, docs/api/relation.md) over the demo dashboard: a map of four levels, node
// values checked against hand-written SQL on the demo source, publishing to the viewer role, a deleted
// chart breaking its node, and refused saves in three languages leaving the map unchanged.
describe('relation maps', () => {
  let stack: TestStack;
  let admin = '';
  const { call, ok } = restCalls(
    () => stack,
    () => admin,
  );
  const charts = new Map<string, { chartId: string; title: string }>();
  let dashboardId = '';
  let demo = { dataSourceId: '', tableName: '', projectId: '' };
  let folderId = '';

  /** One number from hand-written SQL on the demo table (a SQL source on the analytics store, read back). */
  async function sql(text: string): Promise<number> {
    const created = await ok('POST', '/api/data_source/sql/', { type: 8, projectId: demo.projectId, name: `Check ${randomUUID().slice(0, 8)}`, content: text });
    if (!created.dataSource) throw new Error(`${text}: ${JSON.stringify(created)} (table ${JSON.stringify(demo)}) ${stack.logLines.filter((l) => l.includes('engine error')).slice(-1).join('')}`);
    const s = created.dataSource;
    const rows = await ok('GET', `/api/data_source/topds/${s.dataSourceId}/10`);
    const list = (rows.rows ?? rows.data ?? rows) as Record<string, unknown>[];
    return Number(Object.values(list[0]!)[0]);
  }
  const close = (actual: number | null, expected: number) => {
    expect(actual).not.toBeNull();
    expect(Math.abs(actual! - expected)).toBeLessThanOrEqual(Math.max(1e-6, Math.abs(expected) * 1e-9));
  };

  beforeAll(async () => {
    stack = await startTestStack({ BI_DEMO: 'true' });
    admin = await stack.login('admin');
    let folder: { dashboards: { dashboardId: string }[] } | undefined;
    await waitFor(
      async () => {
        folder = (await ok('GET', '/api/dashboard/projects/dashboard')).find((p: { name: string }) => p.name === '演示 Demo');
        return !!folder?.dashboards.length;
      },
      150_000,
      'the demo dashboard',
    );
    dashboardId = folder!.dashboards[0]!.dashboardId;
    const content = await ok('GET', `/api/dashboard/dashboard/${dashboardId}`);
    for (const c of content.charts) charts.set(c.type, { chartId: c.chartId, title: c.title });
    const projects = await ok('GET', '/api/data_source/projs');
    const p = projects.find((x: { name: string }) => x.name === '演示 Demo');
    const s = p.dataSources.find((x: { name: string }) => x.name === '销售示例 Sales Demo');
    const full = await ok('GET', `/api/data_source/datasourceById/${s.dataSourceId}`);
    demo = { dataSourceId: s.dataSourceId, tableName: full.tableName, projectId: p.projectId };
    await waitFor(async () => (await stack.runtime.db.query("SELECT 1 FROM data_source.settings WHERE key = 'demo-shared' AND value->>'state' = 'done'")).rows.length > 0, 60_000, 'the demo source shared');
    folderId = (await ok('POST', '/api/relation/proj/dashboard', { name: 'Metric trees' })).projectId;
  });
  afterAll(async () => stack?.stop());

  const node = (relationId: string, nodeId: string, parentId: string | null, name: string, chartId: string | null, extra: Record<string, unknown> = {}) => ({
    nodeId,
    relationId,
    parentId,
    name,
    chartId,
    isConcatenate: false,
    relationName: null,
    chartType: 1,
    formatter: { type: 0, isCustomizeUnit: false, unit: 0, customUnit: '', decimalPlaces: 0, useThousandth: false },
    ...extra,
  });

  it('builds a four-level map over the demo charts whose node values agree with SQL under the chained filters, from one batch', async () => {
    const created = await ok('POST', '/api/relation/create/dashboard', { projectId: folderId, name: 'Revenue tree', chartType: 1 });
    expect(created.nodes).toHaveLength(1);
    expect(created.nodes[0]).toMatchObject({ name: 'Root', parentId: null, chartId: null, state: 'empty', formatter: { type: 0, unit: 0, decimalPlaces: 0, useThousandth: false } });
    const relationId = created.relationId;
    const [root, bar, pie, gauge, funnel, ratio] = [created.nodes[0].nodeId, randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const nodes = [
      node(relationId, root, null, 'Revenue', charts.get('card')!.chartId),
      node(relationId, bar, root, 'By region', charts.get('bar')!.chartId),
      node(relationId, pie, bar, 'Category', charts.get('pie')!.chartId, { isConcatenate: true, relationName: '地区', formatter: { type: 1, isCustomizeUnit: false, unit: 1, customUnit: '', decimalPlaces: 2, useThousandth: true } }),
      node(relationId, gauge, bar, 'Avg profit', charts.get('gauge')!.chartId, { isConcatenate: true, relationName: '地区' }),
      node(relationId, funnel, pie, 'Channel', charts.get('funnel')!.chartId, { isConcatenate: true, relationName: '类别' }),
      // the demo's progress chart 利润率 (profit / revenue): the node shows the ratio its bar shows (issue 27)
      node(relationId, ratio, root, '利润率', charts.get('nav')!.chartId),
    ];
    const saved = await ok('POST', '/api/relation/change', nodes);
    expect(saved.nodes.map((n: { nodeId: string }) => n.nodeId)).toEqual([root, bar, pie, funnel, gauge, ratio]);
    expect(saved.nodes.every((n: { state: string; relationSourceId: string }) => n.state === 'ok' && n.relationSourceId === demo.dataSourceId)).toBe(true);

    const t = `uploads."${demo.tableName}"`;
    const total = await sql(`SELECT sum("金额") FROM ${t}`);
    const east = await sql(`SELECT sum("金额") FROM ${t} WHERE "地区" = '华东 East'`);
    const eastProfit = await sql(`SELECT avg("利润") FROM ${t} WHERE "地区" = '华东 East'`);
    const allProfit = await sql(`SELECT avg("利润") FROM ${t}`);
    const eastFurniture = await sql(`SELECT sum("金额") FROM ${t} WHERE "地区" = '华东 East' AND "类别" = '家具 Furniture'`);
    const eastAnyCategory = east;
    const profitShare = (await sql(`SELECT sum("利润") FROM ${t}`)) / total;

    // nothing chosen: every node shows its chart's total; the six values come from one ChartHeadlines call
    const batches = () => stack.logLines.filter((l) => l.includes('"chart headlines"'));
    const before = batches().length;
    const plain = await ok('POST', `/api/relation/relation-option/dashboard/${charts.get('bar')!.chartId}`, {});
    expect(plain.relationId).toBe(relationId);
    expect(batches().slice(before).map((l) => JSON.parse(l).items)).toEqual([6]);
    const v0 = new Map<string, number | null>(plain.nodes.map((n: { nodeId: string; value: number | null }) => [n.nodeId, n.value]));
    close(v0.get(root)!, total);
    close(v0.get(bar)!, total);
    close(v0.get(pie)!, total);
    close(v0.get(funnel)!, total);
    close(v0.get(gauge)!, allProfit);
    // the ratio, not the profit sum (236513733 in the issue), written as the chart writes it: a percent
    close(v0.get(ratio)!, profitShare);
    const ratioText = plain.nodes.find((n: { nodeId: string }) => n.nodeId === ratio).text;
    expect(ratioText).toBe(`${(Math.round(profitShare * 10000) / 100).toFixed(2)}%`);
    expect(plain.option.series[0]).toMatchObject({ type: 'tree', orient: 'TB' });

    // a region chosen on the bar: its concatenated children (and below) filtered by it
    const east1 = await ok('POST', '/api/relation/relation-option/dashboard/-', { relationId, chartType: 0, selections: [{ nodeId: bar, value: '华东 East' }] });
    const v1 = new Map<string, { value: number | null; text: string }>(east1.nodes.map((n: { nodeId: string; value: number | null; text: string }) => [n.nodeId, n]));
    close(v1.get(root)!.value, total);
    close(v1.get(bar)!.value, total);
    close(v1.get(pie)!.value, east);
    close(v1.get(gauge)!.value, eastProfit);
    close(v1.get(funnel)!.value, eastAnyCategory);
    // the pie's own formatter: 万 with two decimals and thousands separators (en writes 万 as K, and M, B as the value grows)
    expect(v1.get(pie)!.text).toMatch(/^[\d,]+\.\d{2}[KMB]$/);
    expect(east1.option.series[0]).toMatchObject({ type: 'graph', layout: 'force' });
    expect(east1.option.series[0].links).toHaveLength(5);
    // the option's tooltip shows the node's name and text, not its raw value
    expect(east1.option.tooltip).toMatchObject({ formatter: '{b}' });

    // and a category on the pie: the funnel is filtered by both
    const both = await ok('POST', '/api/relation/relation-option/dashboard/-', { relationId, selections: [{ nodeId: bar, value: '华东 East' }, { nodeId: pie, value: '家具 Furniture' }] });
    close(both.nodes.find((n: { nodeId: string }) => n.nodeId === funnel).value, eastFurniture);
    expect(both.option.series[0]).toMatchObject({ type: 'tree', orient: 'TB' });
    const lr = await ok('POST', '/api/relation/relation-option/dashboard/-', { relationId, chartType: 2 });
    expect(lr.option.series[0]).toMatchObject({ type: 'tree', orient: 'LR' });

    // the carousel's chain: root → pie, then on down to the funnel
    const chain = await ok('GET', `/api/relation/relation-concatenate/dashboard/${relationId}?nodeId=${pie}`);
    expect(chain.chain.map((n: { nodeId: string }) => n.nodeId)).toEqual([root, bar, pie, funnel]);
    expect(chain.index).toBe(2);
    expect(chain.chain[2]).toMatchObject({ relationDataType: 'string', chartName: charts.get('pie')!.title });
  });

  it('offers the charts a node can be bound to, with their source fields for the linked field', async () => {
    const folders = await ok('GET', '/api/relation/relation-charts/dashboard');
    const offered = folders.flatMap((f: { dashboards: { charts: { chartId: string; fields: { name: string; dataType: string }[] }[] }[] }) => f.dashboards.flatMap((d) => d.charts));
    const pie = offered.find((c: { chartId: string }) => c.chartId === charts.get('pie')!.chartId);
    expect(pie.fields).toEqual(expect.arrayContaining([{ name: '地区', title: '地区', dataType: 'string' }]));
  });

  it('refuses cycles, two roots, bad names and unknown charts in three languages, leaving the map unchanged', async () => {
    const map = await ok('POST', '/api/relation/create/dashboard', { projectId: folderId, name: 'Refusals' });
    const relationId = map.relationId;
    const root = map.nodes[0].nodeId;
    const child = randomUUID();
    await ok('POST', '/api/relation/change', [node(relationId, root, null, 'Root', charts.get('card')!.chartId), node(relationId, child, root, 'Child', charts.get('bar')!.chartId)]);
    const before = await ok('GET', `/api/relation/treedata/${relationId}`);
    const a = randomUUID();
    const b = randomUUID();
    const cases: [unknown[], string, string, string][] = [
      [[node(relationId, root, null, 'Root', null), node(relationId, child, null, 'Other', null)], '关系图只能有一个根节点', '關係圖只能有一個根節點', 'A relation map can have only one root node'],
      [[node(relationId, root, null, 'Root', null), node(relationId, a, b, 'A', null), node(relationId, b, a, 'B', null)], '形成了循环', '形成了循環', 'is part of a cycle'],
      [[node(relationId, root, null, 'x'.repeat(21), null)], '节点名称须为 1 到 20 个字符', '節點名稱須為 1 到 20 個字元', 'A node name must be 1 to 20 characters'],
      [[node(relationId, root, null, 'Root', randomUUID())], '的图表不存在或不可用', '的圖表不存在或無法使用', 'does not exist or cannot be used'],
      [[node(relationId, root, null, 'Root', null), node(relationId, 'not-a-uuid', root, 'A', null)], '节点编号', '節點編號', 'is not valid'],
    ];
    for (const [body, zhCN, zhTW, en] of cases) {
      for (const [language, text] of [['zh-CN', zhCN], ['zh-TW', zhTW], ['en', en]] as const) {
        const r = await call('POST', '/api/relation/change', body, admin, language);
        expect([r.status, r.body.status]).toEqual([400, 'fail']);
        expect(r.body.data).toContain(text);
      }
    }
    // a concatenated node must name a field of its chart's source
    const bad = await call('POST', '/api/relation/change', [node(relationId, root, null, 'Root', charts.get('card')!.chartId), node(relationId, child, root, 'Child', charts.get('bar')!.chartId, { isConcatenate: true, relationName: 'nope' })]);
    expect(bad.status).toBe(400);
    expect(bad.body.data).toContain('nope');
    const name = await call('POST', '/api/relation/relation-rename/', { relationId, tabType: 'dashboard', name: 'ab' });
    expect([name.status, name.body.data]).toEqual([400, 'Name must be 3 to 20 characters']);
    expect(await ok('GET', `/api/relation/treedata/${relationId}`)).toEqual(before);
  });

  it('publishes a map to the viewer role, generates one from the dashboard, and a deleted chart breaks its node while the map still loads', async () => {
    const generated = await ok('POST', `/api/relation/generate/dashboard/${dashboardId}`, { projectId: folderId, name: 'From the board' });
    const content = await ok('GET', `/api/dashboard/dashboard/${dashboardId}`);
    const byPlace = [...content.aspects].sort((x: { row: number; col: number }, y: { row: number; col: number }) => x.row - y.row || x.col - y.col).map((a: { chartId: string }) => a.chartId);
    expect(generated.nodes.map((n: { chartId: string }) => n.chartId)).toEqual(byPlace);
    expect(generated.nodes.slice(1).every((n: { parentId: string }) => n.parentId === generated.nodes[0].nodeId)).toBe(true);
    const relationId = generated.relationId;

    const viewer = await stack.login('viewer');
    expect((await call('GET', `/api/relation/treedata/${relationId}`, undefined, viewer)).status).toBe(403);
    expect((await ok('GET', '/api/relation/projects/dashboard', undefined, viewer)).flatMap((f: { relations: unknown[] }) => f.relations)).toEqual([]);
    const form = await ok('GET', `/api/relation/roles_users/${relationId}`);
    expect(form.selectRoles).toEqual([]);
    expect(await ok('POST', `/api/relation/publish/${relationId}/From the board`, { roleIds: ['viewer'], userIds: [] })).toBe('');
    // a grant applies on the next sign-in at once (docs/api/sharing.md)
    const viewerNow = await stack.login('viewer');
    expect((await ok('GET', `/api/relation/roles_users/${relationId}`)).selectRoles).toEqual(['viewer']);
    const seen = await ok('GET', `/api/relation/treedata/${relationId}`, undefined, viewerNow);
    expect(seen.editAuth).toBe(false);
    const values = await ok('POST', '/api/relation/relation-option/dashboard/-', { relationId }, viewerNow);
    const card = values.nodes.find((n: { chartId: string }) => n.chartId === charts.get('card')!.chartId);
    close(card.value, await sql(`SELECT sum("金额") FROM uploads."${demo.tableName}"`));
    // a node on a chart whose source the viewer cannot see: the no-permission state, the rest still has values
    const secret = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: demo.projectId, name: 'Private source', content: `SELECT "地区", "金额" FROM uploads."${demo.tableName}"` })).dataSource.dataSourceId;
    const privateBoard = (await ok('POST', '/api/dashboard/dashboard', { name: 'Private board', projectId: (await ok('GET', '/api/dashboard/projects/dashboard')).find((p: { name: string }) => p.name === '演示 Demo').projectId })).dashboardId;
    const secretChart = await ok('POST', `/api/chart-edit/dashboard/${privateBoard}`, { title: 'Secret', dataSourceId: secret, type: 'card' });
    await ok('PUT', '/api/chart-edit/dashboard', { chartId: secretChart, title: 'Secret', type: 'card', dataSourceId: secret, points: [], values: [{ name: '金额', title: '金额', dataType: 'number', aggregator: 'sum' }] });
    const secretNode = node(relationId, randomUUID(), seen.nodes[0].nodeId, 'Secret', secretChart);
    await ok('POST', '/api/relation/change', [...seen.nodes, secretNode]);
    const asViewer = await ok('POST', '/api/relation/relation-option/dashboard/-', { relationId }, viewerNow);
    expect(asViewer.nodes.find((n: { nodeId: string }) => n.nodeId === secretNode.nodeId)).toMatchObject({ state: 'noPermission', value: null, text: '-' });
    close(asViewer.nodes.find((n: { chartId: string }) => n.chartId === charts.get('card')!.chartId).value, await sql(`SELECT sum("金额") FROM uploads."${demo.tableName}"`));
    const asAdmin = await ok('POST', '/api/relation/relation-option/dashboard/-', { relationId });
    close(asAdmin.nodes.find((n: { nodeId: string }) => n.nodeId === secretNode.nodeId).value, await sql(`SELECT sum("金额") FROM uploads."${demo.tableName}"`));

    // the viewer may not change it
    expect((await call('POST', '/api/relation/relation-rename/', { relationId, tabType: 'dashboard', name: 'Mine now' }, viewerNow)).status).toBe(403);
    expect((await call('POST', '/api/relation/change', seen.nodes, viewerNow)).status).toBe(403);

    // delete the scatter chart: its node turns broken (event), the map still loads and draws
    const scatter = charts.get('scatter')!.chartId;
    await ok('DELETE', `/api/dashboard/chart/dashboard/${scatter}`);
    // the relation service marks the node on the dashboard.chart-changed event (its own state, not only the missing chart)
    await waitFor(async () => (await stack.runtime.db.query('SELECT 1 FROM relation.nodes WHERE chart_id = $1 AND broken', [scatter])).rows.length > 0, 30_000, 'the node marked broken');
    expect((await stack.runtime.db.query('SELECT broken FROM relation.nodes WHERE relation_id = $1 AND chart_id = $2', [relationId, scatter])).rows).toEqual([{ broken: true }]);
    const loaded = await ok('GET', `/api/relation/treedata/${relationId}`);
    expect(loaded.nodes.find((n: { chartId: string }) => n.chartId === scatter).state).toBe('broken');
    // the generated nodes but the scatter's, and the private chart's node (the admin sees it)
    expect(loaded.nodes.filter((n: { state: string }) => n.state === 'ok')).toHaveLength(generated.nodes.length - 1 + 1);
    const drawn = await ok('POST', '/api/relation/relation-option/dashboard/-', { relationId });
    expect(drawn.nodes.find((n: { chartId: string }) => n.chartId === scatter)).toMatchObject({ state: 'broken', value: null, text: '-' });
    // the map with its broken node saves unchanged
    const tree = await ok('GET', `/api/relation/treedata/${relationId}`);
    await ok('POST', '/api/relation/change', tree.nodes);

    // delete: gone, grants with it
    await ok('DELETE', `/api/relation/delete/${relationId}`);
    expect((await call('GET', `/api/relation/treedata/${relationId}`)).status).toBe(404);
    expect((await call('GET', `/api/relation/treedata/${relationId}`, undefined, viewerNow)).status).toBe(404);
  });
});
