import { analyticsDataDir, restCalls, startTestStack, type TestStack } from './testing.js';

// Link settings (PUT /api/dashboard/linkage/{tab}/{chartId}) and copying a chart
// (POST /api/dashboard/copy_chart/{tab}/{chartId}) through the BFF: docs/api/dashboard.md.
describe('link settings and chart copies', () => {
  let stack: TestStack;
  let admin: string;
  let analyst: string;
  let sales: string;
  let stock: string;
  let analystSource: string;
  let boardId: string;
  let otherBoard: string;
  let templateBoard: string;
  let bar: Record<string, any>;
  let pie: Record<string, any>;
  let table: Record<string, any>;

  const field = (name: string, dataType: string) => ({ name, title: name, dataType });
  const { call, ok } = restCalls(() => stack, () => admin);
  async function chartOn(dataSourceId: string, title: string, type: string, points: unknown[], values: unknown[], dashboardId = boardId, token = admin) {
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title, dataSourceId, type }, token);
    return ok('PUT', '/api/chart-edit/dashboard', { chartId, title, type, dataSourceId, points, values }, token);
  }
  const content = (dashboardId = boardId) => ok('GET', `/api/dashboard/dashboard/${dashboardId}`, undefined);
  const link = (chartId: string, targets: unknown, token = admin, language = 'en') => call('PUT', `/api/dashboard/linkage/dashboard/${chartId}`, { targets }, token, language);

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('chart-links', [
      'CREATE TABLE sales (region VARCHAR, city VARCHAR, amount DOUBLE)',
      "INSERT INTO sales VALUES ('East', 'A', 10), ('West', 'B', 20)",
      'CREATE TABLE stock (area VARCHAR, units DOUBLE)',
      "INSERT INTO stock VALUES ('East', 1), ('West', 2)",
    ]);
    stack = await startTestStack({ BI_DATA_DIR: dataDir });
    admin = await stack.login('admin');
    analyst = await stack.login('analyst');
    const folder = await ok('POST', '/api/data_source/proj', { name: 'Link sources' });
    sales = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Sales', tableName: 'sales', tableSchema: 'main' })).dataSource.dataSourceId;
    stock = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Stock', tableName: 'stock', tableSchema: 'main' })).dataSource.dataSourceId;
    analystSource = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Mine', tableName: 'stock', tableSchema: 'main' })).dataSource.dataSourceId;
    await stack.runtime.db.query("UPDATE data_source.sources SET created_by = (SELECT id FROM identity.users WHERE user_name = 'analyst') WHERE id = $1", [analystSource]);
    const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Link boards' })).projectId;
    boardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Link board', projectId })).dashboardId;
    otherBoard = (await ok('POST', '/api/dashboard/dashboard', { name: 'Other board', projectId })).dashboardId;
    const templateFolder = (await ok('POST', '/api/dashboard/project/template', { name: 'Templates' })).projectId;
    templateBoard = (await ok('POST', '/api/dashboard/template', { name: 'A template', projectId: templateFolder })).dashboardId;
    bar = await chartOn(sales, 'By region', 'bar', [field('region', 'string')], [field('amount', 'number')]);
    pie = await chartOn(sales, 'Share', 'pie', [field('city', 'string')], [field('amount', 'number')]);
    table = await chartOn(stock, 'Stock', 'bar', [field('area', 'string')], [field('units', 'number')]);
  });
  afterAll(async () => stack?.stop());

  it('stores the targets with their mappings, answers them with the dashboard and keeps them through an editor save', async () => {
    const targets = [
      { chartId: pie.chartId, fields: [{ source: 'region', target: 'region' }] },
      // a target on another source maps the dimension to a differently named field
      { chartId: table.chartId, fields: [{ source: 'region', target: 'area' }] },
    ];
    const r = await link(bar.chartId, targets);
    expect(r.body.status).toBe('success');
    expect(r.body.data.linkage).toEqual([{ chartId: bar.chartId, dimensions: [{ name: 'region', dataType: 'string' }], targets }]);
    expect((await content()).linkage).toEqual([{ chartId: bar.chartId, dimensions: [{ name: 'region', dataType: 'string' }], targets }]);
    // the editor's save does not carry the settings and does not lose them
    await ok('PUT', '/api/chart-edit/dashboard', { ...bar, title: 'By region 2' });
    expect((await content()).linkage).toEqual([{ chartId: bar.chartId, dimensions: [{ name: 'region', dataType: 'string' }], targets }]);
    // a deleted target leaves the settings
    const extra = await chartOn(sales, 'Extra', 'bar', [field('region', 'string')], [field('amount', 'number')]);
    await ok('PUT', `/api/dashboard/linkage/dashboard/${bar.chartId}`, { targets: [...targets, { chartId: extra.chartId, fields: [{ source: 'region', target: 'region' }] }] });
    await ok('DELETE', `/api/dashboard/chart/dashboard/${extra.chartId}`, undefined);
    expect((await content()).linkage).toEqual([{ chartId: bar.chartId, dimensions: [{ name: 'region', dataType: 'string' }], targets }]);
  });

  it('refuses unknown charts and fields, itself, and charts of other dashboards in the caller’s language', async () => {
    const elsewhere = await chartOn(sales, 'Elsewhere', 'bar', [field('region', 'string')], [field('amount', 'number')], otherBoard);
    const cases: [unknown, number, string][] = [
      [[{ chartId: table.chartId, fields: [{ source: 'region', target: 'nope' }] }], 400, 'The data source of the chart "Stock" has no field nope'],
      [[{ chartId: pie.chartId, fields: [{ source: 'amount', target: 'amount' }] }], 400, 'amount is not a dimension of this chart'],
      [[{ chartId: bar.chartId, fields: [{ source: 'region', target: 'region' }] }], 400, 'A chart cannot filter itself'],
      [[{ chartId: elsewhere.chartId, fields: [{ source: 'region', target: 'region' }] }], 400, 'The chart to filter is not on this dashboard'],
      [[{ chartId: pie.chartId, fields: [] }], 400, 'Choose at least one field for the chart "Share"'],
      [[{ chartId: pie.chartId, fields: [{ source: 'region', target: 'region' }] }, { chartId: pie.chartId, fields: [{ source: 'region', target: 'region' }] }], 400, 'The chart "Share" is chosen twice'],
    ];
    for (const [targets, status, message] of cases) {
      const r = await link(bar.chartId, targets);
      expect([r.status, r.body]).toEqual([status, { status: 'fail', data: message }]);
    }
    const zh = await link(bar.chartId, cases[0]![0], admin, 'zh-CN');
    expect(zh.body.data).toBe('图表“Stock”的数据源中没有字段 nope');
    const tw = await link(bar.chartId, cases[0]![0], admin, 'zh-TW');
    expect(tw.body.data).toBe('圖表「Stock」的資料來源中沒有欄位 nope');
    const big = await link(bar.chartId, Array.from({ length: 51 }, () => ({ chartId: pie.chartId, fields: [{ source: 'region', target: 'region' }] })));
    expect(big.status).toBe(400);
    // nothing of it was stored
    expect((await content()).linkage[0].targets.map((t: { chartId: string }) => t.chartId)).toEqual([pie.chartId, table.chartId]);
  });

  it('needs the edit permission and access to the chart’s source', async () => {
    const viewer = await stack.login('viewer');
    expect((await link(bar.chartId, [], viewer)).status).toBe(403);
    // the analyst may edit dashboards but cannot read the admin's source
    expect((await link(bar.chartId, [], analyst)).status).toBe(403);
    // no targets removes the settings
    expect((await link(bar.chartId, [])).body.data.linkage).toEqual([]);
  });

  it('copies a chart beside itself and to another dashboard, placed at the end of the grid', async () => {
    await ok('PUT', `/api/dashboard/linkage/dashboard/${bar.chartId}`, { targets: [{ chartId: pie.chartId, fields: [{ source: 'region', target: 'region' }] }] });
    const before = await content();
    const copy = await ok('POST', `/api/dashboard/copy_chart/dashboard/${bar.chartId}`, { dashboardId: boardId });
    expect(copy).toMatchObject({ dashboardId: boardId, title: 'By region 2', type: 'bar', dataSourceId: sales });
    expect(copy.chartId).not.toBe(bar.chartId);
    const after = await content();
    const lowest = Math.max(...before.aspects.map((a: any) => a.row + a.sizeY));
    expect(after.aspects.find((a: any) => a.chartId === copy.chartId)).toMatchObject({ row: lowest, col: 0, sizeX: 6, sizeY: 4 });
    // the copy runs with the same definition, without the original's link settings
    const run = await ok('POST', `/api/dashboard/chart/dashboard/${copy.chartId}`, {});
    expect(run.chart).toMatchObject({ points: [{ name: 'region' }], values: [{ name: 'amount' }] });
    expect(run.chart.linkage).toBeUndefined();
    expect(after.linkage.map((l: any) => l.chartId)).toEqual([bar.chartId]);

    const moved = await ok('POST', `/api/dashboard/copy_chart/dashboard/${bar.chartId}`, { dashboardId: otherBoard });
    expect((await content(otherBoard)).charts.map((c: any) => c.chartId)).toContain(moved.chartId);
  });

  it('copies into a template only with template:edit (spec 01 §5) and refuses unknown targets', async () => {
    const own = await chartOn(analystSource, 'Own', 'bar', [field('area', 'string')], [field('units', 'number')], boardId, analyst);
    const refused = await call('POST', `/api/dashboard/copy_chart/dashboard/${own.chartId}`, { dashboardId: templateBoard, targetTab: 'template' }, analyst);
    expect([refused.status, refused.body.data]).toEqual([403, 'Without template edit permission a chart cannot be copied into a template, only to a dashboard']);
    const zh = await call('POST', `/api/dashboard/copy_chart/dashboard/${own.chartId}`, { dashboardId: templateBoard, targetTab: 'template' }, analyst, 'zh-CN');
    expect(zh.body.data).toBe('没有模板编辑权限，不能复制到模板，只能复制到仪表板');
    // to a dashboard it may
    expect((await call('POST', `/api/dashboard/copy_chart/dashboard/${own.chartId}`, { dashboardId: otherBoard }, analyst)).body.status).toBe('success');
    // the analyst cannot copy a chart whose source it cannot read
    expect((await call('POST', `/api/dashboard/copy_chart/dashboard/${bar.chartId}`, { dashboardId: otherBoard }, analyst)).status).toBe(403);
    // an admin copies into a template
    const copy = await ok('POST', `/api/dashboard/copy_chart/dashboard/${bar.chartId}`, { dashboardId: templateBoard, targetTab: 'template' });
    expect((await ok('GET', `/api/dashboard/template/${templateBoard}`, undefined)).charts.map((c: any) => c.chartId)).toEqual([copy.chartId]);
    // a dashboard that does not exist, or one of the other tab named as this tab
    expect((await call('POST', `/api/dashboard/copy_chart/dashboard/${bar.chartId}`, { dashboardId: '00000000-0000-4000-8000-000000000000' }, admin)).status).toBe(404);
    expect((await call('POST', `/api/dashboard/copy_chart/dashboard/${bar.chartId}`, { dashboardId: templateBoard }, admin)).status).toBe(404);
    expect((await call('POST', `/api/dashboard/copy_chart/dashboard/${bar.chartId}`, {}, admin)).status).toBe(400);
  });
});
