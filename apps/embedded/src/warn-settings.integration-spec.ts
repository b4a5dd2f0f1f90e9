import { encodeWarningMessageCreated } from '@bi/messaging';
import { analyticsDataDir, restCalls, startTestStack, type TestStack } from './testing.js';

// Chart alerts through the BFF (issue 16 #1 and the bell's stream, #6): the alarm dialog's own save
// (PUT /api/chart-edit/warn/{tab}) and the editor's (PUT /api/chart-edit/{tab}) keep checked rules and
// refuse bad ones in the caller's language with the stored rules unchanged; GET
// /api/warnmessage/stream pushes a warning message written for the caller, and only to them.
describe('chart alerts and the warning stream through the BFF', () => {
  let stack: TestStack;
  let admin: string;
  let analyst: string;
  let adminId: string;
  let chart: Record<string, any>;

  const field = (name: string, dataType: string, aggregator?: string) => ({ name, title: name, dataType, ...(aggregator ? { aggregator } : {}) });
  const { call, ok } = restCalls(() => stack, () => admin);
  const item = (parts: Record<string, unknown> = {}) => ({
    warnName: 'High East',
    isSwitch: true,
    logic: 0,
    warnTime: 0,
    warnConditions: [{ axisField: { axisName: 'amount', axisTitle: 'amount', aggregator: 'sum' }, compare: '>', compareValue: 100 }],
    ...parts,
  });
  const config = (...items: unknown[]) => ({ warnItemsYList: items, warnItemsYOptionalList: [] });
  const stored = async () => (await ok('GET', `/api/chart-edit/warn/dashboard/${chart.chartId}`, undefined)).warnConfigData;

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('warn-settings', ['CREATE TABLE sales (region VARCHAR, amount DOUBLE)', "INSERT INTO sales VALUES ('East', 10), ('West', 20)"]);
    stack = await startTestStack({ BI_DATA_DIR: dataDir });
    admin = await stack.login('admin');
    analyst = await stack.login('analyst');
    adminId = (await stack.runtime.db.query<{ id: string }>("SELECT id FROM identity.users WHERE user_name = 'admin'")).rows[0]!.id;
    const folder = await ok('POST', '/api/data_source/proj', { name: 'Sources' });
    const source = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Sales', tableName: 'sales', tableSchema: 'main' })).dataSource;
    const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Alerts' })).projectId;
    const dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Alert board', projectId })).dashboardId;
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'Revenue', dataSourceId: source.dataSourceId, type: 'bar' });
    chart = await ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'Revenue', type: 'bar', dataSourceId: source.dataSourceId, points: [field('region', 'string')], values: [field('amount', 'number', 'sum')] });
  });
  afterAll(async () => stack?.stop());

  it('saves the alarm dialog’s rules: ids assigned and kept, the saving user as owner, read back for the dialog', async () => {
    const saved = await ok('PUT', '/api/chart-edit/warn/dashboard', { chartId: chart.chartId, warnConfigData: config(item(), item({ warnName: 'Daily', warnTime: 1, warnExactTime: 23, isSendWechat: true, webhookUrl: 'https://hooks.example/x' })) });
    const [first, second] = saved.warnConfigData.warnItemsYList;
    expect(first).toMatchObject({ warnName: 'High East', warnId: expect.stringMatching(/^[0-9a-f-]{36}$/), warnExactTime: null });
    expect(second).toMatchObject({ warnName: 'Daily', warnTime: 1, warnExactTime: 23, webhookUrl: 'https://hooks.example/x' });
    expect(saved.warnConfigData.userId).toBe(adminId);
    // the rest of the chart is untouched
    expect(saved).toMatchObject({ title: 'Revenue', values: [{ name: 'amount', aggregator: 'sum' }] });
    const dialog = await ok('GET', `/api/chart-edit/warn/dashboard/${chart.chartId}`, undefined);
    expect(dialog).toMatchObject({ chartId: chart.chartId, type: 'bar', values: [{ name: 'amount' }] });
    expect(dialog.warnConfigData.warnItemsYList.map((i: { warnId: string }) => i.warnId)).toEqual([first.warnId, second.warnId]);
    // a second save keeps the ids; the editor's save keeps the rules it sends back
    const again = await ok('PUT', '/api/chart-edit/warn/dashboard', { chartId: chart.chartId, warnConfigData: dialog.warnConfigData });
    expect(again.warnConfigData.warnItemsYList[0].warnId).toBe(first.warnId);
    const edited = await ok('PUT', '/api/chart-edit/dashboard', { ...again, title: 'Revenue 2' });
    expect(edited.warnConfigData.warnItemsYList.map((i: { warnId: string }) => i.warnId)).toEqual([first.warnId, second.warnId]);
  });

  it('refuses bad rules in the caller’s language and keeps the stored ones', async () => {
    const before = await stored();
    const refusals: [unknown, string, string][] = [
      [config(...Array.from({ length: 21 }, (_, i) => item({ warnName: `Rule ${i}` }))), 'A chart can have at most 20 alerts', '每个图表最多设置 20 个预警'],
      [config(item({ warnName: '  ' })), 'Please input the warning name', '请输入预警名称'],
      [config(item({ warnConditions: [{ axisField: { axisName: 'ghost' }, compare: '>', compareValue: 1 }] })), 'Alert "High East": the chart has no value field ghost', '预警“High East”：图表没有数值字段 ghost'],
      [config(item({ warnConditions: [{ axisField: { axisName: 'amount', aggregator: 'sum' }, compare: 'like', compareValue: 1 }] })), 'Alert "High East": the condition like cannot be used on amount', '预警“High East”：条件 like 不能用于字段 amount'],
      [config(item({ warnTime: 1, warnExactTime: 24 })), 'Alert "High East": the time must be a full hour from 1:00 to 24:00', '预警“High East”的定时须为 1:00 到 24:00 之间的整点'],
      [config(item({ isSendWechat: true, webhookUrl: 'ftp://hooks.example/x' })), 'Alert "High East": the webhook address must be an http or https URL', '预警“High East”：Webhook 地址须为 http 或 https 网址'],
    ];
    for (const [warnConfigData, en, zh] of refusals) {
      for (const path of ['/api/chart-edit/warn/dashboard', '/api/chart-edit/dashboard']) {
        const body = path.endsWith('/warn/dashboard') ? { chartId: chart.chartId, warnConfigData } : { ...chart, warnConfigData };
        const r = await call('PUT', path, body);
        expect([r.status, r.body.status]).toEqual([400, 'fail']);
        expect(r.body.data).toBe(en);
        const z = await call('PUT', path, body, admin, 'zh-CN');
        expect(z.body.data).toBe(zh);
      }
    }
    expect(await stored()).toEqual(before);
  });

  it('keeps alerts to editors who may use the chart’s source', async () => {
    const r = await call('GET', `/api/chart-edit/warn/dashboard/${chart.chartId}`, undefined, analyst);
    expect(r.status).toBe(403);
    const w = await call('PUT', '/api/chart-edit/warn/dashboard', { chartId: chart.chartId, warnConfigData: config() }, analyst);
    expect(w.status).toBe(403);
    expect((await stored()).warnItemsYList).toHaveLength(2);
  });

  /** Reads server-sent events of a fetch body until `until` says stop. */
  async function readEvents(res: Response, until: (events: { event: string; data: any }[]) => boolean) {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const events: { event: string; data: any }[] = [];
    let buffer = '';
    while (!until(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event) events.push({ event, data: data ? JSON.parse(data) : undefined });
      }
    }
    await reader.cancel().catch(() => undefined);
    return events;
  }

  it('streams a warning message written for the caller to their open pages, and not to others', async () => {
    expect((await fetch(`${stack.url}/api/warnmessage/stream`)).status).toBe(401);
    const controller = new AbortController();
    const res = await fetch(`${stack.url}/api/warnmessage/stream?timeout=60`, { headers: { authorization: admin }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const payload = (userId: string, warnMessageId: string) => ({ warnMessageId, userId, dashboardId: 'd1', chartId: chart.chartId, warnName: 'High East', createDate: '2026-11-24 13:00:00' });
    const events = readEvents(res, (e) => e.some((x) => x.event === 'message'));
    // the stream listens before its headers are sent: another user's message first, then the admin's
    const bus = stack.runtime.bus;
    const other = encodeWarningMessageCreated('someone-else', payload('someone-else', 'm-other'));
    const own = encodeWarningMessageCreated(adminId, payload(adminId, 'm-own'));
    await bus.publish([{ topic: other.topic, key: other.key, value: other.payload }]);
    await bus.publish([{ topic: own.topic, key: own.key, value: own.payload }]);
    const got = await events;
    controller.abort();
    expect(got[0]).toEqual({ event: 'ready', data: { timeout: 60 } });
    expect(got.filter((e) => e.event === 'message')).toEqual([{ event: 'message', data: { warnMessageId: 'm-own', dashboardId: 'd1', chartId: chart.chartId, warnName: 'High East', createDate: '2026-11-24 13:00:00' } }]);
  });

  it('ends a stream after its timeout (the page opens the next one) and bounds the timeout', async () => {
    const res = await fetch(`${stack.url}/api/warnmessage/stream?timeout=0`, { headers: { authorization: admin } });
    expect(await res.text()).toBe('retry: 5000\n\nevent: ready\ndata: {"timeout":0}\n\n');
    const bad = await call('GET', '/api/warnmessage/stream?timeout=601', undefined);
    expect(bad.status).toBe(400);
  });
});
