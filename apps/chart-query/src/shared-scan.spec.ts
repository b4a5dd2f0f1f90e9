import { compile, type ChartQueryIR, type MeasureIR } from '@bi/query';
import type { dataSourceQueryV1 } from '@bi/proto';
import { KeyedSemaphore } from './semaphore.js';
import { rollupKey } from './rollup-scan.js';
import { groupKey, mergeQueries, SharedScans } from './shared-scan.js';

type Reply = dataSourceQueryV1.RunQueryReply;
const measure = (aggregator: MeasureIR['aggregator'], alias = 'm0'): MeasureIR => ({ field: { name: 'amount', dataType: 'number' }, aggregator, alias, axis: 1, title: aggregator, trendline: false });
const chart = (measures: MeasureIR[], extra: Partial<ChartQueryIR> = {}): ChartQueryIR => ({
  kind: 'chart',
  source: { kind: 'table', table: 'sales' },
  dimensions: [{ field: { name: 'order_date', dataType: 'date' }, granularity: 'month', alias: 'd0', title: 'month' }],
  series: { field: { name: 'category', dataType: 'string' }, granularity: 'normal', alias: 's0', title: 'category' },
  measures,
  filters: { kind: 'and', children: [] },
  order: [],
  limit: 10001,
  ...extra,
});
/** Waits for a state (never for a fixed time): polls each millisecond. */
const until = async (ok: () => boolean) => {
  while (!ok()) await new Promise((r) => setTimeout(r, 1));
};
const reply = (rows: unknown[][]): Reply => ({ columns: [], rowsJson: JSON.stringify(rows), truncated: false, rowCount: rows.length, elapsedMs: 1 });

describe('SharedScans: charts of one source waiting with the same grouping run as one query', () => {
  it('groups only what differs in measures (no top-N, no order by a measure)', () => {
    const key = groupKey('ds', chart([measure('sum')]), 'duckdb', 10001);
    expect(groupKey('ds', chart([measure('avg')]), 'duckdb', 10001)).toBe(key);
    expect(groupKey('ds2', chart([measure('avg')]), 'duckdb', 10001)).not.toBe(key);
    expect(groupKey('ds', chart([measure('avg')], { dimensions: [{ field: { name: 'order_date', dataType: 'date' }, granularity: 'year', alias: 'd0', title: 'y' }] }), 'duckdb', 10001)).not.toBe(key);
    expect(groupKey('ds', chart([measure('avg')], { filters: { kind: 'isNull', field: { name: 'amount', dataType: 'number' }, negated: true } }), 'duckdb', 10001)).not.toBe(key);
    expect(groupKey('ds', chart([measure('sum')], { order: [{ ref: 'm0', dir: 'desc' }] }), 'duckdb', 10001)).toBeUndefined();
    expect(groupKey('ds', chart([measure('sum')], { topN: { by: 'm0', direction: 'before', mode: 'items', n: 3 } }), 'duckdb', 10001)).toBeUndefined();
  });

  it('merges the measures once each and maps every chart alias to the merged one', () => {
    const { compiled, aliases } = mergeQueries([chart([measure('sum')]), chart([measure('avg')]), chart([measure('sum'), measure('max', 'm1')])], 'duckdb');
    expect(compiled.columns.map((c) => c.alias)).toEqual(['d0', 's0', 'm0', 'm1', 'm2']);
    expect(aliases.map((m) => Object.fromEntries(m))).toEqual([{ m0: 'm0' }, { m0: 'm1' }, { m0: 'm0', m1: 'm2' }]);
  });

  it('runs a chart with a free slot at once, merges the ones waiting, and gives each its own columns', async () => {
    const [a, b, c] = [chart([measure('sum')]), chart([measure('avg')]), chart([measure('max')])];
    const merged = mergeQueries([b, c], 'duckdb').compiled;
    const sqls: string[] = [];
    let releaseA!: () => void;
    const runQuery = async (req: dataSourceQueryV1.RunQueryRequest): Promise<Reply> => {
      sqls.push(req.sql);
      if (req.sql === compile(a, 'duckdb').sql) {
        await new Promise<void>((r) => (releaseA = r));
        return reply([['2024-01-01', 'A', 1]]);
      }
      if (req.sql === merged.sql) return reply([['2024-01-01', 'A', 2, 3], ['2024-02-01', 'B', 4, 5]]);
      throw new Error(`unexpected ${req.sql}`);
    };
    const slots = new KeyedSemaphore(1);
    const scans = new SharedScans(runQuery, slots);
    const pa = scans.run('ds', a, compile(a, 'duckdb'), 'duckdb', 10001);
    // a came alone and runs (holding the only slot); b and c come later and wait, as one group, for the slot
    await until(() => sqls.length === 1);
    const pb = scans.run('ds', b, compile(b, 'duckdb'), 'duckdb', 10001);
    const pc = scans.run('ds', c, compile(c, 'duckdb'), 'duckdb', 10001);
    await until(() => slots.waiting('ds') === 1);
    releaseA();
    const [ra, rb, rc] = await Promise.all([pa, pb, pc]);
    expect(sqls).toEqual([compile(a, 'duckdb').sql, merged.sql]);
    expect(JSON.parse(ra.rowsJson)).toEqual([['2024-01-01', 'A', 1]]);
    expect(JSON.parse(rb.rowsJson)).toEqual([['2024-01-01', 'A', 2], ['2024-02-01', 'B', 4]]);
    expect(JSON.parse(rc.rowsJson)).toEqual([['2024-01-01', 'A', 3], ['2024-02-01', 'B', 5]]);
  });

  it('runs each chart alone when the merged query fails: one bad chart fails alone', async () => {
    const [a, b, c] = [chart([measure('sum')]), chart([measure('avg')]), chart([measure('min')])];
    const bad = compile(c, 'duckdb').sql;
    let releaseA!: () => void;
    const sqls: string[] = [];
    const slots = new KeyedSemaphore(1);
    const scans = new SharedScans(async (req) => {
      sqls.push(req.sql);
      if (req.sql === compile(a, 'duckdb').sql) await new Promise<void>((r) => (releaseA = r));
      if (req.sql === bad || req.sql === mergeQueries([b, c], 'duckdb').compiled.sql) throw new Error('engine error');
      return reply([['2024-01-01', 'A', 7]]);
    }, slots);
    const pa = scans.run('ds', a, compile(a, 'duckdb'), 'duckdb', 10001);
    await until(() => sqls.length === 1);
    const pb = scans.run('ds', b, compile(b, 'duckdb'), 'duckdb', 10001);
    const pc = scans.run('ds', c, compile(c, 'duckdb'), 'duckdb', 10001).catch((e: Error) => e);
    await until(() => slots.waiting('ds') === 1);
    releaseA();
    expect(JSON.parse((await pa).rowsJson)).toEqual([['2024-01-01', 'A', 7]]);
    expect(JSON.parse((await pb).rowsJson)).toEqual([['2024-01-01', 'A', 7]]);
    expect(await pc).toBeInstanceOf(Error);
    expect(sqls).toHaveLength(4);
  });

  it('gathers the charts that come together even with a free slot: one query for the same grouping, one roll-up across date grains', async () => {
    const sqls: string[] = [];
    const scans = new SharedScans(async (req) => (sqls.push(req.sql), reply([])), new KeyedSemaphore(4));
    const same = [chart([measure('sum')]), chart([measure('avg')]), chart([measure('max')])];
    await Promise.all(same.map((ir) => scans.run('ds', ir, compile(ir, 'duckdb'), 'duckdb', 10001)));
    expect(sqls).toEqual([mergeQueries(same, 'duckdb').compiled.sql]);

    sqls.length = 0;
    const year = chart([measure('sum')], { dimensions: [{ field: { name: 'order_date', dataType: 'date' }, granularity: 'year', alias: 'd0', title: 'y' }] });
    const grains = [year, chart([measure('avg')]), chart([measure('count')])];
    expect(groupKey('ds', year, 'duckdb', 10001)).not.toBe(groupKey('ds', grains[1]!, 'duckdb', 10001));
    await Promise.all(grains.map((ir) => scans.run('ds', ir, compile(ir, 'duckdb'), 'duckdb', 10001)));
    expect(sqls).toHaveLength(1);
    expect(sqls[0]).toContain('WITH pre AS MATERIALIZED');
  });

  it('answers the members of a shared scan one per turn of the event loop: what came meanwhile is served between them', async () => {
    const order: string[] = [];
    const scans = new SharedScans(async () => {
      // another request's callback, due while the scan's rows come back
      setImmediate(() => order.push('other request'));
      return reply([['2024-01-01', 'A', 1, 2, 3]]);
    }, new KeyedSemaphore(4));
    const irs = [chart([measure('sum')]), chart([measure('avg')]), chart([measure('max')])];
    await Promise.all(irs.map((ir, i) => scans.run('ds', ir, compile(ir, 'duckdb'), 'duckdb', 10001).then(() => order.push(`chart ${i}`))));
    // not all three answered (and their work done) before it
    expect(order).toEqual(['chart 0', 'other request', 'chart 1', 'chart 2']);
  });

  it('starts a run marked alone (a single chart run) without gathering; runs of its kind that come while it waits for the slot join it', async () => {
    const sqls: string[] = [];
    let releaseX!: () => void;
    const x = chart([measure('sum')], { dimensions: [] });
    const slots = new KeyedSemaphore(1);
    const scans = new SharedScans(async (req) => {
      sqls.push(req.sql);
      if (req.sql === compile(x, 'duckdb').sql) await new Promise<void>((r) => (releaseX = r));
      return reply([]);
    }, slots);
    const a = chart([measure('sum')]);
    // with a free slot its query is asked for in the same turn: no timer runs before it
    const pa = scans.run('ds', a, compile(a, 'duckdb'), 'duckdb', 10001, true);
    expect(sqls).toEqual([compile(a, 'duckdb').sql]);
    await pa;

    // while another query holds the slot, an alone run waits for it and a run of the same grouping joins it
    sqls.length = 0;
    const px = scans.run('ds', x, compile(x, 'duckdb'), 'duckdb', 10001, true);
    await until(() => sqls.length === 1);
    const b = chart([measure('avg')]);
    const pa2 = scans.run('ds', a, compile(a, 'duckdb'), 'duckdb', 10001, true);
    const pb = scans.run('ds', b, compile(b, 'duckdb'), 'duckdb', 10001);
    await until(() => slots.waiting('ds') === 1);
    releaseX();
    await Promise.all([px, pa2, pb]);
    expect(sqls).toEqual([compile(x, 'duckdb').sql, mergeQueries([a, b], 'duckdb').compiled.sql]);
  });

  it('keeps a count of distinct values, a top-N and another engine out of a roll-up', () => {
    expect(rollupKey('ds', chart([measure('sum')]), 'duckdb', 10001)).toBe(rollupKey('ds', chart([measure('min')], { dimensions: [{ field: { name: 'order_date', dataType: 'date' }, granularity: 'week', alias: 'd0', title: 'w' }] }), 'duckdb', 10001));
    expect(rollupKey('ds', chart([measure('countDistinct')]), 'duckdb', 10001)).toBeUndefined();
    expect(rollupKey('ds', chart([measure('sum')], { topN: { by: 'm0', direction: 'before', mode: 'items', n: 3 } }), 'duckdb', 10001)).toBeUndefined();
    expect(rollupKey('ds', chart([measure('sum')]), 'postgres', 10001)).toBeUndefined();
  });
});
