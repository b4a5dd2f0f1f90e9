import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { cartesianPairs } from '@bi/charts';
import { freePortBlock } from '@bi/core';
import { asBusMessage, encodeDataChanged, KafkaEventBus } from '@bi/messaging';
import { PostgresDatabase } from '@bi/persistence';
import { startDistributed, type DistributedCluster } from './distributed.js';

const servers = { db: process.env.TEST_DATABASE_URL, redis: process.env.TEST_REDIS_URL, kafka: process.env.TEST_KAFKA_BROKERS };
const ready = servers.db && servers.redis && servers.kafka;
if (!ready) console.warn('distributed e2e: needs TEST_DATABASE_URL, TEST_REDIS_URL and TEST_KAFKA_BROKERS (npm run test:services); skipped');
const maybe = ready ? describe : describe.skip;

// One process per service on real PostgreSQL, Redis and Kafka, two chart-query replicas.
maybe('distributed mode end to end', () => {
  let cluster: DistributedCluster;
  let admin: PostgresDatabase;
  const dbName = `bi_dist_${randomBytes(4).toString('hex')}`;
  const password = 'distributed-pass-1';

  beforeAll(async () => {
    admin = new PostgresDatabase(servers.db!, 1);
    await admin.exec(`CREATE DATABASE ${dbName}`);
    const url = new URL(servers.db!);
    url.pathname = `/${dbName}`;
    const base = await freePortBlock(21);
    cluster = await startDistributed({
      port: base + 19,
      grpcBasePort: base,
      chartQueryReplicas: 2,
      extraBffs: 1,
      env: {
        DATABASE_URL: url.toString(),
        REDIS_URL: servers.redis,
        KAFKA_BROKERS: servers.kafka,
        BI_ADMIN_PASSWORD: password,
        BI_JWT_SECRET: randomBytes(32).toString('hex'),
        BI_DATA_DIR: mkdtempSync(join(tmpdir(), 'bi-dist-')),
        BI_DEMO: 'false',
        BI_LOGIN_MAX_ATTEMPTS_PER_IP: '10000',
        BI_LOG_LEVEL: 'warn',
      },
    });
  });

  afterAll(async () => {
    await cluster?.stop();
    await admin?.exec(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin?.close();
  });

  const api = async (path: string, init: { method?: string; body?: unknown; token?: string; bff?: number } = {}) => {
    const res = await fetch(cluster.bffUrls[init.bff ?? 0] + path, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', currentLanguage: 'en', ...(init.token ? { authorization: init.token } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: res.status, body: await res.json() };
  };

  it('serves login, folders and dashboards through the BFF, and survives losing a chart-query replica', async () => {
    const login = await api('/api/identity/login', { method: 'POST', body: { userName: 'admin', password } });
    expect(login.body.data.token.code).toBe(200);
    const token = login.body.data.token.result.token;
    const folder = await api('/api/dashboard/project/dashboard', { method: 'POST', token, body: { name: 'Distributed' } });
    expect(folder.body.status).toBe('success');
    const dash = await api('/api/dashboard/dashboard', { method: 'POST', token, body: { name: 'Across processes', projectId: folder.body.data.projectId } });
    expect(dash.body.status).toBe('success');

    // Requests keep flowing while one chart-query replica is killed (readiness calls every service, chart-query included).
    const results: number[] = [];
    const failures: string[] = [];
    let killed = false;
    for (let i = 0; i < 60; i++) {
      if (i === 20) {
        await cluster.kill('chart-query-1', 'SIGKILL');
        killed = true;
      }
      const [ready, projects] = await Promise.all([api('/api/health/ready'), api('/api/dashboard/projects/dashboard', { token })]);
      results.push(ready.status, projects.status);
      if (ready.status !== 200 || projects.status !== 200) failures.push(JSON.stringify({ round: i, ready: ready.body, projects: projects.status }));
      expect(projects.body.data.some((p: any) => p.name === 'Distributed')).toBe(true);
    }
    expect(killed).toBe(true);
    expect(cluster.processes.get('chart-query-2')?.exitCode).toBeNull();
    if (failures.length) throw new Error(`${failures.length} failed rounds, first: ${failures[0]}\n${cluster.tails()}`);
    expect(results.every((s) => s === 200)).toBe(true);
  });

  it('publishes a template across processes: BFF → dashboard (ReadTree, ImportTree) → template service on PostgreSQL → identity grant', async () => {
    const token = (await api('/api/identity/login', { method: 'POST', body: { userName: 'admin', password } })).body.data.token.result.token;
    const folder = await api('/api/dashboard/project/dashboard', { method: 'POST', token, body: { name: 'To publish' } });
    const dash = await api('/api/dashboard/dashboard', { method: 'POST', token, body: { name: 'Kit board', projectId: folder.body.data.projectId } });
    const publish = () => api(`/api/template/publish/dash/${dash.body.data.dashboardId}/Kit/Distributed kits`, { method: 'POST', token, body: { roleIds: ['viewer'], userIds: [] } });
    expect((await publish()).body).toEqual({ status: 'success', data: 'Published "Kit" (version 1)' });
    expect((await publish()).body.data).toBe('Published "Kit" (version 2)');
    const templates = (await api('/api/template/templates', { token })).body.data;
    expect(templates).toMatchObject([{ name: 'Kit', version: 2, roleIds: ['viewer'] }]);
    const tab = (await api('/api/dashboard/projects/template', { token })).body.data;
    expect(tab.find((p: any) => p.name === 'Distributed kits').dashboards.map((d: any) => d.dashboardId)).toEqual(templates[0].dashboardIds);
  });

  it('delivers DataChanged over Kafka to chart-query, which drops that source\'s cached results in Redis', async () => {
    const redis = new Redis(servers.redis!);
    const ds = `ds-${randomUUID()}`;
    try {
      await redis.set(`bi:chart-query:result:${ds}:q1`, '{"option":1}', 'PX', 60_000);
      await redis.set(`bi:chart-query:result:other-${ds}:q1`, '{"option":2}', 'PX', 60_000);
      const bus = new KafkaEventBus({ brokers: servers.kafka!.split(',') });
      await bus.publish([asBusMessage(encodeDataChanged(ds, { changeKind: 'replace', dataVersion: 3, rowCount: 10, changedBy: 'admin' }))]);
      await bus.close();
      const end = Date.now() + 60_000;
      while ((await redis.exists(`bi:chart-query:result:${ds}:q1`)) && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
      expect(await redis.exists(`bi:chart-query:result:${ds}:q1`)).toBe(0);
      expect(await redis.get(`bi:chart-query:result:other-${ds}:q1`)).toBe('{"option":2}');
    } finally {
      redis.disconnect();
    }
  });

  it('runs a chart across processes: BFF → chart-query → dashboard + data-source, the answer cached in Redis', async () => {
    const token = (await api('/api/identity/login', { method: 'POST', body: { userName: 'admin', password } })).body.data.token.result.token;
    const folder = (await api('/api/data_source/proj', { method: 'POST', token, body: { name: 'Dist sources' } })).body.data;
    const content = "SELECT * FROM (VALUES ('East', 10.5), ('West', 20), ('East', 1)) AS t(region, amount)";
    const created = await api('/api/data_source/sql/', { method: 'POST', token, body: { type: 8, projectId: folder.projectId, name: 'Dist values', content } });
    const source = created.body.data.dataSource;
    const project = (await api('/api/dashboard/project/dashboard', { method: 'POST', token, body: { name: 'Dist charts' } })).body.data;
    const board = (await api('/api/dashboard/dashboard', { method: 'POST', token, body: { name: 'Dist board', projectId: project.projectId } })).body.data;
    const chartId = (await api(`/api/chart-edit/dashboard/${board.dashboardId}`, { method: 'POST', token, body: { title: 'By region', dataSourceId: source.dataSourceId } })).body.data;
    const saved = await api('/api/chart-edit/dashboard', {
      method: 'PUT',
      token,
      body: { chartId, title: 'By region', type: 'bar', dataSourceId: source.dataSourceId, points: [{ name: 'region', dataType: 'string' }], values: [{ name: 'amount', dataType: 'number' }] },
    });
    expect(saved.body.status).toBe('success');
    const first = await api(`/api/dashboard/chart/dashboard/${chartId}`, { method: 'POST', token, body: {} });
    expect(cartesianPairs(first.body.data.option)).toEqual([
      ['East', 11.5],
      ['West', 20],
    ]);
    const second = await api(`/api/dashboard/chart/dashboard/${chartId}`, { method: 'POST', token, body: {} });
    expect(second.body).toEqual(first.body);
    const redis = new Redis(servers.redis!);
    try {
      expect((await redis.keys(`bi:chart-query:result:${source.dataSourceId}:*`)).length).toBe(1);
    } finally {
      redis.disconnect();
    }
  });

  it('keeps chart answers in each BFF, never past a change made through another BFF, a sign-out or a missing grant', async () => {
    const login = async (userName: string) => (await api('/api/identity/login', { method: 'POST', body: { userName, password } })).body.data.token.result.token as string;
    const token = await login('admin');
    const folder = (await api('/api/data_source/proj', { method: 'POST', token, body: { name: 'Cache sources' } })).body.data;
    const content = (n: number) => `SELECT * FROM (VALUES ('East', 10.5), ('West', 20), ('East', 1), ('West', ${n})) AS t(region, amount)`;
    const source = (await api('/api/data_source/sql/', { method: 'POST', token, body: { type: 8, projectId: folder.projectId, name: 'Cache values', content: content(0) } })).body.data.dataSource;
    const project = (await api('/api/dashboard/project/dashboard', { method: 'POST', token, body: { name: 'Cache charts' } })).body.data;
    const board = (await api('/api/dashboard/dashboard', { method: 'POST', token, body: { name: 'Cache board', projectId: project.projectId } })).body.data;
    const chartId = (await api(`/api/chart-edit/dashboard/${board.dashboardId}`, { method: 'POST', token, body: { title: 'By region', dataSourceId: source.dataSourceId } })).body.data;
    const chart = { chartId, title: 'By region', type: 'bar', dataSourceId: source.dataSourceId, points: [{ name: 'region', dataType: 'string' }], values: [{ name: 'amount', dataType: 'number' }] };
    expect((await api('/api/chart-edit/dashboard', { method: 'PUT', token, body: chart })).body.status).toBe('success');
    const run = async (bff: number, t = token) => api(`/api/dashboard/chart/dashboard/${chartId}`, { method: 'POST', token: t, body: {}, bff });
    const west = (r: { body: any }) => new Map(cartesianPairs(r.body.data.option)).get('West');

    // both BFFs answer and keep the answer (the second run of each is the same computation)
    for (const bff of [0, 1]) {
      const first = await run(bff);
      expect(west(first)).toBe(20);
      expect((await run(bff)).body.data.meta.computedAt).toBe(first.body.data.meta.computedAt);
    }
    // a change of the source's SQL through BFF 1: BFF 2 answers the new numbers at once
    expect((await api('/api/data_source/update', { method: 'PUT', token, bff: 0, body: { dataSourceId: source.dataSourceId, content: content(5) } })).body.status).toBe('success');
    expect(west(await run(1))).toBe(25);
    // a chart edit through BFF 2: BFF 1 draws the edited chart at once
    expect((await api('/api/chart-edit/dashboard', { method: 'PUT', token, bff: 1, body: { ...chart, title: 'Edited', values: [{ name: 'amount', dataType: 'number', aggregator: 'count' }] } })).body.status).toBe('success');
    const edited = await run(0);
    expect([edited.body.data.chart.title, west(edited)]).toEqual(['Edited', 2]);
    // a DataChanged delivered over Kafka renews the source's stamp: the next run is computed again
    const before = (await run(1)).body.data.meta.computedAt;
    expect((await run(1)).body.data.meta.computedAt).toBe(before);
    const bus = new KafkaEventBus({ brokers: servers.kafka!.split(',') });
    await bus.publish([asBusMessage(encodeDataChanged(source.dataSourceId, { changeKind: 'append', dataVersion: 99, rowCount: 1, changedBy: 'test' }))]);
    await bus.close();
    let after = before;
    for (let i = 0; i < 300 && after === before; i++) {
      await new Promise((r) => setTimeout(r, 200));
      after = (await run(1)).body.data.meta.computedAt;
    }
    expect(after).not.toBe(before);

    // access is checked per caller on every hit; a sign-out on one BFF holds on the other at once
    const viewer = await login('viewer');
    expect((await run(1, viewer)).body.data.dataSourceAuth).toBe(false);
    const second = await login('admin');
    expect((await run(1, second)).status).toBe(200);
    expect((await run(1, second)).status).toBe(200);
    expect((await api('/api/identity/logout/admin', { token: second, bff: 0 })).body.data.revoked).toBe(true);
    expect((await run(1, second)).status).toBe(401);
    expect((await run(0, second)).status).toBe(401);
  });

  // live dashboards (issue 33, docs/api/live.md): a page's stream on BFF 2 is told of an append made through
  // BFF 1 (each BFF reads datasource.data-changed from Kafka in a group of its own), and the re-run shows it
  it('tells a page on BFF 2 of an append made through BFF 1 (its chart re-run shows the new numbers) and of a save there', async () => {
    const token = (await api('/api/identity/login', { method: 'POST', body: { userName: 'admin', password } })).body.data.token.result.token as string;
    const upload = async (csv: string, action: string) => {
      const form = new FormData();
      form.append('file', new Blob([csv]), `${action}.csv`);
      const res = await fetch(`${cluster.bffUrls[0]}/api/excel_upload/upload/${action}`, { method: 'POST', body: form, headers: { authorization: token, currentLanguage: 'en' } });
      return (await res.json()).data as { uploadId: string; sheets: { name: string }[] };
    };
    const columns = [
      { name: 'region', type: 'string', targetName: 'region' },
      { name: 'amount', type: 'number', targetName: 'amount' },
    ];
    const folder = (await api('/api/data_source/proj', { method: 'POST', token, body: { name: 'Live sources' } })).body.data;
    const up = await upload('region,amount\nEast,10\nWest,20\n', 'create');
    const created = await api('/api/excel_upload/import/create', { method: 'POST', token, body: { uploadId: up.uploadId, sheet: up.sheets[0]!.name, projectId: folder.projectId, tableName: 'live_dist', columns: columns.map(({ name, type }) => ({ name, type })) } });
    const sourceId = created.body.data.dataSource.dataSourceId as string;
    const project = (await api('/api/dashboard/project/dashboard', { method: 'POST', token, body: { name: 'Live charts' } })).body.data;
    const board = (await api('/api/dashboard/dashboard', { method: 'POST', token, body: { name: 'Live board', projectId: project.projectId } })).body.data;
    const chartId = (await api(`/api/chart-edit/dashboard/${board.dashboardId}`, { method: 'POST', token, body: { title: 'By region', dataSourceId: sourceId } })).body.data;
    const chart = { chartId, title: 'By region', type: 'bar', dataSourceId: sourceId, points: [{ name: 'region', dataType: 'string' }], values: [{ name: 'amount', dataType: 'number', aggregator: 'sum' }] };
    expect((await api('/api/chart-edit/dashboard', { method: 'PUT', token, body: chart })).body.status).toBe('success');
    const run = async (bff: number) => new Map(cartesianPairs((await api(`/api/dashboard/chart/dashboard/${chartId}`, { method: 'POST', token, body: {}, bff })).body.data.option));
    expect((await run(1)).get('East')).toBe(10);

    // the page on BFF 2: a Node SSE client
    const abort = new AbortController();
    const res = await fetch(`${cluster.bffUrls[1]}/api/live?timeout=120&dashboards=${board.dashboardId}`, { headers: { authorization: token }, signal: abort.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const until = async (what: string) => {
      while (!text.includes(what)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${what}`);
        text += decoder.decode(value, { stream: true });
      }
    };
    try {
      await until('event: ready');
      // one append through BFF 1 (a fresh consumer group reads the topic from its beginning: the event
      // reaches BFF 2 even if its group were still joining)
      const more = await upload('region,amount\nEast,200\n', 'append');
      expect((await api('/api/excel_upload/import/append', { method: 'POST', token, bff: 0, body: { uploadId: more.uploadId, sheet: more.sheets[0]!.name, dataSourceId: sourceId, columns } })).body.status).toBe('success');
      await until('event: charts-changed');
      const block = text.slice(text.indexOf('event: charts-changed')).split('\n\n')[0]!;
      expect(JSON.parse(block.split('data: ')[1]!)).toEqual({ dashboardId: board.dashboardId, chartIds: [chartId], at: expect.any(String) });
      // the page re-runs the chart on BFF 2: the new numbers
      expect((await run(1)).get('East')).toBe(210);
      // a layout save through BFF 1 (dashboard.saved on Kafka) reaches the page on BFF 2 as well
      const content = (await api(`/api/dashboard/dashboard/${board.dashboardId}`, { token })).body.data;
      expect((await api(`/api/dashboard/aspect_changed/dashboard/${board.dashboardId}`, { method: 'PUT', token, bff: 0, body: content.aspects })).body.status).toBe('success');
      await until('event: dashboard-saved');
      expect(text).toContain(`"dashboardId":"${board.dashboardId}","what":"layout"`);
    } finally {
      abort.abort();
    }
  });
});
