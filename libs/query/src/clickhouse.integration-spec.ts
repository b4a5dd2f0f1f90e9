import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Chart } from '@bi/chart-model';
import { buildChartQuery, buildDetailQuery, checkRowRules, compile, dialectFor, normalizeRows, rowRuleFilter, type QueryIR } from './index.js';
import { chart, datePoint, point, SALES_FIELDS, SALES_TABLE, value } from './testing/charts.js';
import { avgAmount, avgQty, compareRows, compareValues, countRows, generateSales, groupRows, monthOf, sumCents, sumQty, weekOf, type SalesRow, type Value } from './testing/sales-data.js';

/**
 * The ClickHouse dialect run by ClickHouse's own engine: chdb (ClickHouse in process, PyPI `chdb`)
 * through python3, when both are on this machine; skipped with the reason otherwise. No ClickHouse
 * server is started here (TEST_CLICKHOUSE_URL runs the driver's suite against one,
 * apps/data-source/src/drivers/clickhouse.driver.integration-spec.ts).
 *  1. every ClickHouse statement snapshotted per query shape in __snapshots__/{compile,drill,field-range}.spec.ts.snap
 *     runs with its bound values over a small table of the same columns, and answers its columns;
 *  2. a few charts over the generated sales rows give the numbers computed in plain JS.
 */

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const python = process.env.PYTHON ?? 'python3';
const probe = spawnSync(python, ['-c', 'import chdb'], { encoding: 'utf8', timeout: 60_000 });
const chdbMissing = probe.error ? `${python} is not available (${probe.error.message})` : probe.status !== 0 ? `python module chdb is not installed (pip install chdb)` : '';
if (chdbMissing) console.warn(`${chdbMissing}: the ClickHouse dialect's statements are not run by ClickHouse's engine (chdb) here`);

interface Answer {
  meta?: { name: string; type: string }[];
  data?: unknown[][];
  ok?: boolean;
  error?: string;
}

/** The chdb runner process: one request per line, answers in order. */
class Chdb {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting: ((a: Answer) => void)[] = [];
  readonly ready: Promise<void>;

  constructor() {
    this.child = spawn(python, [here('./testing/chdb-runner.py')], { stdio: ['pipe', 'pipe', 'pipe'] });
    let started: () => void;
    this.ready = new Promise((resolve) => (started = resolve));
    let first = true;
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      if (first) {
        first = false;
        started();
        return;
      }
      this.waiting.shift()?.(JSON.parse(line) as Answer);
    });
  }

  ask(request: object): Promise<Answer> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.child.stdin.write(JSON.stringify(request) + '\n');
    });
  }

  async query(sql: string, params: unknown[]): Promise<Required<Pick<Answer, 'meta' | 'data'>>> {
    const a = await this.ask({ sql, params: Object.fromEntries(params.map((v, i) => [`p${i + 1}`, v])) });
    if (a.error !== undefined) throw new Error(`ClickHouse refused:\n${sql}\n${JSON.stringify(params)}\n${a.error}`);
    return { meta: a.meta ?? [], data: a.data ?? [] };
  }

  async run(statement: string, rows?: string): Promise<void> {
    const a = await this.ask(rows === undefined ? { sql: statement, params: {} } : { sql: statement, rows });
    if (a.error !== undefined) throw new Error(`${statement}: ${a.error}`);
  }

  close(): void {
    this.child.stdin.end();
  }
}

const q = dialectFor('clickhouse').quoteIdent;
const COLUMNS = [
  ['id', 'Int32'],
  ['order_date', 'Date'],
  ['created_at', 'DateTime'],
  ['region', 'Nullable(String)'],
  ['category', 'String'],
  ['product', 'String'],
  ['amount', 'Nullable(Decimal(12, 2))'],
  ['qty', 'Int32'],
  // the columns some snapshotted shapes name besides the sales fields
  ['note', 'Nullable(String)'],
  ['区域 "A"', 'Nullable(String)'],
  ['金额`]', 'Nullable(Decimal(12, 2))'],
] as const;
const DDL = `(${COLUMNS.map(([name, type]) => `${q(name)} ${type}`).join(', ')}) ENGINE = MergeTree ORDER BY id`;

const DATA = generateSales();
const eachRow = (rows: SalesRow[]) =>
  rows
    .map((r) =>
      JSON.stringify({
        id: r.id,
        order_date: r.order_date,
        created_at: r.created_at,
        region: r.region,
        category: r.category,
        product: r.product,
        amount: r.amountCents === null ? null : r.amountCents / 100,
        qty: r.qty,
        note: r.id % 7 === 0 ? ';' : 'n',
        '区域 "A"': r.region,
        '金额`]': r.amountCents === null ? null : r.amountCents / 100,
      }),
    )
    .join('\n');

/** The ClickHouse entries of the snapshot files of the query shapes over the sales table: statement, bound values. */
function snapshottedStatements(): { name: string; sql: string; params: unknown[] }[] {
  const entries: Record<string, string> = {};
  for (const spec of ['compile', 'drill', 'field-range']) new Function('exports', readFileSync(here(`./__snapshots__/${spec}.spec.ts.snap`), 'utf8'))(entries);
  return Object.entries(entries)
    .filter(([name, text]) => name.startsWith('clickhouse ') && text.includes('\n-- params: '))
    .map(([name, text]) => {
      const body = text.trim().slice(1, -1); // the snapshot's quotes
      const [sql, rest] = body.split('\n-- params: ');
      return { name, sql, params: JSON.parse(rest.split('\n-- columns: ')[0]) as unknown[] };
    });
}

const round6 = (v: unknown) => (typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v);
const between = (lo: string, hi: string) => (r: SalesRow) => r.order_date >= lo && r.order_date <= hi;
const topBy = (rows: Value[][], col: number, dir: 'desc' | 'asc', n: number) =>
  [...rows].sort((a, b) => (dir === 'desc' ? compareValues(b[col], a[col]) : compareValues(a[col], b[col])) || compareRows(a, b)).slice(0, n);

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
const chartOf = (c: Chart, options = {}) => buildChartQuery(c, SALES_TABLE, SALES_FIELDS, options);

const CHARTS: { name: string; build: () => QueryIR; expected: () => Value[][] }[] = [
  {
    name: 'month × category: sum, avg, count, second-axis avg',
    build: () =>
      chartOf(chart({ points: [datePoint('order_date', 3), point('category')], values: [value('amount', 'sum'), value('amount', 'avg'), value('id', 'count')], secondValues: [value('qty', 'avg')] })),
    expected: () => groupRows(DATA, [(r) => monthOf(r.order_date), (r) => r.category], [sumCents, avgAmount, countRows, avgQty]),
  },
  {
    name: 'week (from Monday) with a date filter, inclusive end',
    build: () =>
      chartOf(
        chart({
          points: [datePoint('order_date', 4, { fieldFilter: { logic: 1, conditions: [{ field: { name: 'order_date', dataType: 'date' }, compare: 'between', compareValueLeft: '2023-03-01', compareValueRight: '2023-05-31' }] } })],
          values: [value('qty', 'sum')],
        }),
      ),
    expected: () => groupRows(DATA.filter(between('2023-03-01', '2023-05-31')), [(r) => weekOf(r.order_date)], [sumQty]),
  },
  {
    name: 'top 3 products by amount',
    build: () => chartOf(chart({ points: [point('product')], values: [value('amount', 'sum')], editTopNum: { showItemNum: true, direction: 0, num: 3, mode: 0 } })),
    expected: () => topBy(groupRows(DATA, [(r) => r.product], [sumCents]), 1, 'desc', 3),
  },
  {
    name: 'region with NULL last, row rules of a role and a user',
    build: () => chartOf(chart({ points: [point('category')], values: [value('qty', 'sum')] }), { rowFilter: rowRuleFilter(ROW_RULES, { userId: 'u1', roleIds: ['southwest'], isAdmin: false }, SALES_FIELDS) }),
    expected: () => groupRows(DATA.filter((r) => r.region === '西南' && r.qty > 15), [(r) => r.category], [sumQty]),
  },
  {
    name: 'detail rows: filters with LIKE, page 3 of 7 rows',
    build: () =>
      buildDetailQuery(
        chart({ points: [point('region', { fieldFilter: { logic: 1, conditions: [{ field: { name: 'region', dataType: 'string' }, compare: '=', compareValue: '西南' }] } })], values: [value('amount')] }),
        SALES_TABLE,
        SALES_FIELDS,
        {
          columns: ['id', 'order_date', 'created_at', 'product', 'amount'],
          order: [{ name: 'id', dir: 'desc' }],
          page: 3,
          pageSize: 7,
          detailFilter: { logic: 1, filterItems: [{ field: { name: 'qty', dataType: 'number' }, compare: '>', compareValue: 15 }, { field: { name: 'product', dataType: 'string' }, compare: 'like', compareValue: '笔记本' }] },
        },
      ),
    expected: () =>
      DATA.filter((r) => r.region === '西南' && (r.qty > 15 || r.product.includes('笔记本')))
        .sort((a, b) => b.id - a.id)
        .slice(14, 21)
        .map((r) => [r.id, r.order_date, r.created_at, r.product, r.amountCents === null ? null : r.amountCents / 100]),
  },
];

(chdbMissing ? describe.skip : describe)('the ClickHouse dialect on ClickHouse’s engine (chdb)', () => {
  let ch: Chdb;

  beforeAll(async () => {
    ch = new Chdb();
    await ch.ready;
    await ch.run(`CREATE TABLE sales ${DDL}`);
    await ch.run('INSERT INTO sales FORMAT JSONEachRow', eachRow(DATA));
    await ch.run(`CREATE DATABASE ${q('报表')}`);
    await ch.run(`CREATE TABLE ${q('报表')}.${q('销售 "明细"')} ${DDL}`);
    await ch.run(`INSERT INTO ${q('报表')}.${q('销售 "明细"')} FORMAT JSONEachRow`, eachRow(DATA.slice(0, 100)));
  });

  afterAll(() => ch?.close());

  it('runs every snapshotted statement with its bound values', async () => {
    const statements = snapshottedStatements();
    expect(statements.length).toBeGreaterThan(85);
    const failures: string[] = [];
    for (const s of statements) {
      try {
        const { meta } = await ch.query(s.sql, s.params);
        const aliases = [...s.sql.slice(0, s.sql.indexOf('\nFROM')).matchAll(/ AS "([^"]+)"/g)].map((m) => m[1]);
        if (meta.length === 0 || (aliases.length && aliases.some((a) => !meta.some((m) => m.name === a)))) failures.push(`${s.name}: answered ${meta.map((m) => m.name).join(', ')}`);
      } catch (e) {
        failures.push(`${s.name}: ${(e as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it.each(CHARTS.map((c) => [c.name, c] as const))('%s gives the numbers computed in JS', async (_name, c) => {
    const compiled = compile(c.build(), 'clickhouse');
    const { data } = await ch.query(compiled.sql, compiled.params);
    const rows = normalizeRows(data, compiled.columns).map((r) => r.map(round6));
    const expected = c.expected().map((r) => r.map(round6));
    expect(expected.length).toBeGreaterThan(0);
    expect(rows).toEqual(expected);
  });
});
