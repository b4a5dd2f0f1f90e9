import { analyticsDataDir, startTestStack, type TestStack } from './testing.js';

// Issue 26 #4 and #7: every text of a request passes the one text check at the BFF's edge (a global
// guard over path segments, query and body), single-line texts refuse line breaks, and a relation map
// generated from someone else's dashboard names no chart the caller cannot see.
describe('request texts at the BFF edge, single-line names, generated relation maps (issue 26)', () => {
  let stack: TestStack;
  let admin: string;
  let analyst: string;
  let sales: { dataSourceId: string; projectId: string };
  let projectId: string;
  let dashboardId: string;
  let chartId: string;

  const call = (method: string, path: string, body: unknown, token = admin, language = 'en') => stack.api(path, { method, body, token, headers: { currentLanguage: language } });
  async function ok(method: string, path: string, body?: unknown, token = admin) {
    const r = await call(method, path, body, token);
    if (r.body?.status !== 'success') throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    return r.body.data;
  }
  const field = (name: string, dataType: string) => ({ name, title: name, dataType });

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('edges', ['CREATE TABLE sales (region VARCHAR, amount DOUBLE)', "INSERT INTO sales VALUES ('East', 10), ('West', 20)"]);
    stack = await startTestStack({ BI_DATA_DIR: dataDir });
    admin = await stack.login('admin');
    analyst = await stack.login('analyst');
    const folder = await ok('POST', '/api/data_source/proj', { name: 'Edge sources' });
    sales = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Secret sales', tableName: 'sales', tableSchema: 'main' })).dataSource;
    projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Edge folder' })).projectId;
    dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Edge board', projectId })).dashboardId;
    chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'Secret margin', dataSourceId: sales.dataSourceId, type: 'bar' });
    await ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'Secret margin', type: 'bar', dataSourceId: sales.dataSourceId, points: [field('region', 'string')], values: [field('amount', 'number')] });
  });
  afterAll(async () => stack?.stop());

  describe('NUL and lone surrogates (issue 26 #4)', () => {
    const item = (extra: Record<string, unknown>) => [{ id: 'g1', name: 'region', title: 'Region', dataType: 'string', dataSourceId: sales.dataSourceId, range: ['East'], charts: [{ chartId }], ...extra }];

    it.each([
      ['a NUL in a range value', { range: ['a\u0000b'] }, 'body: 0.range.0'],
      ['a lone surrogate in a range value', { range: ['\ud800'] }, 'body: 0.range.0'],
      ['a NUL in the title', { title: 'a\u0000b' }, 'body: 0.title'],
    ])('a global filter save with %s answers 400, not 500', async (_what, extra, field) => {
      const r = await call('POST', `/api/global_filter/dashboard/${dashboardId}`, item(extra));
      expect([r.status, r.body.status]).toEqual([400, 'fail']);
      expect(r.body.data).toBe(`${field.replace('body: ', '')}: the text contains a NUL character or a broken Unicode character and cannot be saved`);
      const zh = await call('POST', `/api/global_filter/dashboard/${dashboardId}`, item(extra), admin, 'zh-TW');
      expect(zh.body.data).toContain('文字包含 NUL 字元或損壞的 Unicode 字元');
    });

    it('a global filter save without them is stored', async () => {
      expect((await ok('POST', `/api/global_filter/dashboard/${dashboardId}`, item({}))).globalFilter).toHaveLength(1);
    });

    it.each([
      ['the template name', 'a%00bcd/xyz', 'name'],
      ['the folder name', 'Good name/a%00folder', 'extra'],
    ])('a template publish with %%00 in %s answers 400 naming the segment, not 500', async (_what, tail, segment) => {
      const r = await call('POST', `/api/template/publish/dash/${dashboardId}/${tail}`, { roleIds: [], userIds: [] });
      expect([r.status, r.body]).toEqual([400, { status: 'fail', data: `${segment}: the text contains a NUL character or a broken Unicode character and cannot be saved` }]);
      const cn = await call('POST', `/api/template/publish/dash/${dashboardId}/${tail}`, { roleIds: [], userIds: [] }, admin, 'zh-CN');
      expect([cn.status, cn.body.data]).toEqual([400, `${segment}：文本包含 NUL 字符或损坏的 Unicode 字符，无法保存`]);
    });

    it('checks query values and object keys too, and still answers 401 to a caller without a token', async () => {
      expect((await call('POST', `/api/dashboard/sort/dashboard/${dashboardId}?order=1%00`, undefined)).status).toBe(400);
      expect((await call('PUT', `/api/dashboard/dashboard/${dashboardId}`, { name: 'Fine name', ['k\u0000']: 1 })).status).toBe(400);
      expect((await call('POST', `/api/global_filter/dashboard/${dashboardId}`, item({ range: ['a\u0000b'] }), '')).status).toBe(401);
    });
  });

  describe('line breaks in single-line texts (issue 26 #7)', () => {
    const refused = async (method: string, path: string, body: unknown, expected: string) => {
      const r = await call(method, path, body);
      expect([r.status, r.body]).toEqual([400, { status: 'fail', data: expected }]);
    };

    it('refuses CR/LF in a chart title, an alert name, folder, dashboard and source names', async () => {
      await refused('PUT', '/api/chart-edit/dashboard', { chartId, title: 'T\r\nBcc: evil@x.zz', type: 'bar', dataSourceId: sales.dataSourceId, points: [field('region', 'string')], values: [field('amount', 'number')] }, 'A chart title must be a single line');
      const warnItem = { warnName: 'T\r\nBcc: evil@x.zz', isSwitch: true, logic: 0, warnTime: 0, warnConditions: [{ axisField: { axisName: 'amount', axisTitle: 'amount' }, compare: '>', compareValue: 1 }] };
      const warn = { chartId, warnConfigData: { warnItemsYList: [warnItem], warnItemsYOptionalList: [] } };
      const r = await call('PUT', '/api/chart-edit/warn/dashboard', warn);
      expect([r.status, r.body.data]).toEqual([400, 'An alert name must be a single line']);
      await refused('POST', '/api/dashboard/project/dashboard', { name: 'Bad\nfolder' }, 'A name must be a single line');
      await refused('PUT', `/api/dashboard/dashboard/${dashboardId}`, { name: 'Bad\r\nboard' }, 'A name must be a single line');
      await refused('POST', '/api/data_source/proj', { name: 'Bad\u2028folder' }, 'A name must be a single line');
      // a line break at either end is trimmed away, as spaces are
      expect((await ok('PUT', `/api/dashboard/dashboard/${dashboardId}`, { name: 'Edge board\n' })).name).toBe('Edge board');
      const stored = (await ok('POST', `/api/chart-edit/chart/dashboard/${chartId}`, {})).chart;
      expect(stored.title).toBe('Secret margin');
    });
  });

  describe('relation maps generated from someone else’s dashboard (issue 26 #7)', () => {
    it('name the charts the caller cannot see by neutral names', async () => {
      const folder = (await ok('POST', '/api/relation/proj/dashboard', { name: 'Analyst maps' }, analyst)).projectId;
      const r = await call('POST', `/api/relation/generate/dashboard/${dashboardId}`, { projectId: folder, name: 'Peek' }, analyst, 'en');
      expect(r.body.status).toBe('success');
      expect(JSON.stringify(r.body.data)).not.toContain('Secret margin');
      expect(r.body.data.nodes.map((n: any) => [n.name, n.state])).toEqual([['Root', 'noPermission']]);
      // the admin, who may read the source, gets the chart's title
      const mine = await ok('POST', `/api/relation/generate/dashboard/${dashboardId}`, { projectId: folder, name: 'Seen' });
      expect(mine.nodes.map((n: any) => n.name)).toEqual(['Secret margin']);
    });
  });
});
