import { MemoryCache } from '@bi/cache';
import { emptyChart, type Chart } from '@bi/chart-model';
import { loadConfig } from '@bi/config';
import { AppError, Logger } from '@bi/core';
import type { dataSourceQueryV1 } from '@bi/proto';
import type { KeptRollup } from '@bi/query';
import type { SourceDescription } from './chart-plan.js';
import { ChartRunner, type ChartQueryBackends } from './chart-runner.js';

const ROLLUP: KeptRollup = {
  id: 'r1',
  table: 'rollup_r1',
  schema: 'rollups',
  dataVersion: 3,
  rows: 12,
  floatSums: [],
  dimensions: [
    { name: 'region', dataType: 'string' },
    { name: 'sold_at', dataType: 'date' },
  ],
  measures: [{ field: { name: 'amount', dataType: 'number' }, parts: ['sum', 'count'] }],
};

const source = (over: Partial<SourceDescription> = {}): SourceDescription => ({
  dataSourceId: 'ds1',
  name: 'sales',
  projectId: 'p',
  projectName: 'P',
  type: 8,
  dialect: 'duckdb',
  sourceKind: 'table',
  tableSchema: '',
  tableName: 'sales',
  sql: '',
  fields: [
    { name: 'region', title: 'Region', dataType: 'string', aggregator: '', calculated: false },
    { name: 'sold_at', title: 'Sold', dataType: 'date', aggregator: '', calculated: false },
    { name: 'amount', title: 'Amount', dataType: 'number', aggregator: '', calculated: false },
  ],
  dataVersion: 3,
  cacheInterval: 0,
  createdById: '',
  unsupportedFields: [],
  rowRulesJson: '',
  joinJson: '',
  rollupsJson: JSON.stringify([ROLLUP]),
  ...over,
});

const chart = (over: Partial<Chart> = {}): Chart => ({
  ...emptyChart('c1', 'T', 'ds1', 'bar'),
  points: [{ name: 'sold_at', dataType: 'date', granularity: 3 }],
  values: [{ name: 'amount', dataType: 'number', aggregator: 'avg' }],
  ...over,
});

class Backends implements ChartQueryBackends {
  calls: dataSourceQueryV1.RunQueryRequest[] = [];
  /** the rollup's table went after the description was read: the engine refuses what names it (with this error) */
  gone?: AppError;
  constructor(public described: SourceDescription) {}
  async getChart(): Promise<never> {
    throw new Error('charts come inline');
  }
  async describe() {
    return this.described;
  }
  async runQuery(req: dataSourceQueryV1.RunQueryRequest) {
    this.calls.push(req);
    if (this.gone && req.sql.includes('rollup_r1')) throw this.gone;
    return { columns: [], rowsJson: JSON.stringify([['2024-01-01 00:00:00', 10]]), truncated: false, rowCount: 1, elapsedMs: 1 };
  }
}

async function answer(described: SourceDescription, c: Chart, env: Record<string, string> = {}) {
  const backends = new Backends(described);
  const runner = new ChartRunner(backends, new MemoryCache(), loadConfig(env), new Logger('test', 'error'));
  const reply = await runner.runChart({ tab: 'dashboard', chartId: 'c1', chartJson: JSON.stringify(c), innerFiltersJson: '', globalFiltersJson: '', language: 'en', pageIndex: 0, pageSize: 0, drillJson: '' } as never);
  return { meta: JSON.parse(reply.answerJson).meta, sql: backends.calls.map((q) => q.sql) };
}

describe('charts from kept rollups', () => {
  it('answers a covered chart from the rollup built at the source version and says so in meta.rollup', async () => {
    const a = await answer(source(), chart());
    expect(a.meta.rollup).toEqual({ used: true, id: 'r1', rows: 12, dataVersion: 3 });
    expect(a.sql).toHaveLength(1);
    expect(a.sql[0]).toContain('"rollups"."rollup_r1"');
    // avg = sum of sums / sum of counts
    expect(a.sql[0]).toMatch(/SUM\(src\."__r0_sum"\).*NULLIF\(SUM\(src\."__r0_count"\), 0\)/);
  });

  it('runs on the table, with the reason, when the rollup is of another data version, lacks a field or is switched off', async () => {
    const stale = await answer(source({ dataVersion: 4 }), chart());
    expect(stale.meta.rollup).toEqual({ used: false, reason: 'the rollups hold data version 3, the source is at 4' });
    expect(stale.sql[0]).toContain('"sales"');
    const distinct = await answer(source(), chart({ values: [{ name: 'amount', dataType: 'number', aggregator: 'countDistinct' }] }));
    expect(distinct.meta.rollup).toEqual({ used: false, reason: 'a count of distinct values of amount does not roll up' });
    expect(distinct.sql[0]).not.toContain('rollup_r1');
    const off = await answer(source(), chart(), { BI_ROLLUPS: 'off' });
    expect(off.meta.rollup).toEqual({ used: false, reason: 'rollups are switched off' });
    expect(off.sql[0]).not.toContain('rollup_r1');
  });

  it('keeps row rules on a rolled-up field as a filter of the rollup query, and runs raw when a rule names another field', async () => {
    const rules = (field: string, compare: string, compareValue: string | number) => JSON.stringify({ denyByDefault: false, rules: [{ userId: 'u1', field, compare, compareValue }] });
    const viewer = { userId: 'u1', isAdmin: false, permissions: [], roleIds: [] };
    const run = async (rowRulesJson: string) => {
      const backends = new Backends(source({ rowRulesJson }));
      const runner = new ChartRunner(backends, new MemoryCache(), loadConfig({}), new Logger('test', 'error'));
      const reply = await runner.runChart({ tab: 'dashboard', chartId: 'c1', chartJson: JSON.stringify(chart()), innerFiltersJson: '', globalFiltersJson: '', language: 'en', pageIndex: 0, pageSize: 0, drillJson: '', viewer } as never);
      return { meta: JSON.parse(reply.answerJson).meta, call: backends.calls[0]! };
    };
    const onRegion = await run(rules('region', '=', 'East'));
    expect(onRegion.meta.rollup.used).toBe(true);
    expect(onRegion.call.sql).toMatch(/FROM "rollups"\."rollup_r1" AS src\nWHERE src\."region" = /);
    expect(JSON.parse(onRegion.call.paramsJson)).toContain('East');
    const onAmount = await run(rules('amount', '>', 5));
    expect(onAmount.meta.rollup).toEqual({ used: false, reason: 'no rollup groups by the filtered field amount' });
    expect(onAmount.call.sql).toContain('FROM "sales"');
  });

  it('runs from the source when the rollup went after the source was described (a rebuild replaced it), and says so', async () => {
    // a rollup that keeps its groups' row counts: field values roll up too
    const backends = new Backends(source({ rollupsJson: JSON.stringify([{ ...ROLLUP, rowCount: true }]) }));
    backends.gone = new AppError('invalid', 'query.failed', { detail: 'Catalog Error: Table with name rollup_r1 does not exist!' });
    const runner = new ChartRunner(backends, new MemoryCache(), loadConfig({}), new Logger('test', 'error'));
    const base = { tab: 'dashboard', chartId: 'c1', chartJson: JSON.stringify(chart()) };
    const reply = await runner.runChart({ ...base, innerFiltersJson: '', globalFiltersJson: '', language: 'en', pageIndex: 0, pageSize: 0, drillJson: '' } as never);
    expect(JSON.parse(reply.answerJson).meta.rollup).toEqual({ used: false, reason: 'rollup r1 was replaced while the chart ran; read from the source' });
    expect(backends.calls.map((c) => c.sql.includes('rollup_r1'))).toEqual([true, false]);
    expect(backends.calls[1]!.sql).toContain('FROM "sales"');
    // alert values and field values too
    backends.calls = [];
    await runner.chartValues(base as never);
    expect(backends.calls.map((c) => c.sql.includes('rollup_r1'))).toEqual([true, false]);
    backends.calls = [];
    await runner.fieldRange({ ...base, field: 'region', search: '', limit: 0 } as never);
    expect(backends.calls.map((c) => c.sql.includes('rollup_r1'))).toEqual([true, false]);
  });

  it('does not run again from the source when the rollup query timed out', async () => {
    const backends = new Backends(source());
    backends.gone = new AppError('invalid', 'query.timeout', { seconds: 30 });
    const runner = new ChartRunner(backends, new MemoryCache(), loadConfig({}), new Logger('test', 'error'));
    await expect(runner.chartValues({ tab: 'dashboard', chartId: 'c1', chartJson: JSON.stringify(chart()) } as never)).rejects.toMatchObject({ key: 'query.timeout' });
    expect(backends.calls).toHaveLength(1);
  });
});
