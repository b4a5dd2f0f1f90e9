import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { Trino, type QueryResult } from 'trino-client';
import { startTestStack, type TestStack } from './testing.js';

/**
 * Issue 34, joins across stores through Trino (docs/adr/0028 addendum): an administrator registers a Trino
 * source as the federation engine with the catalogs of the stores (the analytics store of uploads → Trino's
 * `analytics` catalog over the services run's analytics database, a MariaDB source → `mariadb`); the join
 * designer then lists both in one store, and the join of an upload with a MariaDB table (designer REST calls:
 * preview, save, a chart on it) equals the hand-written SQL sent to Trino. One stack for the file, on the
 * servers of the services run (scripts/services/trino.sh, postgres.sh, mariadb.sh).
 */
const trinoUrl = process.env.TEST_TRINO_URL;
const analyticsUrl = process.env.TEST_ANALYTICS_DATABASE_URL;
const mysqlUrl = process.env.TEST_MYSQL_URL;

describe('joins across stores through Trino', () => {
  let stack: TestStack;
  let admin: string;
  let analyst: string;
  let my: mysql.Connection;
  let trino: Trino;
  let folder: string;
  let boardId: string;
  const database = `bi_fed_${randomBytes(4).toString('hex')}`;
  const ids = { orders: '', ordersTable: '', managers: '', trino: '' };

  const call = async (method: string, path: string, body?: unknown, token = admin, language = 'en') => {
    const r = await stack.api(path, { method, body, token, headers: { currentLanguage: language } });
    return r as { status: number; body: { status: string; data: any } };
  };
  const ok = async (method: string, path: string, body?: unknown) => {
    const r = await call(method, path, body);
    if (r.body.status !== 'success') throw new Error(`${method} ${path}: ${JSON.stringify(r.body)}`);
    return r.body.data;
  };

  async function handWritten(query: string): Promise<unknown[][]> {
    const rows: unknown[][] = [];
    for await (const page of (await trino.query({ query, catalog: 'system', schema: 'runtime', user: 'bi-test' })) as AsyncIterable<QueryResult>) {
      if (page.error) throw new Error(page.error.message);
      for (const r of page.data ?? []) rows.push(r as unknown[]);
    }
    return rows;
  }

  /** The designer's join: uploaded orders (analytics store) onto MariaDB managers by region. */
  const designerJoin = (joinType = 'left', name = 'Orders x managers') => ({
    name,
    nodeDataArray: [
      { dataSourceId: ids.orders, showName: 'orders', fields: [{ name: 'region', title: 'Region', check: true }, { name: 'amount', title: 'Amount', check: true }] },
      { dataSourceId: ids.managers, showName: 'managers', fields: [{ name: 'region', title: 'Manager region', check: false }, { name: 'manager', title: 'Manager', check: true }] },
    ],
    links: [{ from: 'orders', to: 'managers', joinType, joinFields: [{ fromField: { name: 'region' }, toField: { name: 'region' } }] }],
    where: { whereType: 'condition', linker: 'and', filterItems: [] },
  });

  beforeAll(async () => {
    // the services run starts Trino (BI_TEST_SERVERS includes trino); without it this suite must fail, not pass
    if (!trinoUrl || !analyticsUrl || !mysqlUrl) throw new Error('TEST_TRINO_URL, TEST_ANALYTICS_DATABASE_URL and TEST_MYSQL_URL must be set: run it with npm run test:services');
    trino = Trino.create({ server: trinoUrl });
    const m = new URL(mysqlUrl);
    my = await mysql.createConnection({ host: m.hostname, port: Number(m.port), user: decodeURIComponent(m.username), password: decodeURIComponent(m.password), charset: 'utf8mb4' });
    await my.query(`CREATE DATABASE ${database} CHARACTER SET utf8mb4`);
    await my.query(`CREATE TABLE ${database}.managers (region VARCHAR(20) PRIMARY KEY, manager VARCHAR(40) NOT NULL)`);
    await my.query(`INSERT INTO ${database}.managers VALUES ('East', 'Ann'), ('West', 'O''Brien'), ('North', 'Nobody')`);

    stack = await startTestStack({ BI_DATA_DIR: mkdtempSync(join(tmpdir(), 'bi-fed-')), BI_ANALYTICS_DATABASE_URL: analyticsUrl });
    admin = await stack.login('admin');
    analyst = await stack.login('analyst');
    folder = (await ok('POST', '/api/data_source/proj', { name: `Fed ${database.slice(-8)}` })).projectId;
    // an upload: lands in the analytics database (Trino's catalog `analytics`)
    const form = new FormData();
    form.append('file', new Blob(['region,amount\nEast,10\nEast,20.5\nWest,5\n华东,7\nSouth,3\n']), 'orders.csv');
    const up = (await (await fetch(`${stack.url}/api/excel_upload/upload/create`, { method: 'POST', body: form, headers: { authorization: admin, currentLanguage: 'en' } })).json()).data;
    const orders = (
      await ok('POST', '/api/excel_upload/import/create', {
        uploadId: up.uploadId,
        sheet: up.sheets[0].name,
        projectId: folder,
        tableName: 'Orders',
        columns: [
          { name: 'region', type: 'string' },
          { name: 'amount', type: 'number' },
        ],
      })
    ).dataSource;
    ids.orders = orders.dataSourceId;
    ids.ordersTable = `analytics."${orders.tableSchema}"."${orders.tableName}"`;
    // a MariaDB source on the table, and the Trino source that runs the joins
    const connection = { host: m.hostname, port: Number(m.port), userName: decodeURIComponent(m.username), password: decodeURIComponent(m.password), initialDatabase: database };
    ids.managers = (await ok('POST', '/api/data_source/sql/', { type: 2, projectId: folder, name: 'Managers', connection, tableName: 'managers' })).dataSource.dataSourceId;
    const t = new URL(trinoUrl);
    const trinoConnection = { host: t.hostname, port: Number(t.port), userName: 'bi-test', password: '', initialDatabase: 'tpch/tiny' };
    ids.trino = (await ok('POST', '/api/data_source/sql/', { type: 11, projectId: folder, name: 'Federation Trino', connection: trinoConnection, tableName: 'nation' })).dataSource.dataSourceId;
    const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Federated boards' })).projectId;
    boardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Federated board', projectId })).dashboardId;
  });

  afterAll(async () => {
    await ok('PUT', '/api/data_source/federation', { trinoSourceId: '', mappings: [] }).catch(() => undefined);
    await stack?.stop();
    if (my) {
      await my.query(`DROP DATABASE IF EXISTS ${database}`);
      await my.end();
    }
  });

  const storesOf = async () => {
    const projects = await ok('GET', '/api/data_source/join_table_projs');
    return Object.fromEntries(projects.find((p: { projectId: string }) => p.projectId === folder).dataSources.map((s: { name: string; store: string }) => [s.name, s.store]));
  };

  it('refuses the join while no federation is set; the setting is for administrators and checks its engine', async () => {
    expect(await ok('GET', '/api/data_source/federation')).toEqual({ trinoSourceId: '', mappings: [] });
    const stores = await storesOf();
    expect(stores.Orders).toBe('analytics');
    expect(stores.Managers).not.toBe('analytics');
    expect((await call('POST', '/api/data_source/join_table_preview', designerJoin())).body.data).toBe('Tables from different stores cannot be joined yet: orders and managers');

    expect((await call('GET', '/api/data_source/federation', undefined, analyst)).status).toBe(403);
    expect((await call('PUT', '/api/data_source/federation', { trinoSourceId: ids.trino, mappings: [] }, analyst)).status).toBe(403);
    const notTrino = await call('PUT', '/api/data_source/federation', { trinoSourceId: ids.managers, mappings: [] }, admin, 'zh-CN');
    expect(notTrino.body).toMatchObject({ status: 'fail', data: '联邦查询引擎必须是一个 Trino 数据源' });
    const badCatalog = await call('PUT', '/api/data_source/federation', { trinoSourceId: ids.trino, mappings: [{ dataSourceId: 'analytics', catalog: 'x; DROP' }] });
    expect(badCatalog.status).toBe(400);
    expect(await ok('GET', '/api/data_source/federation')).toEqual({ trinoSourceId: '', mappings: [] });
  });

  it('with the federation set, lists both in one store and joins them through Trino as the hand-written SQL does', async () => {
    const setting = {
      trinoSourceId: ids.trino,
      mappings: [
        { dataSourceId: 'analytics', catalog: 'analytics', schema: '' },
        { dataSourceId: ids.managers, catalog: 'mariadb', schema: '' },
      ],
    };
    expect(await ok('PUT', '/api/data_source/federation', setting)).toEqual(setting);
    expect(await ok('GET', '/api/data_source/federation')).toEqual(setting);
    const stores = await storesOf();
    expect([stores.Orders, stores.Managers]).toEqual(['federation', 'federation']);
    expect(stores['Federation Trino']).not.toBe('federation');

    // the designer's preview: rows and counts of the join run by Trino
    const preview = await ok('POST', '/api/data_source/join_table_preview', designerJoin());
    expect(preview.columns.map((c: { name: string }) => c.name)).toEqual(['Region', 'Amount', 'Manager']);
    const want = await handWritten(`SELECT o.region, o.amount, m.manager FROM ${ids.ordersTable} o LEFT JOIN mariadb.${database}.managers m ON o.region = m.region`);
    expect(want).toHaveLength(5);
    const sort = (rows: unknown[][]) => rows.map((r) => JSON.stringify([r[0], Number(r[1]), r[2]])).sort();
    expect(sort(preview.rows.map((r: Record<string, unknown>) => [r.Region, r.Amount, r.Manager]))).toEqual(sort(want));
    expect(preview).toMatchObject({ rowCount: 5, rootRowCount: 5, explodes: false });

    // saved and charted like any join: SUM(amount) by manager
    const saved = await ok('POST', `/api/data_source/join_table_add/${folder}`, designerJoin('inner'));
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${boardId}`, { title: 'By manager', dataSourceId: saved.dataSourceId, type: 'bar' });
    await ok('PUT', '/api/chart-edit/dashboard', {
      chartId,
      title: 'By manager',
      type: 'bar',
      dataSourceId: saved.dataSourceId,
      points: [{ name: 'Manager', title: 'Manager', dataType: 'string' }],
      values: [{ name: 'Amount', title: 'Amount', dataType: 'number', aggregator: 'sum' }],
    });
    const answer = await ok('POST', `/api/dashboard/chart/dashboard/${chartId}`, {});
    const categories: string[] = answer.option.xAxis?.data ?? answer.option.xAxis?.[0]?.data;
    const cell = (d: unknown) => Number(d !== null && typeof d === 'object' ? (d as { value?: unknown }).value : d);
    const got = Object.fromEntries(categories.map((c, i) => [c, cell(answer.option.series[0].data[i])]));
    const hand = await handWritten(`SELECT m.manager, SUM(o.amount) FROM ${ids.ordersTable} o JOIN mariadb.${database}.managers m ON o.region = m.region GROUP BY m.manager`);
    expect(hand).toHaveLength(2);
    expect(got).toEqual(Object.fromEntries(hand.map((r) => [r[0], Number(r[1])])));

    // federation off again: the stored join's stores are apart once more
    await ok('PUT', '/api/data_source/federation', { trinoSourceId: '', mappings: [] });
    expect((await call('POST', '/api/data_source/join_table_preview', designerJoin())).body.data).toBe('Tables from different stores cannot be joined yet: orders and managers');
  });
});
