import { emptyChart, type Chart } from '@bi/chart-model';
import { loadConfig } from '@bi/config';
import { Logger } from '@bi/core';
import { TOPICS, type EventBus } from '@bi/messaging';
import type { dataSourceQueryV1 } from '@bi/proto';
import type { RollupSpec } from '@bi/query';
import type { SourceDescription } from './chart-plan.js';
import { RollupKeeper, rollupSpecsFor } from './rollup-keeper.js';

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
  ...over,
});
const chart = (over: Partial<Chart> = {}): Chart => ({
  ...emptyChart('c1', 'T', 'ds1', 'bar'),
  points: [{ name: 'sold_at', dataType: 'date', granularity: 3 }],
  values: [{ name: 'amount', dataType: 'number', aggregator: 'avg' }],
  ...over,
});
const rules = JSON.stringify({ denyByDefault: false, rules: [{ userId: 'u1', field: 'region', compare: '=', compareValue: 'East' }] });

describe('choosing rollups from saved charts', () => {
  it('groups by each chart fields (dates at the day) and the row rules fields, with the partials of its measures', () => {
    expect(rollupSpecsFor(source(), [chart()])).toEqual([{ dimensions: [{ name: 'sold_at', dataType: 'date' }], measures: [{ field: { name: 'amount', dataType: 'number' }, parts: ['sum', 'count'] }] }]);
    expect(rollupSpecsFor(source({ rowRulesJson: rules }), [chart()])[0]!.dimensions.map((f) => f.name)).toEqual(['region', 'sold_at']);
    // a count of distinct values, and a chart of another source, ask for none
    expect(rollupSpecsFor(source(), [chart({ values: [{ name: 'amount', dataType: 'number', aggregator: 'countDistinct' }] }), chart({ dataSourceId: 'other' })])).toEqual([]);
  });
});

describe('RollupKeeper', () => {
  const make = (described: SourceDescription) => {
    const kept: dataSourceQueryV1.KeepRollupsRequest[] = [];
    const backends = {
      current: described,
      getChart: async () => ({ chartId: 'c1', dashboardId: 'd', projectId: 'p', tab: 'dashboard', dataSourceId: 'ds1', chartJson: JSON.stringify(chart()) }),
      describe: async () => backends.current,
      runQuery: async () => {
        throw new Error('not used');
      },
      listChartsBySource: async () => ({ charts: [{ chartId: 'c1', title: 'T', type: 'bar', tab: 'dashboard', dashboardId: 'd', dashboardName: 'D', projectId: 'p', projectName: 'P' }] }),
      keepRollups: async (req: dataSourceQueryV1.KeepRollupsRequest) => {
        kept.push(req);
        return { rollupsJson: '[]', skipped: [], buildMs: 1 };
      },
    };
    const bus = { subscribe: async () => ({ close: async () => undefined }) } as unknown as EventBus;
    const keeper = new RollupKeeper(backends, bus, loadConfig({}), new Logger('test', 'error'));
    return { keeper, kept, backends };
  };

  it('asks data-source to build the chosen specs at the source version, once per change of specs, version or rules', async () => {
    const { keeper, kept, backends } = make(source());
    await keeper.schedule('ds1');
    expect(kept).toHaveLength(1);
    expect(kept[0]!.dataVersion).toBe(3);
    expect((JSON.parse(kept[0]!.specsJson) as RollupSpec[])[0]!.dimensions.map((f) => f.name)).toEqual(['sold_at']);
    // nothing changed: nothing built
    await keeper.schedule('ds1');
    expect(kept).toHaveLength(1);
    // a chart run that missed under the same rules builds nothing
    keeper.noteMiss(backends.current);
    await keeper.schedule('ds1');
    expect(kept).toHaveLength(1);
    // new row rules (no data version moves): the rule's field becomes a dimension
    backends.current = source({ rowRulesJson: rules });
    keeper.noteMiss(backends.current);
    await keeper.schedule('ds1');
    expect(kept).toHaveLength(2);
    expect((JSON.parse(kept[1]!.specsJson) as RollupSpec[])[0]!.dimensions.map((f) => f.name)).toEqual(['region', 'sold_at']);
    // a new data version builds again
    backends.current = source({ rowRulesJson: rules, dataVersion: 4 });
    await keeper.schedule('ds1');
    expect(kept.map((k) => k.dataVersion)).toEqual([3, 3, 4]);
  });

  it('keeps nothing for a source outside the analytics store, nor with BI_ROLLUPS=off', async () => {
    const { keeper, kept } = make(source({ dialect: 'postgres' }));
    await keeper.schedule('ds1');
    expect(kept).toHaveLength(0);
    // BI_ROLLUPS=off: the keeper listens to no data, chart or dashboard-filter change (on, to all three), so nothing is ever built
    const subscribed: string[] = [];
    const countingBus = { subscribe: async (topic: string) => (subscribed.push(topic), { close: async () => undefined }) } as unknown as EventBus;
    const off = make(source());
    const offKeeper = new RollupKeeper(off.backends, countingBus, loadConfig({ BI_ROLLUPS: 'off' }), new Logger('test', 'error'));
    await offKeeper.onModuleInit();
    expect(subscribed).toEqual([]);
    offKeeper.noteMiss(off.backends.current);
    expect(off.kept).toHaveLength(0);
    const onKeeper = new RollupKeeper(off.backends, countingBus, loadConfig({}), new Logger('test', 'error'));
    await onKeeper.onModuleInit();
    expect(subscribed).toEqual([TOPICS.dataChanged, TOPICS.chartChanged, TOPICS.dashboardSaved]);
    await onKeeper.onModuleDestroy();
  });
});
