import { API_KEY_CALLERS, API_KEY_MATRIX, AUTHORIZATION_MATRIX, CALLERS, type Caller, type Expected } from './authorization-matrix.js';
import { startReferenceProvider, type ReferenceProvider } from '@bi/erp-provider';
import { robotSink } from '@bi/delivery';
import { analyticsDataDir, startTestStack, TEST_PASSWORD, type TestStack } from './testing.js';

// The authorization matrix (issue 17): every route of the OpenAPI document, called by each caller —
// anonymous, viewer, analyst, the source's owner (an analyst who created it), admin — with a request
// that would succeed, must answer as apps/embedded/src/authorization-matrix.ts says. A route missing
// from the table, a table line for no route, or any answer that differs fails the test.

type Route = `${'GET' | 'POST' | 'PUT' | 'DELETE'} /api/${string}`;
interface Request {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  /** the caller's token for this call (logout spends one) */
  token?: string;
}

const OWNER_PASSWORD = 'owner-pass-1';

describe('authorization matrix', () => {
  let stack: TestStack;
  const tokens: Partial<Record<Caller, string>> = {};
  let n = 0;
  const unique = (p: string) => `${p} ${++n}`;
  const F = {} as {
    dsProject: string;
    dsProject2: string;
    src: string;
    srcFields: unknown[];
    dProject: string;
    dash: string;
    chart: Record<string, unknown>;
    ownerId: string;
    someUserId: string;
    upload: { id: string; table: string };
    relFolder: string;
    rel: string;
  };
  let key = 0;
  const removable = ['b', 'c', 'd', 'e'];
  // ERP report sources (issue 29) read the reference provider
  let provider: ReferenceProvider;
  const erpAccount = { ip: '127.0.0.1', port: 18852, userName: 'matrix-erp', identity: 'matrix-erp-secret' };
  const erpPayload = () => ({ name: unique('Erp').slice(0, 20), programId: 'inventory.balance', conditionProjectId: 'all', dateConditionField: null, account: erpAccount, projectId: F.dsProject, status: 'create' });
  /** An ERP report source created by the owner (recorded as its creator). */
  async function freshErp(): Promise<string> {
    const s = await ok('POST', '/api/data_source/matrix', erpPayload());
    await stack.runtime.db.query('UPDATE data_source.sources SET created_by = $1 WHERE id = $2', [F.ownerId, s.dataSourceId]);
    return s.dataSourceId;
  }

  /** An indicator import of one target (dataType 1 on the request's account, 5 on the primary account: the reference provider). */
  const indicatorPayload = (dataType: 1 | 5) => ({ targets: ['all.revenue'], name: unique('Ind').slice(0, 20), period: 0, periodDimension: 1, compare: 0, account: dataType === 1 ? erpAccount : undefined, projectId: F.dsProject, dataType });

  // chat robots (issue 30): a DingTalk robot's sink, the one other port the product may post to
  let sink: Awaited<ReturnType<typeof robotSink>>;
  const freshRobot = async () => (await ok('POST', '/api/robots', { name: unique('Robot'), vendor: 'dingtalk', webhookUrl: sink.url })).id as string;
  let sharedRobot: Promise<string> | undefined;

  beforeAll(async () => {
    sink = await robotSink('dingtalk', '');
    const dataDir = await analyticsDataDir('matrix', ["CREATE TABLE sales AS SELECT ['East', 'West', 'North'][1 + (i % 3)] AS region, i AS qty FROM range(1, 31) t(i)"]);
    provider = await startReferenceProvider({ port: erpAccount.port, user: erpAccount.userName, password: erpAccount.identity, dataset: { days: 30 } });
    stack = await startTestStack({ BI_DATA_DIR: dataDir, BI_MODULES: 'sql,mysql,oracle,excel,e10report', BI_OUTBOUND_ALLOW: `127.0.0.1:${erpAccount.port} ${new URL(sink.url).host}` });
    tokens.admin = await stack.login('admin');
    tokens.viewer = await stack.login('viewer');
    tokens.analyst = await stack.login('analyst');
    F.ownerId = (await ok('POST', '/api/identity/admin/users', { userName: 'owner', password: 'first-pass-1', roleIds: ['analyst'] })).id;
    const first = await stack.api('/api/identity/login', { method: 'POST', body: { userName: 'owner', password: 'first-pass-1' } });
    await ok('POST', '/api/identity/password', { oldPassword: 'first-pass-1', newPassword: OWNER_PASSWORD }, first.body.data.token.result.token);
    tokens.owner = await stack.login('owner', OWNER_PASSWORD);
    F.someUserId = (await ok('POST', '/api/identity/admin/users', { userName: 'someone', password: 'some-pass-1', roleIds: ['viewer'] })).id;
    F.dsProject = (await ok('POST', '/api/data_source/proj', { name: 'Matrix sources' })).projectId;
    F.dsProject2 = (await ok('POST', '/api/data_source/proj', { name: 'Matrix other' })).projectId;
    F.src = await freshSource();
    F.srcFields = (await ok('GET', `/api/data_source/datasourceById/${F.src}`)).fields;
    F.dProject = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Matrix boards' })).projectId;
    F.dash = (await ok('POST', '/api/dashboard/dashboard', { name: 'Matrix board', projectId: F.dProject })).dashboardId;
    F.chart = await freshChart();
    F.upload = await uploadedSource();
    F.relFolder = (await ok('POST', '/api/relation/proj/dashboard', { name: 'Matrix maps' })).projectId;
    F.rel = await freshMap();
    // the first account: the primary, which cannot be deleted; the reference provider (the second indicator provider's calls read it)
    await ok('POST', '/api/e10account/edit', { name: 'Matrix primary', ...erpAccount });
  });
  afterAll(async () => {
    await stack?.stop();
    await provider?.close();
    await sink?.close();
  });

  async function ok(method: string, path: string, body?: unknown, token = tokens.admin) {
    const r = await stack.api(path, { method, body, token, headers: { currentLanguage: 'en' } });
    if (r.body?.status !== 'success') throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  }
  /** A source on the analytics store created by the owner (recorded as its creator; only admins may write type 8 SQL). */
  async function freshSource(): Promise<string> {
    const s = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: F.dsProject, name: unique('Src').slice(0, 20), content: 'SELECT * FROM sales' })).dataSource;
    await stack.runtime.db.query('UPDATE data_source.sources SET created_by = $1 WHERE id = $2', [F.ownerId, s.dataSourceId]);
    return s.dataSourceId;
  }
  async function freshChart(dashboardId = F.dash): Promise<Record<string, unknown>> {
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'Qty', dataSourceId: F.src, type: 'bar' });
    const f = (name: string, dataType: string) => ({ name, title: name, dataType });
    return ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'Qty', type: 'bar', dataSourceId: F.src, points: [f('region', 'string')], values: [f('qty', 'number')] });
  }
  /** An uploaded CSV source (rows with key_id 1..20, number columns a..e) created by the owner. */
  async function uploadedSource(): Promise<{ id: string; table: string }> {
    const form = new FormData();
    const csv = 'a,b,c,d,e\n' + Array.from({ length: 20 }, (_, i) => `${i},${i},${i},${i},${i}`).join('\n') + '\n';
    form.append('file', new Blob([csv]), 'matrix.csv');
    const res = await fetch(`${stack.url}/api/excel_upload/upload/create`, { method: 'POST', body: form, headers: { authorization: tokens.admin!, currentLanguage: 'en' } });
    const up = (await res.json()).data;
    const columns = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, type: 'number' }));
    const ds = (await ok('POST', '/api/excel_upload/import/create', { uploadId: up.uploadId, sheet: up.sheets[0].name, projectId: F.dsProject, tableName: 'Matrix upload', columns })).dataSource;
    await stack.runtime.db.query('UPDATE data_source.sources SET created_by = $1 WHERE id = $2', [F.ownerId, ds.dataSourceId]);
    return { id: ds.dataSourceId, table: ds.tableName };
  }
  /** An ERP account (a public host name: the outbound policy refuses internal ones); not the primary after the first. */
  async function freshErpAccount(): Promise<string> {
    const name = unique('ERP');
    const list = await ok('POST', '/api/e10account/edit', { name, ip: 'erp.example.com', port: 8080, userName: 'u', identity: 'p' });
    return list.find((a: { name: string }) => a.name === name).id;
  }
  /** A joined table (issue 20) of the owner's uploaded source with itself; the input is visible to owner and admin only. */
  const joinBody = (name: string) => ({
    name,
    nodeDataArray: [
      { dataSourceId: F.upload.id, showName: 'm', fields: [{ name: 'a', title: 'A', check: true }] },
      { dataSourceId: F.upload.id, showName: 'm(1)', fields: [{ name: 'a', title: 'A2', check: true }] },
    ],
    links: [{ from: 'm', to: 'm(1)', joinType: 'left', joinFields: [{ fromField: { name: 'a' }, toField: { name: 'a' } }] }],
  });
  async function freshJoin(): Promise<string> {
    const j = await ok('POST', `/api/data_source/join_table_add/${F.dsProject}`, joinBody(unique('Join').slice(0, 20)));
    await stack.runtime.db.query('UPDATE data_source.sources SET created_by = $1 WHERE id = $2', [F.ownerId, j.dataSourceId]);
    return j.dataSourceId;
  }
  /** A relation map created by the owner (shared with no one). */
  const freshMap = async () => (await ok('POST', '/api/relation/create/dashboard', { projectId: F.relFolder, name: unique('Map') }, tokens.owner)).relationId as string;
  const freshRelFolder = async () => (await ok('POST', '/api/relation/proj/dashboard', { name: unique('Maps') })).projectId as string;
  const freshDashboard = async () => (await ok('POST', '/api/dashboard/dashboard', { name: unique('Board'), projectId: F.dProject })).dashboardId as string;
  /** A template (issue 18) published by admin from the fixture dashboard to the viewer and analyst roles, once; the callers sign in again to hold the new grant. */
  let matrixTemplate: Promise<{ dashboardId: string; projectId: string }> | undefined;
  const publishedTemplate = () =>
    (matrixTemplate ??= (async () => {
      await ok('POST', `/api/template/publish/dash/${F.dash}/Matrix%20template/Matrix%20templates`, { roleIds: ['viewer', 'analyst'], userIds: [] });
      const t = (await ok('GET', '/api/template/templates')).find((x: { originId: string }) => x.originId === F.dash);
      return { dashboardId: t.dashboardIds[0], projectId: t.projectId };
    })());
  const templateCall = async (c: Caller, params: (t: { dashboardId: string; projectId: string }) => Record<string, string>, body?: unknown): Promise<Request> => ({
    params: params(await publishedTemplate()),
    body,
    token: c === 'anonymous' ? undefined : await stack.login(c, c === 'owner' ? OWNER_PASSWORD : TEST_PASSWORD),
  });
  const freshUser = async () => (await ok('POST', '/api/identity/admin/users', { userName: `u${++n}`, password: 'some-pass-1', roleIds: [] })).id as string;

  /** What each route is called with, where the defaults (shared fixtures, no body) would not succeed or would spend a fixture. */
  const requests: Partial<Record<Route, (caller: Caller) => Promise<Request>>> = {
    'POST /api/template/publish/{kind}/{id}/{name}/{extra}': async () => ({ params: { kind: 'dash', id: await freshDashboard(), name: unique('Tpl'), extra: 'Matrix published' }, body: { roleIds: [], userIds: [] } }),
    'GET /api/template/info/{dashboardId}': (c) => templateCall(c, (t) => ({ dashboardId: t.dashboardId })),
    'GET /api/template/sources/{kind}/{id}': (c) => templateCall(c, (t) => ({ kind: 'dash', id: t.dashboardId })),
    // the template's source stays the publisher's (the fixture source): only who may read it can copy without a remap
    'POST /api/template/copy/{dashboardId}': (c) => templateCall(c, (t) => ({ dashboardId: t.dashboardId }), { projectId: F.dProject, name: unique('Tcopy'), sources: [] }),
    'POST /api/template/projCopy/{projectId}': (c) => templateCall(c, (t) => ({ projectId: t.projectId }), { name: unique('Tcopy'), sources: [] }),
    'GET /api/template/export/{kind}/{id}': (c) => templateCall(c, (t) => ({ kind: 'dash', id: t.dashboardId })),
    'POST /api/template/import/sources': async () => ({ body: { file: await ok('GET', `/api/template/export/dash/${(await publishedTemplate()).dashboardId}`) } }),
    // the file's one source mapped to the fixture source: only who may read it can import
    'POST /api/template/import': async () => ({ body: { file: await ok('GET', `/api/template/export/dash/${(await publishedTemplate()).dashboardId}`), projectId: F.dProject, name: unique('Timport'), sources: [{ from: 's1', to: F.src }] } }),
    'POST /api/identity/login': async () => ({ body: { userName: 'viewer', password: TEST_PASSWORD } }),
    // API keys (issue 32): a key of the caller's own (an admin's for anonymous); the admin routes revoke an admin's key
    'POST /api/identity/api-keys': async () => ({ body: { name: unique('Key'), scopes: ['read'] } }),
    'DELETE /api/identity/api-keys/{keyId}': async (c) => ({ params: { keyId: (await ok('POST', '/api/identity/api-keys', { name: unique('Key'), scopes: ['read'] }, tokens[c] ?? tokens.admin)).key.id } }),
    'DELETE /api/identity/admin/api-keys/{keyId}': async () => ({ params: { keyId: (await ok('POST', '/api/identity/api-keys', { name: unique('Key'), scopes: ['read'] })).key.id } }),
    'GET /api/identity/logout/{userName}': async (c) => ({ params: { userName: c === 'anonymous' ? 'admin' : c }, token: c === 'anonymous' ? undefined : await stack.login(c, c === 'owner' ? OWNER_PASSWORD : TEST_PASSWORD) }),
    // a wrong current password: the route is reached, nothing changes
    'POST /api/identity/password': async () => ({ body: { oldPassword: 'not-the-password', newPassword: 'new-pass-123' } }),
    'PUT /api/identity/language': async () => ({ body: { language: 'en' } }),
    'POST /api/identity/admin/users': async () => ({ body: { userName: `new${++n}`, password: 'some-pass-1', roleIds: ['viewer'] } }),
    'PUT /api/identity/admin/users/{userId}/disabled': async () => ({ params: { userId: await freshUser() }, body: { disabled: true } }),
    'POST /api/identity/admin/users/{userId}/password': async () => ({ params: { userId: await freshUser() }, body: { password: 'other-pass-1' } }),
    'PUT /api/identity/admin/users/{userId}/roles': async () => ({ params: { userId: await freshUser() }, body: { roleIds: ['viewer'] } }),
    'GET /api/identity/admin/grants': async () => ({ query: `target=datasource:${F.src}` }),
    'POST /api/data_source/proj': async () => ({ body: { name: unique('Folder') } }),
    'PUT /api/data_source/project/{projectId}': async () => ({ params: { projectId: (await ok('POST', '/api/data_source/proj', { name: unique('Folder') })).projectId }, body: { name: unique('Renamed') } }),
    'POST /api/data_source/sort/{projectId}': async () => ({ params: { projectId: F.dsProject2 }, query: 'order=7' }),
    'DELETE /api/data_source/proj/{projectId}': async () => ({ params: { projectId: (await ok('POST', '/api/data_source/proj', { name: unique('Folder') })).projectId } }),
    'PUT /api/data_source/batch-edit-datasource/{projectId}': async () => ({ params: { projectId: F.dsProject }, body: { projectId: F.dsProject2, dataSourceIds: [await freshSource()] } }),
    'PUT /api/data_source/updateSchema/{dataSourceId}': async () => ({ body: { fields: F.srcFields } }),
    'PUT /api/data_source/row_rules/{dataSourceId}': async () => ({ body: { denyByDefault: false, rules: [] } }),
    'PUT /api/data_source/rollups/{dataSourceId}': async () => ({ body: { enabled: true } }),
    'POST /api/data_source/source': async () => ({ body: { type: 8 } }),
    'POST /api/data_source/sql': async () => ({ body: { type: 8, projectId: F.dsProject, name: unique('Made').slice(0, 20), content: 'SELECT * FROM sales' } }),
    'PUT /api/data_source/update': async () => ({ body: { dataSourceId: F.src, description: 'described' } }),
    'DELETE /api/data_source/{dataSourceId}': async () => ({ params: { dataSourceId: await freshSource() } }),
    // a fresh source with a chart on it, moved to the fixture source (the owner's): who may read both and write the tab
    'POST /api/data_source/repoint/{dataSourceId}': async () => {
      const dataSourceId = await freshSource();
      await ok('POST', `/api/chart-edit/dashboard/${F.dash}`, { title: 'Qty', dataSourceId, type: 'bar' });
      return { params: { dataSourceId }, body: { to: F.src } };
    },
    'POST /api/data_source/publish/{dataSourceId}': async () => ({ params: { dataSourceId: await freshSource() }, body: { roleIds: [], userIds: [] } }),
    'POST /api/data_source/batch_publish': async () => ({ body: { dataSourceIds: [await freshSource()], roleIds: ['analyst'], userIds: [], publishType: 'add', projectId: F.dsProject } }),
    // each allowed call removes another column of the uploaded source
    'POST /api/excel_upload/Remove_field': async (c) => ({ body: { dataSourceId: F.upload.id, name: c === 'owner' || c === 'admin' ? removable.shift()! : 'a' } }),
    'GET /api/data_source/join_table/{id}': async () => ({ params: { id: await freshJoin() } }),
    'POST /api/data_source/e10_grid_report_list': async () => ({ body: { account: erpAccount } }),
    'POST /api/data_source/{hash}/{programId}': async () => ({ params: { hash: 'matrix', programId: 'inventory.balance' }, body: { account: erpAccount } }),
    'POST /api/data_source/preview_e10_report_data': async () => ({ body: erpPayload() }),
    'POST /api/data_source/{hash}': async () => ({ params: { hash: 'matrix' }, body: erpPayload() }),
    'GET /api/data_source/e10_report_url': async () => ({ query: `dataSourceId=${await freshErp()}` }),
    'GET /api/data_source/e10_projs/{id}': async () => ({ params: { id: await freshErp() } }),
    'POST /api/data_source/update_e10_projs': async () => ({ body: { ...erpPayload(), status: 'edit', dataSourceId: await freshErp() } }),
    'POST /api/data_source/issue_trees': async () => ({ body: { account: erpAccount, parent: 'company' } }),
    'GET /api/data_source/yifei_issue_trees': async () => ({ query: 'parent=company' }),
    'POST /api/data_source/import_indicators': async () => ({ body: indicatorPayload(1) }),
    'POST /api/data_source/yifei_import_indicators': async () => ({ body: indicatorPayload(5) }),
    'POST /api/data_source/merge': async () => ({ body: { ...indicatorPayload(1), targets: ['all.revenue', 'all.cost'] } }),
    'GET /api/data_source/join_table_fields/{showName}/{dataSourceId}': async () => ({ params: { showName: 'm', dataSourceId: F.upload.id } }),
    'POST /api/data_source/join_table_preview': async () => ({ body: joinBody('') }),
    'POST /api/data_source/join_table_add/{project}': async () => ({ params: { project: F.dsProject }, body: joinBody(unique('Join').slice(0, 20)) }),
    'POST /api/data_source/join_table_update': async () => ({ body: { ...joinBody(unique('Join').slice(0, 20)), dataSourceId: await freshJoin() } }),
    'DELETE /api/data_source/deleteExcelData/{tableName}/{keyIds}': async () => ({ params: { tableName: F.upload.table, keyIds: String(++key) } }),
    // no keys: the route's own refusal (400 'No excel data to delete') once the caller may change the source
    'DELETE /api/data_source/deleteExcelData/{tableName}': async () => ({ params: { tableName: F.upload.table } }),
    'GET /api/chart-edit/charts/{type}': async () => ({ params: { type: 'all' } }),
    'POST /api/e10account/edit': async () => ({ body: { name: unique('ERP'), ip: 'erp.example.com', port: 8080, userName: 'u', identity: 'p' } }),
    'DELETE /api/e10account/delete/{id}': async () => ({ params: { id: await freshErpAccount() } }),
    'POST /api/excel_upload/import/{action}': async () => ({ body: { uploadId: 'none', sheet: 'Sheet1', projectId: F.dsProject, tableName: 'x', columns: [] } }),
    'POST /api/dashboard/project/{tab}': async () => ({ body: { name: unique('Folder') } }),
    'PUT /api/dashboard/project/{tab}/{projectId}': async () => ({ params: { projectId: (await ok('POST', '/api/dashboard/project/dashboard', { name: unique('Folder') })).projectId }, body: { name: unique('Renamed') } }),
    // a folder / dashboard holding a chart on the owner's source: deleting it deletes that chart (the chart delete's check)
    'DELETE /api/dashboard/project/{tab}/{projectId}': async () => {
      const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: unique('Folder') })).projectId as string;
      await freshChart((await ok('POST', '/api/dashboard/dashboard', { name: unique('Board'), projectId })).dashboardId as string);
      return { params: { projectId } };
    },
    'PUT /api/dashboard/move-dashboard/{tab}/{dashboardId}': async () => ({ params: { dashboardId: await freshDashboard() }, body: { projectId: F.dProject } }),
    'POST /api/dashboard/copy/{tab}/{dashboardId}': async () => ({ body: { name: unique('Copy'), projectId: F.dProject } }),
    'POST /api/dashboard/copy_chart/{tab}/{chartId}': async () => ({ body: { dashboardId: F.dash } }),
    'PUT /api/dashboard/linkage/{tab}/{chartId}': async () => ({ body: { targets: [] } }),
    'POST /api/global_filter/{tab}/{dashboardId}': async () => ({ body: [] }),
    'POST /api/global_filter/range/{tab}/{dashboardId}': async () => ({ body: { dataSourceId: F.src, name: 'region' } }),
    'POST /api/dashboard/sort/{tab}/{id}': async () => ({ params: { id: await freshDashboard() }, query: 'order=5' }),
    // nobody has a message with this id: the signed-in reach the route and get 404
    'PUT /api/warnmessage/readmessage/{id}': async () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }),
    // report subscriptions: one of the admin's; another caller reaches the route and finds no subscription of theirs (404)
    'POST /api/subscription': async () => ({ body: subscriptionBody() }),
    'POST /api/subscription/preview': async () => ({ body: subscriptionBody() }),
    'PUT /api/subscription/{id}': async () => ({ params: { id: await freshSubscription() }, body: subscriptionBody() }),
    'DELETE /api/subscription/{id}': async () => ({ params: { id: await freshSubscription() } }),
    'GET /api/subscription/{id}/runs': async () => ({ params: { id: await freshSubscription() } }),
    'POST /api/subscription/{id}/send': async () => ({ params: { id: await freshSubscription() } }),
    // a stream that ends at once (timeout=0) after its ready event
    'GET /api/warnmessage/stream': async () => ({ query: 'timeout=0' }),
    'GET /api/live': async () => ({ query: 'timeout=0' }),
    'PUT /api/dashboard/aspect_changed/{apiName}/{dashboardId}': async () => ({ params: { dashboardId: await freshDashboard() }, body: [] }),
    'POST /api/dashboard/hide_setting/{tab}': async () => ({ body: [{ chartId: F.chart.chartId, hide: false }] }),
    'DELETE /api/dashboard/chart/{tab}/{chartId}': async () => ({ params: { chartId: (await freshChart()).chartId as string } }),
    'POST /api/dashboard/{tab}': async () => ({ body: { name: unique('Board'), projectId: F.dProject } }),
    'PUT /api/dashboard/{tab}/{dashboardId}': async () => ({ params: { dashboardId: await freshDashboard() }, body: { name: unique('Renamed') } }),
    'DELETE /api/dashboard/{tab}/{dashboardId}': async () => {
      const dashboardId = await freshDashboard();
      await freshChart(dashboardId);
      return { params: { dashboardId } };
    },
    'POST /api/dashboard/charts/{tab}': async () => ({ body: { charts: [{ chartId: F.chart.chartId }] } }),
    'POST /api/dashboard/first_screen/{tab}/{dashboardId}': async () => ({ body: { height: 900 } }),
    'POST /api/dashboard/detail/{tab}/{chartId}': async () => ({ query: 'filterKey=East', body: { logic: 0, filterItems: [] } }),
    'POST /api/dashboard/export_details/{tab}/{chartId}': async () => ({ query: 'filterKey=East', body: {} }),
    'POST /api/field/inner_range': async () => ({ body: { tab: 'dashboard', chartId: F.chart.chartId, name: 'region' } }),
    'POST /api/chart-edit/{tab}/{dashboardId}': async () => ({ body: { title: 'New', dataSourceId: F.src, type: 'bar' } }),
    'PUT /api/chart-edit/{tab}': async () => ({ body: await freshChart() }),
    'POST /api/relation/proj/{tabType}': async () => ({ body: { name: unique('Maps') } }),
    'PUT /api/relation/project/{tabType}/{projectId}': async () => ({ params: { projectId: await freshRelFolder() }, body: { name: unique('Renamed') } }),
    'DELETE /api/relation/proj/{tabType}/{projectId}': async () => ({ params: { projectId: await freshRelFolder() } }),
    'POST /api/relation/create/{tabType}': async () => ({ body: { projectId: F.relFolder, name: unique('Map') } }),
    'POST /api/relation/generate/{tabType}/{dashboardId}': async () => ({ body: { projectId: F.relFolder, name: unique('Map') } }),
    'POST /api/relation/relation-option/{tabType}/{chartId}': async () => ({ body: { relationId: F.rel } }),
    'POST /api/relation/change': async () => ({ body: (await ok('GET', `/api/relation/treedata/${F.rel}`)).nodes }),
    'DELETE /api/relation/delete/{relationId}': async () => ({ params: { relationId: await freshMap() } }),
    'POST /api/relation/relation-rename': async () => ({ body: { relationId: F.rel, tabType: 'dashboard', name: unique('Map') } }),
    'POST /api/relation/publish/{relationId}/{name}': async () => ({ params: { name: 'map' }, body: { roleIds: [], userIds: [] } }),
    'PUT /api/chart-edit/change-custom-option/{tab}': async () => ({ body: { chartId: (await freshChart()).chartId, customOption: '' } }),
    'PUT /api/chart-edit/warn/{tab}': async () => ({ body: { chartId: (await freshChart()).chartId, warnConfigData: { warnItemsYList: [], warnItemsYOptionalList: [] } } }),
    'POST /api/chart-edit/change/{tab}/{dataSourceId}': async () => ({ body: await freshChart() }),
    'PUT /api/chart-edit/batch-edit-datasource/{tab}/{projectId}': async () => {
      const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: unique('Folder') })).projectId;
      const dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: unique('Board'), projectId })).dashboardId;
      await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'Qty', dataSourceId: F.src, type: 'bar' });
      return { params: { projectId }, body: { dataSourceId: F.src, projectId: F.dsProject } };
    },
    'POST /api/robots': async () => ({ body: { name: unique('Robot'), vendor: 'dingtalk', webhookUrl: sink.url } }),
    'PUT /api/robots/{robotId}': async () => ({ params: { robotId: await freshRobot() }, body: { name: unique('Robot'), vendor: 'dingtalk' } }),
    'DELETE /api/robots/{robotId}': async () => ({ params: { robotId: await freshRobot() } }),
    'POST /api/dashboard/wechart/{tab}/{chartId}': async () => ({ body: { robotId: await (sharedRobot ??= freshRobot()), remark: 'matrix' } }),
    'GET /api/dashboard/datasource/projects/{route}/{projectId}': async () => ({ params: { route: 'dashboard', projectId: F.dProject } }),
    // public links (issue 32): the caller's own link (an admin's for anonymous); the reader's routes a fresh admin's link each
    'POST /api/links': async () => ({ body: { dashboardId: F.dash } }),
    'POST /api/links/{linkId}/rotate': async (c) => ({ params: { linkId: (await freshLink({}, tokens[c])).id } }),
    'DELETE /api/links/{linkId}': async (c) => ({ params: { linkId: (await freshLink({}, tokens[c])).id } }),
    'GET /api/public/links/{publicId}': async () => ({ params: { publicId: (await freshLink()).publicId } }),
    'POST /api/public/links/{publicId}/unlock': async () => ({ params: { publicId: (await freshLink({ password: 'matrix-link-1' })).publicId }, body: { password: 'matrix-link-1' } }),
    'POST /api/public/links/{publicId}/chart/{chartId}': async () => ({ params: { publicId: (await freshLink()).publicId }, body: {} }),
    'POST /api/public/links/{publicId}/charts': async () => ({ params: { publicId: (await freshLink()).publicId }, body: { charts: [{ chartId: F.chart.chartId }] } }),
    'POST /api/public/links/{publicId}/details/{chartId}': async () => ({ params: { publicId: (await freshLink()).publicId }, body: { pageSize: 10 } }),
    'POST /api/public/links/{publicId}/export/{chartId}': async () => ({ params: { publicId: (await freshLink()).publicId }, body: {} }),
    'POST /api/public/links/{publicId}/range': async () => ({ params: { publicId: (await freshLink()).publicId }, body: { dataSourceId: F.src, name: 'region' } }),
    // issue 33: the fixture chart's history (its first revision); a chart deleted by the admin for the trash
    'GET /api/revisions/{kind}/{id}': async () => ({ params: { kind: 'chart', id: F.chart.chartId as string } }),
    'GET /api/revisions/{kind}/{id}/{rev}/diff': async () => ({ params: { kind: 'chart', id: F.chart.chartId as string, rev: '1' } }),
    'POST /api/revisions/{kind}/{id}/{rev}/restore': async () => ({ params: { kind: 'chart', id: F.chart.chartId as string, rev: '1' } }),
    'POST /api/trash/{kind}/{id}/restore': async () => {
      const id = (await freshChart()).chartId as string;
      await ok('DELETE', `/api/dashboard/chart/dashboard/${id}`);
      return { params: { kind: 'chart', id } };
    },
  };
  /** A public link on the fixture dashboard with every read path, made by the token's user (admin by default). */
  const freshLink = async (extra: Record<string, unknown> = {}, token = tokens.admin) =>
    (await ok('POST', '/api/links', { dashboardId: F.dash, allowDetails: true, allowExport: true, filtersEditable: true, ...extra }, token ?? tokens.admin)) as { id: string; publicId: string };

  const subscriptionBody = () => ({ name: unique('Report'), dashboardId: F.dash, schedule: { frequency: 'daily', hour: 9 }, recipients: [{ kind: 'user', userId: F.someUserId }], formats: ['csv'] });
  const freshSubscription = async () => (await ok('POST', '/api/subscription', subscriptionBody())).id as string;

  /** Path values when the route names no fresh object. */
  function param(name: string, path: string, caller: Caller): string {
    const dataSourceArea = path.startsWith('/api/data_source/') || path.startsWith('/api/excel_upload/');
    const values: Record<string, string> = {
      tab: 'dashboard',
      apiName: 'dashboard',
      dashboardId: F.dash,
      chartId: F.chart.chartId as string,
      dataSourceId: F.src,
      projectId: dataSourceArea ? F.dsProject : F.dProject,
      userName: caller === 'anonymous' ? 'admin' : caller,
      userId: F.someUserId,
      count: '10',
      type: 'dashboard',
      action: 'create',
      tableName: 'sales',
      keyIds: '1',
      tabType: 'dashboard',
      relationId: F.rel,
    };
    if (!(name in values)) throw new Error(`no value for {${name}} in ${path}`);
    return values[name]!;
  }

  /** How an answer reads in the table. */
  function verdict(status: number, body: any): Expected {
    if (status === 401 || status === 403) return 'deny';
    if (status >= 200 && status < 300) {
      const data = body?.data;
      if (data?.dataSourceAuth === false || (Array.isArray(data) && data[0]?.data?.dataSourceAuth === false)) return 'nodata';
      if (Array.isArray(data) && data.length && typeof data[0]?.failedMessage === 'string') return 'failed';
      return 'allow';
    }
    return status;
  }

  it('answers every route of the OpenAPI document for every caller as the table says', async () => {
    const doc = (await stack.api('/api/docs-json')).body;
    const routes: Route[] = [];
    for (const [path, ops] of Object.entries<Record<string, unknown>>(doc.paths)) for (const m of Object.keys(ops)) routes.push(`${m.toUpperCase()} ${path}` as Route);
    expect(routes.length).toBeGreaterThan(60);
    expect(Object.keys(AUTHORIZATION_MATRIX).filter((r) => !routes.includes(r as Route))).toEqual([]);

    const actual: Record<string, Expected[]> = {};
    const differences: string[] = [];
    for (const route of routes.sort()) {
      const [method, template] = route.split(' ') as [string, string];
      const row: Expected[] = [];
      for (const caller of CALLERS) {
        const r = (await requests[route]?.(caller)) ?? {};
        const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(r.params?.[name] ?? param(name, template, caller)));
        const token = caller === 'anonymous' ? undefined : (r.token ?? tokens[caller]);
        const res = await stack.api(path + (r.query ? `?${r.query}` : ''), { method, body: r.body, token, headers: { currentLanguage: 'en' } });
        row.push(verdict(res.status, res.body));
      }
      actual[route] = row;
      const expected = AUTHORIZATION_MATRIX[route]?.slice(0, CALLERS.length);
      if (!expected) differences.push(`missing from the table: '${route}': ${JSON.stringify(row)}`);
      else if (JSON.stringify(expected) !== JSON.stringify(row)) differences.push(`'${route}': expected ${JSON.stringify(expected)}, answered ${JSON.stringify(row)}`);
    }
    expect(differences).toEqual([]);
    // the table is not vacuous: each caller is refused somewhere, and admin is refused nothing it may do
    for (const [i, caller] of CALLERS.entries()) if (caller !== 'admin') expect(Object.values(actual).some((row) => row[i] === 'deny')).toBe(true);
  });

  it('answers every route to an API key of each scope as the API-key table says', async () => {
    // the routes that take no credential (health, sign-in, a public link's reader) are no key's
    const routes = Object.keys(AUTHORIZATION_MATRIX).filter((r) => !r.startsWith('GET /api/health') && r !== 'POST /api/identity/login' && !r.includes(' /api/public/')) as Route[];
    expect(Object.keys(API_KEY_MATRIX).sort()).toEqual([...routes].sort());
    // the keys: the owner's (an analyst) for the first three scopes, an administrator's for admin
    const secrets: Record<string, string> = {};
    for (const scope of API_KEY_CALLERS) {
      const maker = scope === 'admin' ? tokens.admin : tokens.owner;
      secrets[scope] = (await ok('POST', '/api/identity/api-keys', { name: `Matrix ${scope}`, scopes: [scope] }, maker)).secret;
    }
    const differences: string[] = [];
    for (const route of routes.sort()) {
      const [method, template] = route.split(' ') as [string, string];
      const line = API_KEY_MATRIX[route]!;
      const expected = line.slice(0, API_KEY_CALLERS.length);
      const needs = line[API_KEY_CALLERS.length];
      const row: Expected[] = [];
      for (const scope of API_KEY_CALLERS) {
        const caller: Caller = scope === 'admin' ? 'admin' : 'owner';
        // a call out of the key's scope is refused before the route runs: no fresh objects for it
        const inScope = needs !== 'none' && (needs === scope || scope === 'admin');
        const r = inScope ? ((await requests[route]?.(caller)) ?? {}) : {};
        const value = (name: string) => r.params?.[name] ?? (inScope ? param(name, template, caller) : '00000000-0000-4000-8000-000000000000');
        const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(value(name)));
        const res = await stack.api(path + (r.query ? `?${r.query}` : ''), { method, body: r.body, token: `Bearer ${secrets[scope]}`, headers: { currentLanguage: 'en' } });
        row.push(verdict(res.status, res.body));
      }
      if (JSON.stringify(expected) !== JSON.stringify(row)) differences.push(`'${route}': expected ${JSON.stringify(expected)}, answered ${JSON.stringify(row)}`);
    }
    expect(differences).toEqual([]);
    // out of scope is always refused
    for (const [route, line] of Object.entries(API_KEY_MATRIX)) for (const [i, scope] of API_KEY_CALLERS.entries()) if (line[4] !== scope && scope !== 'admin') expect([route, scope, line[i]]).toEqual([route, scope, 'deny']);
    // the secrets never reach the log
    for (const secret of Object.values(secrets)) expect(stack.logLines.filter((l) => l.includes(secret))).toEqual([]);
  });
});
