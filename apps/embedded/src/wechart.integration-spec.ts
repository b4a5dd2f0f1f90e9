import { decode } from 'fast-png';
import { robotSink, type SinkVendor } from '@bi/delivery';
import { SERVICE_CONTRACTS, type warningV1 } from '@bi/proto';
import { renderChartPng } from '@bi/render';
import { callService, connectService } from '@bi/service-kit';
import { analyticsDataDir, restCalls, startTestStack, type TestStack } from './testing.js';

// Chat robots and "share a chart to chat" (issue 30) through the BFF: administrators keep robots (the URL
// checked by the outbound policy, URL and secret encrypted and never answered); POST
// /api/dashboard/wechart/{tab}/{chartId} sends the chart with the remark and a link to each vendor's
// sink — which checks the vendor's signature as documented and refuses a wrong one — and answers
// '分享成功！' in the sender's language; it is refused politely when no robot is configured, and to a
// sender who may not read the chart's source.
describe('share a chart to chat through the BFF', () => {
  let stack: TestStack;
  let admin: string;
  let viewer: string;
  let chart: { chartId: string; dashboardId: string };
  let projectId: string;
  let sourceId: string;
  const SECRETS: Record<SinkVendor, string> = { wecom: '', dingtalk: 'SECdingtalk-7f3a', feishu: 'feishu-secret-91b', slack: '' };
  const sinks = {} as Record<SinkVendor, Awaited<ReturnType<typeof robotSink>>>;
  const robots = {} as Record<SinkVendor, string>;
  const { call, ok } = restCalls(() => stack, () => admin);
  const waitFor = async (check: () => Promise<boolean> | boolean, what: string) => {
    for (let i = 0; i < 400; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`gave up waiting for ${what}`);
  };
  const share = (robotId: string, remark: string, token = admin, language = 'zh-CN') => call('POST', `/api/dashboard/wechart/dashboard/${chart.chartId}`, { robotId, remark, innerFilters: [], globalFilters: [] }, token, language);

  beforeAll(async () => {
    for (const v of ['wecom', 'dingtalk', 'feishu', 'slack'] as const) sinks[v] = await robotSink(v, SECRETS[v]);
    const dataDir = await analyticsDataDir('wechart', ['CREATE TABLE sales (region VARCHAR, amount DOUBLE)', "INSERT INTO sales VALUES ('East', 10), ('West', 20)"]);
    stack = await startTestStack({ BI_DATA_DIR: dataDir, BI_TIME_ZONE: 'UTC', BI_OUTBOUND_ALLOW: Object.values(sinks).map((s) => new URL(s.url).host).join(' ') });
    admin = await stack.login('admin');
    viewer = await stack.login('viewer');
    const folder = await ok('POST', '/api/data_source/proj', { name: 'Sources' });
    const source = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Sales', tableName: 'sales', tableSchema: 'main' })).dataSource;
    sourceId = source.dataSourceId;
    projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Chat' })).projectId;
    const dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Chat board', projectId })).dashboardId;
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'Revenue', dataSourceId: source.dataSourceId, type: 'bar' });
    const f = (name: string, dataType: string, aggregator?: string) => ({ name, title: name, dataType, ...(aggregator ? { aggregator } : {}) });
    await ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'Revenue', type: 'bar', dataSourceId: source.dataSourceId, points: [f('region', 'string')], values: [f('amount', 'number', 'sum')] });
    chart = { chartId, dashboardId };
  });
  afterAll(async () => {
    await stack?.stop();
    for (const s of Object.values(sinks)) await s.close();
  });

  it('refuses politely while no robot is configured', async () => {
    const r = await call('POST', `/api/dashboard/wechart/dashboard/${chart.chartId}`, { robotId: '00000000-0000-4000-8000-000000000000', remark: '' }, admin, 'zh-CN');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ status: 'fail', data: '还没有配置聊天机器人，请联系管理员添加' });
  });

  it('keeps robots for administrators: the URL checked on save, URL and secret encrypted and never answered', async () => {
    for (const v of ['wecom', 'dingtalk', 'feishu', 'slack'] as const) {
      robots[v] = (await ok('POST', '/api/robots', { name: `Robot ${v}`, vendor: v, webhookUrl: sinks[v].url, secret: SECRETS[v] })).id;
    }
    const list = await ok('GET', '/api/robots');
    expect(list).toHaveLength(4);
    expect(list.find((r: { vendor: string }) => r.vendor === 'dingtalk')).toMatchObject({ name: 'Robot dingtalk', urlHint: `${new URL(sinks.dingtalk.url).origin}/…`, hasSecret: true });
    const text = JSON.stringify(list);
    for (const v of ['dingtalk', 'feishu'] as const) expect(text).not.toContain(SECRETS[v]);
    expect(text).not.toContain('access_token');
    const stored = JSON.stringify((await stack.runtime.db.query('SELECT * FROM warning.robots')).rows);
    expect(stored).not.toContain(SECRETS.dingtalk);
    expect(stored).not.toContain('access_token=t-1');
    // an internal address is refused on save (the outbound policy)
    const internal = await call('POST', '/api/robots', { name: 'Inside', vendor: 'slack', webhookUrl: 'http://10.1.2.3/hook' });
    expect(internal.status).toBe(400);
    expect(internal.body.data).toContain('10.1.2.3');
    // a name used twice is refused
    expect((await call('POST', '/api/robots', { name: 'robot WECOM', vendor: 'wecom', webhookUrl: sinks.wecom.url })).status).toBe(409);
    // administrators only; the share dialog lists names and vendors to any signed-in user
    expect((await call('GET', '/api/robots', undefined, viewer)).status).toBe(403);
    expect((await call('POST', '/api/robots', { name: 'X', vendor: 'slack', webhookUrl: sinks.slack.url }, viewer)).status).toBe(403);
    const choices = (await call('GET', '/api/robots/choices', undefined, viewer)).body.data;
    expect(choices.map((c: { name: string }) => c.name).sort()).toEqual(['Robot dingtalk', 'Robot feishu', 'Robot slack', 'Robot wecom']);
    expect(Object.keys(choices[0]).sort()).toEqual(['id', 'name', 'vendor']);
  });

  it('shares the chart with the remark and a link to each vendor, signed as the vendor documents, answering 分享成功！', async () => {
    const link = `/dashboard/${projectId}/${chart.dashboardId}`;
    for (const v of ['wecom', 'dingtalk', 'feishu', 'slack'] as const) {
      const r = await share(robots[v], `本月收入 ${v}`);
      expect({ v, status: r.status, body: r.body }).toEqual({ v, status: 200, body: { status: 'success', data: '分享成功！' } });
      // WeCom's text is its markdown message (its picture follows it)
      const post = v === 'wecom' ? sinks[v].posts.at(-2)! : sinks[v].posts.at(-1)!;
      expect({ v, signatureOk: post.signatureOk }).toEqual({ v, signatureOk: true });
      const body = JSON.stringify(post.body);
      expect(body).toContain(`本月收入 ${v}`);
      expect(body).toContain('Revenue');
      expect(body).toContain(link);
      expect(body).toContain('admin');
    }
    // WeCom: the markdown, then the chart's picture drawn on the server (PNG, twice 800 × 480, base64 + md5 as WeCom checks them)
    const [markdown, image] = sinks.wecom.posts.slice(-2);
    expect(markdown!.body.msgtype).toBe('markdown');
    expect(image).toMatchObject({ imageOk: true, body: { msgtype: 'image' } });
    const png = Buffer.from(image!.body.image.base64, 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1600, 960]);
    expect(sinks.dingtalk.posts.at(-1)!.query.sign).toBeTruthy();
    expect(sinks.feishu.posts.at(-1)!.body).toMatchObject({ msg_type: 'post', sign: expect.any(String) });
    expect(sinks.slack.posts.at(-1)!.body.blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'Revenue' } });
    // the twins of the success message
    expect((await share(robots.feishu, 'tw', admin, 'zh-TW')).body.data).toBe('分享成功！');
    expect((await share(robots.wecom, 'en', admin, 'en')).body.data).toBe('Shared successfully!');
  });

  it('sends an alert that names robots to each of them (its text, through the vendor’s driver, signed)', async () => {
    const warning = connectService('warning', stack.config.services.warning).getService(SERVICE_CONTRACTS.warning.service) as warningV1.WarningServiceClient;
    // an hour twelve hours away from the real one, so the service's own tick never finds it due
    const target = (new Date().getUTCHours() + 12) % 24;
    const at = (hour: number) => new Date(Date.UTC(2026, 5, 1, hour, 5)).toISOString();
    const item = { warnName: 'Robot alert', isSwitch: true, logic: 0, warnTime: 1, warnExactTime: (target + 23) % 24, robotIds: [robots.feishu, robots.slack], warnConditions: [{ axisField: { axisName: 'amount', axisTitle: 'amount', aggregator: 'sum' }, compare: '>', compareValue: 0 }] };
    const saved = await ok('PUT', '/api/chart-edit/warn/dashboard', { chartId: chart.chartId, warnConfigData: { warnItemsYList: [item], warnItemsYOptionalList: [] } });
    expect(saved.warnConfigData.warnItemsYList[0].robotIds).toEqual([robots.feishu, robots.slack]);
    const ruleId = saved.warnConfigData.warnItemsYList[0].warnId;
    await waitFor(async () => (await stack.runtime.db.query('SELECT 1 FROM warning.rules WHERE rule_id = $1 AND timed', [ruleId])).rows.length === 1, 'the timed rule');
    const feishu = sinks.feishu.posts.length;
    const slack = sinks.slack.posts.length;
    expect(await callService(warning.evaluateDue({ at: at(target) }))).toMatchObject({ fired: 1 });
    await waitFor(async () => sinks.feishu.posts.length > feishu && sinks.slack.posts.length > slack, 'the robots’ posts');
    expect(sinks.feishu.posts.at(-1)).toMatchObject({ signatureOk: true, body: { msg_type: 'text', content: { text: expect.stringContaining('Robot alert') } } });
    expect(sinks.slack.posts.at(-1)!.body.text).toContain('Robot alert');
    const rows = (await stack.runtime.db.query<{ channel: string; recipient: string; status: string }>("SELECT channel, recipient, status FROM warning.deliveries WHERE origin = 'firing' ORDER BY channel")).rows;
    expect(rows).toEqual([
      { channel: 'feishu', recipient: `robot:${robots.feishu}`, status: 'sent' },
      { channel: 'slack', recipient: `robot:${robots.slack}`, status: 'sent' },
    ]);
  });

  it('refuses a wrong signature secret, a remark over 500 characters, a deleted robot, and a sender who may not read the chart', async () => {
    await ok('PUT', `/api/robots/${robots.dingtalk}`, { name: 'Robot dingtalk', vendor: 'dingtalk', secret: 'not-the-secret' });
    const wrong = await share(robots.dingtalk, 'x', admin, 'en');
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toBe('The robot refused the message; please ask an administrator to check its settings');
    expect(sinks.dingtalk.posts.at(-1)!.signatureOk).toBe(false);
    // the edit kept the URL: the right secret again, and it is sent
    await ok('PUT', `/api/robots/${robots.dingtalk}`, { name: 'Robot dingtalk', vendor: 'dingtalk', secret: SECRETS.dingtalk });
    expect((await share(robots.dingtalk, 'again')).body.data).toBe('分享成功！');
    expect(sinks.dingtalk.posts.at(-1)!.signatureOk).toBe(true);

    const posts = sinks.feishu.posts.length;
    expect((await share(robots.feishu, 'x'.repeat(501))).status).toBe(400);
    expect((await share(robots.feishu, 'x'.repeat(500))).status).toBe(200);
    expect(sinks.feishu.posts.length).toBe(posts + 1);

    // the viewer has no grant on the chart's source
    const denied = await share(robots.slack, 'x', viewer);
    expect(denied.status).toBe(403);

    await ok('DELETE', `/api/robots/${robots.wecom}`);
    expect((await share(robots.wecom, 'x')).status).toBe(404);
  });

  it('draws the picture as the sender sees the chart: a viewer restricted by row rules sends their rows, not the admin’s', async () => {
    // the source shared with the viewer role, whose row rule keeps region East
    await ok('POST', `/api/data_source/publish/${sourceId}`, { roleIds: ['viewer'], userIds: [] });
    await ok('PUT', `/api/data_source/row_rules/${sourceId}`, { denyByDefault: true, rules: [{ roleId: 'viewer', field: 'region', compare: '=', compareValue: 'East' }] });
    const restricted = await stack.login('viewer');
    const robot = (await ok('POST', '/api/robots', { name: 'Pictures', vendor: 'wecom', webhookUrl: sinks.wecom.url })).id;
    const picture = async (token: string) => {
      expect((await share(robot, 'picture', token)).body.data).toBe('分享成功！');
      const image = sinks.wecom.posts.at(-1)!;
      expect(image).toMatchObject({ imageOk: true, body: { msgtype: 'image' } });
      return Buffer.from(image.body.image.base64, 'base64');
    };
    const viewerPicture = await picture(restricted);
    const adminPicture = await picture(admin);
    expect(viewerPicture.equals(adminPicture)).toBe(false);
    // the viewer's picture is their own chart answer (its rows under their rule) drawn by @bi/render
    const run = await call('POST', `/api/dashboard/chart/dashboard/${chart.chartId}`, { innerFilters: [], globalFilters: [] }, restricted, 'zh-CN');
    expect(JSON.stringify(run.body.data.option)).toContain('East');
    expect(JSON.stringify(run.body.data.option)).not.toContain('West');
    const drawn = await renderChartPng({ answer: run.body.data, width: 800, height: 480, pixelRatio: 2, locale: 'zh-CN', theme: 'light' });
    expect(viewerPicture.equals(drawn)).toBe(true);
  });

  it('draws the picture in the sender’s current app theme: dark on a dark app, light by default', async () => {
    const robot = (await ok('GET', '/api/robots')).find((r: { name: string }) => r.name === 'Pictures').id as string;
    const corner = async (theme?: 'dark' | 'light') => {
      const r = await call('POST', `/api/dashboard/wechart/dashboard/${chart.chartId}`, { robotId: robot, remark: 'theme', innerFilters: [], globalFilters: [], ...(theme ? { theme } : {}) }, admin, 'en');
      expect(r.body.data).toBe('Shared successfully!');
      const image = sinks.wecom.posts.at(-1)!;
      expect(image).toMatchObject({ imageOk: true, body: { msgtype: 'image' } });
      const png = decode(Buffer.from(image.body.image.base64, 'base64'));
      // the picture's bottom-left corner: the chart's background
      const i = ((png.height - 2) * png.width + 2) * png.channels;
      return [png.data[i], png.data[i + 1], png.data[i + 2]].map(Number);
    };
    expect(await corner('dark')).toEqual([0x14, 0x14, 0x14]);
    expect(await corner()).toEqual([0xff, 0xff, 0xff]);
    expect((await call('POST', `/api/dashboard/wechart/dashboard/${chart.chartId}`, { robotId: robot, remark: '', theme: 'sepia' }, admin, 'en')).status).toBe(400);
  });
});
