import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Resolver } from '@bi/outbound';
import { startTestStack, type TestStack } from './testing.js';

// Issue 26 #6: alert webhooks go through the outbound targets policy (@bi/outbound). A literal internal
// address in any spelling is refused when the alert is saved (400, in the caller's language); a name is
// resolved at delivery and refused when it resolves to an internal address ("not_allowed", nothing sent);
// a target the administrator allows (BI_OUTBOUND_ALLOW) is delivered, signed. DNS is a stand-in resolver
// handed to the warning service: hooks.example and loopback.example both resolve to the sink on 127.0.0.1,
// only hooks.example is allowed.
const WEBHOOK_SECRET = 'outbound-webhook-secret-0123456789';

describe('outbound targets of alert webhooks (issue 26 #6)', () => {
  let stack: TestStack;
  let admin: string;
  let sink: Server;
  let port: number;
  const posts: { host?: string; signatureOk: boolean; body: any }[] = [];
  let chart: Record<string, any>;
  let sourceId: string;
  const resolved: string[] = [];
  const resolver: Resolver = async (host) => {
    resolved.push(host);
    return host === 'hooks.example' || host === 'loopback.example' ? [{ address: '127.0.0.1', family: 4 }] : [];
  };

  const call = (method: string, path: string, body?: unknown, token = admin, language = 'en') => stack.api(path, { method, body, token, headers: { currentLanguage: language } });
  async function ok(method: string, path: string, body?: unknown) {
    const r = await call(method, path, body);
    if (r.body?.status !== 'success') throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  }
  async function upload(content: string, action: string) {
    const form = new FormData();
    form.append('file', new Blob([content]), `${action}.csv`);
    const res = await fetch(`${stack.url}/api/excel_upload/upload/${action}`, { method: 'POST', body: form, headers: { authorization: admin, currentLanguage: 'en' } });
    const body = await res.json();
    if (body.status !== 'success') throw new Error(JSON.stringify(body));
    return body.data;
  }
  const waitFor = async <T>(check: () => Promise<T> | T, what: string): Promise<T> => {
    for (let i = 0; i < 400; i++) {
      const v = await check();
      if (v) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`gave up waiting for ${what}`);
  };
  const item = (warnName: string, webhookUrl: string) => ({
    warnName,
    isSwitch: true,
    logic: 0,
    warnTime: 0,
    warnConditions: [{ axisField: { axisName: 'amount', axisTitle: 'amount', aggregator: 'sum' }, compare: '>', compareValue: 100 }],
    isSendWechat: true,
    webhookUrl,
  });
  const saveAlerts = (items: unknown[], language = 'en') => call('PUT', '/api/chart-edit/warn/dashboard', { chartId: chart.chartId, warnConfigData: { warnItemsYList: items, warnItemsYOptionalList: [] } }, admin, language);

  beforeAll(async () => {
    sink = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const expected = 'sha256=' + createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex');
        posts.push({ host: req.headers.host, signatureOk: req.headers['x-bi-signature'] === expected, body: JSON.parse(raw) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
    port = (sink.address() as AddressInfo).port;
    stack = await startTestStack(
      { BI_DATA_DIR: mkdtempSync(join(tmpdir(), 'bi-outbound-')), BI_WEBHOOK_SECRET: WEBHOOK_SECRET, BI_OUTBOUND_ALLOW: 'hooks.example' },
      { warning: { resolver } },
    );
    admin = await stack.login('admin');
    const folder = (await ok('POST', '/api/data_source/proj', { name: 'Hook sources' })).projectId;
    const up = await upload('region,amount\nEast,10\nWest,20\n', 'create');
    const columns = [
      { name: 'region', type: 'string' },
      { name: 'amount', type: 'number' },
    ];
    sourceId = (await ok('POST', '/api/excel_upload/import/create', { uploadId: up.uploadId, sheet: up.sheets[0].name, projectId: folder, tableName: 'hook_sales', columns })).dataSource.dataSourceId;
    const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Hooks' })).projectId;
    const dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Hook board', projectId })).dashboardId;
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'Revenue', dataSourceId: sourceId, type: 'bar' });
    const f = (name: string, dataType: string, aggregator?: string) => ({ name, title: name, dataType, ...(aggregator ? { aggregator } : {}) });
    chart = await ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'Revenue', type: 'bar', dataSourceId: sourceId, points: [f('region', 'string')], values: [f('amount', 'number', 'sum')] });
  });
  afterAll(async () => {
    await stack?.stop();
    if (sink) await new Promise((r) => sink.close(() => r(undefined)));
  });

  it.each([
    'http://127.0.0.1:50051/',
    'http://localhost:3000/api/identity/admin/users',
    'http://0.0.0.0/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://10.0.0.1/',
    'http://192.168.0.1/',
  ])('refuses %s when the alert is saved', async (url) => {
    const r = await saveAlerts([item('Peek', url)]);
    expect([r.status, r.body.status]).toEqual([400, 'fail']);
    expect(r.body.data).toMatch(/^Alert "Peek": the webhook address \S+ is an internal address and not allowed \(an administrator can allow it in BI_OUTBOUND_ALLOW\)$/);
  });

  it('names the problem in the caller’s language; a bad port or scheme is no valid URL', async () => {
    expect((await saveAlerts([item('Peek', 'http://127.0.0.1:50051/')], 'zh-CN')).body.data).toBe('预警“Peek”：Webhook 地址 127.0.0.1 是内部地址，不允许发送（管理员可在 BI_OUTBOUND_ALLOW 中放行）');
    expect((await saveAlerts([item('Peek', 'http://[::ffff:127.0.0.1]/')], 'zh-TW')).body.data).toBe('預警「Peek」：Webhook 位址 ::ffff:7f00:1 是內部位址，不允許傳送（管理員可在 BI_OUTBOUND_ALLOW 中放行）');
    const port = await saveAlerts([item('Peek', 'http://hooks.example:99999/')]);
    expect([port.status, port.body.data]).toEqual([400, 'Alert "Peek": the webhook address must be an http or https URL']);
    expect((await call('POST', `/api/chart-edit/chart/dashboard/${chart.chartId}`, {})).body.data.chart.warnConfigData ?? null).toBeNull();
  });

  it('delivers, signed, to an allowed name, and refuses at delivery a name that resolves to an internal address', async () => {
    const saved = await saveAlerts([item('Allowed', `http://hooks.example:${port}/hook`), item('Rebound', `http://loopback.example:${port}/hook`)]);
    expect(saved.body.status).toBe('success');
    await waitFor(async () => (await stack.runtime.db.query('SELECT 1 FROM warning.rules WHERE chart_id = $1', [chart.chartId])).rows.length === 2, 'the rules');
    const up = await upload('region,amount\nEast,200\n', 'append');
    await ok('POST', '/api/excel_upload/import/append', { uploadId: up.uploadId, sheet: up.sheets[0].name, dataSourceId: sourceId, columns: [
      { name: 'region', type: 'string', targetName: 'region' },
      { name: 'amount', type: 'number', targetName: 'amount' },
    ] });
    const list = await waitFor(async () => {
      const l = (await ok('GET', '/api/warnmessage/message/admin?pageSize=50')).list as any[];
      return l.length === 2 && l.every((m) => m.webhookStatus !== 'pending') ? l : undefined;
    }, 'both deliveries');
    const status = Object.fromEntries(list.map((m) => [m.warnName, m.webhookStatus]));
    expect(status).toEqual({ Allowed: 'sent', Rebound: 'not_allowed' });
    // one post only: the allowed one, to the checked address under the URL's own host name, signed
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ host: `hooks.example:${port}`, signatureOk: true, body: { warnName: 'Allowed', chartId: chart.chartId } });
    expect(resolved).toEqual(expect.arrayContaining(['hooks.example', 'loopback.example']));
    // what is kept of the refusal says only that: no address, no port
    const { rows } = await stack.runtime.db.query<{ status: string; last_error: string }>("SELECT status, last_error FROM warning.deliveries WHERE channel = 'webhook' ORDER BY status");
    expect(rows).toEqual([
      { status: 'not_allowed', last_error: 'target not allowed' },
      { status: 'sent', last_error: null },
    ]);
  });
});
