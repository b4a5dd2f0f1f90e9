import { emptyChart, type Chart } from '@bi/chart-model';
import { buildPlotLineQuery, compile } from '@bi/query';
import { warningText } from '@bi/charts';
import { translate } from '@bi/i18n';
import { answerKey, chartColumns, planChart, plotLineValues, viewerRowFilter, type SourceDescription } from './chart-plan.js';

const source: SourceDescription = {
  dataSourceId: 'ds1',
  name: 'Sales',
  projectId: 'p1',
  projectName: 'P',
  type: 8,
  dialect: 'duckdb',
  sourceKind: 'table',
  tableSchema: 'main',
  tableName: 'sales',
  sql: '',
  fields: [
    { name: 'region', title: 'Region', dataType: 'string', aggregator: '', calculated: false },
    { name: 'category', title: 'Category', dataType: 'string', aggregator: '', calculated: false },
    { name: 'amount', title: 'Amount', dataType: 'number', aggregator: 'sum', calculated: false },
    { name: 'qty', title: 'Qty', dataType: 'number', aggregator: '', calculated: false },
  ],
  dataVersion: 3,
  cacheInterval: 0,
  createdById: '',
  unsupportedFields: [],
  rowRulesJson: '',
};
const chart = (parts: Partial<Chart>): Chart => ({ ...emptyChart('c1', 'T', 'ds1', 'bar'), ...parts });

describe('chart plans', () => {
  it('maps result columns to the chart fields with their roles', () => {
    const c = chart({
      type: 'doubleaxis',
      points: [{ name: 'region', title: 'R', dataType: 'string' }],
      secondPoints: [{ name: 'category', dataType: 'string' }],
      values: [{ name: 'amount', dataType: 'number' }],
      secondValues: [{ name: 'region', dataType: 'string', aggregator: 'count' }],
    });
    const plan = planChart({ chart: c, source, globalFilters: [] });
    expect(compile(plan.main, 'duckdb').sql).toContain('FROM "main"."sales" AS src');
    const columns = chartColumns(c, compile(plan.main, 'duckdb').columns);
    expect(columns.map((x) => [x.alias, x.role, x.field.name, x.field.dataType])).toEqual([
      ['d0', 'dimension', 'region', 'string'],
      ['s0', 'series', 'category', 'string'],
      ['m0', 'measure', 'amount', 'number'],
      ['m1', 'measure2', 'region', 'number'],
    ]);
    expect(columns[0].field.title).toBe('R');
    expect(columns[2].field.aggregator).toBe('sum');
  });

  // issue 27 item 10: a value switched to average kept the name of the sum ("金额")
  it.each([
    ['zh-CN', 'Amount (平均)', 'Qty (最大值)'],
    ['zh-TW', 'Amount (平均)', 'Qty (最大值)'],
    ['en', 'Amount (Average)', 'Qty (Max)'],
  ] as const)('names a value by its aggregator while its title is the default one (%s)', (language, avg, max) => {
    const c = chart({
      points: [{ name: 'region', title: 'Region', dataType: 'string' }],
      values: [
        { name: 'amount', title: 'Amount', dataType: 'number', aggregator: 'avg' },
        { name: 'qty', title: 'Qty', dataType: 'number', aggregator: 'max' },
        { name: 'amount', title: 'Amount', dataType: 'number', aggregator: 'sum' },
        { name: 'amount', title: '平均单价', dataType: 'number', aggregator: 'avg' },
        { name: 'qty', dataType: 'number', aggregator: 'sum' },
      ],
    });
    const columns = chartColumns(c, compile(planChart({ chart: c, source, globalFilters: [] }).main, 'duckdb').columns, { fields: source.fields, aggregatorLabel: (a) => translate(`chart.aggregator.${a}`, language) });
    // the default title with another aggregator names it; the default aggregator (sum) and an alias the user set do not
    expect(columns.filter((x) => x.role === 'measure').map((x) => x.field.title)).toEqual([avg, max, 'Amount', '平均单价', 'qty']);
    expect(columns[0]!.field.title).toBe('Region');
  });

  it('skips global filters on fields the source lacks, and says so', () => {
    const plan = planChart({ chart: chart({ values: [{ name: 'amount', dataType: 'number' }] }), source, globalFilters: [{ name: 'gone', dataType: 'string', range: ['x'] }, { name: 'region', dataType: 'string', range: ['E'] }] });
    expect(plan.warnings).toEqual([{ key: 'globalFilterSkipped', params: { field: 'gone' } }]);
    expect(plan.warnings.map(warningText)).toEqual(['global filter on "gone" skipped: the source has no such field']);
    expect(compile(plan.main, 'duckdb').params).toContain('E');
  });

  it('turns query errors into catalogue keys', () => {
    expect(() => planChart({ chart: chart({ values: [{ name: 'region', dataType: 'string', aggregator: 'sum' }] }), source, globalFilters: [] })).toThrow(
      expect.objectContaining({ key: 'chart.aggregator_not_allowed', params: { name: 'region', aggregator: 'sum', dataType: 'string' } }),
    );
  });

  it('places calculated plot-line values by their position among all lines', () => {
    const c = chart({
      points: [{ name: 'region', dataType: 'string' }],
      values: [{ name: 'amount', dataType: 'number' }],
      plotLineY: [{ name: 'fixed', valueType: 0, value: 5 }, { name: 'avg', valueType: 1, axisField: { axisName: 'amount' }, formula: 0 }],
      plotLineYOptional: [{ name: 'max', valueType: 1, axisField: { axisName: 'qty' }, formula: 2 }],
    });
    const plan = buildPlotLineQuery(c, { kind: 'table', table: 'sales' }, [
      { name: 'region', dataType: 'string' },
      { name: 'amount', dataType: 'number' },
      { name: 'qty', dataType: 'number' },
    ]);
    expect(plotLineValues(c, plan, { p0: 12.5, p1: 7 })).toEqual([null, 12.5, 7]);
    expect(plotLineValues(c, plan, undefined)).toEqual([null, null, null]);
  });

  it('keys answers by the query, the dialect, the data version, the chart, the language and the page', () => {
    const c = chart({ points: [{ name: 'region', dataType: 'string' }], values: [{ name: 'amount', dataType: 'number' }] });
    const plan = planChart({ chart: c, source, globalFilters: [] });
    const parts = { dialect: 'duckdb' as const, dataVersion: 3, chart: c, language: 'en' };
    const k = answerKey(plan, parts);
    expect(answerKey(planChart({ chart: c, source, globalFilters: [] }), parts)).toBe(k);
    const other = [
      answerKey(planChart({ chart: c, source, globalFilters: [], innerFilters: [{ name: 'region', dataType: 'string', range: ['E'] }] }), parts),
      answerKey(plan, { ...parts, dialect: 'postgres' }),
      answerKey(plan, { ...parts, dataVersion: 4 }),
      answerKey(plan, { ...parts, chart: { ...c, colorSettings: ['#000'] } }),
      answerKey(plan, { ...parts, language: 'zh-CN' }),
      answerKey(plan, { ...parts, page: { index: 2, size: 20 } }),
    ];
    expect(new Set([k, ...other]).size).toBe(7);
  });
});

describe('row-level rules in chart plans', () => {
  const ruled: SourceDescription = {
    ...source,
    rowRulesJson: JSON.stringify({ denyByDefault: true, rules: [{ roleId: 'east', field: 'region', compare: '=', compareValue: 'East' }, { userId: 'u2', field: 'qty', compare: '>', compareValue: 5 }] }),
  };
  const c = chart({ points: [{ name: 'region', dataType: 'string' }], values: [{ name: 'amount', dataType: 'number' }] });
  const keyFor = (viewer: { userId: string; roleIds: string[]; isAdmin: boolean } | undefined) =>
    answerKey(planChart({ chart: c, source: ruled, globalFilters: [], viewer: viewer }), { dialect: 'duckdb', dataVersion: 3, chart: c, language: 'en' });

  it("filters every query by the caller's rules, bound; part of the cache key", () => {
    const plan = planChart({ chart: c, source: ruled, globalFilters: [], viewer: { userId: 'u1', roleIds: ['east'], isAdmin: false } });
    const q = compile(plan.main, 'duckdb');
    expect(q.params).toContain('East');
    expect(q.sql).not.toContain('East');
    const keys = [keyFor({ userId: 'u1', roleIds: ['east'], isAdmin: false }), keyFor({ userId: 'u2', roleIds: [], isAdmin: false }), keyFor({ userId: 'a', roleIds: [], isAdmin: true }), keyFor(undefined)];
    expect(new Set(keys).size).toBe(4);
    // the same rules, the same key (two users of one role share answers)
    expect(keyFor({ userId: 'u9', roleIds: ['east'], isAdmin: false })).toBe(keys[0]);
  });

  it('deny-by-default: no viewer, or one no rule names, gets a query no row meets; admin none of it', () => {
    expect(compile(planChart({ chart: c, source: ruled, globalFilters: [], viewer: undefined }).main, 'duckdb').sql).toContain('1 = 0');
    expect(viewerRowFilter(ruled, { userId: 'x', roleIds: ['west'], isAdmin: false })).toEqual({ kind: 'none' });
    expect(viewerRowFilter(ruled, { userId: 'x', roleIds: [], isAdmin: true })).toBeUndefined();
    expect(viewerRowFilter(source, { userId: 'x', roleIds: [], isAdmin: false })).toBeUndefined();
  });
});

describe("a joined table's inputs' row-level rules in chart plans", () => {
  const joinSpec = {
    nodes: [
      { source: { kind: 'table', table: 'orders' }, fields: [{ name: 'region', dataType: 'string' }, { name: 'amount', dataType: 'number' }] },
      { source: { kind: 'table', table: 'managers' }, fields: [{ name: 'region', dataType: 'string' }, { name: 'manager', dataType: 'string' }] },
    ],
    links: [{ from: 0, to: 1, joinType: 'left', on: [{ from: 'region', to: 'region' }] }],
    columns: [
      { node: 0, field: 'region', name: 'Region' },
      { node: 0, field: 'amount', name: 'Amount' },
      { node: 1, field: 'manager', name: 'Manager' },
    ],
    where: { linker: 'and', items: [] },
  };
  const joined: SourceDescription = {
    ...source,
    type: 9,
    sourceKind: 'join',
    tableName: '',
    tableSchema: '',
    joinJson: JSON.stringify(joinSpec),
    fields: [
      { name: 'Region', title: 'Region', dataType: 'string', aggregator: '', calculated: false },
      { name: 'Amount', title: 'Amount', dataType: 'number', aggregator: '', calculated: false },
      { name: 'Manager', title: 'Manager', dataType: 'string', aggregator: '', calculated: false },
    ],
    rowRulesJson: JSON.stringify({ denyByDefault: false, rules: [], inputs: [{ denyByDefault: false, rules: [{ roleId: 'viewer', field: 'region', compare: '=', compareValue: 'East' }] }, null] }),
  };
  const c = chart({ dataSourceId: 'ds1', points: [{ name: 'Manager', dataType: 'string' }], values: [{ name: 'Amount', dataType: 'number' }] });
  const viewer = { userId: 'v', roleIds: ['viewer'], isAdmin: false };

  it("filters the input's rows for the reader inside the join, bound; the reader's rules are part of the cache key", () => {
    const plan = planChart({ chart: c, source: joined, globalFilters: [], viewer });
    for (const q of [compile(plan.main, 'duckdb'), compile(plan.totals ?? plan.main, 'duckdb')]) {
      expect(q.params).toContain('East');
      expect(q.sql).toMatch(/FROM "orders" AS r\nWHERE r."region" = \$1\n\) AS t0/);
    }
    const key = (v: typeof viewer | undefined) => answerKey(planChart({ chart: c, source: joined, globalFilters: [], viewer: v }), { dialect: 'duckdb', dataVersion: 3, chart: c, language: 'en' });
    const keys = [key(viewer), key({ ...viewer, roleIds: [] }), key({ ...viewer, isAdmin: true })];
    expect(new Set(keys).size).toBe(2);
    // unrestricted and admin read the same rows: the same answer
    expect(keys[1]).toBe(keys[2]);
    expect(compile(planChart({ chart: c, source: joined, globalFilters: [], viewer: { ...viewer, roleIds: [] } }).main, 'duckdb').params).not.toContain('East');
  });
});
