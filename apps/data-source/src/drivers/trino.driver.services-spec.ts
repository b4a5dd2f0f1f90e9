import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { Trino, type QueryResult } from 'trino-client';
import { emptyChart, type Chart, type ChartField, type GlobalFilterItem } from '@bi/chart-model';
import { buildChartQuery, buildDetailQuery, checkRowRules, compile, normalizeRows, rowRuleFilter, type Cell, type JoinSpec, type QuerySource, type SourceField } from '@bi/query';
import type { AppError } from '@bi/core';
import type { ConnectionSpec, RunOptions } from './driver.js';
import { TrinoDriver } from './trino.driver.js';

/**
 * Issue 34: a Trino source (docs/adr/0028-trino-source-and-federation.md) against the single-node Trino of
 * the services run (scripts/services/trino.sh: catalogs tpch, and postgresql over the test PostgreSQL).
 * Charts, filters, details and row rules go the product's way (buildChartQuery / buildDetailQuery, the
 * Trino dialect of the one SQL writer, TrinoDriver) and must equal hand-written Trino SQL sent with
 * trino-client; a query past the product's timeout is cancelled on the server.
 */
const trinoUrl = process.env.TEST_TRINO_URL;
const pgUrl = process.env.TEST_DATABASE_URL;
const mysqlUrl = process.env.TEST_MYSQL_URL;
const OPTIONS: RunOptions = { timeoutMs: 60_000, maxRows: 10_000 };

const LINEITEM_FIELDS: SourceField[] = [
  { name: 'orderkey', dataType: 'number' },
  { name: 'linenumber', dataType: 'number' },
  { name: 'quantity', dataType: 'number' },
  { name: 'extendedprice', dataType: 'number' },
  { name: 'returnflag', dataType: 'string' },
  { name: 'shipmode', dataType: 'string' },
  { name: 'shipdate', dataType: 'date' },
];
const field = (fields: SourceField[], name: string, extra: Partial<ChartField> = {}): ChartField => ({ name, title: name, dataType: fields.find((f) => f.name === name)!.dataType, orderBy: '', ...extra });

/** month × return flag: sum of quantity and line count, filtered by ship mode, a quantity range and a year of ship dates. */
const lineitemChart = (): Chart => ({
  ...emptyChart('li', 'Lines by month', 'ds1', 'bar'),
  points: [field(LINEITEM_FIELDS, 'shipdate', { granularity: 3 })],
  secondPoints: [field(LINEITEM_FIELDS, 'returnflag', { granularity: 0 })],
  values: [field(LINEITEM_FIELDS, 'quantity', { aggregator: 'sum' }), field(LINEITEM_FIELDS, 'orderkey', { aggregator: 'count' })],
});
const LINEITEM_FILTERS: GlobalFilterItem[] = [
  { id: 'm', name: 'shipmode', dataType: 'string', range: ['AIR', 'MAIL'] },
  { id: 'q', name: 'quantity', dataType: 'number', numberOption: 'range', range: [10, 20] },
  { id: 'd', name: 'shipdate', dataType: 'date', granularity: 5, range: ['1995-01-01', '1995-12-31'] },
];

const sortRows = (rows: Cell[][]) => rows.map((r) => r.map((v) => (typeof v === 'number' ? Math.round(v * 100) / 100 : v))).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('Trino source against a real Trino server', () => {
  let client: Trino;
  let driver: TrinoDriver;
  let admin: pg.Client;
  let my: mysql.Connection;
  const schema = `bi_trino_${randomBytes(4).toString('hex')}`;

  /** Hand-written Trino SQL through trino-client, rows as JSON values. */
  async function handWritten(query: string, catalog = 'tpch', sch = 'tiny'): Promise<Cell[][]> {
    const rows: Cell[][] = [];
    for await (const page of (await client.query({ query, catalog, schema: sch, user: 'bi-test' })) as AsyncIterable<QueryResult>) {
      if (page.error) throw new Error(page.error.message);
      for (const r of page.data ?? []) rows.push(r as Cell[]);
    }
    return rows;
  }

  const spec = (database: string): ConnectionSpec => {
    const u = new URL(trinoUrl!);
    return { engine: 'trino', host: u.hostname, port: Number(u.port), user: 'bi-test', password: '', database, serviceName: '', connectType: 'Basic', role: 'Default' };
  };

  beforeAll(async () => {
    // the services run starts Trino (BI_TEST_SERVERS includes trino); without it this suite must fail, not pass
    if (!trinoUrl || !pgUrl || !mysqlUrl) throw new Error('TEST_TRINO_URL, TEST_DATABASE_URL and TEST_MYSQL_URL must be set: run it with npm run test:services');
    client = Trino.create({ server: trinoUrl });
    driver = new TrinoDriver(spec('tpch/tiny'));
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(`CREATE TABLE ${schema}.sales (id integer PRIMARY KEY, region text, amount numeric(12,2) NOT NULL, sold_at timestamp NOT NULL)`);
    await admin.query(
      `INSERT INTO ${schema}.sales SELECT g, (ARRAY['East','West','华东',NULL])[1 + g % 4], (g * 37 % 1000) / 4.0, TIMESTAMP '2024-01-01' + (g * 7 % 366) * INTERVAL '1 day' + (g % 24) * INTERVAL '1 hour' FROM generate_series(1, 400) g`,
    );
    // the MariaDB side of the cross-store join: one manager per region (华东 has none)
    const m = new URL(mysqlUrl);
    my = await mysql.createConnection({ host: m.hostname, port: Number(m.port), user: decodeURIComponent(m.username), password: decodeURIComponent(m.password), charset: 'utf8mb4' });
    await my.query(`CREATE DATABASE ${schema} CHARACTER SET utf8mb4`);
    await my.query(`CREATE TABLE ${schema}.managers (region VARCHAR(20) PRIMARY KEY, manager VARCHAR(40) NOT NULL)`);
    await my.query(`INSERT INTO ${schema}.managers VALUES ('East', 'Ann'), ('West', 'O''Brien'), ('North', 'Nobody')`);
  });

  afterAll(async () => {
    if (my) {
      await my.query(`DROP DATABASE IF EXISTS ${schema}`);
      await my.end();
    }
    if (admin) {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
  });

  it('lists the tables of its catalog and schema with their field types', async () => {
    const tables = await driver.listTables(OPTIONS);
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['lineitem', 'orders']));
    const r = await driver.run('SELECT * FROM lineitem LIMIT 1', [], OPTIONS);
    expect(Object.fromEntries(r.columns.map((c) => [c.name, c.dataType]))).toMatchObject({ orderkey: 'number', quantity: 'number', shipdate: 'date', shipmode: 'string' });
  });

  it('a filtered chart on tpch.tiny.lineitem equals the hand-written SQL', async () => {
    const source: QuerySource = { kind: 'table', table: 'lineitem' };
    const q = compile(buildChartQuery(lineitemChart(), source, LINEITEM_FIELDS, { globalFilters: LINEITEM_FILTERS, rowLimit: 10_001 }), 'trino');
    expect(q.sql).not.toContain('MAIL');
    const got = normalizeRows((await driver.run(q.sql, q.params, OPTIONS)).rows as unknown[][], q.columns);
    const want = await handWritten(`
      SELECT CAST(date_trunc('month', shipdate) AS varchar), returnflag, SUM(quantity), COUNT(orderkey)
      FROM lineitem
      WHERE shipmode IN ('AIR', 'MAIL') AND quantity BETWEEN 10 AND 20 AND shipdate >= DATE '1995-01-01' AND shipdate < DATE '1996-01-01'
      GROUP BY 1, 2`);
    // 12 months × the return flags of 1995 (N only from mid-year): the filters keep some rows and drop others
    expect(want.length).toBeGreaterThanOrEqual(12);
    expect(want.reduce((n, r) => n + Number(r[3]), 0)).toBeLessThan(60_175 / 10);
    const cols = q.columns.map((c) => c.role);
    expect(cols.slice(0, 4)).toEqual(['dimension', 'series', 'measure', 'measure']);
    expect(sortRows(got.map((r) => r.slice(0, 4)))).toEqual(sortRows(want));
  });

  it('details (a page, ordered) and row rules equal the hand-written SQL', async () => {
    const source: QuerySource = { kind: 'table', table: 'lineitem' };
    const rules = checkRowRules({ rules: [{ roleId: 'east', field: 'shipmode', compare: '=', compareValue: 'RAIL' }, { roleId: 'east', field: 'quantity', compare: '>=', compareValue: 45 }] }, LINEITEM_FIELDS);
    const rowFilter = rowRuleFilter(rules, { userId: 'u1', roleIds: ['east'], isAdmin: false }, LINEITEM_FIELDS);
    const detail = compile(
      buildDetailQuery(lineitemChart(), source, LINEITEM_FIELDS, { rowFilter, columns: ['orderkey', 'linenumber', 'quantity', 'shipmode'], order: [{ name: 'orderkey', dir: 'desc' }], page: 2, pageSize: 7 }),
      'trino',
    );
    const got = normalizeRows((await driver.run(detail.sql, detail.params, OPTIONS)).rows as unknown[][], detail.columns).map((r) => r.slice(0, 4));
    const want = await handWritten(`
      SELECT orderkey, linenumber, quantity, shipmode FROM lineitem
      WHERE shipmode = 'RAIL' AND quantity >= 45
      ORDER BY orderkey DESC, linenumber ASC, quantity ASC, shipmode ASC OFFSET 7 LIMIT 7`);
    expect(want).toHaveLength(7);
    expect(got).toEqual(want);

    const chart = compile(buildChartQuery(lineitemChart(), source, LINEITEM_FIELDS, { rowFilter, rowLimit: 10_001 }), 'trino');
    const chartRows = normalizeRows((await driver.run(chart.sql, chart.params, OPTIONS)).rows as unknown[][], chart.columns);
    const chartWant = await handWritten(`
      SELECT CAST(date_trunc('month', shipdate) AS varchar), returnflag, SUM(quantity), COUNT(orderkey) FROM lineitem
      WHERE shipmode = 'RAIL' AND quantity >= 45 GROUP BY 1, 2`);
    expect(sortRows(chartRows.map((r) => r.slice(0, 4)))).toEqual(sortRows(chartWant));
  });

  it('a filtered chart on a PostgreSQL table through Trino equals the hand-written SQL', async () => {
    const fields: SourceField[] = [
      { name: 'id', dataType: 'number' },
      { name: 'region', dataType: 'string' },
      { name: 'amount', dataType: 'number' },
      { name: 'sold_at', dataType: 'date' },
    ];
    const pgDriver = new TrinoDriver(spec(`postgresql/${schema}`));
    const chart: Chart = {
      ...emptyChart('s', 'Sales', 'ds2', 'bar'),
      points: [field(fields, 'region', { granularity: 0 })],
      values: [field(fields, 'amount', { aggregator: 'sum' }), field(fields, 'id', { aggregator: 'countDistinct' })],
    };
    const globalFilters: GlobalFilterItem[] = [
      { id: 'r', name: 'region', dataType: 'string', range: ['East', '华东'] },
      { id: 'd', name: 'sold_at', dataType: 'date', granularity: 5, range: ['2024-02-10', '2024-08-20'] },
    ];
    const q = compile(buildChartQuery(chart, { kind: 'table', table: 'sales' }, fields, { globalFilters, rowLimit: 10_001 }), 'trino');
    expect(q.sql).not.toContain('华东');
    const got = normalizeRows((await pgDriver.run(q.sql, q.params, OPTIONS)).rows as unknown[][], q.columns);
    const want = await handWritten(
      `SELECT region, SUM(amount), COUNT(DISTINCT id) FROM sales
       WHERE region IN ('East', '华东') AND sold_at >= TIMESTAMP '2024-02-10 00:00:00' AND sold_at < TIMESTAMP '2024-08-21 00:00:00' GROUP BY 1`,
      'postgresql',
      schema,
    );
    // the same numbers PostgreSQL itself answers
    const direct = await admin.query({
      text: `SELECT region, SUM(amount)::float8, COUNT(DISTINCT id)::int FROM ${schema}.sales WHERE region IN ('East', '华东') AND sold_at >= '2024-02-10' AND sold_at < '2024-08-21' GROUP BY 1`,
      rowMode: 'array',
    });
    expect(want).toHaveLength(2);
    expect(sortRows(got.map((r) => r.slice(0, 3)))).toEqual(sortRows(want.map((r) => [r[0], Number(r[1]), r[2]])));
    expect(sortRows(want.map((r) => [r[0], Number(r[1]), r[2]]))).toEqual(sortRows(direct.rows as Cell[][]));
  });

  it('cancels the query on the server when the timeout passes', async () => {
    const marker = `bi_cancel_${randomBytes(4).toString('hex')}`;
    // minutes of work on one node: only the cancel ends it before the suite's limit
    const slow = `SELECT COUNT(*) AS ${marker} FROM tpch.sf1000.lineitem a WHERE a.comment LIKE ? ESCAPE '!'`;
    let error: AppError | undefined;
    try {
      await driver.run(slow, ['%x%'], { timeoutMs: 1_500, maxRows: 10 });
    } catch (e) {
      error = e as AppError;
    }
    expect(error?.key).toBe('query.timeout');
    const states = await handWritten(`SELECT state, error_code FROM system.runtime.queries WHERE query LIKE '%${marker}%' AND query NOT LIKE '%system.runtime%'`, 'system', 'runtime');
    expect(states).toEqual([['FAILED', 'USER_CANCELED']]);
  });

  it('a join of a PostgreSQL table and a MariaDB table, compiled for Trino, equals the hand-written SQL', async () => {
    const join: JoinSpec = {
      nodes: [
        { source: { kind: 'table', catalog: 'postgresql', schema, table: 'sales' }, fields: [{ name: 'region', dataType: 'string' }, { name: 'amount', dataType: 'number' }, { name: 'sold_at', dataType: 'date' }] },
        { source: { kind: 'table', catalog: 'mariadb', schema, table: 'managers' }, fields: [{ name: 'region', dataType: 'string' }, { name: 'manager', dataType: 'string' }] },
      ],
      links: [{ from: 0, to: 1, joinType: 'left', on: [{ from: 'region', to: 'region' }] }],
      columns: [
        { node: 0, field: 'amount', name: 'Amount' },
        { node: 0, field: 'sold_at', name: 'Sold' },
        { node: 1, field: 'manager', name: 'Manager' },
      ],
      where: { linker: 'and', items: [{ node: 0, condition: { field: { name: 'amount', dataType: 'number' }, compare: '>=', compareValue: '50' } }] },
    };
    const fields: SourceField[] = [
      { name: 'Amount', dataType: 'number' },
      { name: 'Sold', dataType: 'date' },
      { name: 'Manager', dataType: 'string' },
    ];
    const chart: Chart = {
      ...emptyChart('j', 'By manager', 'ds3', 'bar'),
      points: [field(fields, 'Manager', { granularity: 0 })],
      values: [field(fields, 'Amount', { aggregator: 'sum' }), field(fields, 'Amount', { aggregator: 'count' })],
    };
    const globalFilters: GlobalFilterItem[] = [{ id: 'd', name: 'Sold', dataType: 'date', granularity: 5, range: ['2024-03-01', '2024-10-31'] }];
    // the join runs on the federation engine: a Trino connection without a catalog of its own
    const federation = new TrinoDriver(spec(''));
    const q = compile(buildChartQuery(chart, { kind: 'join', join }, fields, { globalFilters, rowLimit: 10_001 }), 'trino');
    const got = normalizeRows((await federation.run(q.sql, q.params, OPTIONS)).rows as unknown[][], q.columns);
    const want = await handWritten(
      `SELECT m.manager, SUM(s.amount), COUNT(s.amount)
       FROM postgresql.${schema}.sales s LEFT JOIN mariadb.${schema}.managers m ON s.region = m.region
       WHERE s.amount >= 50 AND s.sold_at >= TIMESTAMP '2024-03-01 00:00:00' AND s.sold_at < TIMESTAMP '2024-11-01 00:00:00'
       GROUP BY 1`,
      'system',
      'runtime',
    );
    // Ann (East), O'Brien (West), and NULL for 华东 and the rows without a region
    expect(want).toHaveLength(3);
    expect(sortRows(got.map((r) => r.slice(0, 3)))).toEqual(sortRows(want.map((r) => [r[0], Number(r[1]), r[2]])));
  });
});
