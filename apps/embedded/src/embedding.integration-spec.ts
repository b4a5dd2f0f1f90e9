import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { Logger } from '@bi/core';
import { loadConfig } from '@bi/config';
import { createBffApp, signEmbedToken } from '@bi/bff';
import { analyticsDataDir, REGION_SALES_TABLE, restCalls, startTestStack, type TestStack } from './testing.js';

// Embedding tokens (issue 32, docs/api/embedding.md): HS256 only, signature, expiry and lifetime checked;
// the token's row conditions ANDed to the maker's rules on the run, the details and the export; its
// locked filters not changeable by the page; frame-ancestors on the embed pages; the start refused with
// a short or default secret.
const SECRET = 'k3Jq9vQ2mZr7Xw4Lp8Ns1Tb6Yc0Hd5Fg-embed-test';
const ORIGIN = 'http://127.0.0.1:18399';

describe('embedding', () => {
  let stack: TestStack;
  let admin: string;
  let adminId: string;
  let chartId: string;
  let dashboardId: string;
  const { call, ok } = restCalls(() => stack, () => admin);
  const now = () => Math.floor(Date.now() / 1000);
  const claims = (extra: Record<string, unknown> = {}) => ({ sub: adminId, resource: { type: 'chart', id: chartId }, iat: now(), exp: now() + 600, ...extra });
  const bearer = (token: string) => `Bearer ${token}`;
  const run = (token: string, body: unknown = {}, id = chartId) => call('POST', `/api/embed/chart/${id}`, body, bearer(token));
  const regionsOf = (answer: { data?: { option?: unknown } }) => ['East', 'West', 'North'].filter((r) => JSON.stringify(answer.data?.option ?? {}).includes(r));

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('embedding', [REGION_SALES_TABLE]);
    stack = await startTestStack({ BI_DATA_DIR: dataDir, BI_EMBED_SECRET: SECRET, BI_EMBED_ORIGINS: `${ORIGIN} not-an-origin` });
    admin = await stack.login('admin');
    adminId = (await ok('GET', '/api/identity/admin/users')).find((u: { userName: string }) => u.userName === 'admin').id;
    const folder = await ok('POST', '/api/data_source/proj', { name: 'Embed sources' });
    const sourceId = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Sales', content: 'SELECT * FROM sales' })).dataSource.dataSourceId;
    const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Embed boards' })).projectId;
    dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Embed board', projectId })).dashboardId;
    chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'Qty by region', dataSourceId: sourceId, type: 'bar' });
    const f = (name: string, dataType: string) => ({ name, title: name, dataType });
    await ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'Qty by region', type: 'bar', dataSourceId: sourceId, points: [f('region', 'string')], values: [{ ...f('qty', 'number'), aggregator: 'sum' }] });
  });
  afterAll(async () => stack?.stop());

  it('runs the chart a valid token names, as its maker', async () => {
    const r = await run(signEmbedToken(claims(), SECRET));
    expect(r.status).toBe(200);
    expect(regionsOf(r.body)).toEqual(['East', 'West', 'North']);
    // what the embed page's chart box takes: the chart as a dashboard lists it
    const resource = await call('GET', '/api/embed/resource', undefined, bearer(signEmbedToken(claims(), SECRET)));
    expect(resource.status).toBe(200);
    expect(resource.body.data.chart).toEqual(expect.objectContaining({ chartId, dashboardId, hide: false }));
    expect(typeof resource.body.data.chart.type).toBe('string');
  });

  it('refuses tampered claims, a wrong signature, alg none, other algorithms, expired or too long-lived tokens', async () => {
    const good = signEmbedToken(claims(), SECRET);
    const [h, , s] = good.split('.');
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const refused = {
      tampered: `${h}.${b64({ ...claims(), rows: [] , sub: 'someone-else' })}.${s}`,
      wrongSecret: signEmbedToken(claims(), SECRET + 'x'),
      algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`,
      algNoneSigned: signEmbedToken(claims(), SECRET, { alg: 'none', typ: 'JWT' }),
      hs512: signEmbedToken(claims(), SECRET, { alg: 'HS512', typ: 'JWT' }),
      expired: signEmbedToken(claims({ iat: now() - 7200, exp: now() - 10 }), SECRET),
      noExp: signEmbedToken({ sub: adminId, resource: { type: 'chart', id: chartId }, iat: now() }, SECRET),
      tooLong: signEmbedToken(claims({ exp: now() + 24 * 3600 + 120 }), SECRET),
      futureIat: signEmbedToken(claims({ iat: now() + 3600, exp: now() + 7200 }), SECRET),
      otherChart: signEmbedToken(claims({ resource: { type: 'chart', id: '00000000-0000-4000-8000-000000000000' } }), SECRET),
    };
    const answers: Record<string, number> = {};
    for (const [name, token] of Object.entries(refused)) answers[name] = (await run(token)).status;
    expect(answers).toEqual({ tampered: 401, wrongSecret: 401, algNone: 401, algNoneSigned: 401, hs512: 401, expired: 401, noExp: 401, tooLong: 401, futureIat: 401, otherChart: 404 });
    // a session token is no embedding token, and an embedding token is no session token
    expect((await run(admin)).status).toBe(401);
    expect((await call('GET', '/api/dashboard/projects/dashboard', undefined, bearer(good))).status).toBe(401);
    // the token never reaches the log
    expect(stack.logLines.filter((l) => l.includes(s!))).toEqual([]);
  });

  it('applies the token\'s row conditions on the run, the details and the export, and keeps locked filters locked', async () => {
    const east = signEmbedToken(claims({ rows: [{ field: 'region', compare: '=', compareValue: 'East' }] }), SECRET);
    expect(regionsOf((await run(east)).body)).toEqual(['East']);
    const details = await call('POST', `/api/embed/details/${chartId}`, { pageSize: 100 }, bearer(east));
    expect(details.status).toBe(200);
    const regionKey = details.body.data.columns.find((c: { name: string }) => c.name === 'region').key;
    expect([...new Set(details.body.data.rows.map((r: Record<string, unknown>) => r[regionKey]))]).toEqual(['East']);
    expect(details.body.data.rows).toHaveLength(10);
    const res = await fetch(`${stack.url}/api/embed/export/${chartId}`, { method: 'POST', headers: { authorization: bearer(east), 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const values: unknown[] = [];
    book.worksheets[0]!.eachRow((row, n) => n > 1 && values.push(...(row.values as unknown[]).slice(1)));
    expect(values).toContain('East');
    expect(values).not.toContain('West');
    expect(values).not.toContain('North');
    // the same user's session sees every region: the conditions are the token's, not the maker's
    expect((await call('POST', `/api/dashboard/chart/dashboard/${chartId}`, {})).body.data.option).toBeDefined();
    expect(regionsOf(await ok('POST', `/api/dashboard/chart/dashboard/${chartId}`, {}).then((data) => ({ data })))).toEqual(['East', 'West', 'North']);

    // a locked filter stays; an editable one takes the page's value; a filter the token does not offer is ignored
    const filtered = signEmbedToken(claims({ filters: { locked: [{ name: 'qty', dataType: 'number', range: [1, 20] }], editable: [{ name: 'region', dataType: 'string', range: ['West'] }] } }), SECRET);
    expect(regionsOf((await run(filtered)).body)).toEqual(['West']);
    expect(regionsOf((await run(filtered, { filters: [{ name: 'region', range: ['North'] }] })).body)).toEqual(['North']);
    const tried = await run(filtered, { filters: [{ name: 'qty', range: [1, 1000] }] });
    expect(JSON.stringify(tried.body)).toEqual(JSON.stringify((await run(filtered)).body));
  });

  it('reads the charts of the dashboard a token names, and no other', async () => {
    const board = signEmbedToken(claims({ resource: { type: 'dashboard', id: dashboardId } }), SECRET);
    const resource = await call('GET', '/api/embed/resource', undefined, bearer(board));
    expect(resource.status).toBe(200);
    expect(resource.body.data.dashboard.charts.map((c: { chartId: string }) => c.chartId)).toEqual([chartId]);
    expect((await run(board)).status).toBe(200);
    const picture = await call('POST', `/api/embed/picture/${chartId}`, { width: 400, height: 300 }, bearer(board));
    expect(picture.status).toBe(200);
    expect(String(picture.body)).toContain('<svg');
  });

  it('sends the embed pages with frame-ancestors of BI_EMBED_ORIGINS and no product shell', async () => {
    for (const path of [`/embed/chart/${chartId}`, `/embed/dashboard/${dashboardId}`, '/embed/bi-embed.js']) {
      const res = await fetch(stack.url + path, { headers: { 'accept-language': 'zh-TW,zh;q=0.9' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain(`frame-ancestors ${ORIGIN}`);
      expect(res.headers.get('content-security-policy')).not.toContain('not-an-origin');
    }
    const page = await (await fetch(`${stack.url}/embed/chart/${chartId}`, { headers: { 'accept-language': 'zh-TW' } })).text();
    expect(page).toContain('lang="zh-TW"');
    expect(page).not.toContain('id="root"');
    expect((await fetch(`${stack.url}/embed/chart/${encodeURIComponent('<x>')}`)).status).toBe(404);
  });

  it('lets an administrator see and not rotate an environment secret', async () => {
    expect(await ok('GET', '/api/identity/admin/embed-secret')).toEqual({ secret: SECRET, source: 'env' });
    expect((await call('POST', '/api/identity/admin/embed-secret/rotate', {})).status).toBe(400);
  });

  it('keeps a generated secret encrypted in identity, shared by every BFF: a rotation through one is honoured by another', async () => {
    // two more BFFs on the stack's services, without BI_EMBED_SECRET; the first has the file earlier versions kept
    const logger = new Logger('bi', 'error', { write: () => undefined });
    const fileSecret = 'Zq8vN3kLm2Xp7Rt5Wy1Bc4Hd6Fg9Js0Ae-file-secret';
    const bffs = [];
    for (const name of ['a', 'b']) {
      const dataDir = `/tmp/bi-embed-bff-${name}-${process.pid}`;
      mkdirSync(`${dataDir}/secrets`, { recursive: true });
      if (name === 'a') writeFileSync(`${dataDir}/secrets/embed-secret`, fileSecret + '\n', { mode: 0o600 });
      const app = await createBffApp({ ...stack.config, dataDir, embed: { ...stack.config.embed, secret: undefined } }, logger);
      await app.listen(0, '127.0.0.1');
      bffs.push({ app, dataDir, url: `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}` });
      // the file's secret handed to identity before the second BFF starts: a replica starting without the
      // file at the same moment could have identity generate one first (the file's then gives way to it)
      if (name === 'a') expect((await fetch(`${bffs[0]!.url}/api/identity/admin/embed-secret`, { headers: { authorization: admin } })).status).toBe(200);
    }
    try {
      const [a, b] = bffs as [(typeof bffs)[number], (typeof bffs)[number]];
      const at = async (bff: typeof a, method: string, path: string, token: string, body?: unknown) => {
        const res = await fetch(bff.url + path, { method, headers: { authorization: token, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
        return { status: res.status, body: (await res.json()) as { data: { secret: string; source: string } } };
      };
      const secretAt = async (bff: typeof a) => (await at(bff, 'GET', '/api/identity/admin/embed-secret', admin)).body.data;
      // the old file's secret became the install's, and the plaintext file is gone
      expect(await secretAt(a)).toEqual({ secret: fileSecret, source: 'file' });
      expect(existsSync(`${a.dataDir}/secrets/embed-secret`)).toBe(false);
      expect((await secretAt(b)).secret).toBe(fileSecret);
      // the identity table holds it encrypted: no plaintext, not even a part of it
      const stored = (await stack.runtime.db.query<{ secret_enc: string }>('SELECT secret_enc FROM identity.embed_secret')).rows;
      expect(stored).toHaveLength(1);
      expect(stored[0]!.secret_enc).toMatch(/^v1\./);
      expect(stored[0]!.secret_enc).not.toContain(fileSecret.slice(0, 12));
      expect(stored[0]!.secret_enc).not.toContain(Buffer.from(fileSecret).toString('base64url').slice(0, 12));

      const runAt = (bff: typeof a, token: string) => at(bff, 'POST', `/api/embed/chart/${chartId}`, bearer(token), {});
      const before = signEmbedToken(claims(), fileSecret);
      expect((await runAt(b, before)).status).toBe(200);
      // rotate through a: b signs with the new secret at once (a token it cannot check makes it read the secret again)
      const rotated = await at(a, 'POST', '/api/identity/admin/embed-secret/rotate', admin, {});
      expect(rotated.status).toBe(200);
      const next = rotated.body.data.secret;
      expect(next).not.toBe(fileSecret);
      expect(next.length).toBeGreaterThanOrEqual(32);
      expect((await runAt(b, signEmbedToken(claims(), next))).status).toBe(200);
      expect((await runAt(a, before)).status).toBe(401);
      expect((await secretAt(b)).secret).toBe(next);
      const afterRows = (await stack.runtime.db.query<{ secret_enc: string }>('SELECT secret_enc FROM identity.embed_secret')).rows;
      expect(afterRows[0]!.secret_enc).not.toContain(next.slice(0, 12));
      // audited: who rotated it, never the secret
      const audit = (await stack.runtime.db.query<{ actor_name: string; detail: unknown }>("SELECT actor_name, detail FROM identity.audit_log WHERE action = 'embed.rotate_secret'")).rows;
      expect(audit.map((r) => r.actor_name)).toEqual(['admin']);
      expect(JSON.stringify(audit)).not.toContain(next);
    } finally {
      for (const bff of bffs) await bff.app.close();
    }
  });

  it('refuses to start with a short or a known default secret', async () => {
    const logger = new Logger('bi', 'error', { write: () => undefined });
    for (const secret of ['short-secret', 'CHANGE_ME_TO_A_COMPLEX_RANDOM_SECRET', 'secretsecretsecretsecretsecretsecret']) {
      const config = loadConfig({ BI_DATA_DIR: `/tmp/bi-embed-refused-${process.pid}`, BI_EMBED_SECRET: secret });
      await expect(createBffApp(config, logger)).rejects.toThrow(/embedding secret/);
    }
  });
});
