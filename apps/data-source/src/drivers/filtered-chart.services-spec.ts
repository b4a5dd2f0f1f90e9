import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { DuckDBInstance } from '@duckdb/node-api';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { chartFilters, emptyChart, type Chart, type ChartField, type GlobalFilterItem } from '@bi/chart-model';
import { buildChartQuery, compile, dialectFor, normalizeRows, resolveRelativeDates, type Cell, type DialectName, type QuerySource, type SourceField } from '@bi/query';
import type { ConnectionSpec, RunOptions, SourceDriver } from './driver.js';
import { DuckdbDriver } from './duckdb.driver.js';
import { MysqlDriver } from './mysql.driver.js';
import { PostgresDriver } from './postgres.driver.js';

/**
 * Issue 15: the same filtered chart gives the same numbers on DuckDB, PostgreSQL and MariaDB. One small
 * generated table is loaded into each engine; one chart with a global text filter, a number range filter
 * and a date range filter (dashboard items + the viewer's values, as the web sends them) goes the chart
 * request's way: chartFilters (@bi/chart-model) keeps the items the source has fields for, relative dates
 * resolved as chart-query does, buildChartQuery + compile per dialect, the data-source driver runs it,
 * normalizeRows reads the JSON rows. Every engine must answer the numbers computed here from the raw rows.
 */

const pgUrl = process.env.TEST_DATABASE_URL;
const mysqlUrl = process.env.TEST_MYSQL_URL;
const OPTIONS: RunOptions = { timeoutMs: 20_000, maxRows: 1000 };

interface Row {
  id: number;
  region: string | null;
  amountCents: number;
  qty: number;
  /** yyyy-MM-dd HH:mm:ss */
  createdAt: string;
}

const REGIONS = ['East', 'West', '华东', '华南', 'North', null] as const;
const pad = (n: number) => String(n).padStart(2, '0');

/** 600 rows, deterministic: amounts 0.00–999.99, times spread over 2024 at every hour of the day. */
function generate(): Row[] {
  const rows: Row[] = [];
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let id = 1; id <= 600; id++) {
    const day = new Date(Date.UTC(2024, 0, 1) + (next() % 366) * 86_400_000);
    const createdAt = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())} ${pad(next() % 24)}:${pad(next() % 60)}:${pad(next() % 60)}`;
    rows.push({ id, region: REGIONS[next() % REGIONS.length]!, amountCents: next() % 100_000, qty: 1 + (next() % 20), createdAt });
  }
  // the edges of the filters: both ends of the date range (the last second of its last day is in, the next midnight is out) and of the number range
  rows.push({ id: 601, region: 'East', amountCents: 5000, qty: 3, createdAt: '2024-02-10 00:00:00' });
  rows.push({ id: 602, region: 'East', amountCents: 50000, qty: 4, createdAt: '2024-04-20 23:59:59' });
  rows.push({ id: 603, region: 'East', amountCents: 20000, qty: 5, createdAt: '2024-04-21 00:00:00' });
  rows.push({ id: 604, region: '华东', amountCents: 4999, qty: 6, createdAt: '2024-03-01 12:00:00' });
  rows.push({ id: 605, region: '华东', amountCents: 50001, qty: 7, createdAt: '2024-03-01 12:00:00' });
  rows.push({ id: 606, region: 'West', amountCents: 30000, qty: 8, createdAt: '2024-02-09 23:59:59' });
  return rows;
}

const DATA = generate();
const FIELDS: SourceField[] = [
  { name: 'id', dataType: 'number' },
  { name: 'region', dataType: 'string' },
  { name: 'amount', dataType: 'number' },
  { name: 'qty', dataType: 'number' },
  { name: 'created_at', dataType: 'date' },
];

const field = (name: string, extra: Partial<ChartField> = {}): ChartField => ({ name, title: name, dataType: FIELDS.find((f) => f.name === name)!.dataType, orderBy: '', ...extra });
const CHART: Chart = {
  ...emptyChart('sales-by-region', 'Sales by region', 'ds1', 'bar'),
  points: [field('region', { granularity: 0 })],
  values: [field('amount', { aggregator: 'sum' }), field('id', { aggregator: 'count' }), field('qty', { aggregator: 'sum' })],
};

/** The dashboard's global filter items (stored with the dashboard) and what the viewer picked (?gf=). */
const ITEMS: GlobalFilterItem[] = [
  { id: 'g-region', name: 'region', dataType: 'string', range: [] },
  { id: 'g-amount', name: 'amount', dataType: 'number', numberOption: 'all', range: [] },
  { id: 'g-created', name: 'created_at', dataType: 'date', granularity: 5, range: [] },
  // a field this source does not have: left out (a warning), never an error
  { id: 'g-other', name: 'channel', dataType: 'string', range: ['web'] },
];
const VALUES = {
  'g-region': { range: ['East', '华东', 'West'] },
  'g-amount': { numberOption: 'range' as const, range: [50, 500] },
  'g-created': { granularity: 5 as const, range: ['2024-02-10', '2024-04-20'] },
};

/** The same filter computed on the raw rows: the three regions, 50 ≤ amount ≤ 500, 2024-02-10 ≤ day ≤ 2024-04-20. */
function expected(): Cell[][] {
  const kept = DATA.filter((r) => r.region !== null && ['East', '华东', 'West'].includes(r.region) && r.amountCents >= 5000 && r.amountCents <= 50000 && r.createdAt >= '2024-02-10' && r.createdAt < '2024-04-21');
  const groups = new Map<string, { cents: number; count: number; qty: number }>();
  for (const r of kept) {
    const g = groups.get(r.region!) ?? { cents: 0, count: 0, qty: 0 };
    g.cents += r.amountCents;
    g.count += 1;
    g.qty += r.qty;
    groups.set(r.region!, g);
  }
  return [...groups].map(([region, g]) => [region, g.cents / 100, g.count, g.qty]);
}

const byRegion = (rows: Cell[][]) => [...rows].sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : String(a[0]) > String(b[0]) ? 1 : 0));
const rounded = (rows: Cell[][]) => rows.map((r) => r.map((v) => (typeof v === 'number' ? Math.round(v * 100) / 100 : v)));

const DDL = (t: { int: string; text: string; dec: string; ts: string }) => `(id ${t.int} PRIMARY KEY, region ${t.text}, amount ${t.dec} NOT NULL, qty ${t.int} NOT NULL, created_at ${t.ts} NOT NULL)`;

/** INSERTs with bound values in the dialect's own placeholders. */
async function load(dialect: DialectName, table: string, run: (sql: string, params: unknown[]) => Promise<unknown>) {
  const d = dialectFor(dialect);
  for (let i = 0; i < DATA.length; i += 200) {
    const chunk = DATA.slice(i, i + 200);
    let n = 0;
    const tuples = chunk.map(() => `(${Array.from({ length: 5 }, () => d.placeholder(++n)).join(', ')})`);
    await run(`INSERT INTO ${table} (id, region, amount, qty, created_at) VALUES ${tuples.join(', ')}`, chunk.flatMap((r) => [r.id, r.region, (r.amountCents / 100).toFixed(2), r.qty, r.createdAt]));
  }
}

interface Engine {
  dialect: DialectName;
  source: QuerySource;
  driver: SourceDriver;
  cleanup(): Promise<void>;
}

const baseSpec = { serviceName: '', connectType: 'Basic', role: 'Default' } as const;

async function duckdbEngine(): Promise<Engine> {
  const path = join(mkdtempSync(join(tmpdir(), 'bi-filtered-')), 'analytics.duckdb');
  const db = await DuckDBInstance.create(path);
  const c = await db.connect();
  await c.run(`CREATE TABLE sales ${DDL({ int: 'INTEGER', text: 'VARCHAR', dec: 'DECIMAL(12,2)', ts: 'TIMESTAMP' })}`);
  await load('duckdb', 'sales', (sql, params) => c.run(sql, params as never));
  c.closeSync();
  db.closeSync();
  const driver = new DuckdbDriver({ ...baseSpec, engine: 'duckdb', host: 'analytics', port: 0, user: '', password: '', database: '', path } as ConnectionSpec);
  return { dialect: 'duckdb', source: { kind: 'table', table: 'sales' }, driver, cleanup: async () => driver.close() };
}

async function postgresEngine(url: string): Promise<Engine> {
  const u = new URL(url);
  const database = `bi_filtered_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database} ENCODING 'UTF8' TEMPLATE template0`);
  const u2 = new URL(url);
  u2.pathname = `/${database}`;
  const db = new pg.Client({ connectionString: u2.toString() });
  await db.connect();
  await db.query(`CREATE TABLE sales ${DDL({ int: 'integer', text: 'text', dec: 'numeric(12,2)', ts: 'timestamp' })}`);
  await load('postgres', 'sales', (sql, params) => db.query(sql, params));
  await db.end();
  const driver = new PostgresDriver({ ...baseSpec, engine: 'postgres', host: u.hostname, port: Number(u.port || 5432), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password), database } as ConnectionSpec);
  return {
    dialect: 'postgres',
    source: { kind: 'table', schema: 'public', table: 'sales' },
    driver,
    cleanup: async () => {
      await driver.close();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function mysqlEngine(url: string): Promise<Engine> {
  const u = new URL(url);
  const database = `bi_filtered_${randomBytes(4).toString('hex')}`;
  const options = { host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password), charset: 'utf8mb4' };
  const admin = await mysql.createConnection(options);
  await admin.query(`CREATE DATABASE ${database} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.query(`USE ${database}`);
  await admin.query(`CREATE TABLE sales ${DDL({ int: 'INT', text: 'VARCHAR(50)', dec: 'DECIMAL(12,2)', ts: 'DATETIME' })}`);
  await load('mysql', 'sales', (sql, params) => admin.query(sql, params));
  const driver = new MysqlDriver({ ...baseSpec, engine: 'mysql', host: options.host, port: options.port, user: options.user, password: options.password, database } as ConnectionSpec);
  return {
    dialect: 'mysql',
    source: { kind: 'table', table: 'sales' },
    driver,
    cleanup: async () => {
      await driver.close();
      await admin.query(`DROP DATABASE IF EXISTS ${database}`);
      await admin.end();
    },
  };
}

describe('the same filtered chart on DuckDB, PostgreSQL and MariaDB', () => {
  const engines: Engine[] = [];

  beforeAll(async () => {
    // the services run (scripts/services/run-with-services.sh) provides both servers; without them this suite must fail, not pass on DuckDB alone
    if (!pgUrl || !mysqlUrl) throw new Error('TEST_DATABASE_URL and TEST_MYSQL_URL must be set: run it with npm run test:services');
    engines.push(await duckdbEngine(), await postgresEngine(pgUrl), await mysqlEngine(mysqlUrl));
  });

  afterAll(async () => {
    for (const e of engines) await e.cleanup();
  });

  /** The chart request's way through the filters, the compiler, the driver and the result reader. */
  async function runChart(e: Engine) {
    // the web: which items apply to this chart, with the viewer's values
    const sent = chartFilters({ chart: CHART, globalFilters: ITEMS, globalValues: VALUES }).globalFilters;
    // chart-query (chartQueryFilters): the items the source has a field for, relative dates resolved
    const kept = chartFilters({ chart: CHART, fields: FIELDS, globalFilters: sent });
    const globalFilters = resolveRelativeDates(kept.globalFilters, new Date('2024-06-01T00:00:00Z'), 'UTC');
    const q = compile(buildChartQuery(CHART, e.source, FIELDS, { globalFilters, rowLimit: 10_001 }), e.dialect);
    const result = await e.driver.run(q.sql, q.params, OPTIONS);
    return { sql: q.sql, params: q.params, skipped: kept.skipped, rows: normalizeRows(JSON.parse(JSON.stringify(result.rows)) as unknown[][], q.columns) };
  }

  it('loaded the same rows everywhere', async () => {
    for (const e of engines) {
      const r = await e.driver.run('SELECT COUNT(*), SUM(qty) FROM sales', [], OPTIONS);
      expect([e.dialect, r.rows[0]!.map(Number)]).toEqual([e.dialect, [DATA.length, DATA.reduce((s, r) => s + r.qty, 0)]]);
    }
  });

  it('answers the numbers computed from the raw rows on every engine, and the engines agree', async () => {
    const want = expected();
    // the filters keep some rows and drop others: the comparison can tell
    expect(want.length).toBe(3);
    expect(want.reduce((s, r) => s + (r[2] as number), 0)).toBeGreaterThan(10);
    expect(want.reduce((s, r) => s + (r[2] as number), 0)).toBeLessThan(DATA.length / 2);
    const answers = [];
    for (const e of engines) {
      const a = await runChart(e);
      // values are bound, never spliced into the SQL
      expect(a.sql).not.toContain('华东');
      expect(a.params).toEqual(expect.arrayContaining(['East', '华东', 'West']));
      expect(a.skipped).toEqual([{ id: 'g-other', name: 'channel', reason: 'unknown_field' }]);
      expect({ engine: e.dialect, rows: rounded(byRegion(a.rows)) }).toEqual({ engine: e.dialect, rows: rounded(byRegion(want)) });
      answers.push({ engine: e.dialect, rows: a.rows });
    }
    expect(answers.map((a) => a.engine)).toEqual(['duckdb', 'postgres', 'mysql']);
    for (const a of answers.slice(1)) expect({ engine: a.engine, rows: byRegion(a.rows) }).toEqual({ engine: a.engine, rows: byRegion(answers[0]!.rows) });
  });
});
