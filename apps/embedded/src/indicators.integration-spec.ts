import { ProviderClient, periodOf, samePeriodLastYear, previousPeriod, type IndicatorValuesResponse } from '@bi/provider-protocol';
import { startReferenceProvider, type ReferenceProvider } from '@bi/erp-provider';
import { startTestStack, type TestStack } from './testing.js';

// Issue 29: indicator imports (types 1 and 5) through the BFF against the reference provider started for
// real: the lazy target tree, imports with compare 0, 1 and 2 whose stored values equal the provider's
// daily figures summed by hand, a per-target failure for an unknown target, merge, "refresh now", and
// relation-map generation from a template dashboard.
const USER = 'indicator-reader';
const PASSWORD = 'indicator-secret-0123';
const PROVIDER_PORT = 18901;
// a fixed dataset: 430 days up to 2026-03-31 (from 2025-01-27), so a year-earlier comparison of 2026-02/03 has data
const END = '2026-03-31';

describe('indicator imports through the BFF (issue 29)', () => {
  let stack: TestStack;
  let provider: ReferenceProvider;
  let client: ProviderClient;
  let admin: string;
  let viewer: string;
  let folder: string;
  const account = { name: 'Indicator ERP', ip: '127.0.0.1', port: PROVIDER_PORT, userName: USER, identity: PASSWORD };

  const call = (method: string, path: string, body?: unknown, token = admin, language = 'en') => stack.api(path, { method, body, token, headers: { currentLanguage: language } });
  async function ok(method: string, path: string, body?: unknown) {
    const r = await call(method, path, body);
    if (r.body?.status !== 'success') throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  }
  /** The stored rows of a source, read back through the BFF (SQL on the analytics store, admins only). */
  async function storedRows(dataSourceId: string): Promise<Record<string, unknown>[]> {
    const s = await ok('GET', `/api/data_source/datasourceById/${dataSourceId}`);
    const table = `${s.tableSchema}.${s.tableName}`;
    return (await ok('POST', '/api/data_source/source/', { type: 8, content: `SELECT * FROM ${table} ORDER BY target, period`, count: 500 })).rows;
  }
  /** The provider's daily figures of a target (compare 0, dimension day), by day. */
  async function daily(target: string, from: string, to: string): Promise<Map<string, number>> {
    const r: IndicatorValuesResponse = await client.indicatorValues({ targets: [target], from, to, periodDimension: 1, compare: 0 });
    const s = r.series[0]!;
    if (!s.ok) throw new Error('no series');
    return new Map(s.points.map((p) => [p.start, p.value ?? 0]));
  }
  const sumOver = (days: Map<string, number>, start: string, end: string) => [...days].filter(([d]) => d >= start && d <= end).reduce((a, [, v]) => a + v, 0);
  const payload = (extra: Record<string, unknown> = {}) => ({
    targets: [{ id: 'all.revenue', text: '集团营业收入', rootText: '星海集团' }],
    name: '',
    beginDate: '2026-02-01',
    endDate: END,
    period: 1,
    dynamicPara: 0,
    periodDimension: 2,
    compare: 0,
    periodNumber: 1,
    generateRelation: false,
    account,
    cacheInterval: 0,
    projectId: folder,
    dataType: 1,
    ...extra,
  });

  beforeAll(async () => {
    provider = await startReferenceProvider({ port: PROVIDER_PORT, user: USER, password: PASSWORD, dataset: { days: 430, endDate: END } });
    client = new ProviderClient({ baseUrl: provider.url, user: USER, password: PASSWORD });
    stack = await startTestStack({ BI_MODULES: 'e10report,sql,excel', BI_OUTBOUND_ALLOW: '127.0.0.1/32' });
    admin = await stack.login('admin');
    viewer = await stack.login('viewer');
    folder = (await ok('POST', '/api/data_source/proj', { name: 'Indicators' })).projectId;
  });
  afterAll(async () => {
    await stack?.stop();
    await provider?.close();
  });

  it('lists the target tree lazily: the top level, then a node’s children', async () => {
    const top = await ok('POST', '/api/data_source/issue_trees', { account });
    expect(top).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'company', text: '星海集团', rootText: '星海集团', type: 1, child: true })]));
    expect(top.some((n: { type: number }) => n.type === 2)).toBe(false);
    const children = await ok('POST', '/api/data_source/issue_trees', { account, parent: 'company' });
    expect(children).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'all.revenue', text: '集团营业收入', rootText: '星海集团', type: 2, child: false, relation: 'True' })]));
    expect(children.find((n: { id: string }) => n.id === 'all.cost').relation).toBe('False');
    // only an analyst who creates sources may ask the provider
    expect((await call('POST', '/api/data_source/issue_trees', { account }, viewer)).status).toBe(403);
  });

  it('imports a single date (compare 0): the day’s value equals the provider’s daily figure', async () => {
    const r = await ok('POST', '/api/data_source/import_indicators', payload({ period: 0, periodDimension: 1, endDate: '2026-03-15', name: 'Revenue on 15 March' }));
    expect(r).toMatchObject({ importSuccessCount: 1, importFailedCount: 0 });
    expect(r.targets[0]).toMatchObject({ id: 'all.revenue', importSuccess: true, text: '集团营业收入', rootText: '星海集团', failedMessage: null });
    const rows = await storedRows(r.targets[0].dataSourceId);
    const days = await daily('all.revenue', '2026-03-15', '2026-03-15');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ target: 'all.revenue', target_name: '集团营业收入', period: '2026-03-15' });
    expect(Number(rows[0]!.value)).toBeCloseTo(days.get('2026-03-15')!, 2);
    expect(rows[0]!.value).not.toBeNull();
    const source = await ok('GET', `/api/data_source/datasourceById/${r.targets[0].dataSourceId}`);
    expect(source).toMatchObject({ type: 1, name: 'Revenue on 15 March', projectId: folder });
  });

  it('imports months with compare 1 (same period a year earlier) and 2 (previous period): values equal the daily figures summed by hand', async () => {
    const days = await daily('all.revenue', '2025-01-27', END);
    for (const compare of [1, 2] as const) {
      const r = await ok('POST', '/api/data_source/import_indicators', payload({ compare, name: `Revenue compare ${compare}` }));
      expect(r).toMatchObject({ importSuccessCount: 1, importFailedCount: 0 });
      const rows = await storedRows(r.targets[0].dataSourceId);
      expect(rows.map((x) => x.period)).toEqual(['2026-02', '2026-03']);
      for (const row of rows) {
        const p = periodOf(`${String(row.period)}-01`, 2);
        const base = compare === 1 ? samePeriodLastYear(p, 2) : previousPeriod(p, 2);
        const value = sumOver(days, p.start, p.end);
        const compareValue = sumOver(days, base.start, base.end);
        expect(value).toBeGreaterThan(0);
        expect(compareValue).toBeGreaterThan(0);
        expect(Number(row.value)).toBeCloseTo(value, 2);
        expect(Number(row.compare_value)).toBeCloseTo(compareValue, 2);
        expect(Number(row.rate)).toBeCloseTo((value - compareValue) / Math.abs(compareValue), 6);
      }
    }
  });

  it('refuses a comparison for a day cycle or a single date, and an import without targets, in the caller’s language', async () => {
    const day = await call('POST', '/api/data_source/import_indicators', payload({ compare: 1, periodDimension: 1 }));
    expect(day.body).toMatchObject({ status: 'fail', data: 'Same-period and cycle comparisons apply only to a history period whose cycle is not day' });
    const none = await call('POST', '/api/data_source/import_indicators', payload({ targets: [] }), admin, 'zh-CN');
    expect(none.body).toMatchObject({ status: 'fail', data: '请选择指标' });
  });

  it('reports an unknown target as failed and imports the others', async () => {
    const r = await ok('POST', '/api/data_source/import_indicators', payload({ targets: ['east.revenue', { id: 'no.such_target', text: '不存在', rootText: '星海集团' }] }));
    expect(r).toMatchObject({ importSuccessCount: 1, importFailedCount: 1 });
    const failed = r.targets.find((t: { id: string }) => t.id === 'no.such_target');
    expect(failed).toMatchObject({ importSuccess: false, dataSourceId: null, text: '不存在', failedMessage: 'The indicator system has no such target or could not read its values' });
    const imported = r.targets.find((t: { id: string }) => t.id === 'east.revenue');
    expect(imported.importSuccess).toBe(true);
    expect((await ok('GET', `/api/data_source/datasourceById/${imported.dataSourceId}`)).name).toBe(imported.text);
  });

  it('merges targets into one source (name required), and "refresh now" reads them again', async () => {
    const noName = await call('POST', '/api/data_source/merge', payload({ targets: ['all.revenue', 'all.cost'] }));
    expect(noName.body).toMatchObject({ status: 'fail', data: 'Enter a name for the merged source' });
    const merged = await ok('POST', '/api/data_source/merge', payload({ targets: ['all.revenue', 'all.cost', 'no.such_target'], name: 'Revenue and cost' }));
    expect(typeof merged.dataSourceId).toBe('string');
    const rows = await storedRows(merged.dataSourceId);
    expect(rows.map((x) => `${String(x.target)} ${String(x.period)}`)).toEqual(['all.cost 2026-02', 'all.cost 2026-03', 'all.revenue 2026-02', 'all.revenue 2026-03']);
    const cost = await daily('all.cost', '2026-03-01', END);
    expect(Number(rows[1]!.value)).toBeCloseTo(sumOver(cost, '2026-03-01', END), 2);

    await ok('POST', `/api/data_source/sync/${merged.dataSourceId}`);
    let last: { state: string; rows?: number } | undefined;
    for (let i = 0; i < 200 && !['succeeded', 'failed', 'timed_out'].includes(last?.state ?? ''); i++) {
      await new Promise((r) => setTimeout(r, 100));
      last = (await ok('GET', `/api/data_source/sync/${merged.dataSourceId}`)).runs[0];
    }
    expect(last).toMatchObject({ state: 'succeeded', rows: 4 });
  });

  it('generates a relation map from a template dashboard as the importing user: one chart per target on its new source, root the target marked True, values equal the provider sums', async () => {
    // the template: a template-tab dashboard whose chart reads an indicator source with a comparison (value, compare_value)
    const pattern = await ok('POST', '/api/data_source/import_indicators', payload({ compare: 2, name: 'Template revenue' }));
    const patternSource = pattern.targets[0].dataSourceId as string;
    const tplFolder = (await ok('POST', '/api/dashboard/project/template', { name: 'Indicator templates' })).projectId;
    const tplBoard = (await ok('POST', '/api/dashboard/template', { name: 'Indicator tree', projectId: tplFolder })).dashboardId;
    const field = (name: string, dataType: string) => ({ name, title: name, dataType });
    const chartId = await ok('POST', `/api/chart-edit/template/${tplBoard}`, { title: 'Revenue by month', dataSourceId: patternSource, type: 'bar' });
    await ok('PUT', '/api/chart-edit/template', { chartId, title: 'Revenue by month', type: 'bar', dataSourceId: patternSource, points: [field('period', 'string')], values: [{ ...field('value', 'number'), aggregator: 'sum' }, { ...field('compare_value', 'number'), aggregator: 'sum' }] });
    // the folders with dashboards the wizard picks the template from
    const templates = await ok('GET', '/api/dashboard/projects/template');
    expect(templates.find((p: { projectId: string }) => p.projectId === tplFolder).dashboards.map((d: { dashboardId: string }) => d.dashboardId)).toEqual([tplBoard]);

    // no template chosen: refused before anything is imported, in the caller's language
    const before = (await ok('GET', `/api/data_source/projsById/${folder}`)).dataSources.length;
    expect(before).toBeGreaterThan(0);
    const noTemplate = await call('POST', '/api/data_source/import_indicators', payload({ generateRelation: true }), admin, 'zh-CN');
    expect(noTemplate.body).toMatchObject({ status: 'fail', data: '生成关系图请选择文件夹和模板' });
    expect((await ok('GET', `/api/data_source/projsById/${folder}`)).dataSources.length).toBe(before);

    // as the importing user: an analyst who may not see this (unpublished) template is refused before anything is imported
    const analyst = await stack.login('analyst');
    const refused = await call('POST', '/api/data_source/import_indicators', payload({ generateRelation: true, relationTemplateId: tplBoard }), analyst);
    expect([refused.status, refused.body.status]).toEqual([404, 'fail']);
    expect((await ok('GET', `/api/data_source/projsById/${folder}`)).dataSources.length).toBe(before);

    // cost first, revenue (relation True) second: revenue is the root; compare 0, so compare_value is dropped from the copies
    const targets = [
      { id: 'all.cost', text: '集团营业成本', rootText: '星海集团', relation: 'False' },
      { id: 'all.revenue', text: '集团营业收入', rootText: '星海集团', relation: 'True' },
    ];
    const r = await ok('POST', '/api/data_source/import_indicators', payload({ targets, generateRelation: true, relationTemplateId: tplBoard }));
    expect(r).toMatchObject({ importSuccessCount: 2, importFailedCount: 0, relationFailedMessage: null });
    expect(r.relation).toMatchObject({ name: '集团营业收入', relationId: expect.any(String), dashboardId: expect.any(String) });
    const sourceOf = new Map<string, string>(r.targets.map((t: { id: string; dataSourceId: string }) => [t.id, t.dataSourceId]));

    const map = await ok('GET', `/api/relation/treedata/${r.relation.relationId}`);
    expect(map).toMatchObject({ name: '集团营业收入', tabType: 'dashboard', chartType: 1, editAuth: true, projectId: r.relation.relationProjectId });
    expect(map.nodes.map((n: { name: string; parentId: string | null; state: string }) => [n.name, n.parentId === null, n.state])).toEqual([
      ['集团营业收入', true, 'ok'],
      ['集团营业成本', false, 'ok'],
    ]);
    expect(map.nodes.map((n: { relationSourceId: string }) => n.relationSourceId)).toEqual([sourceOf.get('all.revenue'), sourceOf.get('all.cost')]);
    // the relation folder and the dashboard folder are named like the sources' folder
    expect((await ok('GET', '/api/relation/projects/dashboard')).find((p: { projectId: string }) => p.projectId === r.relation.relationProjectId).name).toBe('Indicators');
    const board = await ok('GET', `/api/dashboard/dashboard/${r.relation.dashboardId}`);
    expect(board.charts.map((c: { title: string; type: string; dataSourceId: string }) => [c.title, c.type, c.dataSourceId])).toEqual(
      expect.arrayContaining([
        ['集团营业收入', 'bar', sourceOf.get('all.revenue')],
        ['集团营业成本', 'bar', sourceOf.get('all.cost')],
      ]),
    );
    // the copies keep the fields their new source has: value; compare_value (this import compares nothing) is dropped
    const copied = await ok('POST', `/api/chart-edit/chart/dashboard/${map.nodes[0].chartId}`, {});
    expect(copied.chart.values.map((v: { name: string }) => v.name)).toEqual(['value']);
    // the template chart is untouched
    expect((await ok('GET', `/api/dashboard/template/${tplBoard}`)).charts.map((c: { dataSourceId: string }) => c.dataSourceId)).toEqual([patternSource]);

    // node values: each chart's total, equal to the provider's daily figures summed by hand over February and March
    const option = await ok('POST', `/api/relation/relation-option/dashboard/-`, { relationId: r.relation.relationId });
    const valueOf = new Map<string, number>(option.nodes.map((n: { name: string; value: number }) => [n.name, n.value]));
    const revenue = await daily('all.revenue', '2026-02-01', END);
    const cost = await daily('all.cost', '2026-02-01', END);
    expect(valueOf.get('集团营业收入')).toBeCloseTo(sumOver(revenue, '2026-02-01', END), 2);
    expect(valueOf.get('集团营业成本')).toBeCloseTo(sumOver(cost, '2026-02-01', END), 2);

    // a second import of the same targets gets its own map, named apart
    const again = await ok('POST', '/api/data_source/import_indicators', payload({ targets, generateRelation: true, relationTemplateId: tplBoard }));
    expect(again.relation).toMatchObject({ name: '集团营业收入 2', relationProjectId: r.relation.relationProjectId });
  });

  it('reads the second provider’s tree and imports on the primary ERP account (dataType 5)', async () => {
    const missing = await call('GET', '/api/data_source/yifei_issue_trees');
    expect(missing.body).toMatchObject({ status: 'fail', data: 'Set up a primary ERP account first' });
    await ok('POST', '/api/e10account/edit', account); // the first account: the primary
    const top = await ok('GET', '/api/data_source/yifei_issue_trees');
    expect(top.map((n: { id: string }) => n.id)).toEqual(expect.arrayContaining(['company', 'supply']));
    const children = await ok('GET', '/api/data_source/yifei_issue_trees?parent=supply');
    expect(children).toEqual([expect.objectContaining({ id: 'all.purchase', type: 2 })]);
    const r = await ok('POST', '/api/data_source/yifei_import_indicators', payload({ targets: ['all.purchase'], account: undefined, dataType: 5, name: 'Purchases' }));
    expect(r).toMatchObject({ importSuccessCount: 1, importFailedCount: 0 });
    expect((await ok('GET', `/api/data_source/datasourceById/${r.targets[0].dataSourceId}`)).type).toBe(5);
    const rows = await storedRows(r.targets[0].dataSourceId);
    const purchase = await daily('all.purchase', '2026-02-01', END);
    expect(Number(rows[0]!.value)).toBeCloseTo(sumOver(purchase, '2026-02-01', '2026-02-28'), 2);
  });
});
