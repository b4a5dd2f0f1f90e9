import { createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { freePortBlock } from '@bi/core';
import { TOPICS } from '@bi/messaging';
import { eventsV1, SERVICE_CONTRACTS, type warningV1 } from '@bi/proto';
import { callService, connectService } from '@bi/service-kit';
import { startTestStack, type TestStack } from './testing.js';

// Chart alerts end to end (issue 16 #2–#5, #7): rules saved with the chart reach the warning service by
// dashboard.chart-changed; an upload append (datasource.data-changed) evaluates the immediate rule on the
// chart's own query; it fires once when it becomes true, not on a second append that keeps it true, and
// again after it was false; a timed rule runs in its hour (EvaluateDue with a given instant = a fake
// clock); the bell's REST calls; the mail reaches an SMTP sink and the webhook a receiver that checks the
// signature; AlertTriggered carries the documented payload.
const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';

/** The subject and text of a raw single-part mail (encoded words, base64 or quoted-printable body). */
function readMail(raw: string): { subject: string; text: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))?.slice(name.length + 1).trim() ?? '';
  const words = (v: string) =>
    v.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' ')),
    );
  const qp = (v: string) => Buffer.from(v.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  const body = raw.slice(at + 4).replace(/\r\n\.?\r\n$/, '');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : encoding === 'quoted-printable' ? qp(body) : body;
  return { subject: words(header('Subject')), text: text.trim() };
}

describe('chart alerts: rules by event, firing on data changes and at their hour, messages, mail and webhook', () => {
  let stack: TestStack;
  let admin: string;
  let viewer: string;
  let smtp: SMTPServer;
  let hooks: Server;
  const mails: { to: string[]; data: string }[] = [];
  const posts: { signatureOk: boolean; body: any }[] = [];
  const alerts: eventsV1.AlertTriggered[] = [];
  const created: eventsV1.WarningMessageCreated[] = [];
  let warning: warningV1.WarningServiceClient;
  let hookUrl: string;
  let sourceId: string;
  let chart: Record<string, any>;
  const dir = mkdtempSync(join(tmpdir(), 'bi-alerts-'));

  const call = (method: string, path: string, body?: unknown, token = admin, language = 'en') => stack.api(path, { method, body, token, headers: { currentLanguage: language } });
  async function ok(method: string, path: string, body?: unknown, token = admin, language = 'en') {
    const r = await call(method, path, body, token, language);
    if (r.body?.status !== 'success') throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  }
  async function upload(content: string, action: string, token = admin) {
    const path = join(dir, `${action}-${Date.now()}.csv`);
    writeFileSync(path, content);
    const form = new FormData();
    form.append('file', new Blob([content]), path.split('/').pop()!);
    const res = await fetch(`${stack.url}/api/excel_upload/upload/${action}`, { method: 'POST', body: form, headers: { authorization: token, currentLanguage: 'en' } });
    const body = await res.json();
    if (body.status !== 'success') throw new Error(JSON.stringify(body));
    return body.data;
  }
  const columns = [
    { name: 'region', type: 'string', targetName: 'region' },
    { name: 'amount', type: 'number', targetName: 'amount' },
  ];
  async function change(action: 'append' | 'replace', csv: string) {
    const up = await upload(csv, action);
    const r = await ok('POST', `/api/excel_upload/import/${action}`, { uploadId: up.uploadId, sheet: up.sheets[0].name, dataSourceId: sourceId, columns });
    return r.dataSource.dataVersion as number;
  }
  const waitFor = async <T>(check: () => Promise<T> | T, what: string): Promise<T> => {
    for (let i = 0; i < 400; i++) {
      const v = await check();
      if (v) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`gave up waiting for ${what}`);
  };
  const db = () => stack.runtime.db;
  const ruleState = async (window: string) => (await db().query<{ is_true: boolean }>('SELECT is_true FROM warning.rule_state WHERE last_window = $1', [window])).rows[0];
  const messages = async (token = admin, user = 'admin', language = 'en') => ok('GET', `/api/warnmessage/message/${user}?pageSize=50`, undefined, token, language);
  const item = (parts: Record<string, unknown> = {}) => ({
    warnName: 'Big East',
    isSwitch: true,
    logic: 0,
    warnTime: 0,
    warnConditions: [{ axisField: { axisName: 'amount', axisTitle: 'amount', aggregator: 'sum' }, compare: '>', compareValue: 100 }],
    ...parts,
  });

  beforeAll(async () => {
    const smtpPort = await freePortBlock(2);
    const hookPort = smtpPort + 1;
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          done();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', r));
    hooks = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const expected = 'sha256=' + createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex');
        posts.push({ signatureOk: req.headers['x-bi-signature'] === expected, body: JSON.parse(raw) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => hooks.listen(hookPort, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${hookPort}/hook`;

    stack = await startTestStack({
      BI_DATA_DIR: mkdtempSync(join(tmpdir(), 'bi-alerts-data-')),
      BI_TIME_ZONE: 'Asia/Shanghai',
      BI_SMTP_HOST: '127.0.0.1',
      BI_SMTP_PORT: String(smtpPort),
      BI_SMTP_FROM: 'alerts@bi.test',
      BI_WEBHOOK_SECRET: WEBHOOK_SECRET,
      // the webhook sink listens on loopback: opened by the administrator's allow list (@bi/outbound)
      BI_OUTBOUND_ALLOW: '127.0.0.1/32',
    });
    await stack.runtime.bus.subscribe(TOPICS.alertTriggered, 'alerts-test', async (m) => void alerts.push(eventsV1.AlertTriggered.decode(m.value)));
    await stack.runtime.bus.subscribe(TOPICS.warningMessageCreated, 'alerts-test', async (m) => void created.push(eventsV1.WarningMessageCreated.decode(m.value)));
    admin = await stack.login('admin');
    viewer = await stack.login('viewer');
    // the en user (BI_DEFAULT_LANGUAGE is zh-CN): the web's language switch saves it
    expect(await ok('PUT', '/api/identity/language', { language: 'en' })).toEqual({ language: 'en' });
    warning = connectService('warning', stack.config.services.warning).getService(SERVICE_CONTRACTS.warning.service);

    const folder = (await ok('POST', '/api/data_source/proj', { name: 'Alert sources' })).projectId;
    const up = await upload('region,amount\nEast,10\nWest,20\n', 'create');
    const imported = await ok('POST', '/api/excel_upload/import/create', {
      uploadId: up.uploadId,
      sheet: up.sheets[0].name,
      projectId: folder,
      tableName: 'alert_sales',
      columns: [
        { name: 'region', type: 'string' },
        { name: 'amount', type: 'number' },
      ],
    });
    sourceId = imported.dataSource.dataSourceId;
    const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Alerts' })).projectId;
    const dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Alert board', projectId })).dashboardId;
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'Revenue', dataSourceId: sourceId, type: 'bar' });
    const f = (name: string, dataType: string, aggregator?: string) => ({ name, title: name, dataType, ...(aggregator ? { aggregator } : {}) });
    chart = await ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'Revenue', type: 'bar', dataSourceId: sourceId, points: [f('region', 'string')], values: [f('amount', 'number', 'sum')] });
  });
  afterAll(async () => {
    await stack?.stop();
    if (smtp) await new Promise((r) => smtp.close(() => r(undefined)));
    if (hooks) await new Promise((r) => hooks.close(() => r(undefined)));
  });

  it('keeps the rules of a saved chart from its ChartChanged event', async () => {
    const saved = await ok('PUT', '/api/chart-edit/warn/dashboard', {
      chartId: chart.chartId,
      warnConfigData: { warnItemsYList: [item({ isSendMail: true, mailTo: ['ops@bi.test'], isSendWechat: true, webhookUrl: hookUrl })], warnItemsYOptionalList: [] },
    });
    chart = saved;
    const rule = await waitFor(async () => (await db().query<{ rule_id: string; enabled: boolean }>('SELECT rule_id, enabled FROM warning.rules WHERE chart_id = $1', [chart.chartId])).rows[0], 'the rule');
    expect(rule).toEqual({ rule_id: saved.warnConfigData.warnItemsYList[0].warnId, enabled: true });
  });

  it('fires once when an append makes it true, not again on an append that keeps it true', async () => {
    const v1 = await change('append', 'region,amount\nEast,200\n');
    expect(await waitFor(() => ruleState(`data-${v1}`), 'the evaluation')).toEqual({ is_true: true });
    const list = await waitFor(async () => ((await messages()).list.length ? messages() : undefined), 'the message');
    expect(list).toMatchObject({ total: 1, unread: 1, enterpriseType: 3 });
    expect(list.list[0]).toMatchObject({ warnName: 'Big East', type: 'dashboard', dashboardId: chart.dashboardId ?? expect.any(String), isRead: false, isSendMail: true, isSendWechat: true });
    expect(list.list[0].message).toBe('Alert "Big East" of chart "Revenue" fired: amount > 100 (value found: East: amount = 210)');
    expect(list.list[0].createDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // in the caller's language
    expect((await messages(admin, 'admin', 'zh-CN')).list[0].message).toBe('图表“Revenue”的预警“Big East”已触发：amount > 100（当前值 East: amount = 210）');

    const v2 = await change('append', 'region,amount\nWest,5\n');
    expect(await waitFor(() => ruleState(`data-${v2}`), 'the second evaluation')).toEqual({ is_true: true });
    expect((await messages()).total).toBe(1);

    // the documented AlertTriggered payload, once per firing
    const alert = await waitFor(() => alerts[0], 'AlertTriggered');
    expect(alerts).toHaveLength(1);
    expect(alert.aggregateId).toBe(chart.chartId);
    expect(alert.payload).toMatchObject({ warnName: 'Big East', chartTitle: 'Revenue', tab: 'dashboard', window: `data-${v1}`, userNames: ['admin'], logic: 0 });
    expect(alert.payload!.idempotencyKey).toBe(`${alert.payload!.warnId}:data-${v1}`);
    expect(JSON.parse(alert.payload!.valuesJson)).toEqual({ category: 'East', values: { amount: 210 } });
    expect(JSON.parse(alert.payload!.conditionsJson)).toEqual([{ field: 'amount', title: 'amount', aggregator: 'sum', compare: '>', compareValue: 100, compareValueLeft: null, compareValueRight: null }]);
    await waitFor(() => created.length > 0, 'WarningMessageCreated');
    expect(created.map((c) => c.payload?.warnMessageId)).toEqual([list.list[0].warnMessageId]);
  });

  it('fires again after it was false', async () => {
    const v3 = await change('replace', 'region,amount\nEast,1\n');
    expect(await waitFor(() => ruleState(`data-${v3}`), 'the false evaluation')).toEqual({ is_true: false });
    expect((await messages()).total).toBe(1);
    const v4 = await change('append', 'region,amount\nEast,500\n');
    expect(await waitFor(() => ruleState(`data-${v4}`), 'the true evaluation')).toEqual({ is_true: true });
    const list = await waitFor(async () => ((await messages()).total === 2 ? messages() : undefined), 'the second message');
    expect(list.list[0].message).toContain('East: amount = 501');
    expect(await waitFor(() => alerts.length === 2, 'the second AlertTriggered')).toBe(true);
  });

  it('sends the mail to the SMTP server and the signed webhook; statuses are stored per message', async () => {
    await waitFor(() => mails.length >= 2 && posts.length >= 2, 'two mails and two posts');
    expect(mails[0]!.to).toEqual(['ops@bi.test']);
    expect(mails[0]!.data).toContain('Subject: [Alert] Big East (Revenue)');
    // in the rule owner's language only (admin chose en)
    const body = readMail(mails[0]!.data).text;
    expect(body).toContain('Alert "Big East" of chart "Revenue" fired: amount > 100');
    expect(body).not.toMatch(/[\u4e00-\u9fff]/);
    expect(posts.every((p) => p.signatureOk)).toBe(true);
    expect(posts[0]!.body).toMatchObject({ chartId: chart.chartId, warnName: 'Big East', idempotencyKey: expect.stringContaining(':data-') });
    const list = await waitFor(async () => {
      const l = await messages();
      return l.list.every((m: any) => m.mailStatus === 'sent' && m.webhookStatus === 'sent') ? l : undefined;
    }, 'the delivery statuses');
    expect(list.list).toHaveLength(2);
  });

  it("writes the mail and AlertTriggered's message in the rule owner's language (a zh-TW user's rule)", async () => {
    const analyst = await stack.login('analyst');
    // a language outside zh-CN, zh-TW and en is refused in the caller's language
    const bad = await call('PUT', '/api/identity/language', { language: 'fr' }, analyst);
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe('fail');
    expect(await ok('PUT', '/api/identity/language', { language: 'zh-TW' }, analyst)).toEqual({ language: 'zh-TW' });
    // the analyst's own source, dashboard and chart with a mail rule
    const cols = [
      { name: 'region', type: 'string' },
      { name: 'amount', type: 'number' },
    ];
    const up = await upload('region,amount\nEast,1\n', 'create', analyst);
    const folder = (await ok('POST', '/api/data_source/proj', { name: 'TW sources' }, analyst)).projectId;
    const source = (await ok('POST', '/api/excel_upload/import/create', { uploadId: up.uploadId, sheet: up.sheets[0].name, projectId: folder, tableName: 'tw_sales', columns: cols }, analyst)).dataSource.dataSourceId;
    const project = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'TW boards' }, analyst)).projectId;
    const dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'TW board', projectId: project }, analyst)).dashboardId;
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'Umsatz', dataSourceId: source, type: 'bar' }, analyst);
    const f = (name: string, dataType: string, aggregator?: string) => ({ name, title: name, dataType, ...(aggregator ? { aggregator } : {}) });
    await ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'Umsatz', type: 'bar', dataSourceId: source, points: [f('region', 'string')], values: [f('amount', 'number', 'sum')] }, analyst);
    await ok('PUT', '/api/chart-edit/warn/dashboard', { chartId, warnConfigData: { warnItemsYList: [item({ warnName: 'Big TW', isSendMail: true, mailTo: ['tw@bi.test'] })], warnItemsYOptionalList: [] } }, analyst);
    await waitFor(async () => (await db().query('SELECT 1 FROM warning.rules WHERE chart_id = $1', [chartId])).rows.length === 1, 'the rule');
    const u = await upload('region,amount\nEast,300\n', 'append', analyst);
    await ok('POST', '/api/excel_upload/import/append', { uploadId: u.uploadId, sheet: u.sheets[0].name, dataSourceId: source, columns: cols.map((c) => ({ ...c, targetName: c.name })) }, analyst);

    const mail = readMail((await waitFor(() => mails.find((m) => m.to.includes('tw@bi.test')), 'the zh-TW mail')).data);
    expect(mail.subject).toBe('【預警】Big TW（Umsatz）');
    expect(mail.text).toBe('圖表「Umsatz」的預警「Big TW」已觸發：amount > 100（目前值 East: amount = 301）');
    const alert = await waitFor(() => alerts.find((a) => a.aggregateId === chartId), 'its AlertTriggered');
    expect(alert.payload).toMatchObject({ language: 'zh-TW', message: '圖表「Umsatz」的預警「Big TW」已觸發：amount > 100（目前值 East: amount = 301）' });
    // the en user's firings carried English
    expect(alerts.filter((a) => a.aggregateId === chart.chartId).map((a) => a.payload!.language)).toEqual(['en', 'en']);
    expect(alerts.find((a) => a.aggregateId === chart.chartId)!.payload!.message).toMatch(/^Alert "Big East" of chart "Revenue" fired/);
  });

  it('runs a timed rule in its hour in BI_TIME_ZONE, once per window, and only on a transition', async () => {
    // an hour twelve hours away from the real one, so the service's own 30 s tick never finds it due
    const nowHour = Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
    const target = (nowHour + 12) % 24;
    const warnExactTime = (target + 23) % 24; // 0–23 stand for 1:00–24:00
    // instants on 2026-06-01 in Asia/Shanghai (UTC+8, no DST)
    const at = (day: number, hour: number, minute: number) => new Date(Date.UTC(2026, 5, day, hour - 8, minute)).toISOString();
    const saved = await ok('PUT', '/api/chart-edit/warn/dashboard', {
      chartId: chart.chartId,
      warnConfigData: { warnItemsYList: [item({ warnName: 'Morning', warnTime: 1, warnExactTime })], warnItemsYOptionalList: [] },
    });
    const ruleId = saved.warnConfigData.warnItemsYList[0].warnId;
    await waitFor(async () => (await db().query('SELECT 1 FROM warning.rules WHERE rule_id = $1 AND timed', [ruleId])).rows.length === 1, 'the timed rule');
    const before = (await messages()).total;
    expect(await callService(warning.evaluateDue({ at: at(1, target - 1, 30) }))).toEqual({ evaluated: 0, fired: 0, queries: 0 });
    expect(await callService(warning.evaluateDue({ at: at(1, target, 5) }))).toEqual({ evaluated: 1, fired: 1, queries: 1 });
    // the same window again (another replica, or the next tick): claimed already
    expect(await callService(warning.evaluateDue({ at: at(1, target, 40) }))).toEqual({ evaluated: 0, fired: 0, queries: 0 });
    // the next day, still true: evaluated, not fired
    expect(await callService(warning.evaluateDue({ at: at(2, target, 5) }))).toEqual({ evaluated: 1, fired: 0, queries: 1 });
    const list = await messages();
    expect(list.total).toBe(before + 1);
    expect(list.list[0].warnName).toBe('Morning');
  });

  it('reads and marks only the caller’s own messages', async () => {
    expect((await call('GET', '/api/warnmessage/message/admin', undefined, viewer)).status).toBe(403);
    expect((await messages(viewer, 'viewer')).total).toBe(0);
    const list = await messages();
    const first = list.list[0];
    expect((await call('PUT', `/api/warnmessage/readmessage/${first.warnMessageId}`, undefined, viewer)).status).toBe(404);
    expect(await ok('PUT', `/api/warnmessage/readmessage/${first.warnMessageId}`)).toEqual({ type: 'dashboard', dashboardId: first.dashboardId });
    expect((await messages()).unread).toBe(list.unread - 1);
    expect(await ok('PUT', '/api/warnmessage/setallread/admin')).toEqual({ updated: list.unread - 1 });
    expect((await messages()).unread).toBe(0);
    expect((await call('PUT', '/api/warnmessage/setallread/admin', undefined, viewer)).status).toBe(403);
  });

  it('drops the rules of a deleted chart', async () => {
    await ok('DELETE', `/api/dashboard/chart/dashboard/${chart.chartId}`);
    await waitFor(async () => (await db().query('SELECT 1 FROM warning.rules WHERE chart_id = $1', [chart.chartId])).rows.length === 0, 'the rules to go');
  });
});
