import ExcelJS from 'exceljs';
import { signEmbedToken } from '@bi/bff';
import { AUTHORIZATION_MATRIX, type RowRuleClass } from './authorization-matrix.js';
import { startTestStack, type TestStack } from './testing.js';

// The row-rule dimension of the authorization matrix (issue 26): every route of the OpenAPI document
// is classed in apps/embedded/src/authorization-matrix.ts ('rows', 'whole', '-'). A source shared with
// the viewer and analyst roles holds three regions; row-level rules give the viewer role RgAlpha and the
// analyst role RgBeta. Then, for a restricted viewer and a restricted analyst:
// - every 'rows' route answers some rows and only the caller's region (none of the others' names in the answer);
// - every 'whole' route is refused;
// - every GET route classed '-' answers no region name the caller may not see (a read route that starts
//   answering rows without being classed fails here).
// A route of the document without a class, or a class for no route, fails.
// Each check runs twice per caller: with their session, and with an API key they made (issue 32: a key acts as
// its maker, cut down to its scopes, under the maker's row rules). Public links and embedding tokens are
// checked through their own routes: each restricted caller's link and token.
const REGIONS = ['RgAlpha', 'RgBeta', 'RgGamma'] as const;
const MINE = { viewer: 'RgAlpha', analyst: 'RgBeta' } as const;
// qty: RgAlpha 1001..1004, RgBeta 2001..2004 (+7 appended), RgGamma 3001..3004 (+9 appended): every sum is its own number
const SUMS = { RgAlpha: 4010, RgBeta: 8017, RgGamma: 12019 } as const;
const TOTAL = SUMS.RgAlpha + SUMS.RgBeta + SUMS.RgGamma;
type Restricted = keyof typeof MINE;
type Route = `${'GET' | 'POST' | 'PUT' | 'DELETE'} /api/${string}`;

describe('row-rule matrix: what a restricted viewer and a restricted analyst see through every route', () => {
  let stack: TestStack;
  let admin: string;
  const tokens = {} as Record<Restricted, string>;
  const keys = {} as Record<Restricted, string>;
  const F = {} as { links: Record<Restricted, string>; embeds: Record<Restricted, string>; source: string; folder: string; dProject: string; dash: string; chart: string; analystDash: string; analystChart: string; analystChart2: string; rel: string; relFolder: string; table: string };

  const call = (method: string, path: string, body?: unknown, token = admin) => stack.api(path, { method, body, token, headers: { currentLanguage: 'en' } });
  async function ok(method: string, path: string, body?: unknown, token = admin) {
    const r = await call(method, path, body, token);
    if (r.body?.status !== 'success') throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  }
  const csv = (rows: [string, number][]) => 'region,qty\n' + rows.map(([r, q]) => `${r},${q}`).join('\n') + '\n';
  async function importCsv(content: string, action: 'create' | 'append', extra: Record<string, unknown>) {
    const form = new FormData();
    form.append('file', new Blob([content]), `rules-${action}.csv`);
    const res = await fetch(`${stack.url}/api/excel_upload/upload/${action}`, { method: 'POST', body: form, headers: { authorization: admin, currentLanguage: 'en' } });
    const up = (await res.json()).data;
    const columns = [
      { name: 'region', type: 'string', targetName: 'region' },
      { name: 'qty', type: 'number', targetName: 'qty' },
    ];
    return (await ok('POST', `/api/excel_upload/import/${action}`, { uploadId: up.uploadId, sheet: up.sheets[0].name, columns, ...extra })).dataSource;
  }
  const f = (name: string, dataType: string) => ({ name, title: name, dataType });
  async function barChart(dashboardId: string, token: string): Promise<string> {
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'Qty by region', dataSourceId: F.source, type: 'bar' }, token);
    await ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'Qty by region', type: 'bar', dataSourceId: F.source, points: [f('region', 'string')], values: [{ ...f('qty', 'number'), aggregator: 'sum' }] }, token);
    return chartId;
  }
  const alert = (warnName: string) => ({
    warnName,
    isSwitch: true,
    logic: 0,
    warnTime: 0,
    warnConditions: [{ axisField: { axisName: 'qty', axisTitle: 'qty', aggregator: 'sum' }, compare: '>', compareValue: 0 }],
  });
  const waitFor = async <T>(check: () => Promise<T>, what: string): Promise<T> => {
    for (let i = 0; i < 400; i++) {
      const v = await check();
      if (v) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`gave up waiting for ${what}`);
  };

  beforeAll(async () => {
    stack = await startTestStack();
    admin = await stack.login('admin');
    tokens.viewer = await stack.login('viewer');
    tokens.analyst = await stack.login('analyst');
    F.folder = (await ok('POST', '/api/data_source/proj', { name: 'Rule matrix' })).projectId;
    const rows = REGIONS.flatMap((r, i) => Array.from({ length: 4 }, (_, k): [string, number] => [r, (i + 1) * 1000 + k + 1]));
    const ds = await importCsv(csv(rows), 'create', { projectId: F.folder, tableName: 'Rule matrix' });
    F.source = ds.dataSourceId;
    F.table = ds.tableName;
    expect(await ok('POST', `/api/data_source/publish/${F.source}`, { roleIds: ['viewer', 'analyst'], userIds: [] })).toEqual([]);
    await ok('PUT', `/api/data_source/row_rules/${F.source}`, {
      denyByDefault: true,
      rules: [
        { roleId: 'viewer', field: 'region', compare: '=', compareValue: MINE.viewer },
        { roleId: 'analyst', field: 'region', compare: '=', compareValue: MINE.analyst },
      ],
    });
    F.dProject = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Rule boards' })).projectId;
    F.dash = (await ok('POST', '/api/dashboard/dashboard', { name: 'Rule board', projectId: F.dProject })).dashboardId;
    F.chart = await barChart(F.dash, admin);
    // the analyst's own dashboard and chart: an alert they set themselves, and one an admin set on it
    F.analystDash = (await ok('POST', '/api/dashboard/dashboard', { name: 'Analyst board', projectId: F.dProject }, tokens.analyst)).dashboardId;
    F.analystChart = await barChart(F.analystDash, tokens.analyst);
    await ok('PUT', '/api/chart-edit/warn/dashboard', { chartId: F.analystChart, warnConfigData: { warnItemsYList: [alert('Own alert')], warnItemsYOptionalList: [] } }, tokens.analyst);
    // an admin's alert on the analyst's chart: the analyst receives it as the dashboard's owner
    F.analystChart2 = await barChart(F.analystDash, tokens.analyst);
    await ok('PUT', '/api/chart-edit/warn/dashboard', { chartId: F.analystChart2, warnConfigData: { warnItemsYList: [alert('Admin alert')], warnItemsYOptionalList: [] } }, admin);
    F.relFolder = (await ok('POST', '/api/relation/proj/dashboard', { name: 'Rule maps' })).projectId;
    F.rel = (await ok('POST', '/api/relation/generate/dashboard/' + F.dash, { projectId: F.relFolder, name: 'Rule map' })).relationId;
    await ok('POST', `/api/relation/publish/${F.rel}/map`, { roleIds: ['viewer', 'analyst'], userIds: [] });
    await waitFor(async () => (await stack.runtime.db.query('SELECT rule_id FROM warning.rules')).rows.length === 2, 'both alert rules');
    // a data change: both alerts fire (sum of qty > 0 for everyone)
    await importCsv(csv([[MINE.analyst, 7], ['RgGamma', 9]]), 'append', { dataSourceId: F.source });
    await waitFor(async () => {
      const text = JSON.stringify(await ok('GET', '/api/warnmessage/message/analyst?pageSize=50', undefined, tokens.analyst));
      return text.includes('Own alert') && text.includes('Admin alert');
    }, "the analyst's two alert messages");
    // the restricted callers sign in again: their tokens carry the grants of the publish
    tokens.viewer = await stack.login('viewer');
    tokens.analyst = await stack.login('analyst');
    // a public link of each restricted caller on the dashboard (issue 32): its reader sees what its creator sees
    const link = async (who: Restricted) => (await ok('POST', '/api/links', { dashboardId: F.dash, allowDetails: true, allowExport: true, filtersEditable: true }, tokens[who])).publicId as string;
    F.links = { viewer: await link('viewer'), analyst: await link('analyst') };
    // an embedding token of each restricted caller for the dashboard (issue 32): it acts as its maker, under the maker's rules
    const secret = (await ok('GET', '/api/identity/admin/embed-secret')).secret as string;
    const users = (await ok('GET', '/api/identity/admin/users')) as { userName: string; id: string }[];
    const now = Math.floor(Date.now() / 1000);
    const embed = (who: Restricted) => `Bearer ${signEmbedToken({ sub: users.find((u) => u.userName === who)!.id, resource: { type: 'dashboard', id: F.dash }, iat: now, exp: now + 3600 }, secret)}`;
    F.embeds = { viewer: embed('viewer'), analyst: embed('analyst') };
    for (const who of ['viewer', 'analyst'] as const) keys[who] = `Bearer ${(await ok('POST', '/api/identity/api-keys', { name: `Rule matrix ${who}`, scopes: ['read', 'dashboards:write'] }, tokens[who])).secret}`;
  });
  afterAll(async () => stack?.stop());

  /** The request each classed route is called with (path values, query, body). */
  const requests: Record<string, (who: Restricted) => { params?: Record<string, string>; query?: string; body?: unknown; token?: string }> = {
    // the mail the caller would get: the dashboard's chart under their row rules
    'POST /api/subscription/preview': () => ({ body: { name: 'Preview', dashboardId: F.dash, schedule: { frequency: 'daily' }, recipients: [{ kind: 'user', userId: 'self' }] } }),
    'POST /api/chart-edit/chart/{tab}/{chartId}': () => ({}),
    'POST /api/dashboard/chart/{tab}/{chartId}': () => ({}),
    'POST /api/dashboard/charts/{tab}': () => ({ body: { charts: [{ chartId: F.chart }] } }),
    'POST /api/dashboard/all_details/{tab}/{chartId}': () => ({ body: { pageSize: 1000 } }),
    'POST /api/dashboard/detail/{tab}/{chartId}': (who) => ({ query: `filterKey=${MINE[who]}`, body: { logic: 0, filterItems: [] } }),
    'POST /api/dashboard/export_details/{tab}/{chartId}': (who) => ({ query: `filterKey=${MINE[who]}`, body: {} }),
    'POST /api/global_filter/range/{tab}/{dashboardId}': () => ({ body: { dataSourceId: F.source, name: 'region' } }),
    'POST /api/field/inner_range': () => ({ body: { tab: 'dashboard', chartId: F.chart, name: 'region' } }),
    'POST /api/relation/relation-option/{tabType}/{chartId}': () => ({ body: { relationId: F.rel } }),
    'GET /api/relation/relation-concatenate/{tabType}/{relationId}': () => ({}),
    'GET /api/warnmessage/message/{userName}': (who) => ({ params: { userName: who }, query: 'pageSize=50' }),
    'GET /api/warnmessage/stream': () => ({ query: 'timeout=0' }),
    // a source's row-rule history (issue 33): the rules' values are masked for everyone but administrators
    'GET /api/revisions/{kind}/{id}': () => ({ params: { kind: 'rowRules', id: F.source } }),
    'GET /api/revisions/{kind}/{id}/{rev}/diff': () => ({ params: { kind: 'rowRules', id: F.source, rev: '1' } }),
    // the embed routes take the restricted caller's own embedding token instead of their session
    'POST /api/embed/chart/{chartId}': (who) => ({ body: {}, token: F.embeds[who] }),
    'POST /api/embed/details/{chartId}': (who) => ({ body: { pageSize: 1000 }, token: F.embeds[who] }),
    'POST /api/embed/export/{chartId}': (who) => ({ body: {}, token: F.embeds[who] }),
    'POST /api/public/links/{publicId}/chart/{chartId}': () => ({}),
    'POST /api/public/links/{publicId}/charts': () => ({ body: { charts: [{ chartId: F.chart }] } }),
    'POST /api/public/links/{publicId}/details/{chartId}': () => ({ body: { pageSize: 1000 } }),
    'POST /api/public/links/{publicId}/export/{chartId}': () => ({ body: {} }),
    'POST /api/public/links/{publicId}/range': () => ({ body: { dataSourceId: F.source, name: 'region' } }),
    'GET /api/live': () => ({ query: 'timeout=0' }),
    'POST /api/data_source/join_table_preview': () => ({
      body: {
        name: '',
        nodeDataArray: [
          { dataSourceId: F.source, showName: 'm', fields: [{ name: 'region', title: 'Region', check: true }] },
          { dataSourceId: F.source, showName: 'm(1)', fields: [{ name: 'qty', title: 'Qty', check: true }] },
        ],
        links: [{ from: 'm', to: 'm(1)', joinType: 'left', joinFields: [{ fromField: { name: 'region' }, toField: { name: 'region' } }] }],
      },
    }),
  };
  /** Routes no restricted caller can read anything of, whatever rules say (messages of the viewer: a viewer sets no alert and owns no dashboard). */
  const EMPTY_FOR: Partial<Record<string, Restricted[]>> = { 'GET /api/warnmessage/message/{userName}': ['viewer'] };
  /** GET routes of class '-' not scanned: the call itself changes something. */
  const NOT_SCANNED = new Set(['GET /api/identity/logout/{userName}']);

  function param(name: string, who: Restricted): string {
    const values: Record<string, string> = {
      tab: 'dashboard',
      apiName: 'dashboard',
      tabType: 'dashboard',
      type: 'dashboard',
      dashboardId: F.dash,
      chartId: F.chart,
      dataSourceId: F.source,
      id: F.source,
      projectId: F.dProject,
      relationId: F.rel,
      userName: who,
      userId: 'no-such-user',
      count: '50',
      kind: 'dash',
      showName: 'm',
      tableName: F.table,
      route: 'dashboard',
      keyId: 'no-such-key',
      robotId: 'no-such-robot',
      publicId: F.links[who],
      linkId: 'no-such-link',
    };
    if (!(name in values)) throw new Error(`no value for {${name}}: add one to the row-rule matrix spec`);
    return values[name]!;
  }

  /** The numbers of an answer: its JSON's number leaves and numeric texts (a relation node's value, a chart's sums). */
  function numbersIn(text: string): Set<number> {
    const out = new Set<number>();
    const walk = (v: unknown): void => {
      if (typeof v === 'number') out.add(v);
      else if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) out.add(Number(v));
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    try {
      walk(JSON.parse(text));
    } catch {
      // not JSON: no numbers read
    }
    return out;
  }
  /** What of the source an answer shows: region names in its text, the regions' sums and the total among its numbers. */
  function marks(text: string): string[] {
    const numbers = numbersIn(text);
    return [
      ...REGIONS.filter((r) => text.includes(r)),
      ...REGIONS.filter((r) => numbers.has(SUMS[r])).map((r) => `sum of ${r}`),
      ...(numbers.has(TOTAL) ? ['the total of all rows'] : []),
    ];
  }
  const own = (who: Restricted) => [MINE[who], `sum of ${MINE[who]}`];

  /** Each restricted caller's two credentials: their session, and an API key they made. */
  const CALLERS = (['viewer', 'analyst'] as const).flatMap((who) => [
    { who, via: 'session' as const },
    { who, via: 'API key' as const },
  ]);

  async function answerText(route: string, who: Restricted, via: 'session' | 'API key' = 'session'): Promise<{ status: number; text: string; dataSourceAuth?: boolean }> {
    const [method, template] = route.split(' ') as [string, string];
    const r = requests[route]?.(who) ?? {};
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(r.params?.[name] ?? param(name, who)));
    const res = await fetch(`${stack.url}${path}${r.query ? `?${r.query}` : ''}`, {
      method,
      headers: { authorization: r.token ?? (via === 'API key' ? keys[who] : tokens[who]), currentLanguage: 'en', 'content-type': 'application/json' },
      body: r.body === undefined ? undefined : JSON.stringify(r.body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    if ((res.headers.get('content-type') ?? '').includes('spreadsheetml')) {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
      const cells: string[] = [];
      book.eachSheet((sheet) => sheet.eachRow((row) => cells.push(JSON.stringify(row.values))));
      return { status: res.status, text: cells.join('\n') };
    }
    const text = bytes.toString('utf8');
    let dataSourceAuth: boolean | undefined;
    try {
      const data = JSON.parse(text).data;
      dataSourceAuth = data?.dataSourceAuth ?? (Array.isArray(data) ? data[0]?.data?.dataSourceAuth : undefined);
    } catch {
      // not JSON (a stream)
    }
    return { status: res.status, text, dataSourceAuth };
  }

  it('classes every route of the OpenAPI document', async () => {
    const doc = (await stack.api('/api/docs-json')).body;
    const routes: Route[] = [];
    for (const [path, ops] of Object.entries<Record<string, unknown>>(doc.paths)) for (const m of Object.keys(ops)) routes.push(`${m.toUpperCase()} ${path}` as Route);
    const unclassed = routes.filter((r) => !(AUTHORIZATION_MATRIX[r]?.[5] as RowRuleClass | undefined));
    expect(unclassed).toEqual([]);
    expect(Object.keys(AUTHORIZATION_MATRIX).filter((r) => !routes.includes(r as Route))).toEqual([]);
    // a POST route that answers rows needs its request here
    expect(Object.entries(AUTHORIZATION_MATRIX).filter(([r, line]) => line[5] !== '-' && r.startsWith('POST ') && !(r in requests)).map(([r]) => r)).toEqual([]);
  });

  it.each(Object.entries(AUTHORIZATION_MATRIX).filter(([, line]) => line[5] === 'rows').map(([route]) => route))('%s answers a restricted caller only their rows', async (route) => {
    for (const { who, via } of CALLERS) {
      const { status, text, dataSourceAuth } = await answerText(route, who, via);
      const seen = marks(text);
      const leaked = seen.filter((m) => !own(who).includes(m));
      expect({ route, who, via, leaked }).toEqual({ route, who, via, leaked: [] });
      // the check is not vacuous: the caller reads something of the source through the route (a key refused by its scopes reads nothing)
      if (status === 403 || (via === 'API key' && status === 401) || dataSourceAuth === false || (EMPTY_FOR[route] ?? []).includes(who)) continue;
      expect({ route, who, via, status, sawOwnRows: seen.length > 0 }).toEqual({ route, who, via, status, sawOwnRows: true });
    }
  });

  it.each(Object.entries(AUTHORIZATION_MATRIX).filter(([, line]) => line[5] === 'whole').map(([route]) => route))('%s is refused to a restricted caller', async (route) => {
    for (const { who, via } of CALLERS) {
      const { status, text } = await answerText(route, who, via);
      expect({ route, who, via, status: status === 401 || status === 403 ? 'refused' : status }).toEqual({ route, who, via, status: 'refused' });
      expect(marks(text)).toEqual([]);
    }
  });

  it('no other read route answers a row the caller may not see', async () => {
    const leaks: string[] = [];
    for (const [route, line] of Object.entries(AUTHORIZATION_MATRIX)) {
      if (line[5] !== '-' || !route.startsWith('GET ') || NOT_SCANNED.has(route)) continue;
      for (const { who, via } of CALLERS) {
        const { text } = await answerText(route, who, via);
        const leaked = marks(text).filter((m) => !own(who).includes(m));
        if (leaked.length) leaks.push(`${route} (${who}, ${via}): ${leaked.join(', ')}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
