import { randomBytes } from 'node:crypto';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { Chart } from '@bi/chart-model';
import {
  buildChartQuery,
  buildDetailQuery,
  buildPlotLineQuery,
  buildTotalsQuery,
  checkRowRules,
  compile,
  dialectFor,
  normalizeRows,
  rowRuleFilter,
  type Cell,
  type ChartQueryOptions,
  type DetailQueryOptions,
  type DialectName,
  type QueryIR,
  type QuerySource,
} from './index.js';
import { chart, datePoint, point, SALES_FIELDS, value } from './testing/charts.js';
import {
  avgAmount,
  avgQty,
  compareRows,
  compareValues,
  countDistinct,
  countRows,
  dayOf,
  generateSales,
  groupRows,
  maxAmount,
  minAmount,
  monthOf,
  quarterOf,
  sumCents,
  sumQty,
  weekOf,
  yearOf,
  type SalesRow,
  type Value,
} from './testing/sales-data.js';

/**
 * The same charts on real engines: DuckDB in memory always; PostgreSQL (TEST_DATABASE_URL) and
 * MariaDB / MySQL (TEST_MYSQL_URL) when the services run provides them. Every engine must give
 * the numbers computed in plain JS from the same generated rows (rounded to 6 decimals).
 */

const DATA = generateSales();
const amountOf = (r: SalesRow) => (r.amountCents === null ? null : r.amountCents / 100);

interface Engine {
  name: DialectName;
  source: QuerySource;
  run(sql: string, params: unknown[]): Promise<unknown[][]>;
  /** the plan as text */
  explain(sql: string, params: unknown[]): Promise<string>;
  close(): Promise<void>;
}

const DDL_COLUMNS = (t: { int: string; date: string; ts: string; text: string; dec: string }) =>
  `(id ${t.int} PRIMARY KEY, order_date ${t.date} NOT NULL, created_at ${t.ts} NOT NULL, region ${t.text}, category ${t.text} NOT NULL, product ${t.text} NOT NULL, amount ${t.dec}, qty ${t.int} NOT NULL)`;
const rowValues = (r: SalesRow) => [r.id, r.order_date, r.created_at, r.region, r.category, r.product, r.amountCents === null ? null : (r.amountCents / 100).toFixed(2), r.qty];

/** INSERTs of 250 rows with bound values, written with the dialect's own placeholders. */
async function load(dialect: DialectName, table: string, run: (sql: string, params: unknown[]) => Promise<unknown>) {
  const d = dialectFor(dialect);
  for (let i = 0; i < DATA.length; i += 250) {
    const chunk = DATA.slice(i, i + 250);
    let n = 0;
    const tuples = chunk.map(() => `(${Array.from({ length: 8 }, () => d.placeholder(++n)).join(', ')})`);
    await run(`INSERT INTO ${table} (id, order_date, created_at, region, category, product, amount, qty) VALUES ${tuples.join(', ')}`, chunk.flatMap(rowValues));
  }
}

async function duckdbEngine(): Promise<Engine> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn: DuckDBConnection = await instance.connect();
  await conn.run(`CREATE TABLE sales ${DDL_COLUMNS({ int: 'INTEGER', date: 'DATE', ts: 'TIMESTAMP', text: 'VARCHAR', dec: 'DECIMAL(12,2)' })}`);
  await load('duckdb', 'sales', (sql, params) => conn.run(sql, params as never));
  return {
    name: 'duckdb',
    source: { kind: 'table', table: 'sales' },
    // the JSON form, as the DuckDB driver reads it (BIGINT, HUGEINT and DECIMAL as text)
    run: async (sql, params) => (await conn.runAndReadAll(sql, params as never)).getRowsJson() as unknown[][],
    explain: async (sql, params) => (await conn.runAndReadAll(`EXPLAIN ${sql}`, params as never)).getRowsJson().map((r) => String(r[1])).join('\n'),
    close: async () => {
      conn.closeSync();
      instance.closeSync();
    },
  };
}

async function postgresEngine(url: string): Promise<Engine> {
  const schema = `bi_query_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.query(`CREATE TABLE ${schema}.sales ${DDL_COLUMNS({ int: 'integer', date: 'date', ts: 'timestamp', text: 'text', dec: 'numeric(12,2)' })}`);
  await load('postgres', `${schema}.sales`, (sql, params) => client.query(sql, params));
  await client.query(`CREATE INDEX sales_order_date ON ${schema}.sales (order_date)`);
  await client.query(`ANALYZE ${schema}.sales`);
  return {
    name: 'postgres',
    source: { kind: 'table', schema, table: 'sales' },
    run: async (sql, params) => (await client.query({ text: sql, values: params, rowMode: 'array' })).rows,
    // with sequential scans priced out, an index scan appears only if the predicate can use the index
    explain: async (sql, params) => {
      await client.query('SET enable_seqscan = off');
      try {
        return (await client.query({ text: `EXPLAIN ${sql}`, values: params, rowMode: 'array' })).rows.map((r) => String(r[0])).join('\n');
      } finally {
        await client.query('RESET enable_seqscan');
      }
    },
    close: async () => {
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

async function mysqlEngine(url: string): Promise<Engine> {
  const u = new URL(url);
  const options = { host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password), charset: 'utf8mb4' };
  const admin = await mysql.createConnection(options);
  await admin.query('DROP DATABASE IF EXISTS bi_query_test');
  await admin.query('CREATE DATABASE bi_query_test CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
  await admin.end();
  const conn = await mysql.createConnection({ ...options, database: 'bi_query_test' });
  await conn.query(`CREATE TABLE sales ${DDL_COLUMNS({ int: 'INT', date: 'DATE', ts: 'DATETIME', text: 'VARCHAR(50)', dec: 'DECIMAL(12,2)' })}`);
  await load('mysql', 'sales', (sql, params) => conn.query(sql, params));
  await conn.query('CREATE INDEX sales_order_date ON sales (order_date)');
  await conn.query('ANALYZE TABLE sales');
  return {
    name: 'mysql',
    source: { kind: 'table', table: 'sales' },
    // server-side prepared statements, as the MySQL driver runs them
    run: async (sql, params) => (await conn.execute({ sql, values: params, rowsAsArray: true } as mysql.QueryOptions))[0] as unknown[][],
    explain: async (sql, params) => JSON.stringify((await conn.execute({ sql: `EXPLAIN ${sql}`, values: params } as mysql.QueryOptions))[0]),
    close: async () => {
      await conn.query('DROP DATABASE IF EXISTS bi_query_test');
      await conn.end();
    },
  };
}

// ---- comparison ----

const round6 = (v: Cell | Value) => (typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v);

/** Same shape, same texts, numbers equal at 6 decimals (one unit of the 6th decimal allowed for a half rounded differently). */
function expectSameRows(actual: (Cell | Value)[][], expected: (Cell | Value)[][], label: string) {
  const a = actual.map((r) => r.map(round6));
  const e = expected.map((r) => r.map(round6));
  const same =
    a.length === e.length &&
    a.every((row, i) => row.length === e[i].length && row.every((v, j) => v === e[i][j] || (typeof v === 'number' && typeof e[i][j] === 'number' && Math.abs(v - (e[i][j] as number)) <= 1.000001e-6)));
  if (!same) expect({ label, rows: a }).toEqual({ label, rows: e });
}

// ---- the charts ----

interface Case {
  name: string;
  build: (source: QuerySource) => QueryIR;
  expected: () => Value[][];
}

const chartCase = (name: string, c: Chart, expected: () => Value[][], options: ChartQueryOptions = {}): Case => ({
  name,
  build: (source) => buildChartQuery(c, source, SALES_FIELDS, options),
  expected,
});

const between = (lo: string, hi: string) => (r: SalesRow) => r.order_date >= lo && r.order_date <= hi;
const topBy = (rows: Value[][], col: number, dir: 'desc' | 'asc', n: number) =>
  [...rows].sort((a, b) => (dir === 'desc' ? compareValues(b[col], a[col]) : compareValues(a[col], b[col])) || compareRows(a, b)).slice(0, n);

const CASES: Case[] = [
  chartCase(
    'month × category: sum, avg, count, second-axis avg',
    chart({ points: [datePoint('order_date', 3), point('category')], values: [value('amount', 'sum'), value('amount', 'avg'), value('id', 'count')], secondValues: [value('qty', 'avg')] }),
    () => groupRows(DATA, [(r) => monthOf(r.order_date), (r) => r.category], [sumCents, avgAmount, countRows, avgQty]),
  ),
  chartCase(
    'quarter split by region (compare series), NULL region last',
    chart({ points: [datePoint('order_date', 2)], secondPoints: [point('region')], values: [value('amount', 'sum')] }),
    () => groupRows(DATA, [(r) => quarterOf(r.order_date), (r) => r.region], [sumCents]),
  ),
  chartCase(
    'week with a date field filter (between, inclusive end)',
    chart({
      type: 'line',
      points: [datePoint('order_date', 4, { fieldFilter: { logic: 1, conditions: [{ field: { name: 'order_date', dataType: 'date' }, compare: 'between', compareValueLeft: '2023-03-01', compareValueRight: '2023-05-31' }] } })],
      values: [value('qty', 'sum')],
    }),
    () => groupRows(DATA.filter(between('2023-03-01', '2023-05-31')), [(r) => weekOf(r.order_date)], [sumQty]),
  ),
  chartCase(
    'year: max, min, count distinct',
    chart({ points: [datePoint('order_date', 1)], values: [value('amount', 'max'), value('amount', 'min'), value('product', 'countDistinct'), value('region', 'countDistinct')] }),
    () => groupRows(DATA, [(r) => yearOf(r.order_date)], [maxAmount, minAmount, countDistinct((r) => r.product), countDistinct((r) => r.region)]),
  ),
  chartCase(
    'day of a timestamp, filtered through the end of the last day',
    chart({
      points: [datePoint('created_at', 5, { fieldFilter: { logic: 1, conditions: [{ field: { name: 'created_at', dataType: 'date' }, compare: 'between', compareValueLeft: '2024-02-01', compareValueRight: '2024-02-10' }] } })],
      values: [value('id', 'count')],
    }),
    () => groupRows(DATA.filter((r) => r.created_at >= '2024-02-01' && r.created_at <= '2024-02-10 23:59:59'), [(r) => dayOf(r.created_at)], [countRows]),
  ),
  chartCase(
    'top 3 products by amount (before, items)',
    chart({ points: [point('product')], values: [value('amount', 'sum')], editTopNum: { showItemNum: true, direction: 0, num: 3, mode: 0 } }),
    () => topBy(groupRows(DATA, [(r) => r.product], [sumCents]), 1, 'desc', 3),
  ),
  chartCase(
    'top 5 months (before, items) shown in month order',
    chart({ points: [datePoint('order_date', 3, { orderBy: 'asc' })], values: [value('amount', 'sum')], editTopNum: { showItemNum: true, direction: 0, num: 5, mode: 0 } }),
    () => topBy(groupRows(DATA, [(r) => monthOf(r.order_date)], [sumCents]), 1, 'desc', 5).sort(compareRows),
  ),
  chartCase(
    'bottom 10% of months (after, percent): ceil(36 × 10%) = 4',
    chart({ points: [datePoint('order_date', 3)], values: [value('amount', 'sum')], editTopNum: { showItemNum: true, direction: 1, num: 10, mode: 1 } }),
    () => topBy(groupRows(DATA, [(r) => monthOf(r.order_date)], [sumCents]), 1, 'asc', 4),
  ),
  chartCase(
    'top 25% of regions by quantity (before, percent), NULL region an item too',
    chart({ points: [point('region')], values: [value('qty', 'sum')], editTopNum: { showItemNum: true, direction: 0, num: 25, mode: 1 } }),
    () => topBy(groupRows(DATA, [(r) => r.region], [sumQty]), 1, 'desc', Math.ceil((6 * 25) / 100)),
  ),
  chartCase(
    'top 2 categories split by year (compare series, items)',
    chart({ points: [point('category')], secondPoints: [datePoint('order_date', 1)], values: [value('amount', 'sum')], editTopNum: { showItemNum: true, direction: 0, num: 2, mode: 0 } }),
    () => {
      const totals = topBy(groupRows(DATA, [(r) => r.category], [sumCents]), 1, 'desc', 2).map((r) => r[0]);
      const cells = groupRows(DATA, [(r) => r.category, (r) => yearOf(r.order_date)], [sumCents]).filter((r) => totals.includes(r[0]));
      return cells.sort((a, b) => totals.indexOf(a[0]) - totals.indexOf(b[0]) || compareValues(a[1], b[1]));
    },
  ),
  chartCase(
    'bottom 50% of categories split by region (compare series, percent)',
    chart({ points: [point('category')], secondPoints: [point('region')], values: [value('qty', 'sum')], editTopNum: { showItemNum: true, direction: 1, num: 50, mode: 1 } }),
    () => {
      const totals = topBy(groupRows(DATA, [(r) => r.category], [sumQty]), 1, 'asc', 2).map((r) => r[0]);
      const cells = groupRows(DATA, [(r) => r.category, (r) => r.region], [sumQty]).filter((r) => totals.includes(r[0]));
      return cells.sort((a, b) => totals.indexOf(a[0]) - totals.indexOf(b[0]) || compareValues(a[1], b[1]));
    },
  ),
  chartCase(
    'number filters: all of >=, <, != (keeps NULL) and any of =, >, between',
    chart({
      points: [point('category')],
      values: [
        value('amount', 'sum', {
          fieldFilter: {
            logic: 1,
            conditions: [
              { field: { name: 'qty', dataType: 'number' }, compare: '>=', compareValue: 3 },
              { field: { name: 'qty', dataType: 'number' }, compare: '<', compareValue: '17' },
              { field: { name: 'amount', dataType: 'number' }, compare: '!=', compareValue: 0 },
            ],
          },
        }),
        value('id', 'count', {
          fieldFilter: {
            logic: 0,
            conditions: [
              { field: { name: 'qty', dataType: 'number' }, compare: '=', compareValue: 5 },
              { field: { name: 'qty', dataType: 'number' }, compare: '>', compareValue: 15.5 },
              { field: { name: 'amount', dataType: 'number' }, compare: 'between', compareValueLeft: 100, compareValueRight: 1000.5 },
              { field: { name: 'amount', dataType: 'number' }, compare: '<=', compareValue: 1.5 },
            ],
          },
        }),
      ],
    }),
    () => {
      const rows = DATA.filter((r) => r.qty >= 3 && r.qty < 17 && amountOf(r) !== 0).filter((r) => {
        const a = amountOf(r);
        return r.qty === 5 || r.qty > 15.5 || (a !== null && a >= 100 && a <= 1000.5) || (a !== null && a <= 1.5);
      });
      return groupRows(rows, [(r) => r.category], [sumCents, countRows]);
    },
  ),
  chartCase(
    'string filters: like with escaped %, _ and [, not like, =, != keeping NULL',
    chart({
      points: [point('product', { fieldFilter: { logic: 0, conditions: ['%', '_', '[红]', '!'].map((t) => ({ field: { name: 'product', dataType: 'string' as const }, compare: 'like' as const, compareValue: t })) } })],
      secondPoints: [point('region', { fieldFilter: { logic: 1, conditions: [{ field: { name: 'region', dataType: 'string' }, compare: '!=', compareValue: '华北' }, { field: { name: 'category', dataType: 'string' }, compare: 'notLike', compareValue: '食品' }] } })],
      values: [value('id', 'count')],
    }),
    () => {
      const rows = DATA.filter((r) => ['%', '_', '[红]', '!'].some((t) => r.product.includes(t)) && r.region !== '华北' && !r.category.includes('食品'));
      return groupRows(rows, [(r) => r.product, (r) => r.region], [countRows]);
    },
  ),
  chartCase(
    'string = and a one-sided date range',
    chart({
      points: [datePoint('order_date', 2)],
      values: [
        value('amount', 'avg', {
          fieldFilter: {
            logic: 1,
            conditions: [
              { field: { name: 'region', dataType: 'string' }, compare: '=', compareValue: '华东' },
              { field: { name: 'order_date', dataType: 'date' }, compare: 'between', compareValueLeft: '2024-04-15', compareValueRight: null },
            ],
          },
        }),
      ],
    }),
    () => groupRows(DATA.filter((r) => r.region === '华东' && r.order_date >= '2024-04-15'), [(r) => quarterOf(r.order_date)], [avgAmount]),
  ),
  chartCase(
    'inner and global range filters: month range, strings IN, numbers per numberOption',
    chart({ points: [point('region')], values: [value('amount', 'sum'), value('qty', 'sum')] }),
    () =>
      groupRows(
        DATA.filter((r) => r.order_date >= '2023-02-01' && r.order_date < '2023-05-01' && (r.region === '华东' || r.region === '华南') && r.qty >= 10 && amountOf(r) !== null && amountOf(r)! >= 100 && amountOf(r)! <= 2000),
        [(r) => r.region],
        [sumCents, sumQty],
      ),
    {
      innerFilters: [
        { name: 'order_date', dataType: 'date', range: ['2023-02', '2023-04-10'], granularity: 3 },
        { name: 'amount', dataType: 'number', range: [100, 2000], numberOption: 'range' },
      ],
      globalFilters: [
        { name: 'region', dataType: 'string', range: ['华东', '华南'] },
        { name: 'qty', dataType: 'number', range: [10], numberOption: 'greaterThanOrEqual' },
      ],
    },
  ),
  chartCase(
    'global filters: ISO weeks, a quarter, notEqual keeping NULL',
    chart({ points: [datePoint('order_date', 5)], values: [value('id', 'count')] }),
    () => groupRows(DATA.filter((r) => r.order_date >= '2023-03-06' && r.order_date < '2023-03-27' && amountOf(r) !== 1234.56), [(r) => r.order_date], [countRows]),
    {
      globalFilters: [
        { name: 'order_date', dataType: 'date', range: ['2023-W10', '2023-W12'], granularity: 4 },
        { name: 'created_at', dataType: 'date', range: ['2023-Q1', '2023-Q1'], granularity: 2 },
        { name: 'amount', dataType: 'number', range: [1234.56], numberOption: 'notEqual' },
      ],
    },
  ),
  {
    name: 'totals: sum, avg, max, min of the monthly sums',
    build: (source) => buildTotalsQuery(chart({ points: [datePoint('order_date', 3)], values: [value('amount', 'sum')], aggregateConfig: { aggregateField: 'amount', showSum: true, showAvg: true, showMax: true, showMin: true } }), source, SALES_FIELDS)!,
    expected: () => {
      const sums = groupRows(DATA, [(r) => monthOf(r.order_date)], [sumCents]).map((r) => r[1] as number);
      return [[sums.reduce((a, b) => a + b, 0), sums.reduce((a, b) => a + b, 0) / sums.length, Math.max(...sums), Math.min(...sums)]];
    },
  },
  {
    name: 'totals over the top-N items only',
    build: (source) =>
      buildTotalsQuery(chart({ points: [point('product')], values: [value('qty', 'sum')], editTopNum: { showItemNum: true, direction: 0, num: 4, mode: 0 }, aggregateConfig: { showSum: true, showMin: true } }), source, SALES_FIELDS)!,
    expected: () => {
      const top = topBy(groupRows(DATA, [(r) => r.product], [sumQty]), 1, 'desc', 4).map((r) => r[1] as number);
      return [[top.reduce((a, b) => a + b, 0), Math.min(...top)]];
    },
  },
  {
    name: 'plot lines: avg of sum(amount), max of count(id), min of avg(qty) on the second axis',
    build: (source) =>
      buildPlotLineQuery(
        chart({
          points: [point('category')],
          values: [value('amount', 'sum')],
          secondValues: [value('qty', 'avg')],
          plotLineY: [
            { name: 'target', valueType: 0, value: 1000 },
            { name: 'mean', valueType: 1, axisField: { axisName: 'amount', aggregator: 'sum' }, formula: 0 },
            { name: 'most orders', valueType: 1, axisField: { axisName: 'id', aggregator: 'count' }, formula: 2 },
          ],
          plotLineYOptional: [{ name: 'low qty', valueType: 1, axisField: { axisName: 'qty', aggregator: 'avg' }, formula: 1 }],
        }),
        source,
        SALES_FIELDS,
      ).query!,
    expected: () => {
      const g = groupRows(DATA, [(r) => r.category], [sumCents, countRows, avgQty]);
      const col = (i: number) => g.map((r) => r[i] as number);
      return [[col(1).reduce((a, b) => a + b, 0) / g.length, Math.max(...col(2)), Math.min(...col(3))]];
    },
  },
  {
    name: 'detail rows: filters, page 3 of 7 rows, ordered by id descending',
    build: (source) =>
      buildDetailQuery(
        chart({ points: [point('region', { fieldFilter: { logic: 1, conditions: [{ field: { name: 'region', dataType: 'string' }, compare: '=', compareValue: '西南' }] } })], values: [value('amount')] }),
        source,
        SALES_FIELDS,
        {
          columns: ['id', 'order_date', 'created_at', 'product', 'amount'],
          order: [{ name: 'id', dir: 'desc' }],
          page: 3,
          pageSize: 7,
          detailFilter: { logic: 1, filterItems: [{ field: { name: 'qty', dataType: 'number' }, compare: '>', compareValue: 15 }, { field: { name: 'product', dataType: 'string' }, compare: 'like', compareValue: '笔记本' }] },
        } satisfies DetailQueryOptions,
      ),
    expected: () =>
      DATA.filter((r) => r.region === '西南' && (r.qty > 15 || r.product.includes('笔记本')))
        .sort((a, b) => b.id - a.id)
        .slice(14, 21)
        .map((r) => [r.id, r.order_date, r.created_at, r.product, amountOf(r)]),
  },
  {
    name: 'row-level rules: a role rule and a user rule ANDed with the chart filters (issue 17 #6)',
    build: (source) =>
      buildChartQuery(chart({ points: [point('category')], values: [value('qty', 'sum')] }), source, SALES_FIELDS, {
        rowFilter: rowRuleFilter(ROW_RULES, { userId: 'u1', roleIds: ['southwest'], isAdmin: false }, SALES_FIELDS),
      }),
    expected: () => groupRows(DATA.filter((r) => r.region === '西南' && r.qty > 15), [(r) => r.category], [sumQty]),
  },
];

/** Rules of the row-level rule case: by role region = 西南, by user qty > 15; deny-by-default. */
const ROW_RULES = checkRowRules(
  {
    denyByDefault: true,
    rules: [
      { roleId: 'southwest', field: 'region', compare: '=', compareValue: '西南' },
      { userId: 'u1', field: 'qty', compare: '>', compareValue: 15 },
    ],
  },
  SALES_FIELDS,
);

/** The user's own SQL as the source (trailing semicolon, a WITH query). */
const SQL_SOURCE_CASES: { name: string; sql: (table: string) => string; chart: Chart; expected: () => Value[][] }[] = [
  {
    name: 'SQL source with a trailing semicolon',
    sql: (t) => `SELECT * FROM ${t} WHERE qty > 2;`,
    chart: chart({ points: [datePoint('order_date', 1)], values: [value('qty', 'sum')] }),
    expected: () => groupRows(DATA.filter((r) => r.qty > 2), [(r) => yearOf(r.order_date)], [sumQty]),
  },
  {
    name: 'SQL source with WITH',
    sql: (t) => `WITH big AS (SELECT * FROM ${t} WHERE amount > 2500) SELECT * FROM big`,
    chart: chart({ points: [point('category')], values: [value('amount', 'avg')] }),
    expected: () => groupRows(DATA.filter((r) => amountOf(r) !== null && amountOf(r)! > 2500), [(r) => r.category], [avgAmount]),
  },
];

// ---- run ----

const pgUrl = process.env.TEST_DATABASE_URL;
const mysqlUrl = process.env.TEST_MYSQL_URL;
if (!pgUrl) console.warn('TEST_DATABASE_URL is not set: @bi/query runs its charts on DuckDB only, PostgreSQL is skipped (the services run sets it)');
if (!mysqlUrl) console.warn('TEST_MYSQL_URL is not set: @bi/query runs its charts without MariaDB / MySQL (the services run sets it)');

describe('@bi/query charts on real engines', () => {
  const engines: Engine[] = [];

  beforeAll(async () => {
    engines.push(await duckdbEngine());
    if (pgUrl) engines.push(await postgresEngine(pgUrl));
    if (mysqlUrl) engines.push(await mysqlEngine(mysqlUrl));
  });

  afterAll(async () => {
    for (const e of engines) await e.close();
  });

  async function runEverywhere(build: (source: QuerySource) => QueryIR) {
    const answers: { engine: DialectName; rows: Cell[][] }[] = [];
    for (const e of engines) {
      const q = compile(build(e.source), e.name);
      answers.push({ engine: e.name, rows: normalizeRows(await e.run(q.sql, q.params), q.columns) });
    }
    return answers;
  }

  it('has loaded the same rows into every engine', async () => {
    const answers = await runEverywhere((source) => buildChartQuery(chart({ values: [value('id', 'count'), value('amount', 'sum'), value('qty', 'sum')] }), source, SALES_FIELDS));
    for (const a of answers) expectSameRows(a.rows, [[DATA.length, sumCents(DATA), sumQty(DATA)]], a.engine);
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const expected = c.expected();
    expect(expected.length).toBeGreaterThan(0);
    const answers = await runEverywhere(c.build);
    for (const a of answers) expectSameRows(a.rows, expected, a.engine);
    // and the engines agree with one another
    for (const a of answers.slice(1)) expectSameRows(a.rows, answers[0].rows, `${a.engine} vs ${answers[0].engine}`);
  });

  it.each(SQL_SOURCE_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const expected = c.expected();
    for (const e of engines) {
      const table = e.source.kind === 'table' ? (e.source.schema ? `${e.source.schema}.${e.source.table}` : e.source.table) : '';
      const q = compile(buildChartQuery(c.chart, { kind: 'sql', sql: c.sql(table) }, SALES_FIELDS), e.name);
      expectSameRows(normalizeRows(await e.run(q.sql, q.params), q.columns), expected, e.name);
    }
  });

  it('row-level rules, deny-by-default: no row for a caller no rule names, every row for an admin', async () => {
    const c = chart({ values: [value('id', 'count'), value('qty', 'sum')] });
    for (const a of await runEverywhere((source) => buildChartQuery(c, source, SALES_FIELDS, { rowFilter: rowRuleFilter(ROW_RULES, { userId: 'x', roleIds: [], isAdmin: false }, SALES_FIELDS) }))) {
      expectSameRows(a.rows, [[0, null]], a.engine);
    }
    for (const a of await runEverywhere((source) => buildChartQuery(c, source, SALES_FIELDS, { rowFilter: rowRuleFilter(ROW_RULES, { userId: 'x', roleIds: [], isAdmin: true }, SALES_FIELDS) }))) {
      expectSameRows(a.rows, [[DATA.length, sumQty(DATA)]], a.engine);
    }
  });

  it('runs on every engine it was given', () => {
    expect(engines.map((e) => e.name)).toEqual(['duckdb', ...(pgUrl ? ['postgres'] : []), ...(mysqlUrl ? ['mysql'] : [])]);
  });

  it('keeps date filters on the raw column: DuckDB pushes them into the scan, PostgreSQL and MariaDB use the index', async () => {
    const c = chart({ points: [point('category')], values: [value('amount', 'sum')] });
    for (const e of engines) {
      const q = compile(buildChartQuery(c, e.source, SALES_FIELDS, { globalFilters: [{ name: 'order_date', dataType: 'date', range: ['2023-W10', '2023-W10'], granularity: 4 }] }), e.name);
      const plan = await e.explain(q.sql, q.params);
      // the plan boxes wrap text: compare without the drawing and the spaces
      if (e.name === 'duckdb') expect(plan.replace(/[\u2500-\u257f\s]/g, '')).toContain("SEQ_SCANTable:memory.main.salesType:SequentialScanProjections:categoryamountFilters:order_date>='2023-03-06'::DATEANDorder_date<'2023-03-13'::DATE");
      if (e.name === 'postgres') expect(plan).toMatch(/Index.*sales_order_date[\s\S]*order_date >= '2023-03-06'::date\) AND \(order_date < '2023-03-13'::date/);
      if (e.name === 'mysql') expect(JSON.parse(plan)[0]).toMatchObject({ type: 'range', key: 'sales_order_date' });
    }
  });

  it('answers a date as yyyy-MM-dd and a timestamp with its time', async () => {
    const first = DATA.find((r) => !r.created_at.endsWith(' 00:00:00'))!;
    const answers = await runEverywhere((source) =>
      buildDetailQuery(chart({ points: [point('id', { fieldFilter: { logic: 1, conditions: [{ field: { name: 'id', dataType: 'number' }, compare: '=', compareValue: first.id }] } })] }), source, SALES_FIELDS, { columns: ['order_date', 'created_at'] }),
    );
    for (const a of answers) expect({ engine: a.engine, rows: a.rows }).toEqual({ engine: a.engine, rows: [[first.order_date, first.created_at]] });
  });
});
