import { ProviderClient } from '@bi/provider-protocol';
import { startReferenceProvider, type ReferenceProvider } from '@bi/erp-provider';
import { startTestStack, type TestStack } from './testing.js';

// Issue 29: the SBEP source (type 6) and the second-generation ERP source (type 10) through the BFF against
// the reference provider started for real (docs/adr/0017-sbep-and-e10-sources.md): both are synced copies of
// a report program over the ERP report's calls and connector, told apart by their type and the scheme of their
// connection string; the SBEP edit screen changes a source by its connection string.
const USER = 'erp-kinds';
const PASSWORD = 'erp-kinds-secret-42';
const PROVIDER_PORT = 18857;

describe('SBEP and second-generation ERP sources through the BFF (issue 29)', () => {
  let stack: TestStack;
  let provider: ReferenceProvider;
  let admin: string;
  let folder: string;
  let accountId: string;

  const call = (method: string, path: string, body?: unknown, token = admin, language = 'en') => stack.api(path, { method, body, token, headers: { currentLanguage: language } });
  async function ok(method: string, path: string, body?: unknown) {
    const r = await call(method, path, body);
    if (r.body?.status !== 'success') throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  }
  const payload = (extra: Record<string, unknown> = {}) => ({
    name: 'Kind orders',
    description: '',
    programId: 'sales.order_lines',
    conditionProjectId: 'east',
    dateConditionField: null,
    cacheInterval: 0,
    account: accountId,
    projectId: folder,
    status: 'create',
    ...extra,
  });
  /** The provider's rows of a condition project (no date filter), amount summed by region by hand. */
  async function byRegion(project: string): Promise<Record<string, number>> {
    const client = new ProviderClient({ baseUrl: provider.url, user: USER, password: PASSWORD });
    const sums: Record<string, number> = {};
    for await (const page of client.allRows('sales.order_lines', { project })) {
      const region = page.columns.findIndex((c) => c.name === 'region');
      const amount = page.columns.findIndex((c) => c.name === 'amount');
      for (const r of page.rows) sums[r[region] as string] = (sums[r[region] as string] ?? 0) + Number(r[amount]);
    }
    return sums;
  }
  let boards = 0;
  /** A source's rows summed by region through a chart of the platform. */
  async function charted(dataSourceId: string): Promise<Record<string, number>> {
    const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: `Kind boards ${++boards}` })).projectId;
    const boardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Kinds board', projectId })).dashboardId;
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${boardId}`, { title: 'By region', dataSourceId, type: 'bar' });
    await ok('PUT', '/api/chart-edit/dashboard', {
      chartId,
      title: 'By region',
      type: 'bar',
      dataSourceId,
      points: [{ name: 'region', title: '销售区域', dataType: 'string' }],
      values: [{ name: 'amount', title: '金额', dataType: 'number', aggregator: 'sum' }],
    });
    const answer = await ok('POST', `/api/dashboard/chart/dashboard/${chartId}`, {});
    const categories: string[] = answer.option.xAxis?.data ?? answer.option.xAxis?.[0]?.data;
    const cell = (d: unknown) => Number(d !== null && typeof d === 'object' ? (d as { value?: unknown }).value : d);
    return Object.fromEntries(categories.map((c, i) => [c, cell(answer.option.series[0].data[i])]));
  }
  const expectSums = (actual: Record<string, number>, expected: Record<string, number>) => {
    expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
    for (const [k, v] of Object.entries(expected)) expect(actual[k]).toBeCloseTo(v, 2);
  };

  beforeAll(async () => {
    provider = await startReferenceProvider({ port: PROVIDER_PORT, user: USER, password: PASSWORD, dataset: { days: 30 } });
    stack = await startTestStack({ BI_MODULES: 'e10report,sql,excel', BI_OUTBOUND_ALLOW: '127.0.0.1/32' });
    admin = await stack.login('admin');
    folder = (await ok('POST', '/api/data_source/proj', { name: 'ERP kinds' })).projectId;
    const accounts = await ok('POST', '/api/e10account/edit', { name: 'Reference ERP', ip: '127.0.0.1', port: PROVIDER_PORT, userName: USER, identity: PASSWORD });
    accountId = accounts[0].id;
  });
  afterAll(async () => {
    await stack?.stop();
    await provider?.close();
  });

  it('creates a second-generation ERP source (type 10, e10://) on a stored account; its chart sums the provider’s rows; its edit keeps the kind', async () => {
    const saved = await ok('POST', '/api/data_source/e10form', payload({ type: 10, name: 'E10 east' }));
    expect(saved).toMatchObject({ type: 10, name: 'E10 east', projectId: folder, connectionString: `e10://127.0.0.1:${PROVIDER_PORT}/${accountId}/sales.order_lines/east/null` });
    expect(await ok('GET', `/api/data_source/e10_projs/${saved.dataSourceId}`)).toMatchObject({ type: 10, programId: 'sales.order_lines', conditionProjectId: 'east', dateConditionField: null });
    expectSums(await charted(saved.dataSourceId), await byRegion('east'));

    const edited = await ok('POST', '/api/data_source/update_e10_projs', { ...payload({ conditionProjectId: 'south', name: 'E10 south', status: 'edit' }), dataSourceId: saved.dataSourceId });
    expect(edited).toMatchObject({ type: 10, name: 'E10 south', connectionString: `e10://127.0.0.1:${PROVIDER_PORT}/${accountId}/sales.order_lines/south/null` });
    expectSums(await charted(saved.dataSourceId), await byRegion('south'));
    expect(await ok('GET', `/api/data_source/datasourceById/${saved.dataSourceId}`)).toMatchObject({ type: 10, name: 'E10 south' });
  });

  it('edits an SBEP source (type 6, sbep://) by its connection string: preview, save (rows synced again), refusals in the caller’s language', async () => {
    const saved = await ok('POST', '/api/data_source/vendor', payload({ type: 6, name: 'SBEP east' }));
    const base = `sbep://127.0.0.1:${PROVIDER_PORT}/${accountId}/sales.order_lines`;
    expect(saved).toMatchObject({ type: 6, connectionString: `${base}/east/null` });
    expectSums(await charted(saved.dataSourceId), await byRegion('east'));
    const edit = (connection: string, extra: Record<string, unknown> = {}) => ({
      dataSourceId: saved.dataSourceId,
      connection,
      name: 'SBEP east',
      description: 'South now',
      periodNumber: 1,
      periodDimension: 1,
      cacheInterval: 60,
      projectId: folder,
      status: 'edit',
      ...extra,
    });

    // the preview reads what the typed string names (program, condition project from segments 4 and 5)
    const preview = await ok('POST', '/api/data_source/preview_e10_report_data', edit(`${base}/south/null`));
    expect(preview.data.length).toBeGreaterThan(0);
    expect(preview.data.every((r: { region: string }) => r.region === '华南大区')).toBe(true);

    const updated = await ok('POST', '/api/data_source/update_e10_projs', edit(`${base}/south/null`));
    expect(updated).toMatchObject({ type: 6, name: 'SBEP east', description: 'South now', cacheInterval: 60, connectionString: `${base}/south/null` });
    expect(await ok('GET', `/api/data_source/e10_projs/${saved.dataSourceId}`)).toMatchObject({ type: 6, conditionProjectId: 'south', connection: `${base}/south/null` });
    expectSums(await charted(saved.dataSourceId), await byRegion('south'));

    // a malformed string, another scheme, or an address that is not the account's: refused, nothing changed
    const malformed = await call('POST', '/api/data_source/update_e10_projs', edit(`${base}/south`));
    expect([malformed.status, malformed.body.data]).toEqual([400, 'The connection string must read sbep://address:port/account/program/condition project/date field or null']);
    const otherScheme = await call('POST', '/api/data_source/update_e10_projs', edit(`e10report://127.0.0.1:${PROVIDER_PORT}/${accountId}/sales.order_lines/east/null`), admin, 'zh-CN');
    expect(otherScheme.body.data).toBe('连接字符串格式不正确，应为 sbep://地址:端口/账号/报表程序/条件方案/日期字段或 null');
    const elsewhere = await call('POST', '/api/data_source/update_e10_projs', edit(`sbep://127.0.0.1:1/${accountId}/sales.order_lines/east/null`));
    expect([elsewhere.status, elsewhere.body.data]).toEqual([400, 'The address in the connection string is not that of the ERP account']);
    expect(await ok('GET', `/api/data_source/e10_projs/${saved.dataSourceId}`)).toMatchObject({ conditionProjectId: 'south' });

    // the generic edit does not change its rows' settings
    const sql = await call('PUT', '/api/data_source/update', { dataSourceId: saved.dataSourceId, content: 'SELECT 1 AS x' });
    expect(sql.body.status).toBe('fail');
  });
});
