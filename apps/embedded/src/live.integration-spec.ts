import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeWarningMessageCreated } from '@bi/messaging';
import { restCalls, startTestStack, type TestStack } from './testing.js';

// Live dashboards (issue 33, docs/api/live.md) in embedded mode: GET /api/live is the browser's one
// stream; an append through the upload API tells the streams following a dashboard with charts on the
// source which charts to re-run — only to users who may read the source — and the re-run shows the new
// numbers; a layout save tells the followers; warning messages travel on the same stream; streams
// beyond the per-user limit are refused with a message in the caller's language.
type Event = { event: string; data: any };

/** An open stream: its events as they arrive, and a wait for one that matches. */
function openStream(res: Response, abort: AbortController) {
  const events: Event[] = [];
  const waiters: { check: (e: Event[]) => boolean; resolve: () => void }[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event) events.push({ event, data: data ? JSON.parse(data) : undefined });
      }
      for (const w of [...waiters]) if (w.check(events)) w.resolve();
    }
  })();
  return {
    events,
    until: (check: (e: Event[]) => boolean) =>
      check(events) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ check, resolve })),
    close: async () => {
      abort.abort();
      await pump;
    },
  };
}

describe('live dashboards through the BFF (embedded mode)', () => {
  let stack: TestStack;
  let admin: string;
  let viewer: string;
  let analyst: string;
  let adminId: string;
  let sourceId: string;
  let dashboardId: string;
  let otherDashboardId: string;
  let chartId: string;
  const { call, ok } = restCalls(() => stack, () => admin);
  const columns = [
    { name: 'region', type: 'string', targetName: 'region' },
    { name: 'amount', type: 'number', targetName: 'amount' },
  ];
  async function upload(content: string, action: string) {
    const form = new FormData();
    form.append('file', new Blob([content]), `${action}.csv`);
    const res = await fetch(`${stack.url}/api/excel_upload/upload/${action}`, { method: 'POST', body: form, headers: { authorization: admin, currentLanguage: 'en' } });
    const body = await res.json();
    if (body.status !== 'success') throw new Error(JSON.stringify(body));
    return body.data;
  }
  /** every stream opened, closed before the stack stops (a failed test leaves none open for 120 s) */
  const aborts: AbortController[] = [];
  const live = async (token: string, dashboards: string[], language = 'en') => {
    const abort = new AbortController();
    aborts.push(abort);
    const res = await fetch(`${stack.url}/api/live?timeout=120&dashboards=${dashboards.join(',')}`, { headers: { authorization: token, currentLanguage: language }, signal: abort.signal });
    return { res, abort };
  };
  const opened = async (token: string, dashboards: string[]) => {
    const { res, abort } = await live(token, dashboards);
    expect(res.status).toBe(200);
    const s = openStream(res, abort);
    await s.until((e) => e.some((x) => x.event === 'ready'));
    return s;
  };
  beforeAll(async () => {
    process.env.BI_LIVE_STREAMS_PER_USER = '3';
    stack = await startTestStack({ BI_DATA_DIR: mkdtempSync(join(tmpdir(), 'bi-live-data-')) });
    delete process.env.BI_LIVE_STREAMS_PER_USER;
    admin = await stack.login('admin');
    viewer = await stack.login('viewer');
    analyst = await stack.login('analyst');
    adminId = (await stack.runtime.db.query<{ id: string }>("SELECT id FROM identity.users WHERE user_name = 'admin'")).rows[0]!.id;
    const folder = (await ok('POST', '/api/data_source/proj', { name: 'Live sources' })).projectId;
    const up = await upload('region,amount\nEast,10\nWest,20\n', 'create');
    const imported = await ok('POST', '/api/excel_upload/import/create', { uploadId: up.uploadId, sheet: up.sheets[0].name, projectId: folder, tableName: 'live_sales', columns: columns.map(({ name, type }) => ({ name, type })) });
    sourceId = imported.dataSource.dataSourceId;
    const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Live' })).projectId;
    dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Live board', projectId })).dashboardId;
    otherDashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Quiet board', projectId })).dashboardId;
    chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'Revenue', dataSourceId: sourceId, type: 'bar' });
    const f = (name: string, dataType: string, aggregator?: string) => ({ name, title: name, dataType, ...(aggregator ? { aggregator } : {}) });
    await ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'Revenue', type: 'bar', dataSourceId: sourceId, points: [f('region', 'string')], values: [f('amount', 'number', 'sum')] });
  });
  afterAll(async () => {
    aborts.forEach((a) => a.abort());
    await stack?.stop();
  });

  it('tells the followers of a dashboard which charts an append changed, only readers of the source; the re-run shows the new numbers', async () => {
    const before = await ok('POST', `/api/dashboard/chart/dashboard/${chartId}`, {});
    const mine = await opened(admin, [dashboardId]);
    const quiet = await opened(admin, [otherDashboardId]);
    // the viewer may open the dashboard tab but not read the source (not shared)
    const theirs = await opened(viewer, [dashboardId]);
    expect(mine.events[0]).toEqual({ event: 'ready', data: { timeout: 120, dashboards: [dashboardId] } });

    const up = await upload('region,amount\nEast,200\n', 'append');
    await ok('POST', '/api/excel_upload/import/append', { uploadId: up.uploadId, sheet: up.sheets[0].name, dataSourceId: sourceId, columns });
    await mine.until((e) => e.some((x) => x.event === 'charts-changed'));
    const changed = mine.events.filter((x) => x.event === 'charts-changed');
    expect(changed).toEqual([{ event: 'charts-changed', data: { dashboardId, chartIds: [chartId], at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) } }]);
    const after = await ok('POST', `/api/dashboard/chart/dashboard/${chartId}`, {});
    expect(JSON.stringify(after)).not.toEqual(JSON.stringify(before));
    expect(JSON.stringify(after)).toContain('210');

    // a layout save reaches every follower after anything pushed before it: the viewer and the other
    // dashboard's stream were told nothing of the append
    const content = await ok('GET', `/api/dashboard/dashboard/${dashboardId}`);
    await ok('PUT', `/api/dashboard/aspect_changed/dashboard/${dashboardId}`, content.aspects);
    await theirs.until((e) => e.some((x) => x.event === 'dashboard-saved'));
    await mine.until((e) => e.some((x) => x.event === 'dashboard-saved'));
    expect(theirs.events.map((x) => x.event)).toEqual(['ready', 'dashboard-saved']);
    expect(theirs.events[1]!.data).toEqual({ dashboardId, what: 'layout', savedBy: adminId, savedByName: 'admin', at: expect.any(String) });

    // warning messages travel on the same stream
    const m = encodeWarningMessageCreated(adminId, { warnMessageId: 'm-live', userId: adminId, dashboardId, chartId, warnName: 'High', createDate: '2026-11-29 10:00:00' });
    await stack.runtime.bus.publish([{ topic: m.topic, key: m.key, value: m.payload }]);
    await quiet.until((e) => e.some((x) => x.event === 'message'));
    expect(quiet.events.map((x) => x.event)).toEqual(['ready', 'message']);
    await Promise.all([mine.close(), quiet.close(), theirs.close()]);
  });

  it('refuses streams beyond the per-user limit in the caller’s language, and takes one again after a close', async () => {
    const open = [await opened(analyst, []), await opened(analyst, []), await opened(analyst, [dashboardId])];
    const refused = await live(analyst, []);
    expect(refused.res.status).toBe(429);
    expect((await refused.res.json()).data).toBe('You have too many live connections open (at most 3); close other browser windows and try again');
    const zh = await live(analyst, [], 'zh-CN');
    expect((await zh.res.json()).data).toBe('您打开的实时连接过多（最多 3 个），请关闭其他浏览器窗口后重试');
    // another user is not affected
    const other = await opened(viewer, []);
    await open[0]!.close();
    // the closed stream leaves the hub when the BFF sees the connection end
    let again = await live(analyst, []);
    while (again.res.status === 429) again = await live(analyst, []);
    expect(again.res.status).toBe(200);
    again.abort.abort();
    await Promise.all([open[1]!.close(), open[2]!.close(), other.close()]);
  });

  it('refuses a bad dashboards list', async () => {
    expect((await call('GET', '/api/live?timeout=0&dashboards=not-an-id', undefined)).status).toBe(400);
    const many = Array.from({ length: 51 }, () => crypto.randomUUID()).join(',');
    const r = await call('GET', `/api/live?timeout=0&dashboards=${many}`, undefined);
    expect([r.status, r.body.data]).toEqual([400, 'A live connection follows at most 50 dashboards']);
    expect((await fetch(`${stack.url}/api/live?timeout=0`)).status).toBe(401);
  });
});
