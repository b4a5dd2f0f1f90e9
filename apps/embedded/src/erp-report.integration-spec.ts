import { ProviderClient } from '@bi/provider-protocol';
import { startReferenceProvider, type ReferenceProvider } from '@bi/erp-provider';
import { startTestStack, type TestStack } from './testing.js';

// Issue 29: ERP report sources (type 4) through the BFF against the reference provider started for real:
// the program list, a program's condition projects and date fields, the preview, the save (rows synced
// into the analytics store), the edit screen's settings, and a chart on the saved source whose sums
// equal the provider's rows for the same range summed by hand.
const USER = 'erp-reader';
const PASSWORD = 'erp-secret-0123';
const PROVIDER_PORT = 18851;

describe('ERP report sources through the BFF (issue 29)', () => {
  let stack: TestStack;
  let provider: ReferenceProvider;
  let admin: string;
  let viewer: string;
  let folder: string;
  let boardId: string;
  const account = { name: 'Reference ERP', ip: '127.0.0.1', port: PROVIDER_PORT, userName: USER, identity: PASSWORD };

  const call = (method: string, path: string, body?: unknown, token = admin, language = 'en') => stack.api(path, { method, body, token, headers: { currentLanguage: language } });
  async function ok(method: string, path: string, body?: unknown) {
    const r = await call(method, path, body);
    if (r.body?.status !== 'success') throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  }
  const payload = (extra: Record<string, unknown> = {}) => ({
    name: 'East orders',
    description: 'Orders of the east region, this and last month',
    programId: 'sales.order_lines',
    conditionProjectId: 'east',
    dateConditionField: 'order_date',
    periodNumber: 2,
    periodDimension: 2,
    cacheInterval: 0,
    account,
    projectId: folder,
    status: 'create',
    ...extra,
  });

  beforeAll(async () => {
    provider = await startReferenceProvider({ port: PROVIDER_PORT, user: USER, password: PASSWORD, dataset: { days: 120 } });
    stack = await startTestStack({ BI_MODULES: 'e10report,sql,excel', BI_OUTBOUND_ALLOW: '127.0.0.1/32' });
    admin = await stack.login('admin');
    viewer = await stack.login('viewer');
    folder = (await ok('POST', '/api/data_source/proj', { name: 'ERP sources' })).projectId;
    const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'ERP boards' })).projectId;
    boardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'ERP board', projectId })).dashboardId;
  });
  afterAll(async () => {
    await stack?.stop();
    await provider?.close();
  });

  it('lists the account’s report programs and one program’s condition projects and date fields', async () => {
    const programs = await ok('POST', '/api/data_source/e10_grid_report_list', { account });
    expect(programs).toEqual(expect.arrayContaining([{ typeKey: 'sales.order_lines', displayName: '销售订单明细表' }]));
    const program = await ok('POST', '/api/data_source/k3f9a1/sales.order_lines', { account });
    expect(program).toMatchObject({ id: 'sales.order_lines', displayName: '销售订单明细表' });
    expect(program.dateConditions).toEqual(expect.arrayContaining([{ name: 'order_date', displayName: '订单日期' }]));
    expect(program.conditionProjects).toEqual(expect.arrayContaining([{ id: 'east', displayName: '华东大区订单' }]));
  });

  it('answers a provider failure as a message of the caller’s language, never the provider’s text', async () => {
    const wrong = await call('POST', '/api/data_source/e10_grid_report_list', { account: { ...account, identity: 'wrong-password' } }, admin, 'zh-CN');
    expect(wrong.body.status).toBe('fail');
    expect(JSON.stringify(wrong.body)).toContain('ERP 账号的用户名或密码不正确');
    const unknown = await call('POST', '/api/data_source/k3f9a1/no.such_program', { account });
    expect(unknown.body.status).toBe('fail');
    expect(JSON.stringify(unknown.body)).toContain('The ERP has no such report');
    // only an analyst who creates sources may ask the provider
    expect((await call('POST', '/api/data_source/e10_grid_report_list', { account }, viewer)).status).toBe(403);
  });

  it('previews, saves (rows synced), and a chart on the source sums what the provider’s rows sum by hand', async () => {
    const preview = await ok('POST', '/api/data_source/preview_e10_report_data', payload());
    expect(preview.columns.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['order_no', 'order_date', 'category', 'amount']));
    expect(preview.data.length).toBeGreaterThan(0);
    expect(preview.data.length).toBeLessThanOrEqual(100);
    expect(preview.data.every((r: { region: string }) => r.region === '华东大区')).toBe(true);

    const saved = await ok('POST', '/api/data_source/k3f9a1', payload());
    expect(saved).toMatchObject({ type: 4, name: 'East orders', projectId: folder, connectionString: 'e10report://127.0.0.1:18851/-/sales.order_lines/east/order_date' });
    expect(saved.connectionString.split('/').slice(4, 7)).toEqual(['sales.order_lines', 'east', 'order_date']);
    const settings = await ok('GET', `/api/data_source/e10_projs/${saved.dataSourceId}`);
    expect(settings).toMatchObject({ programId: 'sales.order_lines', conditionProjectId: 'east', dateConditionField: 'order_date', periodNumber: 2, periodDimension: 2 });
    expect(JSON.stringify(settings)).not.toContain(PASSWORD);

    // the provider's rows of the same range, summed by hand
    const client = new ProviderClient({ baseUrl: provider.url, user: USER, password: PASSWORD });
    // periodNumber 2 of dimension 2 (months): from the first day of last month to today, in the product's time zone
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: stack.config.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    const [y, m] = today.split('-').map(Number);
    const from = m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
    const query = { project: 'east', dateField: 'order_date', from, to: today };
    const expected: Record<string, number> = {};
    let rows = 0;
    for await (const page of client.allRows('sales.order_lines', query)) {
      const cat = page.columns.findIndex((c) => c.name === 'category');
      const amount = page.columns.findIndex((c) => c.name === 'amount');
      for (const r of page.rows) {
        expected[r[cat] as string] = (expected[r[cat] as string] ?? 0) + Number(r[amount]);
        rows++;
      }
    }
    expect(rows).toBeGreaterThan(100);

    const chartId = await ok('POST', `/api/chart-edit/dashboard/${boardId}`, { title: 'Amount by category', dataSourceId: saved.dataSourceId, type: 'bar' });
    await ok('PUT', '/api/chart-edit/dashboard', {
      chartId,
      title: 'Amount by category',
      type: 'bar',
      dataSourceId: saved.dataSourceId,
      points: [{ name: 'category', title: '商品类别', dataType: 'string' }],
      values: [{ name: 'amount', title: '金额', dataType: 'number', aggregator: 'sum' }],
    });
    const answer = await ok('POST', `/api/dashboard/chart/dashboard/${chartId}`, {});
    const categories: string[] = answer.option.xAxis?.data ?? answer.option.xAxis?.[0]?.data;
    const data: unknown[] = answer.option.series[0].data;
    const cell = (d: unknown) => Number(d !== null && typeof d === 'object' ? (d as { value?: unknown }).value : d);
    const charted = Object.fromEntries(categories.map((c, i) => [c, cell(data[i])]));
    expect(Object.keys(charted).sort()).toEqual(Object.keys(expected).sort());
    for (const [c, v] of Object.entries(expected)) expect(charted[c]).toBeCloseTo(v, 2);

    // the edit screen's save: another condition project, the rows synced again
    const edited = await ok('POST', '/api/data_source/update_e10_projs', { ...payload({ conditionProjectId: 'south', name: 'South orders', status: 'edit' }), dataSourceId: saved.dataSourceId, updateItems: ['conditionProjectId', 'name'] });
    expect(edited).toMatchObject({ dataSourceId: saved.dataSourceId, name: 'South orders', connectionString: 'e10report://127.0.0.1:18851/-/sales.order_lines/south/order_date' });
    const head = await ok('GET', `/api/data_source/topds/${saved.dataSourceId}/20`);
    expect(JSON.stringify(head)).toContain('华南大区');
    expect(JSON.stringify(head)).not.toContain('华东大区');

    // the generic edit changes its description and cache interval, never its rows' SQL
    expect(await ok('PUT', '/api/data_source/update', { dataSourceId: saved.dataSourceId, description: 'South', cacheInterval: 60 })).toBeTruthy();
    expect(await ok('GET', `/api/data_source/datasourceById/${saved.dataSourceId}`)).toMatchObject({ description: 'South', cacheInterval: 60, type: 4 });
    const sql = await call('PUT', '/api/data_source/update', { dataSourceId: saved.dataSourceId, content: 'SELECT 1 AS x' });
    expect(JSON.stringify(sql.body)).toContain('An ERP report source is changed in its ERP report settings');

    // the copy is the source's own: deleting the source drops its table of the analytics store
    const table = `${saved.tableSchema}.${saved.tableName}`;
    expect((await ok('POST', '/api/data_source/source/', { type: 8, content: `SELECT COUNT(*) AS n FROM ${table}`, count: 1 })).rows[0].n).toBeGreaterThan(0);
    await ok('DELETE', `/api/data_source/${saved.dataSourceId}`);
    const gone = await call('POST', '/api/data_source/source/', { type: 8, content: `SELECT COUNT(*) AS n FROM ${table}`, count: 1 });
    expect(gone.body.status === 'fail' || gone.body.data?.error).toBeTruthy();
  });

  it('refuses a save without a program, a condition project or a valid cache interval, in the caller’s language', async () => {
    const noProgram = await call('POST', '/api/data_source/k3f9a1', payload({ programId: '' }), admin, 'zh-TW');
    expect(noProgram.body).toMatchObject({ status: 'fail', data: '請選擇報表程式' });
    const noProject = await call('POST', '/api/data_source/k3f9a1', payload({ conditionProjectId: '' }));
    expect(noProject.body).toMatchObject({ status: 'fail', data: 'Choose a condition project' });
    expect((await call('POST', '/api/data_source/k3f9a1', payload({ cacheInterval: 7 }))).body.status).toBe('fail');
  });

  it('reads a stored ERP account by its id (its password never sent), and "refresh now" reads the program again as its creator', async () => {
    const accounts = await ok('POST', '/api/e10account/edit', { ...account, name: 'Stored ERP' });
    const stored = accounts.find((a: { name: string }) => a.name === 'Stored ERP');
    expect(stored.identity).toBe('');
    // the wizard's account select sends the account as listed: its id, no password
    const saved = await ok('POST', '/api/data_source/k3f9a1', payload({ name: 'Stored account', account: stored }));
    const before = await ok('GET', `/api/data_source/data_history/${saved.dataSourceId}`);
    const started = await ok('POST', `/api/data_source/sync/${saved.dataSourceId}`);
    expect(['queued', 'running', 'succeeded']).toContain(started.state);
    let last: { state: string; rows?: number } | undefined;
    for (let i = 0; i < 200 && !['succeeded', 'failed', 'timed_out'].includes(last?.state ?? ''); i++) {
      await new Promise((r) => setTimeout(r, 100));
      last = (await ok('GET', `/api/data_source/sync/${saved.dataSourceId}`)).runs[0];
    }
    expect(last).toMatchObject({ state: 'succeeded' });
    expect(last!.rows).toBeGreaterThan(0);
    const after = await ok('GET', `/api/data_source/data_history/${saved.dataSourceId}`);
    expect(JSON.stringify(after).length).toBeGreaterThan(JSON.stringify(before).length);
    // a viewer may not refresh it
    expect((await call('POST', `/api/data_source/sync/${saved.dataSourceId}`, undefined, viewer)).status).toBe(403);
  });
});
