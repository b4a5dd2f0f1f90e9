import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { compile, normalizeRows, type ChartQueryIR, type MeasureIR } from '@bi/query';
import type { dataSourceQueryV1 } from '@bi/proto';
import { KeyedSemaphore } from './semaphore.js';
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
    const irs = [chart('year', measure('sum')), ...(['sum', 'avg', 'count', 'max', 'min'] as const).map((a) => chart('month', measure(a))), chart('month', measure('sum'))];
    const answers = await Promise.all(irs.map((ir) => scans.run('ds', ir, compile(ir, 'duckdb'), 'duckdb', 10001)));
    // the first had the free slot; the six waiting ones (one grouping) ran as one query
    expect(calls).toBe(2);
    for (const [i, ir] of irs.entries()) {
      const own = compile(ir, 'duckdb');
      const alone = await run({ dataSourceId: 'ds', sql: own.sql, paramsJson: JSON.stringify(own.params), rowLimit: 10001 });
      const shared = normalizeRows(JSON.parse(answers[i]!.rowsJson) as unknown[][], own.columns);
      expect(shared.length).toBeGreaterThan(0);
      expect(shared).toEqual(normalizeRows(JSON.parse(alone.rowsJson) as unknown[][], own.columns));
    }
  });
});
