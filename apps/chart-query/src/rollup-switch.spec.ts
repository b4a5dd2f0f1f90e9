import { emptyChart, type Chart } from '@bi/chart-model';
import { loadConfig } from '@bi/config';
import { Logger } from '@bi/core';
import type { EventBus } from '@bi/messaging';
import type { dataSourceQueryV1 } from '@bi/proto';
import type { RollupSpec } from '@bi/query';
import type { SourceDescription } from './chart-plan.js';
import { RollupHits } from './rollup-hits.js';
import { RollupKeeper, rollupSpecsFor } from './rollup-keeper.js';
import { withRollup } from './rollups.js';

// Issue 31 (the rest of the Deliver): the dashboards' global-filter fields become rollup dimensions,
// the per-source switch (rollups_off) stops choosing, building and matching, and chart-query counts
// hits in batches.

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
  rollupsJson: '',
  rollupsOff: false,
  ...over,
});
const chart = (id = 'c1'): Chart => ({
  ...emptyChart(id, 'T', 'ds1', 'bar'),
  points: [{ name: 'sold_at', dataType: 'date', granularity: 3 }],
  values: [{ name: 'amount', dataType: 'number', aggregator: 'sum' }],
});
const regionFilter = { id: 'f1', name: 'region', dataType: 'string', dataSourceId: 'ds1', range: [] };
const dims = (specs: RollupSpec[]) => specs.map((s) => s.dimensions.map((f) => f.name));

describe('dashboard filter fields as rollup dimensions', () => {
  it('a global filter on the chart’s dashboard adds its field; one naming another chart, a field the source lacks or of another type adds none', () => {
    expect(dims(rollupSpecsFor(source(), [chart()], () => [regionFilter]))).toEqual([['region', 'sold_at']]);
    expect(dims(rollupSpecsFor(source(), [chart()], () => [{ ...regionFilter, charts: [{ chartId: 'other' }] }]))).toEqual([['sold_at']]);
    expect(dims(rollupSpecsFor(source(), [chart()], () => [{ ...regionFilter, name: 'city' }]))).toEqual([['sold_at']]);
    expect(dims(rollupSpecsFor(source(), [chart()], () => [{ ...regionFilter, dataType: 'number' }]))).toEqual([['sold_at']]);
    // mapped to another field for this chart
    expect(dims(rollupSpecsFor(source(), [chart()], () => [{ ...regionFilter, name: 'city', charts: [{ chartId: 'c1', field: 'region' }] }]))).toEqual([['region', 'sold_at']]);
  });
});

describe('the per-source switch and rebuilds', () => {
  const make = (described: SourceDescription) => {
    const kept: dataSourceQueryV1.KeepRollupsRequest[] = [];
    const dashboards: string[] = [];
    const backends = {
      current: described,
      getChart: async () => ({ chartId: 'c1', dashboardId: 'd', projectId: 'p', tab: 'dashboard', dataSourceId: 'ds1', chartJson: JSON.stringify(chart()) }),
      describe: async () => backends.current,
      runQuery: async () => {
        throw new Error('not used');
      },
      listChartsBySource: async () => ({ charts: [{ chartId: 'c1', title: 'T', type: 'bar', tab: 'dashboard', dashboardId: 'd', dashboardName: 'D', projectId: 'p', projectName: 'P' }] }),
      getDashboard: async (_tab: string, id: string) => {
        dashboards.push(id);
        return { dashboardId: id, projectId: 'p', name: 'D', description: '', aspects: [], charts: [], globalFilterJson: JSON.stringify([regionFilter]), projectName: 'P', linkageJson: '' };
      },
      keepRollups: async (req: dataSourceQueryV1.KeepRollupsRequest) => {
        kept.push(req);
        return { rollupsJson: '[]', skipped: [], buildMs: 1 };
      },
    };
    const bus = { subscribe: async () => ({ close: async () => undefined }) } as unknown as EventBus;
    return { keeper: new RollupKeeper(backends, bus, loadConfig({}), new Logger('test', 'error')), kept, backends, dashboards };
  };

  it('reads the dashboards of the source’s charts and groups by their filter fields', async () => {
    const { keeper, kept, dashboards } = make(source());
    await keeper.schedule('ds1');
    expect(dashboards).toEqual(['d']);
    expect(dims(JSON.parse(kept[0]!.specsJson) as RollupSpec[])).toEqual([['region', 'sold_at']]);
  });

  it('switched off: nothing is chosen nor built; switched on: rebuild builds again although nothing else changed', async () => {
    const { keeper, kept, backends } = make(source());
    await keeper.schedule('ds1');
    expect(kept).toHaveLength(1);
    backends.current = source({ rollupsOff: true });
    await keeper.schedule('ds1');
    await keeper.rebuild('ds1');
    expect(kept).toHaveLength(1);
    backends.current = source();
    await keeper.rebuild('ds1');
    expect(kept).toHaveLength(2);
    // without the switch a repeated choice builds nothing
    await keeper.schedule('ds1');
    expect(kept).toHaveLength(2);
  });

  it('a source switched off answers raw, with the reason', () => {
    const rollups = JSON.stringify([{ id: 'r1', table: 'r', schema: 'rollups', dataVersion: 3, rows: 5, floatSums: [], dimensions: [{ name: 'sold_at', dataType: 'date' }], measures: [{ field: { name: 'amount', dataType: 'number' }, parts: ['sum'] }] }]);
    const q = { kind: 'chart', source: { kind: 'table', table: 'sales' }, dimensions: [{ field: { name: 'sold_at', dataType: 'date' }, granularity: 'month', alias: 'd0', title: 's' }], measures: [{ field: { name: 'amount', dataType: 'number' }, aggregator: 'sum', alias: 'm0', title: 'a', axis: 1, trendline: false }], filters: { kind: 'and', children: [] }, order: [] } as const;
    expect(withRollup(q as never, source({ rollupsJson: rollups }), 'duckdb', true).meta).toMatchObject({ used: true, id: 'r1' });
    expect(withRollup(q as never, source({ rollupsJson: rollups, rollupsOff: true }), 'duckdb', true).meta).toEqual({ used: false, reason: 'rollups are switched off for this source' });
  });
});

describe('RollupHits', () => {
  it('counts hits per rollup and sends them in one call per flush', async () => {
    const calls: dataSourceQueryV1.RecordRollupHitsRequest[] = [];
    const hits = new RollupHits({ recordRollupHits: async (req) => (calls.push(req), {}) });
    hits.count('r1', 'ds1');
    hits.count('r1', 'ds1');
    hits.count('r2', 'ds2');
    expect(calls).toHaveLength(0);
    await hits.flush();
    expect(calls).toEqual([{ hits: [{ rollupId: 'r1', dataSourceId: 'ds1', hits: 2 }, { rollupId: 'r2', dataSourceId: 'ds2', hits: 1 }] }]);
    await hits.flush();
    expect(calls).toHaveLength(1);
    hits.count('r1', 'ds1');
    await hits.onModuleDestroy();
    expect(calls[1]).toEqual({ hits: [{ rollupId: 'r1', dataSourceId: 'ds1', hits: 1 }] });
  });
});
