import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { restCalls, startTestStack, type TestStack } from './testing.js';

// Alerts run as their owner (issue 26 #1, #5, #8; docs/api/warning.md "Who an alert runs as"): the
// owner is the user who saved the alerts (set by the server), evaluated with their grants and row
// rules at run time; a recipient whose rows differ from the owner's gets the message without values;
// alert ids are the server's (a forged one is replaced, a copy gets new ones and the copier as owner);
// an owner who can no longer read the source pauses the rule (state in the dialog, one bell message)
// until access returns; an immediate alert saved just before an append fires on that append.
describe('alerts run as their owner', () => {
  let stack: TestStack;
  let admin: string;
  let analyst: string;
  let analyst2: string;
  const ids: Record<string, string> = {};
  let sourceId: string;
  const columns = [
    { name: 'region', type: 'string' },
    { name: 'amount', type: 'number' },
  ];
  const { call, ok } = restCalls(() => stack, () => admin);
  const f = (name: string, dataType: string, aggregator?: string) => ({ name, title: name, dataType, ...(aggregator ? { aggregator } : {}) });
  const item = (parts: Record<string, unknown> = {}) => ({
    warnName: 'Big',
    isSwitch: true,
    logic: 0,
    warnTime: 0,
    warnConditions: [{ axisField: { axisName: 'amount', axisTitle: 'amount', aggregator: 'sum' }, compare: '>', compareValue: 1500 }],
    ...parts,
  });
  const config = (...items: unknown[]) => ({ warnItemsYList: items, warnItemsYOptionalList: [] });

  async function upload(content: string, action: string, token = admin) {
    const form = new FormData();
    form.append('file', new Blob([content]), `${action}-${Date.now()}.csv`);
    const res = await fetch(`${stack.url}/api/excel_upload/upload/${action}`, { method: 'POST', body: form, headers: { authorization: token, currentLanguage: 'en' } });
    const body = await res.json();
    if (body.status !== 'success') throw new Error(JSON.stringify(body));
    return body.data;
  }
  async function createSource(csv: string, table: string, token = admin): Promise<string> {
    const folder = (await ok('POST', '/api/data_source/proj', { name: `F ${table}`.slice(0, 20) }, token)).projectId;
    const up = await upload(csv, 'create', token);
    return (await ok('POST', '/api/excel_upload/import/create', { uploadId: up.uploadId, sheet: up.sheets[0].name, projectId: folder, tableName: table, columns }, token)).dataSource.dataSourceId;
  }
  async function append(source: string, csv: string, token = admin) {
    const up = await upload(csv, 'append', token);
    return (await ok('POST', '/api/excel_upload/import/append', { uploadId: up.uploadId, sheet: up.sheets[0].name, dataSourceId: source, columns: columns.map((c) => ({ ...c, targetName: c.name })) }, token)).dataSource.dataVersion as number;
  }
  async function newUser(userName: string, roleIds: string[]): Promise<string> {
    ids[userName] = (await ok('POST', '/api/identity/admin/users', { userName, password: 'first-pass-1', roleIds })).id;
    const first = await stack.api('/api/identity/login', { method: 'POST', body: { userName, password: 'first-pass-1' } });
    await ok('POST', '/api/identity/password', { oldPassword: 'first-pass-1', newPassword: 'second-pass-2' }, first.body.data.token.result.token);
    return stack.login(userName, 'second-pass-2');
  }
  /** A dashboard with one chart of `type` on `source`, made by `token`'s user. */
  async function chartOn(source: string, token: string, name: string, type = 'bar') {
    const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: `P ${name}`.slice(0, 20) }, token)).projectId;
    const dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name, projectId }, token)).dashboardId;
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: name, dataSourceId: source, type }, token);
    const shape = type === 'card' ? { points: [], values: [f('amount', 'number', 'sum')] } : { points: [f('region', 'string')], values: [f('amount', 'number', 'sum')] };
    const chart = await ok('PUT', '/api/chart-edit/dashboard', { chartId, title: name, type, dataSourceId: source, ...shape }, token);
    return { ...chart, dashboardId } as Record<string, any>;
  }
  const bell = async (token: string, userName: string) => (await ok('GET', `/api/warnmessage/message/${userName}?pageSize=50`, undefined, token)).list as { message: string; warnName: string; chartId: string }[];
  const waitFor = async <T>(check: () => Promise<T> | T, what: string): Promise<T> => {
    for (let i = 0; i < 600; i++) {
      const v = await check();
      if (v) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`gave up waiting for ${what}`);
  };
  const db = () => stack.runtime.db;
  const stateOf = async (chartId: string) => (await db().query<{ rule_id: string; is_true: boolean; paused: string; last_window: string }>('SELECT rule_id, is_true, paused, last_window FROM warning.rule_state WHERE chart_id = $1', [chartId])).rows;
  const evaluatedAt = async (chartId: string, version: number) => (await stateOf(chartId)).some((s) => s.last_window === `data-${version}`);

  beforeAll(async () => {
    stack = await startTestStack({ BI_DATA_DIR: mkdtempSync(join(tmpdir(), 'bi-alert-owner-')), BI_TIME_ZONE: 'UTC' });
    admin = await stack.login('admin');
    analyst = await stack.login('analyst');
    analyst2 = await newUser('analyst2', ['analyst']);
    ids.analyst = (await ok('GET', '/api/identity/admin/users')).find((u: { userName: string }) => u.userName === 'analyst').id;
    // the admin's upload, shared with both analysts; analyst2 sees region R0 only
    sourceId = await createSource('region,amount\nR0,10\nR1,20\n', 'owner_sales');
    expect(await ok('POST', `/api/data_source/publish/${sourceId}`, { roleIds: [], userIds: [ids.analyst, ids.analyst2] })).toEqual([]);
    expect((await call('PUT', `/api/data_source/row_rules/${sourceId}`, { denyByDefault: false, rules: [{ userId: ids.analyst2, field: 'region', compare: '=', compareValue: 'R0' }] })).status).toBe(200);
    // the new grants count from the next sign-in
    analyst = await stack.login('analyst');
    analyst2 = await stack.login('analyst2', 'second-pass-2');
  });
  afterAll(async () => stack?.stop());

  it("evaluates as the user who saved the alert; the restricted dashboard owner's bell gets no value outside their rule", async () => {
    const chart = await chartOn(sourceId, analyst2, 'A2 board');
    // the unrestricted analyst sets the alert on analyst2's chart: they own it, whatever the body says
    const saved = await ok('PUT', '/api/chart-edit/warn/dashboard', { chartId: chart.chartId, warnConfigData: { ...config(item()), userId: ids.analyst2 } }, analyst);
    expect(saved.warnConfigData.userId).toBe(ids.analyst);
    const v = await append(sourceId, 'region,amount\nR1,2000\n');
    await waitFor(() => evaluatedAt(chart.chartId, v), 'the evaluation');
    const mine = await waitFor(async () => (await bell(analyst, 'analyst')).find((m) => m.chartId === chart.chartId), "the owner's message");
    expect(mine.message).toBe('Alert "Big" of chart "A2 board" fired: amount > 1,500 (value found: R1: amount = 2,020)');
    const theirs = await waitFor(async () => (await bell(analyst2, 'analyst2')).find((m) => m.chartId === chart.chartId), "the dashboard owner's message");
    expect(theirs.message).toBe('Alert "Big" of chart "A2 board" fired: amount > 1,500 (values not shown: you cannot see the data this alert runs on)');
    expect(theirs.message).not.toMatch(/R1|2,?020/);
  });

  it("runs a restricted owner's alert under their row rules", async () => {
    const chart = await chartOn(sourceId, analyst2, 'A2 own');
    await ok('PUT', '/api/chart-edit/warn/dashboard', { chartId: chart.chartId, warnConfigData: config(item({ warnName: 'Own' })) }, analyst2);
    // R1 is far above 1500, but not analyst2's: no message
    const v1 = await append(sourceId, 'region,amount\nR1,5000\n');
    await waitFor(() => evaluatedAt(chart.chartId, v1), 'the first evaluation');
    expect((await stateOf(chart.chartId))[0]).toMatchObject({ is_true: false, paused: '' });
    expect((await bell(analyst2, 'analyst2')).filter((m) => m.chartId === chart.chartId)).toEqual([]);
    const v2 = await append(sourceId, 'region,amount\nR0,3000\n');
    await waitFor(() => evaluatedAt(chart.chartId, v2), 'the second evaluation');
    const m = await waitFor(async () => (await bell(analyst2, 'analyst2')).find((x) => x.chartId === chart.chartId), 'the message');
    expect(m.message).toBe('Alert "Own" of chart "A2 own" fired: amount > 1,500 (value found: R0: amount = 3,010)');
    expect((await bell(analyst2, 'analyst2')).every((x) => !/R1/.test(x.message))).toBe(true);
  });

  it('chooses alert ids on the server: a forged id is replaced, a stored one kept, another chart’s never taken', async () => {
    const a = await chartOn(sourceId, analyst, 'Ids A');
    const b = await chartOn(sourceId, analyst, 'Ids B');
    const forged = await ok('PUT', '/api/chart-edit/warn/dashboard', { chartId: a.chartId, warnConfigData: config(item({ warnId: 'forged-id-2' })) }, analyst);
    const id = forged.warnConfigData.warnItemsYList[0].warnId;
    expect(id).not.toBe('forged-id-2');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // the stored id is kept on the next save (the editor's save too)
    const again = await ok('PUT', '/api/chart-edit/warn/dashboard', { chartId: a.chartId, warnConfigData: forged.warnConfigData }, analyst);
    expect(again.warnConfigData.warnItemsYList[0].warnId).toBe(id);
    const edited = await ok('PUT', '/api/chart-edit/dashboard', { ...again, title: 'Ids A2' }, analyst);
    expect(edited.warnConfigData.warnItemsYList[0].warnId).toBe(id);
    // chart A's id sent for chart B: B gets its own, both rules are stored
    const other = await ok('PUT', '/api/chart-edit/warn/dashboard', { chartId: b.chartId, warnConfigData: config(item({ warnId: id })) }, analyst);
    expect(other.warnConfigData.warnItemsYList[0].warnId).not.toBe(id);
    const rules = (await db().query<{ chart_id: string }>('SELECT chart_id FROM warning.rules WHERE chart_id = ANY($1::uuid[])', [[a.chartId, b.chartId]])).rows;
    expect(rules.map((r) => r.chart_id).sort()).toEqual([a.chartId, b.chartId].sort());
  });

  it('gives copies new alert ids and the copier as owner (dashboard copy, chart copy, template copy and import)', async () => {
    const chart = await chartOn(sourceId, admin, 'Copied');
    const saved = await ok('PUT', '/api/chart-edit/warn/dashboard', { chartId: chart.chartId, warnConfigData: config(item({ warnName: 'C1' })) });
    const originalId = saved.warnConfigData.warnItemsYList[0].warnId;
    const ownersOf = async (dashboardId: string) => {
      const charts = await ok('GET', `/api/dashboard/all_charts/dashboard/${dashboardId}`, undefined, analyst);
      return Promise.all(
        charts.map(async (c: { chartId: string }) => (await ok('GET', `/api/chart-edit/warn/dashboard/${c.chartId}`, undefined, analyst)).warnConfigData as { userId: string; warnItemsYList: { warnId: string }[] }),
      );
    };
    // the analyst copies the admin's dashboard
    const copy = await ok('POST', `/api/dashboard/copy/dashboard/${chart.dashboardId}`, { name: 'Copied by analyst' }, analyst);
    const [copied] = await ownersOf(copy.dashboardId);
    expect(copied!.userId).toBe(ids.analyst);
    expect(copied!.warnItemsYList[0]!.warnId).not.toBe(originalId);
    // and copies the chart onto that copy
    await ok('POST', `/api/dashboard/copy_chart/dashboard/${chart.chartId}`, { dashboardId: copy.dashboardId }, analyst);
    const both = await ownersOf(copy.dashboardId);
    expect(both).toHaveLength(2);
    expect(both.map((c) => c.userId)).toEqual([ids.analyst, ids.analyst]);
    expect(new Set([originalId, ...both.map((c) => c.warnItemsYList[0]!.warnId)]).size).toBe(3);

    // template copy and template import: the admin publishes the dashboard to the analyst role
    const published = await call('POST', `/api/template/publish/dash/${chart.dashboardId}/${encodeURIComponent('Alert tpl')}/${encodeURIComponent('Alert templates')}`, { roleIds: ['analyst'], userIds: [] });
    expect(published.status).toBe(200);
    // a new grant counts from the next sign-in (the BFF keeps verified tokens a few seconds)
    analyst = await stack.login('analyst');
    const tpl = (await ok('GET', '/api/template/templates', undefined, analyst)).find((t: { name: string }) => t.name === 'Alert tpl');
    const folder = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Tpl copies' }, analyst)).projectId;
    const sources = [{ from: sourceId, to: sourceId }];
    const viaCopy = await ok('POST', `/api/template/copy/${tpl.dashboardIds[0]}`, { projectId: folder, name: 'Tpl copy', sources }, analyst);
    const file = await ok('GET', `/api/template/export/dash/${tpl.dashboardIds[0]}`, undefined, analyst);
    // a file names its sources by keys of its own
    const viaImport = await ok('POST', '/api/template/import', { file, projectId: folder, name: 'Tpl import', sources: [{ from: file.sources[0].key, to: sourceId }] }, analyst);
    const seen = new Set([originalId, ...both.map((c) => c.warnItemsYList[0]!.warnId)]);
    for (const name of ['Tpl copy', 'Tpl import']) {
      const d = [...viaCopy.dashboards, ...viaImport.dashboards].find((x: { name: string }) => x.name === name);
      const [alerts] = await ownersOf(d.dashboardId);
      expect(alerts!.userId).toBe(ids.analyst);
      expect(seen.has(alerts!.warnItemsYList[0]!.warnId)).toBe(false);
      seen.add(alerts!.warnItemsYList[0]!.warnId);
    }
  });

  it('pauses the alert of an owner who lost access to the source (dialog state, one bell message), and resumes when access returns', async () => {
    const chart = await chartOn(sourceId, analyst, 'Paused');
    await ok('PUT', '/api/chart-edit/warn/dashboard', { chartId: chart.chartId, warnConfigData: config(item({ warnName: 'P', warnConditions: [{ axisField: { axisName: 'amount', axisTitle: 'amount', aggregator: 'sum' }, compare: '>', compareValue: 100_000 }] })) }, analyst);
    const dialog = await ok('GET', `/api/chart-edit/warn/dashboard/${chart.chartId}`, undefined, analyst);
    const warnId = dialog.warnConfigData.warnItemsYList[0].warnId;
    expect(dialog.alertStates).toEqual({ [warnId]: { state: 'active', reason: '' } });
    // the admin stops sharing the source with the analyst; an append that would make the alert true
    expect(await ok('POST', `/api/data_source/publish/${sourceId}`, { roleIds: [], userIds: [ids.analyst2] })).toEqual([]);
    const v1 = await append(sourceId, 'region,amount\nR1,200000\n');
    await waitFor(() => evaluatedAt(chart.chartId, v1), 'the paused evaluation');
    expect((await stateOf(chart.chartId))[0]).toMatchObject({ paused: 'no_access', is_true: false });
    expect((await ok('GET', `/api/chart-edit/warn/dashboard/${chart.chartId}`)).alertStates).toEqual({ [warnId]: { state: 'paused', reason: 'no_access' } });
    const messages = async () => (await bell(analyst, 'analyst')).filter((m) => m.chartId === chart.chartId);
    await waitFor(async () => (await messages()).length === 1, 'the paused message');
    expect((await messages())[0]!.message).toBe(
      'Alert "P" of chart "Paused" is paused: you can no longer see this chart\'s data source. It resumes by itself when your access returns.',
    );
    // still paused on the next change: no second message, nothing evaluated
    const v2 = await append(sourceId, 'region,amount\nR1,1\n');
    await waitFor(() => evaluatedAt(chart.chartId, v2), 'the second paused round');
    expect(await messages()).toHaveLength(1);
    // access back: the next change evaluates and fires
    expect(await ok('POST', `/api/data_source/publish/${sourceId}`, { roleIds: [], userIds: [ids.analyst, ids.analyst2] })).toEqual([]);
    const v3 = await append(sourceId, 'region,amount\nR1,2\n');
    await waitFor(() => evaluatedAt(chart.chartId, v3), 'the resumed evaluation');
    expect((await stateOf(chart.chartId))[0]).toMatchObject({ paused: '', is_true: true });
    await waitFor(async () => (await messages()).length === 2, 'the firing');
    expect((await messages())[0]!.message).toMatch(/^Alert "P" of chart "Paused" fired: amount > 100K \(value found: /);
  });

  it('fires an immediate alert on the first append after the save (its state is established at the save)', async () => {
    const source = await createSource('region,amount\nR0,10\n', 'fresh_card');
    const chart = await chartOn(source, admin, 'Fresh card', 'card');
    await ok('PUT', '/api/chart-edit/warn/dashboard', { chartId: chart.chartId, warnConfigData: config(item({ warnName: 'Over 15', warnConditions: [{ axisField: { axisName: 'amount', axisTitle: 'amount', aggregator: 'sum' }, compare: '>', compareValue: 15 }] })) });
    // known and established before the save answered, whichever event comes first
    const [state] = await stateOf(chart.chartId);
    expect(state).toMatchObject({ is_true: false, paused: '', last_window: expect.stringMatching(/^save-\d+$/) });
    await append(source, 'region,amount\nR0,100\n');
    const m = await waitFor(async () => (await bell(admin, 'admin')).find((x) => x.chartId === chart.chartId), 'the message');
    expect(m.message).toBe('Alert "Over 15" of chart "Fresh card" fired: amount > 15 (value found: amount = 110)');
  });
});
