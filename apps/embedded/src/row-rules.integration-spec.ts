import { cartesianPairs } from '@bi/charts';
import { analyticsDataDir, REGION_SALES_TABLE, restCalls, startTestStack, type TestStack } from './testing.js';

// Row-level rules (issue 17 #6, docs/api/sharing.md "Row-level rules"): the same chart answers each
// caller the rows their rules allow — chart runs (single, batch, kept answers), details and the
// detail export, inner filters — deny-by-default answers no row, admin sees everything, and only an
// admin may write the rules (every change audited).
describe('row-level rules', () => {
  let stack: TestStack;
  let admin: string;
  let sourceId: string;
  let chartId: string;
  let users: { id: string; userName: string }[];
  const REGIONS = ['East', 'West', 'North'];

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('row-rules', [REGION_SALES_TABLE]);
    stack = await startTestStack({ BI_DATA_DIR: dataDir });
    admin = await stack.login('admin');
    const folderId = (await ok('POST', '/api/data_source/proj', { name: 'Ruled sources' })).projectId;
    sourceId = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folderId, name: 'Ruled orders', content: 'SELECT * FROM sales' })).dataSource.dataSourceId;
    expect(await ok('POST', `/api/data_source/publish/${sourceId}`, { roleIds: ['viewer', 'analyst'], userIds: [] })).toEqual([]);
    const project = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Ruled board folder' })).projectId;
    const dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Ruled board', projectId: project })).dashboardId;
    chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'Qty', dataSourceId: sourceId, type: 'bar' });
    await ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'Qty', type: 'bar', dataSourceId: sourceId, points: [field('region', 'string')], values: [field('qty', 'number')] });
    users = await ok('GET', '/api/identity/admin/users');
  });
  afterAll(async () => stack?.stop());

  const { call, ok } = restCalls(() => stack, () => admin);
  const field = (name: string, dataType: string) => ({ name, title: name, dataType });
  const userId = (userName: string) => users.find((u) => u.userName === userName)!.id;
  /** Expected sums of qty per region over the rows 1..30 that pass `keep`. */
  const sums = (keep: (region: string, qty: number) => boolean) => {
    const out = new Map<string, number>();
    for (let i = 1; i <= 30; i++) {
      const region = REGIONS[i % 3]!;
      if (keep(region, i)) out.set(region, (out.get(region) ?? 0) + i);
    }
    return out;
  };
  const chartSums = async (token: string, body: unknown = {}) => new Map(cartesianPairs((await ok('POST', `/api/dashboard/chart/dashboard/${chartId}`, body, token)).option) as [string, number][]);
  /** The detail rows (an export's page size) summed per region, as the chart would. */
  const detailSums = async (token: string, body: Record<string, unknown> = {}) => {
    const d = await ok('POST', `/api/dashboard/all_details/dashboard/${chartId}`, { ...body, pageSize: 100_000 }, token);
    const key = (name: string) => d.columns.find((c: { name: string }) => c.name === name).key;
    const out = new Map<string, number>();
    for (const row of d.rows) out.set(row[key('region')], (out.get(row[key('region')]) ?? 0) + row[key('qty')]);
    return out;
  };
  const setRules = (body: unknown, token = admin) => call('PUT', `/api/data_source/row_rules/${sourceId}`, body, token);

  it('gives two users different totals of the same chart; details, the export and inner filters agree with the chart', async () => {
    const r = await setRules({
      denyByDefault: false,
      rules: [
        { roleId: 'viewer', field: 'region', compare: '=', compareValue: 'East' },
        { userId: userId('analyst'), field: 'qty', compare: '>', compareValue: 15 },
      ],
    });
    expect(r.status).toBe(200);
    expect(await ok('GET', `/api/data_source/row_rules/${sourceId}`)).toMatchObject({ dataSourceId: sourceId, denyByDefault: false, rules: [{ roleId: 'viewer' }, { userId: userId('analyst') }] });

    const viewer = await stack.login('viewer');
    const analyst = await stack.login('analyst');
    const expected = { viewer: sums((region) => region === 'East'), analyst: sums((_, qty) => qty > 15), admin: sums(() => true) };
    for (const [who, token] of [['viewer', viewer], ['analyst', analyst], ['admin', admin]] as const) {
      // twice: the second may come from the kept answers, which must be the caller's own
      expect(await chartSums(token)).toEqual(expected[who]);
      expect(await chartSums(token)).toEqual(expected[who]);
      expect(await detailSums(token)).toEqual(expected[who]);
      const batch = await ok('POST', '/api/dashboard/charts/dashboard', { charts: [{ chartId }] }, token);
      expect(new Map(cartesianPairs(batch[0].data.option))).toEqual(expected[who]);
    }
    expect(new Map([...expected.viewer].map(([k, v]) => [k, v]))).not.toEqual(expected.analyst);

    // an inner filter (the filter's value range) narrows further, the same for the chart and its details
    const innerFilters = [{ name: 'region', dataType: 'string', range: ['East', 'West'] }];
    const inEastWest = (m: Map<string, number>) => new Map([...m].filter(([k]) => k === 'East' || k === 'West'));
    for (const [who, token] of [['viewer', viewer], ['analyst', analyst], ['admin', admin]] as const) {
      expect(await chartSums(token, { innerFilters })).toEqual(inEastWest(expected[who]));
      expect(await detailSums(token, { innerFilters })).toEqual(inEastWest(expected[who]));
    }
    // the whole source (preview, export) is refused to a caller the rules restrict
    const preview = await call('GET', `/api/data_source/topds/${sourceId}/10`, undefined, analyst);
    expect([preview.status, preview.body.data]).toEqual([403, "Row rules limit what you see of this data source: it cannot be previewed or exported whole; use a chart's details"]);
    expect((await call('GET', `/api/data_source/topds/${sourceId}/10`)).status).toBe(200);
  });

  it('deny-by-default: a caller no rule names gets no row; admin still sees every row', async () => {
    expect((await setRules({ denyByDefault: true, rules: [{ roleId: 'viewer', field: 'qty', compare: 'between', compareValueLeft: 1, compareValueRight: 3 }] })).status).toBe(200);
    const analyst = await stack.login('analyst');
    const viewer = await stack.login('viewer');
    expect(await chartSums(analyst)).toEqual(new Map());
    expect(await detailSums(analyst)).toEqual(new Map());
    expect(await chartSums(viewer)).toEqual(sums((_, qty) => qty <= 3));
    expect(await detailSums(viewer)).toEqual(sums((_, qty) => qty <= 3));
    expect(await chartSums(admin)).toEqual(sums(() => true));
  });

  it('only an admin writes rules; bad rules are refused with a clear message; every change is audited', async () => {
    const viewer = await stack.login('viewer');
    const analyst = await stack.login('analyst');
    expect((await setRules({ rules: [] }, viewer)).status).toBe(403);
    expect((await setRules({ rules: [] }, analyst)).status).toBe(403);
    expect((await call('GET', `/api/data_source/row_rules/${sourceId}`, undefined, analyst)).status).toBe(403);
    const before = await ok('GET', `/api/data_source/row_rules/${sourceId}`);

    const bad = async (rule: Record<string, unknown>) => {
      const r = await setRules({ rules: [rule] });
      return [r.status, r.body.data];
    };
    expect(await bad({ roleId: 'viewer', field: 'nope', compare: '=', compareValue: 'x' })).toEqual([400, 'The field nope is not in the data source']);
    expect(await bad({ roleId: 'viewer', field: 'region', compare: '>', compareValue: 'x' })).toEqual([400, 'The filter operator > cannot be used on region']);
    expect(await bad({ roleId: 'viewer', field: 'qty', compare: '=', compareValue: 'many' })).toEqual([400, 'The filter value many does not fit the field qty']);
    expect(await bad({ roleId: 'viewer', field: 'qty', compare: '=' })).toEqual([400, 'Row rule 1 on qty needs a value']);
    expect(await bad({ field: 'qty', compare: '=', compareValue: 1 })).toEqual([400, 'Row rule 1 must name one role or one user']);
    expect(await bad({ roleId: 'nobody', field: 'qty', compare: '=', compareValue: 1 })).toEqual([400, 'No such role or user in the row rules: nobody']);
    const zh = await stack.api(`/api/data_source/row_rules/${sourceId}`, { method: 'PUT', body: { rules: [{ roleId: 'viewer', field: 'qty', compare: '=' }] }, token: admin, headers: { currentLanguage: 'zh-CN' } });
    expect([zh.status, zh.body.data]).toEqual([400, '第 1 条行级规则（字段 qty）缺少值']);
    expect(await ok('GET', `/api/data_source/row_rules/${sourceId}`)).toEqual(before);

    const audit = JSON.stringify(await ok('GET', '/api/identity/admin/audit'));
    expect(audit).toContain('row_rules.set');
    expect(audit).toContain(`datasource:${sourceId}`);
    // cleared: everyone the source is shared with sees every row again
    expect((await setRules({ denyByDefault: false, rules: [] })).status).toBe(200);
    expect(await chartSums(await stack.login('analyst'))).toEqual(sums(() => true));
  });
});
