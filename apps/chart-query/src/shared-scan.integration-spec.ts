import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { compile, normalizeRows, type ChartQueryIR, type MeasureIR } from '@bi/query';
import type { dataSourceQueryV1 } from '@bi/proto';
import { KeyedSemaphore } from './semaphore.js';
import { compileRollup } from './rollup-scan.js';
import { SharedScans } from './shared-scan.js';

// The merged query on a real DuckDB gives every chart exactly the rows its own query gives.
const measure = (aggregator: MeasureIR['aggregator'], name = 'amount'): MeasureIR => ({ field: { name, dataType: 'number' }, aggregator, alias: 'm0', axis: 1, title: aggregator, trendline: false });
const chart = (granularity: 'year' | 'month', m: MeasureIR): ChartQueryIR => ({
  kind: 'chart',
  source: { kind: 'table', table: 'sales' },
  dimensions: [{ field: { name: 'order_date', dataType: 'date' }, granularity, alias: 'd0', title: 'date' }],
  series: { field: { name: 'category', dataType: 'string' }, granularity: 'normal', alias: 's0', title: 'category' },
  measures: [m],
  filters: { kind: 'compare', field: { name: 'amount', dataType: 'number' }, op: '>', value: { type: 'number', value: 10 } },
  order: [{ ref: 'd0', dir: 'desc' }],
  limit: 10001,
});

describe('SharedScans on DuckDB', () => {
  let conn: DuckDBConnection;
  beforeAll(async () => {
    const db = await DuckDBInstance.create(':memory:');
    conn = await db.connect();
    await conn.run(`CREATE TABLE sales AS SELECT DATE '2022-01-01' + (i % 730)::INT AS order_date, ['A','B','C'][1 + (i % 3)] AS category, ((i * 7919) % 1000)::DOUBLE AS amount FROM range(20000) t(i)`);
  });
  afterAll(() => conn.closeSync());

  it('answers each chart of a merged group with the rows of its own query', async () => {
    const run = async (req: dataSourceQueryV1.RunQueryRequest): Promise<dataSourceQueryV1.RunQueryReply> => {
      const reader = await conn.runAndReadAll(req.sql, JSON.parse(req.paramsJson) as never);
      const rows = reader.getRowsJson();
      return { columns: [], rowsJson: JSON.stringify(rows), truncated: false, rowCount: rows.length, elapsedMs: 0 };
    };
    let calls = 0;
    const scans = new SharedScans((req) => ((calls += 1), run(req)), new KeyedSemaphore(1));
    const irs = [...(['sum', 'avg', 'count', 'max', 'min'] as const).map((a) => chart('month', measure(a))), chart('month', measure('sum'))];
    const answers = await Promise.all(irs.map((ir) => scans.run('ds', ir, compile(ir, 'duckdb'), 'duckdb', 10001)));
    // the six that came together (one grouping) ran as one query
    expect(calls).toBe(1);
    for (const [i, ir] of irs.entries()) {
      const own = compile(ir, 'duckdb');
      const alone = await run({ dataSourceId: 'ds', sql: own.sql, paramsJson: JSON.stringify(own.params), rowLimit: 10001 });
      const shared = normalizeRows(JSON.parse(answers[i]!.rowsJson) as unknown[][], own.columns);
      expect(shared.length).toBeGreaterThan(0);
      expect(shared).toEqual(normalizeRows(JSON.parse(alone.rowsJson) as unknown[][], own.columns));
    }
  });

  // a date stored as TIMESTAMP with times, as DATE (the analytics store's two kinds) and as TIMESTAMPTZ (a SQL source may answer one)
  it.each(['order_date', 'order_day', 'order_tz'])('answers charts of every date grain and every aggregate from one day-level roll-up, with the rows of their own queries (%s)', async (dateField) => {
    await conn.run(
      `CREATE OR REPLACE TABLE orders AS SELECT CASE WHEN i % 101 = 0 THEN NULL ELSE TIMESTAMP '2022-01-01 00:00:00' + to_hours((i * 37) % 26280) END AS order_date, ['A','B','C'][1 + (i % 3)] AS category, CASE WHEN i % 17 = 0 THEN NULL ELSE ((i * 7919) % 1000) / 7.0 END AS amount, (i % 50)::INTEGER AS qty FROM range(30000) t(i)`,
    );
    await conn.run(`ALTER TABLE orders ADD COLUMN order_day DATE; UPDATE orders SET order_day = CAST(order_date AS DATE)`);
    await conn.run(`ALTER TABLE orders ADD COLUMN order_tz TIMESTAMPTZ; UPDATE orders SET order_tz = CAST(order_date AS TIMESTAMPTZ)`);
    const runs: string[] = [];
    const run = async (req: dataSourceQueryV1.RunQueryRequest): Promise<dataSourceQueryV1.RunQueryReply> => {
      runs.push(req.sql);
      const reader = await conn.runAndReadAll(req.sql, JSON.parse(req.paramsJson) as never);
      const rows = reader.getRowsJson();
      return { columns: [], rowsJson: JSON.stringify(rows), truncated: false, rowCount: rows.length, elapsedMs: 0 };
    };
    const grains = ['year', 'quarter', 'month', 'week', 'day'] as const;
    const on = (granularity: (typeof grains)[number], measures: MeasureIR[], withSeries = true): ChartQueryIR => ({
      kind: 'chart',
      source: { kind: 'table', table: 'orders' },
      dimensions: [{ field: { name: dateField, dataType: 'date' }, granularity, alias: 'd0', title: 'date' }],
      ...(withSeries ? { series: { field: { name: 'category', dataType: 'string' }, granularity: 'normal' as const, alias: 's0', title: 'category' } } : {}),
      measures,
      filters: { kind: 'compare', field: { name: 'qty', dataType: 'number' }, op: '>', value: { type: 'number', value: 3 } },
      order: [],
      limit: 10001,
    });
    const m = (aggregator: MeasureIR['aggregator'], alias: string, name = 'amount'): MeasureIR => ({ ...measure(aggregator, name), alias });
    const all = () => [m('sum', 'm0'), m('avg', 'm1'), m('count', 'm2'), m('min', 'm3'), m('max', 'm4'), m('sum', 'm5', 'qty'), m('avg', 'm6', 'qty')];
    const irs = [...grains.map((g) => on(g, all())), ...grains.map((g) => on(g, [m('max', 'm0')])), on('month', [m('count', 'm0', 'qty')])];
    // another task holds the source's only slot while the charts gather
    let release!: () => void;
    const held = new KeyedSemaphore(1);
    const gate = held.run('ds', () => new Promise<void>((r) => (release = r)));
    const gated = new SharedScans(run, held);
    const answers = Promise.all(irs.map((ir) => gated.run('ds', ir, compile(ir, 'duckdb'), 'duckdb', 10001)));
    release();
    await gate;
    const shared = await answers;
    // every chart from ONE statement (the roll-up), none alone
    expect(runs).toHaveLength(1);
    expect(runs[0]).toContain('MATERIALIZED');
    // the day-level pre-aggregate groups by the day as a DATE, not by a TIMESTAMP computed for every row
    expect(runs[0]).toContain(`GROUP BY CAST(src."${dateField}" AS DATE)`);
    expect(runs[0]).not.toContain("date_trunc('day', src.");
    const close = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)) : a === b);
    for (const [i, ir] of irs.entries()) {
      const own = compile(ir, 'duckdb');
      const alone = await run({ dataSourceId: 'ds', sql: own.sql, paramsJson: JSON.stringify(own.params), rowLimit: 10001 });
      const mine = normalizeRows(JSON.parse(shared[i]!.rowsJson) as unknown[][], own.columns);
      const expected = normalizeRows(JSON.parse(alone.rowsJson) as unknown[][], own.columns);
      expect(mine.length).toBeGreaterThan(3);
      expect(mine.length).toBe(expected.length);
      expect(shared[i]!.rowCount).toBe(expected.length);
      mine.forEach((row, r) => row.forEach((cell, c) => expect([i, r, c, close(cell, expected[r]![c])]).toEqual([i, r, c, true])));
      // dates and counts exactly as alone (types included)
      expect(mine.map((row) => row.slice(0, 2))).toEqual(expected.map((row) => row.slice(0, 2)));
    }
    expect(compileRollup(irs.map((ir) => ({ ir, compiled: compile(ir, 'duckdb') })), 'duckdb').picks.map((p) => p.branch)).toEqual([0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 2]);
  });
});
