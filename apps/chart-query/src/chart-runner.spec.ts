import { MemoryCache } from '@bi/cache';
import { cartesianPairs } from '@bi/charts';
import { emptyChart, type Chart } from '@bi/chart-model';
import { loadConfig } from '@bi/config';
import { AppError, Logger } from '@bi/core';
import type { dataSourceQueryV1 } from '@bi/proto';
import type { SourceDescription } from './chart-plan.js';
import { ChartRunner, type ChartQueryBackends } from './chart-runner.js';
import { resultCachePrefix } from './result-cache.js';

const describeSource = (id: string, over: Partial<SourceDescription> = {}): SourceDescription => ({
  dataSourceId: id,
  name: `source ${id}`,
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
    { name: 'amount', title: 'Amount', dataType: 'number', aggregator: '', calculated: false },
  ],
  dataVersion: 1,
  cacheInterval: 0,
  createdById: '',
  unsupportedFields: [],
  ...over,
});

const barChart = (id: string, dataSourceId: string): Chart => ({
  ...emptyChart(id, 'T', dataSourceId, 'bar'),
  points: [{ name: 'region', dataType: 'string' }],
  values: [{ name: 'amount', dataType: 'number' }],
});

/** Fake dashboard + data-source: charts by id, sources by id, and a RunQuery that may be held open. */
class FakeBackends implements ChartQueryBackends {
  charts = new Map<string, Chart>();
  sources = new Map<string, SourceDescription>();
  calls: dataSourceQueryV1.RunQueryRequest[] = [];
  running = new Map<string, number>();
  maxRunning = new Map<string, number>();
  gate: Promise<void> | undefined;
  fail = false;

  async getChart(tab: string, chartId: string) {
    const chart = this.charts.get(chartId);
    if (!chart) throw new AppError('not_found', 'chart.not_found');
    return { chartId, dashboardId: 'd', projectId: 'p', tab, dataSourceId: chart.dataSourceId, chartJson: JSON.stringify(chart) };
  }
  async describe(id: string) {
    const s = this.sources.get(id);
    if (!s) throw new AppError('not_found', 'datasource.not_found');
    return s;
  }
  async runQuery(req: dataSourceQueryV1.RunQueryRequest) {
    this.calls.push(req);
    const n = (this.running.get(req.dataSourceId) ?? 0) + 1;
    this.running.set(req.dataSourceId, n);
    this.maxRunning.set(req.dataSourceId, Math.max(n, this.maxRunning.get(req.dataSourceId) ?? 0));
    try {
      await this.gate;
      if (this.fail) throw new AppError('invalid', 'query.failed', { detail: 'boom' });
      return { columns: [], rowsJson: JSON.stringify([['East', 10], ['West', 20.5]]), truncated: false, rowCount: 2, elapsedMs: 1 };
    } finally {
      this.running.set(req.dataSourceId, this.running.get(req.dataSourceId)! - 1);
    }
  }
}

/** Waits for a state (never for a fixed time). */
const until = async (ok: () => boolean) => {
  while (!ok()) await new Promise((r) => setTimeout(r, 2));
};

describe('ChartRunner', () => {
  let backends: FakeBackends;
  let cache: MemoryCache;
  let runner: ChartRunner;
  const config = loadConfig({ BI_CHART_SOURCE_CONCURRENCY: '2', BI_CHART_CACHE_SECONDS: '1' });
  beforeEach(() => {
    backends = new FakeBackends();
    cache = new MemoryCache();
    runner = new ChartRunner(backends, cache, config, new Logger('test', 'error'));
    backends.sources.set('ds1', describeSource('ds1'));
    backends.sources.set('ds2', describeSource('ds2'));
  });
  const req = (chartId: string, over: Record<string, unknown> = {}) => ({ tab: 'dashboard', chartId, chartJson: '', innerFiltersJson: '', globalFiltersJson: '', language: 'en', pageIndex: 0, pageSize: 0, ...over });

  it('computes an answer once and serves the same text from the cache under the source prefix', async () => {
    backends.charts.set('c1', barChart('c1', 'ds1'));
    const first = await runner.runChart(req('c1'));
    expect(first.cached).toBe(false);
    const answer = JSON.parse(first.answerJson);
    expect(cartesianPairs(answer.option)).toEqual([
      ['East', 10],
      ['West', 20.5],
    ]);
    expect(answer.meta).toMatchObject({ rowCount: 2, dataVersion: 1, empty: false });
    const second = await runner.runChart(req('c1'));
    expect(second).toEqual({ answerJson: first.answerJson, cached: true });
    expect(backends.calls).toHaveLength(1);
    expect(await cache.deleteByPrefix(resultCachePrefix('ds1'))).toBe(1);
    await runner.runChart(req('c1'));
    expect(backends.calls).toHaveLength(2);
  });

  it('runs a drilled chart one level down: the next level is the dimension, the path filters, each path its own cached answer', async () => {
    backends.sources.set('ds1', describeSource('ds1', { fields: [...describeSource('ds1').fields, { name: 'city', title: 'City', dataType: 'string', aggregator: '', calculated: false }] }));
    backends.charts.set('c1', { ...barChart('c1', 'ds1'), drill: [{ name: 'region', dataType: 'string' }, { name: 'city', dataType: 'string' }] });
    const top = JSON.parse((await runner.runChart(req('c1'))).answerJson);
    expect(top.meta.drill).toEqual({ path: [], level: 0, levels: [{ name: 'region', dataType: 'string', title: 'Region' }, { name: 'city', dataType: 'string', title: 'City' }] });
    const east = await runner.runChart(req('c1', { drillJson: '["East"]' }));
    expect(east.cached).toBe(false);
    expect(backends.calls.at(-1)!.sql).toMatch(/SELECT src\."city" AS "d0".*WHERE src\."region" = \$1/s);
    expect(JSON.parse(backends.calls.at(-1)!.paramsJson)[0]).toBe('East');
    const answer = JSON.parse(east.answerJson);
    expect(answer.meta.drill).toMatchObject({ path: ['East'], level: 1 });
    expect(answer.chart.points[0].name).toBe('region');
    expect((await runner.runChart(req('c1', { drillJson: '["East"]' }))).cached).toBe(true);
    expect((await runner.runChart(req('c1', { drillJson: '["West"]' }))).cached).toBe(false);
    await expect(runner.runChart(req('c1', { drillJson: '["East","x"]' }))).rejects.toMatchObject({ key: 'chart.drill_invalid' });
    await expect(runner.runChart(req('c1', { drillJson: '{' }))).rejects.toMatchObject({ key: 'request.invalid' });
  });

  it('refuses a NUL in a global or inner filter value of the JSON text before any query, with the key @bi/query answers (chart.invalid_characters)', async () => {
    backends.charts.set('c1', barChart('c1', 'ds1'));
    const nul = JSON.stringify([{ name: 'region', dataType: 'string', range: ['East', 'a\u0000b'] }]);
    await expect(runner.runChart(req('c1', { globalFiltersJson: nul }))).rejects.toMatchObject({ key: 'chart.invalid_characters', params: { name: 'region' } });
    await expect(runner.runChart(req('c1', { innerFiltersJson: nul }))).rejects.toMatchObject({ key: 'chart.invalid_characters', params: { name: 'region' } });
    const long = JSON.stringify([{ name: 'region', dataType: 'string', range: ['x'.repeat(1001)] }]);
    await expect(runner.runChart(req('c1', { globalFiltersJson: long }))).rejects.toMatchObject({ key: 'chart.value_too_long', params: { name: 'region', max: 1000 } });
    await expect(runner.runChart(req('c1', { globalFiltersJson: '[1]' }))).rejects.toMatchObject({ key: 'request.invalid', params: { detail: 'globalFilters: expected a list of filters' } });
    const detail = JSON.stringify({ logic: 0, filterItems: [{ field: { name: 'region' }, compare: '=', compareValue: 'a\u0000b' }] });
    await expect(runner.details({ tab: 'dashboard', chartId: 'c1', chartJson: '', innerFiltersJson: '', globalFiltersJson: '', detailFilterJson: detail, page: 1, pageSize: 10, pointKey: '', search: '' })).rejects.toMatchObject({ key: 'chart.invalid_characters', params: { name: 'region' } });
    expect(backends.calls).toHaveLength(0);
    expect(JSON.parse((await runner.runChart(req('c1', { globalFiltersJson: JSON.stringify([{ name: 'region', dataType: 'string', range: ['East'] }]) }))).answerJson).meta.rowCount).toBe(2);
  });

  it("keeps a field's values under the source prefix: asked again, no query; a new search, a data change or a new data version asks again", async () => {
    backends.charts.set('c1', barChart('c1', 'ds1'));
    const range = (over: Record<string, unknown> = {}) => runner.fieldRange({ tab: 'dashboard', chartId: 'c1', chartJson: '', field: 'region', search: '', limit: 0, ...over });
    const first = await range();
    expect(JSON.parse(first.answerJson)).toMatchObject({ name: 'region', dataType: 'string', values: [{ value: 'East', count: 10 }, { value: 'West', count: 20.5 }], more: false });
    expect(await range()).toEqual(first);
    expect(backends.calls).toHaveLength(1);
    await range({ search: 'Ea' });
    expect(backends.calls).toHaveLength(2);
    expect(await cache.deleteByPrefix(resultCachePrefix('ds1'))).toBe(2);
    await range();
    expect(backends.calls).toHaveLength(3);
    backends.sources.set('ds1', describeSource('ds1', { dataVersion: 2 }));
    await range();
    expect(backends.calls).toHaveLength(4);
  });

  it('keeps answers for the source cache interval or the default, and a new data version misses', async () => {
    expect(runner.ttlMs(describeSource('x', { cacheInterval: 30 }))).toBe(30 * 60_000);
    expect(runner.ttlMs(describeSource('x'))).toBe(1000);
    backends.charts.set('c1', barChart('c1', 'ds1'));
    await runner.runChart(req('c1'));
    backends.sources.set('ds1', describeSource('ds1', { dataVersion: 2 }));
    expect((await runner.runChart(req('c1'))).cached).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await runner.runChart(req('c1'))).cached).toBe(false);
    expect(backends.calls).toHaveLength(3);
  });

  it('shares one computation among identical requests in flight, and caches no failure', async () => {
    backends.charts.set('c1', barChart('c1', 'ds1'));
    let open!: () => void;
    backends.gate = new Promise((r) => (open = r));
    const all = Promise.all(Array.from({ length: 5 }, () => runner.runChart(req('c1'))));
    await until(() => backends.calls.length === 1);
    open();
    const answers = await all;
    expect(backends.calls).toHaveLength(1);
    expect(new Set(answers.map((a) => a.answerJson)).size).toBe(1);

    backends.gate = undefined;
    backends.fail = true;
    backends.charts.set('c2', barChart('c2', 'ds1'));
    await expect(runner.runChart(req('c2'))).rejects.toMatchObject({ key: 'query.failed' });
    backends.fail = false;
    expect((await runner.runChart(req('c2'))).cached).toBe(false);
  });

  it('runs at most BI_CHART_SOURCE_CONCURRENCY queries per source; another source is not held up', async () => {
    let open!: () => void;
    backends.gate = new Promise((r) => (open = r));
    for (let i = 0; i < 6; i++) backends.charts.set(`a${i}`, barChart(`a${i}`, 'ds1'));
    backends.charts.set('b', barChart('b', 'ds2'));
    // two come alone (each its own query, holding both slots), then four together
    const first = runner.runChart(req('a0'));
    await until(() => backends.running.get('ds1') === 1);
    const second = runner.runChart(req('a1'));
    await until(() => backends.running.get('ds1') === 2);
    const slow = Promise.all([first, second, ...Array.from({ length: 4 }, (_, i) => runner.runChart(req(`a${i + 2}`)))]);
    // ds2's chart runs while ds1's slots are both held (and ds1's four still wait)
    const fast = runner.runChart(req('b'));
    await until(() => backends.running.get('ds2') === 1);
    expect(backends.running.get('ds1')).toBe(2);
    open();
    await Promise.all([slow, fast]);
    expect(backends.maxRunning.get('ds1')).toBe(2);
    // 2 at once, the 4 that waited with the same grouping as one shared scan (shared-scan.ts), and ds2's
    expect(backends.calls).toHaveLength(4);
  });

  it('answers an empty chart without a query and refuses a bad tab or filter list', async () => {
    backends.charts.set('e', emptyChart('e', 'Empty', 'ds1', 'line'));
    const empty = JSON.parse((await runner.runChart(req('e'))).answerJson);
    expect(empty).toMatchObject({ meta: { empty: true }, dataSourceName: 'source ds1' });
    expect(backends.calls).toHaveLength(0);
    await expect(runner.runChart(req('e', { tab: 'x' }))).rejects.toMatchObject({ key: 'tab.invalid' });
    backends.charts.set('c1', barChart('c1', 'ds1'));
    await expect(runner.runChart(req('c1', { innerFiltersJson: '{' }))).rejects.toMatchObject({ key: 'request.invalid' });
    await expect(runner.runChart(req('c1', { innerFiltersJson: '[1]' }))).rejects.toMatchObject({ key: 'request.invalid' });
  });

  it("ChartValues on someone's behalf: the one access policy decides on the source (admin, grant, creator); the reply names the source's owner and rules", async () => {
    backends.charts.set('c1', barChart('c1', 'ds1'));
    backends.sources.set('ds1', describeSource('ds1', { createdById: 'creator', rowRulesJson: '' }));
    const values = (viewer: Record<string, unknown>) => runner.chartValues({ tab: 'dashboard', chartId: 'c1', chartJson: '', viewer: { userId: '', roleIds: [], isAdmin: false, permissions: [], ...viewer }, checkAccess: true });
    await expect(values({ userId: 'someone' })).rejects.toMatchObject({ kind: 'forbidden', key: 'chart.no_source_permission' });
    await expect(values({ userId: '', isAdmin: true })).rejects.toMatchObject({ kind: 'forbidden' });
    expect(backends.calls).toHaveLength(0);
    const granted = await values({ userId: 'someone', permissions: ['datasource:ds1'] });
    expect(JSON.parse(granted.rowsJson)).toHaveLength(2);
    expect(granted).toMatchObject({ dataSourceId: 'ds1', sourceCreatedById: 'creator', rowRulesJson: '' });
    await expect(values({ userId: 'creator' })).resolves.toMatchObject({ dataSourceId: 'ds1' });
    await expect(values({ userId: 'boss', isAdmin: true })).resolves.toMatchObject({ dataSourceId: 'ds1' });
    // without check_access (a caller that checked itself) it runs as before
    await expect(runner.chartValues({ tab: 'dashboard', chartId: 'c1', chartJson: '', viewer: { userId: 'someone', roleIds: [], isAdmin: false, permissions: [] }, checkAccess: false })).resolves.toMatchObject({ dataSourceId: 'ds1' });
  });
});

describe('ChartRunner details: the total of the first page', () => {
  const details = (runner: ChartRunner, page: number, pageSize: number) =>
    runner.details({ tab: 'dashboard', chartId: 'c1', chartJson: '', innerFiltersJson: '', globalFiltersJson: '', detailFilterJson: '', page, pageSize, pointKey: '', search: '' }).then((r) => JSON.parse(r.answerJson));

  it('counts the rows in the database only when the first page is full; a page holding every row is its own count', async () => {
    const backends = new FakeBackends();
    const runner = new ChartRunner(backends, new MemoryCache(), loadConfig({}), new Logger('test', 'error'));
    backends.sources.set('ds1', describeSource('ds1'));
    backends.charts.set('c1', barChart('c1', 'ds1'));
    // the fake answers two rows: a page of 10 holds them all
    expect(await details(runner, 1, 10)).toMatchObject({ total: 2, hasMore: false });
    expect(backends.calls.length).toBe(1);
    // a page of 1 is full: one more statement counts (the fake's count answers its first cell)
    const more = await details(runner, 1, 1);
    expect(more.hasMore).toBe(true);
    expect(backends.calls.length).toBe(3);
    expect(backends.calls[2]!.sql).toMatch(/COUNT\(\*\)/i);
    // later pages carry no total
    expect(await details(runner, 2, 1)).not.toHaveProperty('total');
    expect(backends.calls.length).toBe(4);
  });
});

describe("ChartRunner on a joined table: every query path carries the reader's rules of each input", () => {
  const joined = describeSource('j1', {
    type: 9,
    sourceKind: 'join',
    tableName: '',
    joinJson: JSON.stringify({
      nodes: [
        { source: { kind: 'table', table: 'orders' }, fields: [{ name: 'region', dataType: 'string' }, { name: 'amount', dataType: 'number' }] },
        { source: { kind: 'table', table: 'managers' }, fields: [{ name: 'region', dataType: 'string' }, { name: 'manager', dataType: 'string' }] },
      ],
      links: [{ from: 0, to: 1, joinType: 'left', on: [{ from: 'region', to: 'region' }] }],
      columns: [
        { node: 0, field: 'region', name: 'region' },
        { node: 0, field: 'amount', name: 'amount' },
        { node: 1, field: 'manager', name: 'manager' },
      ],
      where: { linker: 'and', items: [] },
    }),
    // the viewer role sees the East orders; the managers are deny-by-default (nobody named)
    rowRulesJson: JSON.stringify({ denyByDefault: false, rules: [], inputs: [{ denyByDefault: false, rules: [{ roleId: 'viewer', field: 'region', compare: '=', compareValue: 'RuleEast' }] }, { denyByDefault: true, rules: [] }] }),
  });
  const viewer = { userId: 'v', roleIds: ['viewer'], isAdmin: false };
  let backends: FakeBackends;
  let runner: ChartRunner;
  beforeEach(() => {
    backends = new FakeBackends();
    runner = new ChartRunner(backends, new MemoryCache(), loadConfig({}), new Logger('test', 'error'));
    backends.sources.set('j1', joined);
    backends.charts.set('c1', barChart('c1', 'j1'));
  });

  it('runs, totals, alert values, headlines, details and field values', async () => {
    const base = { tab: 'dashboard', chartId: 'c1', chartJson: '', viewer };
    await runner.runChart({ ...base, innerFiltersJson: '', globalFiltersJson: '', language: 'en', pageIndex: 0, pageSize: 0 });
    await runner.chartValues(base);
    await runner.chartHeadlines({ items: [{ key: 'k', tab: 'dashboard', chartId: 'c1', chartJson: '', filtersJson: '' }], language: 'en', viewer });
    await runner.details({ ...base, innerFiltersJson: '', globalFiltersJson: '', detailFilterJson: '', page: 1, pageSize: 10, pointKey: '', search: '' });
    await runner.fieldRange({ ...base, field: 'region', search: '', limit: 0 });
    expect(backends.calls.length).toBeGreaterThanOrEqual(5);
    for (const call of backends.calls) {
      expect(JSON.parse(call.paramsJson)).toContain('RuleEast');
      expect(call.sql).toContain('FROM "managers" AS r\nWHERE 1 = 0');
    }
    // an admin's statements carry none of it, and are cached apart
    const before = backends.calls.length;
    await runner.chartValues({ ...base, viewer: { ...viewer, isAdmin: true } });
    expect(backends.calls[before]!.sql).not.toContain('1 = 0');
    expect(JSON.parse(backends.calls[before]!.paramsJson)).not.toContain('RuleEast');
  });
});
