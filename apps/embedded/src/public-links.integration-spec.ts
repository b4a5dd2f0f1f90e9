import { analyticsDataDir, REGION_SALES_TABLE, restCalls, startTestStack, type TestStack } from './testing.js';

// Public links (issue 32, docs/api/public-links.md): a dashboard or chart opened without an account
// shows its creator's numbers (row rules included) under the filters locked at creation; every data
// path checks the link on every call (expired, revoked, rotated → 401/404), the password is throttled
// per link and address, and a creator who loses access to the source breaks the link.
// qty by region of REGION_SALES_TABLE (i = 1..30): East 165, West 145, North 155.
const SUMS = { East: 165, West: 145, North: 155 };

describe('public links', () => {
  let stack: TestStack;
  let admin: string;
  let analyst: string;
  let analystId: string;
  let sourceId: string;
  let dashboardId: string;
  let chartId: string;
  const { call, ok } = restCalls(() => stack, () => admin);
  const field = (name: string, dataType: string) => ({ name, title: name, dataType });
  const west = [{ name: 'region', dataType: 'string', range: ['West'] }];
  const east = [{ name: 'region', dataType: 'string', range: ['East'] }];
  /** A link made by `token` on the fixture dashboard (or its chart). */
  const makeLink = (body: Record<string, unknown> = {}, token = admin) => ok('POST', '/api/links', { dashboardId, ...body }, token);
  /** A call of the public page: no account, the link session when given. */
  const publicCall = (method: string, path: string, body?: unknown, session?: string, language = 'en') =>
    stack.api(path, { method, body, headers: { currentLanguage: language, ...(session ? { 'x-link-session': session } : {}) } });
  const pointsOf = (answer: any): Record<string, number> => {
    const categories: string[] = answer.option.xAxis?.data ?? answer.option.xAxis?.[0]?.data;
    const data: unknown[] = answer.option.series[0].data;
    return Object.fromEntries(categories.map((c, i) => [c, Number((data[i] as any)?.value ?? data[i])]));
  };
  const run = async (publicId: string, body: unknown = {}, session?: string) => {
    const r = await publicCall('POST', `/api/public/links/${publicId}/chart/${chartId}`, body, session);
    if (r.status !== 200) throw new Error(`run: ${r.status} ${JSON.stringify(r.body)}`);
    return pointsOf(r.body.data);
  };

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('public-links', [REGION_SALES_TABLE]);
    stack = await startTestStack({ BI_DATA_DIR: dataDir, BI_PUBLIC_LINK_MAX_DAYS: '60' });
    admin = await stack.login('admin');
    analystId = (await ok('GET', '/api/identity/admin/users')).find((u: { userName: string }) => u.userName === 'analyst').id;
    const folder = await ok('POST', '/api/data_source/proj', { name: 'Link sources' });
    sourceId = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Sales', content: 'SELECT * FROM sales' })).dataSource.dataSourceId;
    // the analyst reads the source through their role, and only the East rows
    expect(await ok('POST', `/api/data_source/publish/${sourceId}`, { roleIds: ['analyst'], userIds: [] })).toEqual([]);
    await ok('PUT', `/api/data_source/row_rules/${sourceId}`, { denyByDefault: true, rules: [{ roleId: 'analyst', field: 'region', compare: '=', compareValue: 'East' }] });
    analyst = await stack.login('analyst');
    const project = await ok('POST', '/api/dashboard/project/dashboard', { name: 'Link boards' });
    dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Shared board', projectId: project.projectId })).dashboardId;
    chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'Qty', dataSourceId: sourceId, type: 'bar' });
    await ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'Qty', type: 'bar', dataSourceId: sourceId, points: [field('region', 'string')], values: [{ ...field('qty', 'number'), aggregator: 'sum' }] });
  });
  afterAll(async () => stack?.stop());

  it("opens without an account and shows the creator's numbers under the locked filter; a changed filter is ignored", async () => {
    // the admin's link, locked to West: the request's East is ignored
    const locked = await makeLink({ filters: west });
    expect(locked.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Math.round((Date.parse(locked.expiresAt) - Date.parse(locked.createdAt)) / 86_400_000)).toBe(30);
    const page = await publicCall('GET', `/api/public/links/${locked.publicId}`);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ needsPassword: false, kind: 'dashboard', filters: west, filtersEditable: false, allowDetails: false, allowExport: false });
    expect(page.body.data.charts.map((c: { chartId: string }) => c.chartId)).toEqual([chartId]);
    // a chart's link shows that chart only
    const second = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'Second', dataSourceId: sourceId, type: 'bar' });
    const chartLink = await makeLink({ chartId });
    const chartPage = (await publicCall('GET', `/api/public/links/${chartLink.publicId}`)).body.data;
    expect([chartPage.kind, chartPage.charts.map((c: { chartId: string }) => c.chartId), chartPage.dashboard.charts.length]).toEqual(['chart', [chartId], 1]);
    expect((await publicCall('POST', `/api/public/links/${chartLink.publicId}/chart/${second}`, {})).status).toBe(404);
    expect(await run(locked.publicId)).toEqual({ West: SUMS.West });
    expect(await run(locked.publicId, { globalFilters: east })).toEqual({ West: SUMS.West });
    const batch = await publicCall('POST', `/api/public/links/${locked.publicId}/charts`, { charts: [{ chartId, globalFilters: [] }] });
    expect(pointsOf(batch.body.data[0].data)).toEqual({ West: SUMS.West });
    // editable: the reader's filter applies, the link's is the default
    const editable = await makeLink({ filters: west, filtersEditable: true });
    expect(await run(editable.publicId, { globalFilters: east })).toEqual({ East: SUMS.East });
    expect(await run(editable.publicId)).toEqual({ West: SUMS.West });
    // the analyst's link: the analyst's row rules (East only), whoever opens it
    const analysts = await makeLink({}, analyst);
    expect(await run(analysts.publicId)).toEqual({ East: SUMS.East });
    // last opened is recorded
    expect((await ok('GET', `/api/links?dashboardId=${dashboardId}`)).find((l: { id: string }) => l.id === locked.id).lastOpenedAt).not.toBeNull();
    // a chart of another dashboard is not the link's
    const other = await ok('POST', '/api/dashboard/dashboard', { name: 'Other board', projectId: (await ok('GET', `/api/dashboard/dashboard/${dashboardId}`)).projectId });
    const otherChart = await ok('POST', `/api/chart-edit/dashboard/${other.dashboardId}`, { title: 'Other', dataSourceId: sourceId, type: 'bar' });
    expect((await publicCall('POST', `/api/public/links/${locked.publicId}/chart/${otherChart}`, {})).status).toBe(404);
    // details and export only when allowed
    expect((await publicCall('POST', `/api/public/links/${locked.publicId}/details/${chartId}`, {})).status).toBe(403);
    expect((await publicCall('POST', `/api/public/links/${locked.publicId}/export/${chartId}`, {})).status).toBe(403);
    expect((await publicCall('POST', `/api/public/links/${locked.publicId}/range`, { dataSourceId: sourceId, name: 'region' })).status).toBe(403);
    // allowed: the details keep the locked filter (the request's East is ignored); editable filters' picker lists the values
    const detailed = await makeLink({ filters: west, allowDetails: true });
    const details = (await publicCall('POST', `/api/public/links/${detailed.publicId}/details/${chartId}`, { globalFilters: east, pageSize: 100 })).body.data;
    const regionKey = details.columns.find((c: { name: string }) => c.name === 'region').key;
    expect([...new Set(details.rows.map((row: Record<string, unknown>) => row[regionKey]))]).toEqual(['West']);
    const range = (await publicCall('POST', `/api/public/links/${editable.publicId}/range`, { dataSourceId: sourceId, name: 'region' })).body.data;
    expect(range.values.map((v: { value: string }) => v.value).sort()).toEqual(['East', 'North', 'West']);
  });

  it('answers 401 or 404 on every data path of an expired, revoked or rotated link', async () => {
    const paths: [string, string, unknown][] = [
      ['open', 'GET', undefined],
      ['run', 'POST', {}],
      ['runs', 'POST', { charts: [{ chartId }] }],
      ['details', 'POST', { pageSize: 10 }],
      ['export', 'POST', {}],
      ['range', 'POST', { dataSourceId: sourceId, name: 'region' }],
    ];
    const url = (publicId: string, path: string) =>
      ({ open: '', run: `/chart/${chartId}`, runs: '/charts', details: `/details/${chartId}`, export: `/export/${chartId}`, range: '/range' })[path];
    const everything = { allowDetails: true, allowExport: true, filtersEditable: true };
    const links = {
      live: await makeLink(everything),
      expired: await makeLink(everything),
      revoked: await makeLink(everything),
      rotated: await makeLink(everything),
    };
    await stack.runtime.db.query("UPDATE dashboard.public_links SET expires_at = now() - interval '1 second' WHERE link_id = $1", [links.expired.id]);
    await ok('DELETE', `/api/links/${links.revoked.id}`);
    const rotated = await ok('POST', `/api/links/${links.rotated.id}/rotate`);
    expect(rotated.publicId).not.toBe(links.rotated.publicId);
    const table: Record<string, Record<string, number>> = {};
    for (const [name, link] of Object.entries(links)) {
      table[name] = {};
      for (const [path, method, body] of paths) table[name]![path] = (await publicCall(method, `/api/public/links/${link.publicId}${url(link.publicId, path)}`, body)).status;
    }
    const all = (status: number) => Object.fromEntries(paths.map(([p]) => [p, status]));
    expect(table).toEqual({ live: all(200), expired: all(401), revoked: all(401), rotated: all(404) });
    // the rotated link's new id works; the page says plainly why an old one does not
    expect(await run(rotated.publicId)).toEqual({ East: SUMS.East, West: SUMS.West, North: SUMS.North });
    const revoked = await publicCall('GET', `/api/public/links/${links.revoked.publicId}`, undefined, undefined, 'zh-CN');
    expect(revoked.body.data).toBe('此链接已被撤销');
    expect((await publicCall('GET', `/api/public/links/${links.expired.publicId}`)).body.data).toBe('This link has expired');
    // a revoked link is not brought back by a rotation; an expiry beyond BI_PUBLIC_LINK_MAX_DAYS is refused
    expect((await call('POST', `/api/links/${links.revoked.id}/rotate`)).status).toBe(404);
    expect((await call('POST', '/api/links', { dashboardId, expiresInDays: 61 })).status).toBe(400);
    // someone else's link: not found for a user, revocable by an administrator
    const analysts = await makeLink({}, analyst);
    expect((await call('DELETE', `/api/links/${links.live.id}`, undefined, analyst)).status).toBe(404);
    expect((await call('DELETE', `/api/links/${analysts.id}`)).status).toBe(200);
  });

  it('takes the password in a body, answers a session, and throttles guessing per link and address', async () => {
    expect((await call('POST', '/api/links', { dashboardId, password: 'short' })).status).toBe(400);
    const link = await makeLink({ password: 'correct horse 1' });
    expect(link.hasPassword).toBe(true);
    const stored = await stack.runtime.db.query<{ password_hash: string }>('SELECT password_hash FROM dashboard.public_links WHERE link_id = $1', [link.id]);
    expect(stored.rows[0]!.password_hash).toMatch(/^scrypt\$/);
    expect(stored.rows[0]!.password_hash).not.toContain('correct horse');
    // locked: the page learns only that a password is needed; the data paths answer 401
    expect((await publicCall('GET', `/api/public/links/${link.publicId}`)).body.data).toEqual({ needsPassword: true });
    expect((await publicCall('POST', `/api/public/links/${link.publicId}/chart/${chartId}`, {})).status).toBe(401);
    const unlocked = await publicCall('POST', `/api/public/links/${link.publicId}/unlock`, { password: 'correct horse 1' });
    expect(unlocked.status).toBe(200);
    const session = unlocked.body.data.session as string;
    expect(await run(link.publicId, {}, session)).toEqual({ East: SUMS.East, West: SUMS.West, North: SUMS.North });
    expect((await publicCall('POST', `/api/public/links/${link.publicId}/chart/${chartId}`, {}, session.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).status).toBe(401);
    // five wrong passwords, then 429 (even for the right one) in the reader's language
    for (let i = 0; i < 5; i++) expect((await publicCall('POST', `/api/public/links/${link.publicId}/unlock`, { password: `wrong guess ${i}` })).status).toBe(401);
    const messages: string[] = [];
    for (const language of ['zh-CN', 'zh-TW', 'en']) {
      const r = await publicCall('POST', `/api/public/links/${link.publicId}/unlock`, { password: 'correct horse 1' }, undefined, language);
      expect(r.status).toBe(429);
      messages.push(r.body.data);
    }
    expect(messages).toEqual(['密码错误次数过多，请 15 分钟后再试', '密碼錯誤次數過多，請 15 分鐘後再試', 'Too many wrong passwords; try again in 15 minutes']);
    // another link is not throttled by this one's guesses; the session already given still works
    const other = await makeLink({ password: 'correct horse 2' });
    expect((await publicCall('POST', `/api/public/links/${other.publicId}/unlock`, { password: 'correct horse 2' })).status).toBe(200);
    expect((await publicCall('POST', `/api/public/links/${link.publicId}/chart/${chartId}`, {}, session)).status).toBe(200);
  });

  it('breaks when its creator loses access to the source, or is disabled; administrators list and revoke all; BI_PUBLIC_LINKS=false hides it', async () => {
    const link = await makeLink({}, analyst);
    expect(await run(link.publicId)).toEqual({ East: SUMS.East });
    await ok('POST', `/api/data_source/publish/${sourceId}`, { roleIds: [], userIds: [] });
    const lost = await publicCall('POST', `/api/public/links/${link.publicId}/chart/${chartId}`, {});
    expect([lost.status, lost.body.data]).toEqual([403, 'This link no longer works: its creator can no longer see this data']);
    await ok('POST', `/api/data_source/publish/${sourceId}`, { roleIds: ['analyst'], userIds: [] });
    expect(await run(link.publicId)).toEqual({ East: SUMS.East });
    await ok('PUT', `/api/identity/admin/users/${analystId}/disabled`, { disabled: true });
    expect((await publicCall('POST', `/api/public/links/${link.publicId}/chart/${chartId}`, {})).status).toBe(403);
    await ok('PUT', `/api/identity/admin/users/${analystId}/disabled`, { disabled: false });
    expect(await run(link.publicId)).toEqual({ East: SUMS.East });
    analyst = await stack.login('analyst');
    // the administrators' list names the creator; revoke all stops every link
    expect((await ok('GET', '/api/identity/admin/links')).find((l: { id: string }) => l.id === link.id)).toMatchObject({ creatorName: 'analyst', dashboardName: 'Shared board' });
    expect((await call('GET', '/api/identity/admin/links', undefined, analyst)).status).toBe(403);
    expect((await ok('POST', '/api/identity/admin/links/revoke_all')).revoked).toBeGreaterThan(0);
    expect((await publicCall('POST', `/api/public/links/${link.publicId}/chart/${chartId}`, {})).status).toBe(401);
    // the feature off: every link route answers 404
    const live = await makeLink();
    stack.config.publicLinks.enabled = false;
    try {
      expect((await publicCall('GET', `/api/public/links/${live.publicId}`)).status).toBe(404);
      expect((await publicCall('POST', `/api/public/links/${live.publicId}/chart/${chartId}`, {})).status).toBe(404);
      expect((await call('POST', '/api/links', { dashboardId })).status).toBe(404);
    } finally {
      stack.config.publicLinks.enabled = true;
    }
    expect(await run(live.publicId)).toEqual({ East: SUMS.East, West: SUMS.West, North: SUMS.North });
  });
});
