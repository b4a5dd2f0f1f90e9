import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { restCalls, startTestStack, type TestStack } from './testing.js';

// Issue 29, HTTP API source (docs/api/data-source.md "HTTP API sources"): a local API on 127.0.0.1 pages
// 250 000 rows (no 200-row cap); the source is created through the BFF and a chart over its copy in the
// analytics store gives the API's count and sum. Every page carries the bearer token; the token is in no
// answer and no log line; a private target the administrator did not open is refused, and so is a URL
// holding credentials. 127.0.0.1 is opened with BI_OUTBOUND_ALLOW, as an administrator would.
const TOTAL = 250_000;
const PAGE = 5_000;
const TOKEN = 'tok-9f8e7d6c5b4a-secret';
const REGIONS = ['华东', '华北', '华南'];
const amountOf = (i: number) => (i % 1000) / 4;
const rowOf = (i: number) => ({ id: i, order: { region: REGIONS[i % 3], amount: amountOf(i) }, day: `2026-01-${String((i % 28) + 1).padStart(2, '0')}` });

describe('HTTP API source through the BFF (issue 29)', () => {
  let stack: TestStack;
  let admin: string;
  let server: Server;
  let base = '';
  let folder: string;
  const requests: { url: string; headers: IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push({ url: req.url!, headers: req.headers });
      const url = new URL(req.url!, 'http://x');
      if (req.headers.authorization !== `Bearer ${TOKEN}`) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"no"}');
        return;
      }
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('size') ?? 100);
      const from = (page - 1) * size;
      const items = Array.from({ length: Math.max(0, Math.min(size, TOTAL - from)) }, (_, k) => rowOf(from + k));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 0, data: { items } }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    stack = await startTestStack({ BI_MODULES: 'sql,mysql,oracle,excel,api', BI_OUTBOUND_ALLOW: '127.0.0.1/32' });
    admin = await stack.login('admin');
    folder = (await ok('POST', '/api/data_source/proj', { name: 'API sources' })).projectId;
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
    await new Promise<void>((r) => server?.close(() => r()));
  });

  const { call, ok } = restCalls(() => stack, () => admin);
  const request = (over: Record<string, unknown> = {}) => ({
    url: `${base}/orders`,
    method: 'GET',
    query: [{ name: 'from', value: '${monthStart}' }],
    auth: { kind: 'bearer', secret: TOKEN },
    rowsPath: '$.data.items[*]',
    paging: { mode: 'page', param: 'page', sizeParam: 'size', size: PAGE, start: 1, maxPages: 100 },
    timeoutSec: 30,
    ...over,
  });
  const noToken = (v: unknown) => expect(JSON.stringify(v)).not.toContain(TOKEN);

  let created: { dataSourceId: string; tableName: string };
  let columns: { path: string; name: string; type: string }[];

  it('previews the first 100 rows with the columns they suggest (nested objects flattened)', async () => {
    const before = requests.length;
    const r = await call('POST', '/api/data_source/api/preview', { settings: request() });
    expect(r.status).toBe(200);
    noToken(r.body);
    const p = r.body.data;
    expect(p.rowCount).toBe(100);
    expect(p.columns).toEqual([
      { path: 'id', name: 'id', type: 'whole' },
      { path: 'order.region', name: 'order_region', type: 'text' },
      { path: 'order.amount', name: 'order_amount', type: 'decimal' },
      { path: 'day', name: 'day', type: 'date' },
    ]);
    expect(p.rows[1]).toEqual([1, '华北', 0.25, '2026-01-02']);
    // one page was enough for 100 rows; the token and the date variable went with it
    expect(requests.length - before).toBe(1);
    const sent = requests[before]!;
    expect(sent.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(new URL(sent.url, 'http://x').searchParams.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    columns = p.columns;
  });

  it('creates the source from all 250 000 rows; a chart over its copy gives the API’s count and sum', async () => {
    const before = requests.length;
    const r = await ok('POST', `/api/data_source/api/${folder}`, { name: '接口订单', settings: { ...request(), columns: columns.map((c) => (c.name === 'order_amount' ? { ...c, name: '金额' } : c)) } });
    noToken(r);
    expect(r.rowCount).toBe(TOTAL);
    expect(r.dataSource).toMatchObject({ name: '接口订单', type: 8, reference: 'api' });
    expect(r.settings.auth).toEqual({ kind: 'bearer', user: '', secret: '', secretSet: true });
    created = r.dataSource;
    // 50 full pages and the empty one after them, each with the token
    const pages = requests.slice(before);
    expect(pages).toHaveLength(TOTAL / PAGE + 1);
    expect(pages.every((q) => q.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);

    const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'API charts' })).projectId;
    const dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'API board', projectId })).dashboardId;
    const card = async (values: unknown[]) => {
      const chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'c', dataSourceId: created.dataSourceId, type: 'card' });
      await ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'c', dataSourceId: created.dataSourceId, type: 'card', points: [], values });
      return (await ok('POST', `/api/dashboard/chart/dashboard/${chartId}`, {})).option.card.value as number;
    };
    let sum = 0;
    for (let i = 0; i < TOTAL; i++) sum += amountOf(i);
    expect(await card([{ name: '金额', title: '金额', dataType: 'number', aggregator: 'sum' }])).toBeCloseTo(sum, 2);
    expect(await card([{ name: 'id', title: 'id', dataType: 'number', aggregator: 'count' }])).toBe(TOTAL);
    expect((await ok('GET', `/api/data_source/data_history/${created.dataSourceId}`))[0].updateLog).toBe(`Loaded ${TOTAL} rows from the API at ${new URL(base).host}`);
  }, 300_000);

  it('answers the settings without the token; a blank secret keeps it for the same origin only', async () => {
    const got = await ok('GET', `/api/data_source/api/${created.dataSourceId}`);
    noToken(got);
    expect(got.settings).toMatchObject({ url: `${base}/orders`, auth: { kind: 'bearer', secret: '', secretSet: true }, columns: expect.any(Array) });
    // an edit without typing the token again: the stored one is used (preview of the edit, then the save)
    const settings = { ...got.settings, auth: { kind: 'bearer', user: '', secret: '' }, timeoutSec: 20 };
    const preview = await ok('POST', '/api/data_source/api/preview', { settings, dataSourceId: created.dataSourceId });
    expect(preview.rowCount).toBe(100);
    const saved = await ok('PUT', `/api/data_source/api/${created.dataSourceId}`, { settings });
    noToken(saved);
    expect(saved.settings).toMatchObject({ timeoutSec: 20, auth: { secretSet: true } });
    // another origin: the stored token is not sent there
    const moved = await call('PUT', `/api/data_source/api/${created.dataSourceId}`, { settings: { ...settings, url: 'https://api.example.com/orders' } });
    expect(moved.body).toEqual({ status: 'fail', data: 'The address changed: enter the authentication secret again' });
    expect(stack.logLines.some((l) => l.includes(TOKEN))).toBe(false);
  });

  it('"refresh now" reads every page again through the stored request (its token used, never shown)', async () => {
    const started = await ok('POST', `/api/data_source/sync/${created.dataSourceId}`);
    expect(['queued', 'running', 'succeeded']).toContain(started.state);
    let last: { state: string; rows: number | null; mode: string } | undefined;
    for (let i = 0; i < 600 && !['succeeded', 'failed', 'timed_out'].includes(last?.state ?? ''); i++) {
      await new Promise((r) => setTimeout(r, 100));
      last = (await ok('GET', `/api/data_source/sync/${created.dataSourceId}`)).runs[0];
    }
    expect(last).toMatchObject({ state: 'succeeded', rows: TOTAL, mode: 'replace' });
    expect(stack.logLines.some((l) => l.includes(TOKEN))).toBe(false);
  });

  it('refuses a private target not opened by the administrator, and credentials in the URL', async () => {
    const before = requests.length;
    const port = new URL(base).port;
    for (const url of [`http://127.0.0.2:${port}/orders`, `http://10.0.0.1:${port}/orders`, `http://localhost:${port}/orders`]) {
      const r = await call('POST', '/api/data_source/api/preview', { settings: request({ url }) });
      expect(r.body).toEqual({ status: 'fail', data: 'This address may not be reached (an administrator must allow internal addresses)' });
    }
    const zh = await call('POST', '/api/data_source/api/preview', { settings: request({ url: `http://u:p@127.0.0.1:${port}/orders` }) }, admin, 'zh-CN');
    expect(zh.body).toEqual({ status: 'fail', data: '接口地址中不能包含用户名或密码，请使用认证设置' });
    expect(requests.length).toBe(before);
  });

  it('validates the body at the edge: unknown method, a path outside the subset, too many headers', async () => {
    for (const settings of [request({ method: 'DELETE' }), request({ rowsPath: '$..items' }), request({ headers: Array.from({ length: 31 }, (_, i) => ({ name: `h${i}`, value: 'v' })) })]) {
      const r = await call('POST', '/api/data_source/api/preview', { settings });
      expect(r.status).toBe(400);
    }
  });

  it('is for datasource:edit only', async () => {
    const viewer = await stack.login('viewer');
    expect((await call('POST', '/api/data_source/api/preview', { settings: request() }, viewer)).status).toBe(403);
    expect((await call('GET', `/api/data_source/api/${created.dataSourceId}`, undefined, viewer)).status).toBe(403);
  });
});
