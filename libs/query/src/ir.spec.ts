import { buildChartQuery, buildDetailQuery, buildPlotLineQuery, buildTotalsQuery, compile, QueryError, type ChartQueryIR } from './index.js';
import { chart, datePoint, point, SALES_FIELDS, SALES_TABLE, value } from './testing/charts.js';

const ir = (...args: Parameters<typeof chart>) => buildChartQuery(chart(...args), SALES_TABLE, SALES_FIELDS);
const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof QueryError) return e.code;
    throw e;
  }
  return 'no error';
};

describe('buildChartQuery', () => {
  it('resolves points, the compare series and values of both axes to known fields', () => {
    const q = ir({
      type: 'line',
      points: [datePoint('order_date', 3, { title: '月份' })],
      secondPoints: [point('region')],
      values: [value('amount', 'sum', { showTrendline: true })],
      secondValues: [value('qty', 'avg')],
    });
    expect(q).toEqual<ChartQueryIR>({
      kind: 'chart',
      source: SALES_TABLE,
      dimensions: [{ field: { name: 'order_date', dataType: 'date' }, granularity: 'month', alias: 'd0', title: '月份' }],
      series: { field: { name: 'region', dataType: 'string' }, granularity: 'normal', alias: 's0', title: 'region' },
      measures: [
        { field: { name: 'amount', dataType: 'number' }, aggregator: 'sum', alias: 'm0', axis: 1, title: 'amount', trendline: true },
        { field: { name: 'qty', dataType: 'number' }, aggregator: 'avg', alias: 'm1', axis: 2, title: 'qty', trendline: false },
      ],
      filters: { kind: 'and', children: [] },
      order: [],
    });
  });

  it('has trendlines for bar, line, scatter and doubleaxis only', () => {
    for (const type of ['bar', 'line', 'scatter', 'doubleaxis'] as const) expect(ir({ type, points: [point('region')], values: [value('amount', 'sum', { showTrendline: true })] }).measures[0].trendline).toBe(true);
    for (const type of ['pie', 'table', 'card', 'gauge'] as const) expect(ir({ type, points: [point('region')], values: [value('amount', 'sum', { showTrendline: true })] }).measures[0].trendline).toBe(false);
  });

  it('collects orders: values first, then points, then the series', () => {
    const q = ir({ points: [point('region', { orderBy: 'asc' }), point('category', { orderBy: '' })], secondPoints: [point('product', { orderBy: 'desc' })], values: [value('amount', 'sum', { orderBy: 'desc' })] });
    expect(q.order).toEqual([
      { ref: 'm0', dir: 'desc' },
      { ref: 'd0', dir: 'asc' },
      { ref: 's0', dir: 'desc' },
    ]);
  });

  it('reads top-N: before / after, items / percent, off when not shown, zero or nothing to rank', () => {
    const t = (editTopNum: object, extra = {}) => ir({ points: [point('region')], values: [value('amount')], editTopNum: editTopNum as never, ...extra }).topN;
    expect(t({ showItemNum: true, direction: 0, num: 5, mode: 0 })).toEqual({ by: 'm0', direction: 'before', mode: 'items', n: 5 });
    expect(t({ showItemNum: true, direction: 1, num: '30', mode: 1 })).toEqual({ by: 'm0', direction: 'after', mode: 'percent', n: 30 });
    expect(t({ showItemNum: false, direction: 0, num: 5, mode: 0 })).toBeUndefined();
    expect(t({ showItemNum: true, direction: 0, num: 0, mode: 0 })).toBeUndefined();
    expect(ir({ points: [point('region')], editTopNum: { showItemNum: true, direction: 0, num: 5, mode: 0 } }).topN).toBeUndefined();
    expect(ir({ values: [value('amount')], editTopNum: { showItemNum: true, direction: 0, num: 5, mode: 0 } }).topN).toBeUndefined();
    expect(ir({ points: [point('region')], secondValues: [value('qty')], editTopNum: { showItemNum: true, direction: 0, num: 5, mode: 0 } }).topN?.by).toBe('m0');
    for (const bad of [{ num: -1 }, { num: 2.5 }, { num: 'x' }, { num: 101, mode: 1 }]) {
      expect(codeOf(() => t({ showItemNum: true, direction: 0, mode: 0, ...bad }))).toBe('invalid_option');
    }
  });

  it('takes the request inner filters over the chart ones, and adds the global filters', () => {
    const c = chart({ points: [point('region')], values: [value('amount')], innerFilters: [{ name: 'category', dataType: 'string', range: ['家具'] }] });
    const own = buildChartQuery(c, SALES_TABLE, SALES_FIELDS);
    expect(own.filters).toMatchObject({ kind: 'in', field: { name: 'category' } });
    const request = buildChartQuery(c, SALES_TABLE, SALES_FIELDS, { innerFilters: [], globalFilters: [{ name: 'region', dataType: 'string', range: ['华东'] }] });
    expect(request.filters).toMatchObject({ kind: 'in', field: { name: 'region' } });
  });

  it('refuses a second compare field, an empty chart and a bad row limit', () => {
    expect(codeOf(() => ir({ points: [point('region')], secondPoints: [point('category'), point('product')], values: [value('amount')] }))).toBe('too_many_series');
    expect(codeOf(() => ir({}))).toBe('empty_chart');
    for (const rowLimit of [0, -5, 1.5]) expect(codeOf(() => buildChartQuery(chart({ values: [value('amount')] }), SALES_TABLE, SALES_FIELDS, { rowLimit }))).toBe('invalid_option');
  });

  it('refuses an invalid granularity and an unknown field list entry', () => {
    expect(codeOf(() => ir({ points: [datePoint('order_date', 9 as never)], values: [value('amount')] }))).toBe('invalid_value');
    expect(codeOf(() => buildChartQuery(chart({ values: [value('amount')] }), SALES_TABLE, [{ name: 'amount', dataType: 'money' as never }]))).toBe('unknown_field');
  });

  it('refuses IN lists beyond 1000 values (the bound of a filter list, duplicates included: issue 12 #1)', () => {
    const range = [...Array.from({ length: 998 }, (_, i) => `r${i}`), 'r1', 'r2'];
    expect(codeOf(() => buildChartQuery(chart({ values: [value('amount')] }), SALES_TABLE, SALES_FIELDS, { globalFilters: [{ name: 'region', dataType: 'string', range }] }))).toBe('no error');
    expect(codeOf(() => buildChartQuery(chart({ values: [value('amount')] }), SALES_TABLE, SALES_FIELDS, { globalFilters: [{ name: 'region', dataType: 'string', range: [...range, 'r1000'] }] }))).toBe('too_many_values');
  });

  it('bounds each value and never echoes more than an excerpt of it (issue 12 #1)', () => {
    const run = (f: Record<string, unknown>) => {
      try {
        buildChartQuery(chart({ values: [value('amount')] }), SALES_TABLE, SALES_FIELDS, { innerFilters: [f as never] });
        return 'no error';
      } catch (e) {
        return e as QueryError;
      }
    };
    const long = run({ name: 'amount', dataType: 'number', numberOption: 'equal', range: ['x'.repeat(80_000)] }) as QueryError;
    expect([long.code, long.params]).toEqual(['value_too_long', { name: 'amount', max: 1000 }]);
    const bad = run({ name: 'amount', dataType: 'number', numberOption: 'equal', range: ['x'.repeat(1000)] }) as QueryError;
    expect(bad.code).toBe('invalid_value');
    expect(String(bad.params.value).length).toBeLessThanOrEqual(41);
    expect(bad.message.length).toBeLessThan(200);
    expect((run({ name: 'region', dataType: 'string', range: ['a\u0000'] }) as QueryError).code).toBe('invalid_characters');
    expect((run({ name: 'amount', dataType: 'number', range: Array.from({ length: 20_000 }, (_, i) => i) }) as QueryError).params.value).toBe('0,1,2');
  });

  it('treats a value of only spaces as a value, never as no filter (issue 12 #10)', () => {
    const build = (f: Record<string, unknown>) => buildChartQuery(chart({ values: [value('amount')] }), SALES_TABLE, SALES_FIELDS, { innerFilters: [f as never] });
    expect(build({ name: 'region', dataType: 'string', range: ['  '] }).filters).toMatchObject({ kind: 'in', values: [{ type: 'string', value: '  ' }] });
    expect(codeOf(() => build({ name: 'amount', dataType: 'number', numberOption: 'equal', range: [' '] }))).toBe('blank_value');
    expect(codeOf(() => build({ name: 'order_date', dataType: 'date', range: ['  ', '2024-01-01'] }))).toBe('blank_value');
    // nothing selected, or an open end, is still no filter
    expect(build({ name: 'region', dataType: 'string', range: [] }).filters).toEqual({ kind: 'and', children: [] });
    expect(codeOf(() => build({ name: 'amount', dataType: 'number', range: ['', 5] }))).toBe('no error');
  });
});

describe('buildTotalsQuery', () => {
  const c = (aggregateConfig: object, extra = {}) => chart({ points: [datePoint('order_date', 3)], values: [value('amount', 'sum'), value('qty', 'avg')], aggregateConfig, ...extra });

  it('answers nothing when no statistic is shown', () => {
    expect(buildTotalsQuery(chart({ values: [value('amount')] }), SALES_TABLE, SALES_FIELDS)).toBeUndefined();
    expect(buildTotalsQuery(c({ aggregateField: 'amount' }), SALES_TABLE, SALES_FIELDS)).toBeUndefined();
  });

  it('summarises the named measure over the chart points, without the row cap or display order', () => {
    const t = buildTotalsQuery(c({ aggregateField: 'qty', showSum: true, showMin: true }, { points: [datePoint('order_date', 3, { orderBy: 'desc' })] }), SALES_TABLE, SALES_FIELDS, { rowLimit: 10 })!;
    expect(t.items).toEqual([
      { fn: 'sum', ref: 'm1', alias: 'sum' },
      { fn: 'min', ref: 'm1', alias: 'min' },
    ]);
    expect(t.base.limit).toBeUndefined();
    expect(t.base.order).toEqual([]);
  });

  it('defaults to the first value', () => {
    expect(buildTotalsQuery(c({ showAvg: true }), SALES_TABLE, SALES_FIELDS)!.items).toEqual([{ fn: 'avg', ref: 'm0', alias: 'avg' }]);
  });
});

describe('buildPlotLineQuery', () => {
  it('keeps fixed lines as values, skips unfinished ones, and gathers calculated lines in one query reusing measures', () => {
    const plan = buildPlotLineQuery(
      chart({
        points: [point('region')],
        values: [value('amount', 'sum')],
        plotLineY: [
          { name: 'goal', valueType: 0, value: 50 },
          { name: 'unset', valueType: 0 },
          { name: 'avg', valueType: 1, axisField: { axisName: 'amount', aggregator: 'sum' } },
        ],
        plotLineYOptional: [{ name: 'max', valueType: 1, axisField: { axisName: 'qty' }, formula: 2 }],
      }),
      SALES_TABLE,
      SALES_FIELDS,
    );
    expect(plan.lines).toEqual([
      { name: 'goal', axis: 1, valueType: 'fixed', value: 50 },
      { name: 'avg', axis: 1, valueType: 'calculated', formula: 'avg', field: 'amount', aggregator: 'sum', alias: 'p0' },
      { name: 'max', axis: 2, valueType: 'calculated', formula: 'max', field: 'qty', aggregator: 'sum', alias: 'p1' },
    ]);
    expect(plan.query!.items).toEqual([
      { fn: 'avg', ref: 'm0', alias: 'p0' },
      { fn: 'max', ref: 'm1', alias: 'p1' },
    ]);
    expect(plan.query!.base.measures.map((m) => `${m.alias}:${m.aggregator}(${m.field.name})`)).toEqual(['m0:sum(amount)', 'm1:sum(qty)']);
  });

  it('needs no query for fixed lines only, and refuses bad values', () => {
    expect(buildPlotLineQuery(chart({ values: [value('amount')], plotLineY: [{ name: 'a', valueType: 0, value: 1 }] }), SALES_TABLE, SALES_FIELDS).query).toBeUndefined();
    expect(codeOf(() => buildPlotLineQuery(chart({ values: [value('amount')], plotLineY: [{ name: 'a', valueType: 0, value: 'x' as never }] }), SALES_TABLE, SALES_FIELDS))).toBe('invalid_value');
    expect(codeOf(() => buildPlotLineQuery(chart({ values: [value('amount')], plotLineY: [{ name: 'a', valueType: 1, axisField: { axisName: 'region', aggregator: 'avg' } }] }), SALES_TABLE, SALES_FIELDS))).toBe('aggregator_not_allowed');
    expect(codeOf(() => buildPlotLineQuery(chart({ values: [value('amount')], plotLineY: [{ name: 'a', valueType: 1, axisField: { axisName: 'amount' }, formula: 7 as never }] }), SALES_TABLE, SALES_FIELDS))).toBe('invalid_value');
  });
});

describe('buildDetailQuery', () => {
  const c = chart({ points: [point('region')], values: [value('amount')] });

  it('lists every known field by default, 500 rows a page, ordered by every column', () => {
    const q = buildDetailQuery(c, SALES_TABLE, SALES_FIELDS);
    expect(q.columns.map((x) => x.field.name)).toEqual(SALES_FIELDS.map((f) => f.name));
    expect(q.order.map((o) => `${o.field.name} ${o.dir}`)).toEqual(SALES_FIELDS.map((f) => `${f.name} asc`));
    expect([q.limit, q.offset]).toEqual([500, 0]);
  });

  it('pages and orders as asked', () => {
    const q = buildDetailQuery(c, SALES_TABLE, SALES_FIELDS, { columns: ['amount', 'id', 'amount'], order: [{ name: 'id', dir: 'desc' }], page: 4, pageSize: 25 });
    expect(q.columns.map((x) => `${x.alias}:${x.field.name}`)).toEqual(['c0:amount', 'c1:id']);
    expect(q.order.map((o) => `${o.field.name} ${o.dir}`)).toEqual(['id desc', 'amount asc']);
    expect([q.limit, q.offset]).toEqual([25, 75]);
  });

  it('refuses pages out of range', () => {
    for (const o of [{ page: 0 }, { pageSize: 0 }, { pageSize: 100_001 }, { page: 1.5 }, { order: [{ name: 'id', dir: 'up' as never }] }]) expect(codeOf(() => buildDetailQuery(c, SALES_TABLE, SALES_FIELDS, o))).toBe('invalid_option');
    expect(codeOf(() => buildDetailQuery(c, SALES_TABLE, SALES_FIELDS, { columns: [] }))).toBe('empty_chart');
  });
});

describe('compile of a hand-built IR', () => {
  it('refuses an order or a top-N measure that names no column', () => {
    const q = ir({ points: [point('region')], values: [value('amount')] });
    expect(codeOf(() => compile({ ...q, order: [{ ref: 'm9', dir: 'asc' }] }, 'postgres'))).toBe('invalid_option');
    expect(codeOf(() => compile({ ...q, topN: { by: 'd0', direction: 'before', mode: 'items', n: 3 } }, 'postgres'))).toBe('invalid_option');
  });
});

describe('detail rows behind one point (pointKey)', () => {
  const detail = (c: ReturnType<typeof chart>, pointKey: string) => compile(buildDetailQuery(c, SALES_TABLE, SALES_FIELDS, { pointKey, columns: ['id'] }), 'postgres');
  const whereOf = (q: { sql: string }) => q.sql.slice(q.sql.indexOf('WHERE'), q.sql.indexOf('ORDER BY')).replace(/\s+/g, ' ').trim();

  it('filters each point by its part of the key: texts and numbers equal, dates within their period', () => {
    const byRegion = detail(chart({ points: [point('region')], values: [value('amount')] }), 'East');
    expect(whereOf(byRegion)).toBe('WHERE src."region" = $1');
    expect(byRegion.params.slice(0, 1)).toEqual(['East']);
    const byMonth = detail(chart({ points: [datePoint('order_date', 3)], values: [value('amount')] }), '2024-03-01');
    expect(whereOf(byMonth)).toBe('WHERE src."order_date" >= $1 AND src."order_date" < $2');
    expect(byMonth.params.slice(0, 2).map(String)).toEqual(['2024-03-01', '2024-04-01']);
    const two = detail(chart({ points: [point('region'), point('qty')], values: [value('amount')] }), 'East / 7');
    expect(whereOf(two)).toBe('WHERE src."region" = $1 AND src."qty" = $2');
    expect(two.params.slice(0, 2)).toEqual(['East', 7]);
  });

  it('reads the empty category "-" as no value (and, for texts, the values the chart shows as "-")', () => {
    expect(whereOf(detail(chart({ points: [datePoint('order_date', 5)], values: [value('amount')] }), '-'))).toBe('WHERE src."order_date" IS NULL');
    expect(whereOf(detail(chart({ points: [point('region')], values: [value('amount')] }), '-'))).toBe('WHERE src."region" IS NULL OR src."region" = $1 OR src."region" = $2');
  });

  it('refuses a key that does not fit the points', () => {
    expect(codeOf(() => detail(chart({ type: 'card', values: [value('amount')] }), 'East'))).toBe('invalid_option');
    expect(codeOf(() => detail(chart({ points: [point('region'), point('category')], values: [value('amount')] }), 'East'))).toBe('invalid_value');
    expect(codeOf(() => detail(chart({ points: [point('qty')], values: [value('amount')] }), 'seven'))).toBe('invalid_value');
    expect(codeOf(() => detail(chart({ points: [datePoint('order_date', 3)], values: [value('amount')] }), 'March'))).toBe('invalid_value');
  });
});
