import { createHash } from 'node:crypto';
import { decode } from 'fast-png';
import { SMTPServer } from 'smtp-server';
import { robotSink } from '@bi/delivery';
import { freePortBlock } from '@bi/core';
import { Jobs } from '@bi/jobs';
import { TOPICS } from '@bi/messaging';
import { eventsV1 } from '@bi/proto';
import { SubscriptionsService, SUBSCRIPTION_LOG_PRUNE_JOB, SUBSCRIPTIONS_JOB } from '@bi/warning';
import { analyticsDataDir, REGION_SALES_TABLE, startTestStack, TEST_PASSWORD, type TestStack } from './testing.js';

// Report subscriptions end to end (issue 30): a daily subscription at a fake clock's 09:00 (Asia/Shanghai)
// sends one mail per recipient; each product user's numbers are under their own row rules (two users with
// different rules) and an outside address gets the owner's view, all checked against hand-written SQL on
// the same analytics store; the subscription's filter is honoured; a recipient who cannot get the report
// (a disabled user) and one the mail server refuses do not stop the others and show in the run log; a
// replica that stopped mid-run leaves the run open, and it is retaken once its deadline passed — one mail
// per recipient, not two; ReportDelivered is published once per run. Chat robots get the owner's view:
// one message each through their vendor's driver (signed as the vendor documents) with the picture.

interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  files: { filename: string; contentType: string; content: Buffer }[];
}

/** Decodes a part's body by its Content-Transfer-Encoding. */
function decodeBody(headers: string, body: string): string {
  const enc = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable')
    return Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  return body;
}

/** The subject, plain text and HTML of a raw mail (multipart/alternative or single part). */
function readMail(raw: string, to: string[]): Mail {
  const at = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
  const subjectLine = head.split('\r\n').find((l) => /^subject:/i.test(l))?.slice(8).trim() ?? '';
  const subject = subjectLine.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeBody('content-transfer-encoding: quoted-printable', text.replace(/_/g, ' ')),
  );
  const out: Mail = { to, subject, text: '', html: '', files: [] };
  const walk = (headers: string, body: string) => {
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
    if (/content-type:\s*multipart\//i.test(headers) && boundary) {
      for (const part of body.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const p = part.replace(/^\r\n/, '');
        const i = p.indexOf('\r\n\r\n');
        walk(p.slice(0, i).replace(/\r\n[ \t]+/g, ' '), p.slice(i + 4));
      }
      return;
    }
    const filename = /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1];
    if (filename) {
      out.files.push({ filename, contentType: /content-type:\s*([^;\s]+)/i.exec(headers)?.[1] ?? '', content: Buffer.from(body.replace(/\s+/g, ''), 'base64') });
      return;
    }
    const text = decodeBody(headers, body).trim();
    if (/content-type:\s*text\/html/i.test(headers)) out.html = text;
    else if (/content-type:\s*text\/plain/i.test(headers) || !/content-type:/i.test(headers)) out.text = text;
  };
  walk(head, raw.slice(at + 4).replace(/\r\n\.?\r\n$/, ''));
  return out;
}

/** The region → number lines of a report mail's text (one table: `region<TAB>value`). */
function numbersOf(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^(East|West|North)\t(.+)$/.exec(line.trim());
    if (m) out[m[1]!] = m[2]!;
  }
  return out;
}

describe('report subscriptions: schedule, recipients under their own rights, run log, restart', () => {
  let stack: TestStack;
  let admin: string;
  let smtp: SMTPServer;
  let wecom: Awaited<ReturnType<typeof robotSink>>;
  let dingtalk: Awaited<ReturnType<typeof robotSink>>;
  const DINGTALK_SECRET = 'SECsubscription-5d1e';
  const mails: Mail[] = [];
  const events: eventsV1.ReportDelivered[] = [];
  let now = new Date('2026-03-02T00:58:00Z'); // 08:58 in Asia/Shanghai
  const ids = {} as { east: string; west: string; gone: string; source: string; dashboard: string; chart: string };

  const call = (method: string, path: string, body?: unknown, token = admin) => stack.api(path, { method, body, token, headers: { currentLanguage: 'en' } });
  async function ok(method: string, path: string, body?: unknown, token = admin) {
    const r = await call(method, path, body, token);
    if (r.body?.status !== 'success') throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  }
  const waitFor = async <T>(check: () => Promise<T> | T, what: string): Promise<T> => {
    for (let i = 0; i < 600; i++) {
      const v = await check();
      if (v) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`gave up waiting for ${what}`);
  };
  const subscriptions = () => stack.provider('warning', SubscriptionsService);
  /** The sums by region of hand-written SQL over the same table (the analytics store), as the report writes them. */
  async function sqlSums(where: string): Promise<Record<string, string>> {
    const probe = await ok('POST', '/api/data_source/source/', { type: 8, content: `SELECT region, SUM(qty) AS total FROM main.sales WHERE ${where} GROUP BY region`, count: 100 });
    return Object.fromEntries(probe.rows.map((r: { region: string; total: unknown }) => [r.region, String(Number(r.total))]));
  }
  /** Mails are sent by the delivery worker; moves their retries to now so a refused one uses up its tries without waiting. */
  const hurryRetries = () => stack.runtime.db.query(`UPDATE warning.deliveries SET next_at = now() WHERE status = 'pending' AND lease_token IS NULL`);

  beforeAll(async () => {
    const smtpPort = await freePortBlock(1);
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(address, _session, done) {
        if (address.address === 'bounce@corp.test') return done(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
        done();
      },
      onData(stream, session, done) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          mails.push(readMail(data, session.envelope.rcptTo.map((r) => r.address)));
          done();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', r));
    wecom = await robotSink('wecom', '');
    dingtalk = await robotSink('dingtalk', DINGTALK_SECRET);
    stack = await startTestStack(
      {
        BI_DATA_DIR: await analyticsDataDir('subscriptions', [REGION_SALES_TABLE]),
        BI_TIME_ZONE: 'Asia/Shanghai',
        BI_SMTP_HOST: '127.0.0.1',
        BI_SMTP_PORT: String(smtpPort),
        BI_SMTP_FROM: 'reports@bi.test',
        BI_REPORT_EMAIL_DOMAINS: 'corp.test',
        BI_PUBLIC_URL: 'https://bi.corp.test',
        // the robot sinks' address (the outbound targets policy refuses local addresses otherwise)
        BI_OUTBOUND_ALLOW: [wecom.url, dingtalk.url].map((u) => new URL(u).host).join(' '),
      },
      { warning: { clock: { now: () => now } } },
    );
    await stack.runtime.bus.subscribe(TOPICS.reportDelivered, 'subscriptions-test', async (m) => void events.push(eventsV1.ReportDelivered.decode(m.value)));
    admin = await stack.login('admin');
    // the owner reads English; the two users keep the default language (zh-CN)
    await ok('PUT', '/api/identity/language', { language: 'en' });
    const user = async (userName: string) => (await ok('POST', '/api/identity/admin/users', { userName, password: TEST_PASSWORD, roleIds: ['viewer'] })).id as string;
    ids.east = await user('east@corp.test');
    ids.west = await user('west@corp.test');
    ids.gone = await user('gone@corp.test');
    await ok('PUT', `/api/identity/admin/users/${ids.gone}/disabled`, { disabled: true });

    const folder = (await ok('POST', '/api/data_source/proj', { name: 'Report sources' })).projectId;
    ids.source = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder, name: 'Sales', tableName: 'sales', tableSchema: 'main' })).dataSource.dataSourceId;
    await ok('POST', `/api/data_source/publish/${ids.source}`, { roleIds: [], userIds: [ids.east, ids.west] });
    await ok('PUT', `/api/data_source/row_rules/${ids.source}`, {
      denyByDefault: false,
      rules: [
        { userId: ids.east, field: 'region', compare: '=', compareValue: 'East' },
        { userId: ids.west, field: 'region', compare: '=', compareValue: 'West' },
      ],
    });
    const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Reports' })).projectId;
    ids.dashboard = (await ok('POST', '/api/dashboard/dashboard', { name: 'Sales board', projectId })).dashboardId;
    ids.chart = await ok('POST', `/api/chart-edit/dashboard/${ids.dashboard}`, { title: 'Qty by region', dataSourceId: ids.source, type: 'bar' });
    const f = (name: string, dataType: string) => ({ name, title: name, dataType });
    await ok('PUT', '/api/chart-edit/dashboard', { chartId: ids.chart, title: 'Qty by region', type: 'bar', dataSourceId: ids.source, points: [f('region', 'string')], values: [{ ...f('qty', 'number'), aggregator: 'sum' }] });
  });
  afterAll(async () => {
    await stack?.stop();
    await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
    await wecom?.close();
    await dingtalk?.close();
  });

  const body = (parts: Record<string, unknown> = {}) => ({
    name: 'Daily sales',
    dashboardId: ids.dashboard,
    schedule: { frequency: 'daily', hour: 9, minute: 0 },
    recipients: [
      { kind: 'user', userId: ids.east },
      { kind: 'user', userId: ids.west },
      { kind: 'user', userId: ids.gone },
      { kind: 'email', address: 'boss@corp.test' },
      { kind: 'email', address: 'bounce@corp.test' },
    ],
    // West and North only: the filter is honoured for everyone (the owner's view has no East)
    filters: [{ name: 'region', dataType: 'string', range: ['West', 'North'] }],
    formats: ['image', 'pdf', 'xlsx', 'csv'],
    subject: '{{dashboard}} {{date}}',
    body: 'Filters: {{filters}}. Link: {{link}}',
    ...parts,
  });

  it('refuses outside addresses of domains the administrator did not list, and robots until they exist', async () => {
    const outside = await call('POST', '/api/subscription', body({ recipients: [{ kind: 'email', address: 'someone@elsewhere.example' }] }));
    expect(outside.status).toBe(400);
    expect(JSON.stringify(outside.body)).toContain('elsewhere.example');
    expect((await call('POST', '/api/subscription', body({ recipients: [{ kind: 'robot', robotId: 'r1' }] }))).status).toBe(400);
    expect((await call('POST', '/api/subscription', body({ schedule: { frequency: 'cron', cron: '61 * * * *' } }))).status).toBe(400);
  });

  it('runs at 09:00: one mail per recipient under their own row rules, the filter honoured; failures in the run log', async () => {
    const sub = await ok('POST', '/api/subscription', body());
    expect(sub).toMatchObject({ name: 'Daily sales', timeZone: 'Asia/Shanghai', ownerId: expect.any(String), lastRun: null });
    // 08:58: nothing due
    expect(await subscriptions().runDueNow()).toBe(0);
    now = new Date('2026-03-02T01:00:10Z'); // 09:00:10 local
    await subscriptions().runDueNow();
    await waitFor(() => mails.length >= 3, 'three mails');
    const byTo = Object.fromEntries(mails.map((m) => [m.to[0]!, m]));
    expect(Object.keys(byTo).sort()).toEqual(['boss@corp.test', 'east@corp.test', 'west@corp.test']);
    // each recipient's numbers equal hand-written SQL under their rules and the subscription's filter
    const filter = "region IN ('West', 'North')";
    expect(numbersOf(byTo['east@corp.test']!.text)).toEqual(await sqlSums(`${filter} AND region = 'East'`)); // none: the chart says no data
    expect(numbersOf(byTo['west@corp.test']!.text)).toEqual(await sqlSums(`${filter} AND region = 'West'`));
    expect(Object.keys(numbersOf(byTo['west@corp.test']!.text))).toEqual(['West']);
    expect(numbersOf(byTo['boss@corp.test']!.text)).toEqual(await sqlSums(filter));
    expect(Object.keys(numbersOf(byTo['boss@corp.test']!.text)).sort()).toEqual(['North', 'West']);
    expect(byTo['east@corp.test']!.text).toContain('无数据');
    // subject and body from the templates; the owner's view in the owner's language, a user's in theirs
    expect(byTo['boss@corp.test']!.subject).toBe('Sales board 2026-03-02 09:00');
    expect(byTo['boss@corp.test']!.text).toContain('Filters: region: West – North. Link: https://bi.corp.test/#/dashboard/');
    expect(byTo['west@corp.test']!.html).toContain('<table');
    // the chosen files, drawn for each reader: the PNG (inline) and PDF of the dashboard, the chart's rows as XLSX and CSV
    for (const m of Object.values(byTo)) {
      const files = Object.fromEntries(m.files.map((f) => [f.filename, f]));
      expect(Object.keys(files).sort()).toEqual(['Qty by region.csv', 'Qty by region.xlsx', 'Sales board.pdf', 'Sales board.png']);
      expect(files['Sales board.png']!.content.subarray(1, 4).toString()).toBe('PNG');
      expect(files['Sales board.pdf']!.content.subarray(0, 5).toString()).toBe('%PDF-');
      expect(files['Qty by region.xlsx']!.content.subarray(0, 2).toString()).toBe('PK');
      expect(m.html).toContain('cid:report-image');
    }
    const csvOf = (to: string) => byTo[to]!.files.find((f) => f.filename.endsWith('.csv'))!.content.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csvOf('west@corp.test')).toEqual(['region,qty', 'West,145']);
    expect(csvOf('east@corp.test')).toEqual(['region,qty']);
    expect(csvOf('boss@corp.test').slice(1).sort()).toEqual(['North,155', 'West,145']);

    // the refused address uses up its tries; the run ends partly sent with each recipient's outcome
    await waitFor(async () => {
      await hurryRetries();
      await subscriptions().settleDelivered();
      const [run] = await ok('GET', `/api/subscription/${sub.id}/runs`);
      return run.state === 'partly_sent' ? run : undefined;
    }, 'the run to settle');
    const [run] = await ok('GET', `/api/subscription/${sub.id}/runs`);
    expect(run).toMatchObject({ window: '2026-03-02T09:00', trigger: 'schedule', state: 'partly_sent' });
    const outcome = Object.fromEntries(run.recipients.map((r: { recipient: string; status: string; reason: string }) => [r.recipient, r]));
    expect(outcome[ids.east]).toMatchObject({ status: 'sent' });
    expect(outcome[ids.west]).toMatchObject({ status: 'sent' });
    expect(outcome['boss@corp.test']).toMatchObject({ status: 'sent' });
    expect(outcome[ids.gone]).toMatchObject({ status: 'failed', reason: 'The user does not exist or is disabled' });
    expect(outcome['bounce@corp.test']).toMatchObject({ status: 'failed', reason: expect.stringContaining('mailbox unavailable') });
    expect(mails).toHaveLength(3);
    // the same window again (another round, another replica): nothing more
    await subscriptions().runDueNow();
    expect(mails).toHaveLength(3);
    await waitFor(() => events.some((e) => e.aggregateId === sub.id), 'ReportDelivered');
    expect(events.filter((e) => e.aggregateId === sub.id).map((e) => e.payload)).toMatchObject([{ window: '2026-03-02T09:00', state: 'partly_sent', dashboardId: ids.dashboard, formats: ['image', 'pdf', 'xlsx', 'csv'] }]);
    expect((await ok('GET', '/api/subscription/mine')).find((s: { id: string }) => s.id === sub.id).lastRun).toMatchObject({ state: 'partly_sent' });
    await ok('DELETE', `/api/subscription/${sub.id}`);
  });

  it('a replica that stopped mid-run: the run stays open, is retaken after its deadline, and sends once', async () => {
    mails.length = 0;
    now = new Date('2026-03-03T00:30:00Z'); // 08:30 local
    const sub = await ok('POST', '/api/subscription', body({ recipients: [{ kind: 'user', userId: ids.west }, { kind: 'email', address: 'boss@corp.test' }], filters: [] }));
    now = new Date('2026-03-03T01:00:05Z');
    // another replica claims the 09:00 window and dies while running it
    const dead = new Jobs({ db: stack.runtime.db, schema: 'warning', timeZone: 'Asia/Shanghai', clock: { now: () => now }, replica: 'dead-replica' });
    const claim = await dead.claim(SUBSCRIPTIONS_JOB, [{ item: sub.id, window: '2026-03-03T09:00' }], { timeoutMs: 600_000 });
    expect(claim.keys).toHaveLength(1);
    await stack.runtime.db.query(
      `INSERT INTO warning.subscription_runs (id, subscription_id, run_window, trigger, state, attempts, created_at, started_at) VALUES (gen_random_uuid(), $1, '2026-03-03T09:00', 'schedule', 'running', 1, $2, $2)`,
      [sub.id, now],
    );
    // this replica's round: the window is someone else's run, not lost and not run twice
    await subscriptions().runDueNow();
    now = new Date('2026-03-03T01:02:00Z');
    await subscriptions().runDueNow();
    expect(mails).toHaveLength(0);
    expect((await ok('GET', `/api/subscription/${sub.id}/runs`))[0]).toMatchObject({ window: '2026-03-03T09:00', state: 'running' });
    // past the dead run's deadline: retaken by a round, once
    now = new Date('2026-03-03T01:20:00Z');
    await subscriptions().runDueNow();
    await waitFor(() => mails.length >= 2, 'the retaken run');
    await subscriptions().runDueNow();
    await waitFor(async () => ((await ok('GET', `/api/subscription/${sub.id}/runs`))[0].state === 'sent' ? true : (await subscriptions().settleDelivered(), false)), 'sent');
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['boss@corp.test', 'west@corp.test']);
    const runs = await ok('GET', `/api/subscription/${sub.id}/runs`);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ state: 'sent', attempts: 2 });
    expect(await dead.runs({ job: SUBSCRIPTIONS_JOB, item: sub.id })).toMatchObject([{ state: 'succeeded', attempts: 2 }]);
  });

  it('send now runs at once with the chosen filter; the preview shows the caller what they would get', async () => {
    mails.length = 0;
    const sub = await ok('POST', '/api/subscription', body({ recipients: [{ kind: 'user', userId: ids.west }], filters: [{ name: 'region', dataType: 'string', range: ['North'] }] }));
    const boss = await ok('POST', '/api/subscription', body({ recipients: [{ kind: 'email', address: 'boss@corp.test' }], filters: [{ name: 'region', dataType: 'string', range: ['North'] }] }));
    const run = await ok('POST', `/api/subscription/${sub.id}/send`);
    expect(run).toMatchObject({ trigger: 'manual', window: expect.stringMatching(/^now-/) });
    await waitFor(() => mails.length >= 1, 'the mail sent now');
    await ok('POST', `/api/subscription/${boss.id}/send`);
    await waitFor(() => mails.length >= 2, 'the second mail sent now');
    expect(numbersOf(mails[1]!.text)).toEqual(await sqlSums("region = 'North'"));
    expect(Object.keys(numbersOf(mails[1]!.text))).toEqual(['North']);
    // West's rule and the subscription's filter (North) leave no row: "no data"
    expect(numbersOf(mails[0]!.text)).toEqual(await sqlSums("region = 'North' AND region = 'West'"));
    expect(mails[0]!.text).toContain('无数据');
    const preview = await ok('POST', '/api/subscription/preview', body({ filters: [] }));
    expect(numbersOf(preview.text)).toEqual(await sqlSums('true'));
    // another user neither sees nor sends someone else's subscription
    const viewer = await stack.login('viewer');
    expect((await call('POST', `/api/subscription/${sub.id}/send`, undefined, viewer)).status).toBe(404);
    expect((await call('GET', `/api/subscription/${sub.id}/runs`, undefined, viewer)).status).toBe(404);
    expect((await call('GET', '/api/subscription/all', undefined, viewer)).status).toBe(403);
    expect((await ok('GET', '/api/subscription/all')).map((s: { id: string }) => s.id)).toContain(sub.id);
  });

  it('sends each chat robot one message with the owner’s view and the picture, signed as its vendor documents; the run log shows it sent, or failed with the reason', async () => {
    const robot = async (name: string, vendor: string, webhookUrl: string, secret = '') => (await ok('POST', '/api/robots', { name, vendor, webhookUrl, secret })).id as string;
    const robots = { wecom: await robot('Sales group', 'wecom', wecom.url), dingtalk: await robot('Managers', 'dingtalk', dingtalk.url, DINGTALK_SECRET) };
    // a robot that does not exist is refused on save
    const unknown = await call('POST', '/api/subscription', body({ recipients: [{ kind: 'robot', robotId: '00000000-0000-4000-8000-000000000000' }] }));
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('robot');
    // CSV only: a robot gets the picture all the same
    const sub = await ok('POST', '/api/subscription', body({ recipients: [{ kind: 'robot', robotId: robots.wecom }, { kind: 'robot', robotId: robots.dingtalk }], formats: ['csv'] }));
    const before = { wecom: wecom.posts.length, dingtalk: dingtalk.posts.length };
    await ok('POST', `/api/subscription/${sub.id}/send`);
    await waitFor(() => wecom.posts.length >= before.wecom + 2 && dingtalk.posts.length >= before.dingtalk + 1, 'the robots’ messages');
    // WeCom: the markdown (subject, summary in the owner's view and language, link), then the PNG (base64 + md5 as WeCom checks them)
    const [markdown, image] = wecom.posts.slice(before.wecom);
    expect(markdown!.body.msgtype).toBe('markdown');
    const content: string = markdown!.body.markdown.content;
    expect(content).toMatch(/^### Sales board 2026-03-03 09:20\n/);
    expect(content).toContain('Filters: region: West – North.');
    // the owner's numbers under the subscription's filter, as hand-written SQL gives them
    const sums = await sqlSums("region IN ('West', 'North')");
    expect(Object.keys(sums).sort()).toEqual(['North', 'West']);
    for (const [region, total] of Object.entries(sums)) expect(content).toContain(`- ${region} · ${total}`);
    expect(content).not.toContain('East');
    expect(content).toContain(`[Open in BI](https://bi.corp.test/#/dashboard/${ids.dashboard})`);
    expect(image).toMatchObject({ imageOk: true, body: { msgtype: 'image' } });
    const png = Buffer.from(image!.body.image.base64, 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(image!.body.image.md5).toBe(createHash('md5').update(png).digest('hex'));
    // DingTalk: signed (timestamp + HmacSHA256 as DingTalk documents it), the same summary
    const signed = dingtalk.posts.at(-1)!;
    expect(signed.signatureOk).toBe(true);
    expect(JSON.stringify(signed.body)).toContain('Sales board 2026-03-03 09:20');
    // the run log: each robot by its name, sent; one delivery each, one message each (WeCom's is its markdown and its picture)
    const settled = async (id: string) =>
      waitFor(async () => {
        await subscriptions().settleDelivered();
        const [r] = await ok('GET', `/api/subscription/${id}/runs`);
        return r.state === 'delivering' ? undefined : r;
      }, 'the run to settle');
    const run = await settled(sub.id);
    expect(run).toMatchObject({ trigger: 'manual', state: 'sent' });
    const outcome = Object.fromEntries(run.recipients.map((r: { recipient: string }) => [r.recipient, r]));
    expect(outcome[robots.wecom]).toMatchObject({ kind: 'robot', name: 'Sales group', status: 'sent' });
    expect(outcome[robots.dingtalk]).toMatchObject({ kind: 'robot', name: 'Managers', status: 'sent' });
    const deliveries = await stack.runtime.db.query(`SELECT channel, recipient, status FROM warning.deliveries WHERE origin = 'run' AND origin_key LIKE $1 ORDER BY channel`, [`${sub.id}:%`]);
    expect(deliveries.rows).toEqual([
      { channel: 'dingtalk', recipient: `robot:${robots.dingtalk}`, status: 'sent' },
      { channel: 'wecom', recipient: `robot:${robots.wecom}`, status: 'sent' },
    ]);
    expect(wecom.posts).toHaveLength(before.wecom + 2);
    expect(dingtalk.posts).toHaveLength(before.dingtalk + 1);

    // a robot whose vendor refuses the message (a wrong secret) and one deleted after saving: the run failed, each with its reason
    const wrong = await robot('Wrong secret', 'dingtalk', dingtalk.url, 'SECnot-the-secret');
    const gone = await robot('Old group', 'wecom', wecom.url.replace('k-1', 'k-2'));
    const failing = await ok('POST', '/api/subscription', body({ name: 'Failing robots', recipients: [{ kind: 'robot', robotId: wrong }, { kind: 'robot', robotId: gone }] }));
    await ok('DELETE', `/api/robots/${gone}`);
    await ok('POST', `/api/subscription/${failing.id}/send`);
    const failed = await settled(failing.id);
    expect(failed.state).toBe('failed');
    const reasons = Object.fromEntries(failed.recipients.map((r: { recipient: string }) => [r.recipient, r]));
    expect(dingtalk.posts.at(-1)!.signatureOk).toBe(false);
    expect(reasons[wrong]).toMatchObject({ kind: 'robot', name: 'Wrong secret', status: 'failed', reason: 'dingtalk errcode 310000' });
    expect(reasons[gone]).toMatchObject({ kind: 'robot', status: 'failed', reason: 'The robot does not exist or was deleted' });
  });

  it('draws the pictures in the subscription’s theme: a dark one’s PNG on the dark page, a light one’s (the default) on the light page', async () => {
    mails.length = 0;
    /** the page's colour at the picture's top-left corner (outside every chart box) */
    const corner = (png: Buffer) => {
      const p = decode(png);
      return [p.data[0], p.data[1], p.data[2]].map(Number);
    };
    const dark = await ok('POST', '/api/subscription', body({ name: 'Dark sales', recipients: [{ kind: 'email', address: 'boss@corp.test' }], formats: ['image', 'pdf'], theme: 'dark' }));
    expect(dark.theme).toBe('dark');
    await ok('POST', `/api/subscription/${dark.id}/send`);
    await waitFor(() => mails.length >= 1, 'the dark mail');
    const png = mails[0]!.files.find((f) => f.filename.endsWith('.png'))!.content;
    expect(corner(png)).toEqual([0, 0, 0]);
    expect(mails[0]!.files.map((f) => f.filename).sort()).toEqual(['Sales board.pdf', 'Sales board.png']);
    // no theme given: light (the preview's inline picture is the mail's)
    const light = await ok('POST', '/api/subscription', body({ name: 'Light sales', recipients: [{ kind: 'email', address: 'boss@corp.test' }], formats: ['image'] }));
    expect(light.theme).toBe('light');
    const preview = await ok('POST', '/api/subscription/preview', body({ formats: ['image'] }));
    const inline = /data:image\/png;base64,([A-Za-z0-9+/=]+)/.exec(preview.html)![1]!;
    expect(corner(Buffer.from(inline, 'base64'))).toEqual([0xf5, 0xf5, 0xf5]);
    const darkPreview = await ok('POST', '/api/subscription/preview', body({ formats: ['image'], theme: 'dark' }));
    expect(corner(Buffer.from(/data:image\/png;base64,([A-Za-z0-9+/=]+)/.exec(darkPreview.html)![1]!, 'base64'))).toEqual([0, 0, 0]);
    // the theme is kept and changed like the rest; an unknown one is refused
    expect((await ok('PUT', `/api/subscription/${dark.id}`, body({ name: 'Dark sales', theme: 'light' }))).theme).toBe('light');
    expect((await call('POST', '/api/subscription', body({ theme: 'sepia' }))).status).toBe(400);
  });

  it('prunes the run log once a day: settled runs older than BI_SUBSCRIPTION_LOG_DAYS (90) go with their deliveries, newer and open ones stay', async () => {
    const db = stack.runtime.db;
    const sub = await ok('POST', '/api/subscription', body({ name: 'Pruned', enabled: false }));
    const run = async (window: string, state: string, createdAt: string) => {
      await db.query(`INSERT INTO warning.subscription_runs (id, subscription_id, run_window, trigger, state, created_at) VALUES (gen_random_uuid(), $1, $2, 'schedule', $3, $4)`, [sub.id, window, state, createdAt]);
      // a delivering run's mail is still pending (its next try far away: the delivery worker leaves it)
      await db.query(`INSERT INTO warning.deliveries (origin, origin_key, channel, recipient, payload, status, next_at) VALUES ('run', $1, 'mail', 'boss@corp.test', '{}', $2, $3)`, [
        `${sub.id}:${window}`,
        state === 'delivering' ? 'pending' : 'sent',
        state === 'delivering' ? '2099-01-01T00:00:00Z' : createdAt,
      ]);
    };
    await run('2026-02-01T09:00', 'sent', '2026-02-01T01:00:00Z'); // 125 days before the pruning: goes
    await run('2026-03-07T09:00', 'failed', '2026-03-07T01:00:00Z'); // 91 days: goes
    await run('2026-03-09T09:00', 'sent', '2026-03-09T01:00:00Z'); // 89 days: stays
    await run('2026-02-02T09:00', 'delivering', '2026-02-02T01:00:00Z'); // old but not settled: stays
    const windows = async () => (await db.query<{ run_window: string }>('SELECT run_window FROM warning.subscription_runs WHERE subscription_id = $1 ORDER BY run_window', [sub.id])).rows.map((r) => r.run_window);
    const deliveries = async () => (await db.query<{ origin_key: string }>(`SELECT origin_key FROM warning.deliveries WHERE origin = 'run' AND origin_key LIKE $1 ORDER BY origin_key`, [`${sub.id}:%`])).rows.map((r) => r.origin_key.slice(sub.id.length + 1));
    // 02:50 local on 2026-06-06: the daily job (03:00 in BI_TIME_ZONE) is not due yet
    now = new Date('2026-06-05T18:50:00Z');
    expect(await subscriptions().pruneLogNow()).toBe(0);
    expect(await windows()).toHaveLength(4);
    // 03:01 local: due — one run of the job for the day, across replicas and rounds
    now = new Date('2026-06-05T19:01:00Z');
    await subscriptions().pruneLogNow();
    const jobs = new Jobs({ db, schema: 'warning', timeZone: 'Asia/Shanghai', clock: { now: () => now }, replica: 'other-replica' });
    await waitFor(async () => (await jobs.runs({ job: SUBSCRIPTION_LOG_PRUNE_JOB, windows: ['2026-06-06T03'] }))[0]?.state === 'succeeded', 'the pruning run');
    expect(await windows()).toEqual(['2026-02-02T09:00', '2026-03-09T09:00']);
    expect(await deliveries()).toEqual(['2026-02-02T09:00', '2026-03-09T09:00']);
    // the run log the API answers no longer has the pruned runs
    expect((await ok('GET', `/api/subscription/${sub.id}/runs`)).map((r: { window: string }) => r.window).sort()).toEqual(['2026-02-02T09:00', '2026-03-09T09:00']);
    // the same day again (another round, another replica): claimed already, nothing runs
    await run('2026-03-07T10:00', 'sent', '2026-03-07T02:00:00Z');
    expect(await subscriptions().pruneLogNow()).toBe(0);
    expect((await jobs.claim(SUBSCRIPTION_LOG_PRUNE_JOB, [{ item: '', window: '2026-06-06T03' }], { timeoutMs: 60_000 })).keys).toEqual([]);
    expect(await windows()).toContain('2026-03-07T10:00');
    expect(await jobs.runs({ job: SUBSCRIPTION_LOG_PRUNE_JOB })).toHaveLength(1);
    // the next day's run prunes it
    now = new Date('2026-06-06T19:02:00Z');
    await subscriptions().pruneLogNow();
    await waitFor(async () => (await jobs.runs({ job: SUBSCRIPTION_LOG_PRUNE_JOB, windows: ['2026-06-07T03'] }))[0]?.state === 'succeeded', 'the next day’s pruning');
    expect(await windows()).toEqual(['2026-02-02T09:00', '2026-03-09T09:00']);
  });
});
