import { CHART_AGGREGATORS, chartTypesWhere, isNumberOnlyAggregator, type Aggregator, type Chart, type ChartField, type RangeFilter } from '@bi/chart-model';
import type { DateTimeValue, GranularityName } from './dates.js';
import { INPUT_BOUNDS } from '@bi/rules';
import { QueryError } from './errors.js';
import { allOf, anyOf, detailFilterNode, fieldFilterNode, granularityName, pointFilterNode, rangeFilterNode, type DetailFilter } from './filters.js';
import { FieldCatalog, type QuerySource, type SourceField } from './source.js';
import { drillPlan } from './drill.js';

/**
 * The typed query IR: what a chart asks for, with every name resolved to a known source field and
 * every value typed. It says nothing about any SQL dialect; compile() turns it into SQL.
 * Aliases are generated (d0…, s0, m0…, c0…) so no user text ever becomes an identifier beyond the
 * known field names.
 */

export interface DimensionIR {
  field: SourceField;
  /** only date fields have a granularity other than normal */
  granularity: GranularityName;
  alias: string;
  title: string;
  /** granularity 'day' written as the day's DATE value (Dialect.dayDate) instead of the truncated timestamp: the roll-up's pre-aggregate key */
  dayAsDate?: boolean;
}

/** The compare split (second points): every dimension value is split by this field's values. */
export type SeriesIR = DimensionIR;

export interface MeasureIR {
  field: SourceField;
  aggregator: Aggregator;
  alias: string;
  /** 1 values, 2 second values (second axis) */
  axis: 1 | 2;
  title: string;
  /** the field asks for a trendline and the chart type has one (bar, line, scatter, doubleaxis) */
  trendline: boolean;
}

export type ScalarValue = { type: 'number'; value: number } | { type: 'string'; value: string } | { type: 'date'; value: DateTimeValue };

export type CompareOp = '=' | '<>' | '<' | '<=' | '>' | '>=';

/** Predicates always apply to a raw column (never a function of it). */
export type Predicate =
  | { kind: 'compare'; field: SourceField; op: CompareOp; value: ScalarValue }
  | { kind: 'in'; field: SourceField; values: ScalarValue[]; negated: boolean }
  /** LIKE '%text%' with the wildcards of text escaped */
  | { kind: 'contains'; field: SourceField; text: string; negated: boolean }
  | { kind: 'isNull'; field: SourceField; negated: boolean }
  /** no row at all (a row-level rule set that denies by default and has no rule for the caller) */
  | { kind: 'none' };

/** and / or tree; an empty `and` is "no filter". */
export type FilterNode = Predicate | { kind: 'and' | 'or'; children: FilterNode[] };

export interface OrderIR {
  /** an alias of a dimension, the series or a measure */
  ref: string;
  dir: 'asc' | 'desc';
}

export interface TopNIR {
  /** the measure alias the items are ranked by (the first measure) */
  by: string;
  /** before: the largest (by desc); after: the smallest (by asc) */
  direction: 'before' | 'after';
  mode: 'items' | 'percent';
  /** item count, or percent (1–100) of the distinct dimension values, rounded up */
  n: number;
}

export interface ChartQueryIR {
  kind: 'chart';
  source: QuerySource;
  dimensions: DimensionIR[];
  series?: SeriesIR;
  measures: MeasureIR[];
  filters: FilterNode;
  /**
   * The chart's own orders (measures first, then dimensions, then the series). The compiler adds
   * the dimensions and the series ascending as tie-breakers, and ranks top-N results first when
   * the chart has no order of its own.
   */
  order: OrderIR[];
  /** safety cap on returned rows */
  limit?: number;
  topN?: TopNIR;
  /**
   * Set by rollup.ts answerFromRollup: the source is a kept rollup table, and each measure is rolled
   * up from its partial-aggregate columns instead of aggregating the raw column.
   */
  rolledUp?: RolledUpMeasures;
}

/** The rollup-table columns of each measure's partial aggregates: `${field}\u0000${part}` → column. */
export interface RolledUpMeasures {
  columns: Readonly<Record<string, string>>;
  /** fields whose sums are floating point: summed with DuckDB's compensated fsum on both levels */
  floatSums: readonly string[];
  /** building the rollup: the measures are the partials themselves over the raw columns (a float sum with fsum) */
  build?: boolean;
  /** the rollup's row-count column (ROLLUP_ROWS_COLUMN; building: the measure so aliased is COUNT(*)) */
  rows?: string;
  /** the rollup's grouped fields (a count of one of them, with no count part kept, is written from `rows`) */
  grouped?: readonly string[];
}

export type SummaryFn = 'sum' | 'avg' | 'min' | 'max';

export interface SummaryItemIR {
  fn: SummaryFn;
  /** a measure alias of the base query */
  ref: string;
  alias: string;
}

/** One aggregate row over the points the base chart query answers (totals, calculated plot lines). */
export interface SummaryQueryIR {
  kind: 'summary';
  base: ChartQueryIR;
  items: SummaryItemIR[];
}

export interface DetailColumnIR {
  field: SourceField;
  alias: string;
  title: string;
}

/** Raw rows with the chart's filters, one page at a time. */
export interface DetailQueryIR {
  kind: 'detail';
  source: QuerySource;
  columns: DetailColumnIR[];
  filters: FilterNode;
  /** stable paging: the listed order, then every column */
  order: { field: SourceField; dir: 'asc' | 'desc' }[];
  limit: number;
  offset: number;
  /** the number of rows under the filters (one column `n`) instead of the rows: the detail dialog's total */
  count?: boolean;
}

export type QueryIR = ChartQueryIR | SummaryQueryIR | DetailQueryIR;

// ---------------------------------------------------------------------------------------------
// Builders: chart definition + filters → IR
// ---------------------------------------------------------------------------------------------


/** Trendlines exist for these chart types only (spec 01 §5). */
export const TRENDLINE_CHART_TYPES: readonly string[] = chartTypesWhere((kind) => kind.editor.trendline);
/** Rows one detail page holds by default (the detail table shows the first 500), and the most one request may ask for (an export loads 100000). */
export const DETAIL_PAGE_ROWS = 500;
export const DETAIL_MAX_ROWS = 100_000;

export interface ChartQueryOptions {
  /** the inner filter values of this request; default the chart's own innerFilters */
  innerFilters?: readonly RangeFilter[];
  /** the dashboard's global filter items that apply to this chart */
  globalFilters?: readonly RangeFilter[];
  /** at most this many result rows */
  rowLimit?: number;
  /** the row-level rules that apply to the caller (rowRuleFilter), ANDed with every other filter */
  rowFilter?: FilterNode;
  /**
   * the drill path: the clicked values of the chart's upper drill levels, top first (drill.ts). The
   * chart's first dimension becomes the next level's field and the path's values filter the rows.
   */
  drill?: readonly string[];
}

/** sum and avg only for numbers (spec 01 §5); min, max, count and count distinct for every type. */
export function checkAggregator(field: SourceField, aggregator: unknown): Aggregator {
  if (!(CHART_AGGREGATORS as readonly unknown[]).includes(aggregator) || (isNumberOnlyAggregator(aggregator as Aggregator) && field.dataType !== 'number')) {
    throw new QueryError('aggregator_not_allowed', { name: field.name, aggregator: String(aggregator), dataType: field.dataType });
  }
  return aggregator as Aggregator;
}

/** Numbers are summed by default, other fields counted. */
export const defaultAggregator = (field: SourceField): Aggregator => (field.dataType === 'number' ? 'sum' : 'count');

function positiveInteger(value: unknown, name: string, max = Number.MAX_SAFE_INTEGER): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > max) throw new QueryError('invalid_option', { name, value: String(value) });
  return n;
}

const titleOf = (f: ChartField) => (typeof f.title === 'string' && f.title.trim() ? f.title : f.name);

function dimension(f: ChartField, alias: string, catalog: FieldCatalog): DimensionIR {
  const field = catalog.resolve(f?.name);
  // a granularity means something for dates only; other fields group by their values
  const granularity = field.dataType === 'date' ? granularityName(f.granularity, field.name) : 'normal';
  return { field, granularity, alias, title: titleOf(f) };
}

function measure(f: ChartField, alias: string, axis: 1 | 2, catalog: FieldCatalog, chartType: string): MeasureIR {
  const field = catalog.resolve(f?.name);
  const aggregator = checkAggregator(field, f.aggregator || defaultAggregator(field));
  return { field, aggregator, alias, axis, title: titleOf(f), trendline: Boolean(f.showTrendline) && TRENDLINE_CHART_TYPES.includes(chartType) };
}

const list = <T>(v: readonly T[] | undefined | null): readonly T[] => (Array.isArray(v) ? v : []);

/** Every filter that applies to the chart's rows: field filters of its fields, inner filters, global filters. */
function chartFilters(chart: Chart, catalog: FieldCatalog, options: ChartQueryOptions): FilterNode {
  const fields = [...list(chart.points), ...list(chart.secondPoints), ...list(chart.values), ...list(chart.secondValues)];
  return allOf([
    ...fields.map((f) => fieldFilterNode(f.fieldFilter, catalog)),
    ...list(options.innerFilters ?? chart.innerFilters).map((f) => rangeFilterNode(f, catalog)),
    ...list(options.globalFilters).map((f) => rangeFilterNode(f, catalog)),
    options.rowFilter,
  ]);
}

function topN(chart: Chart, dimensions: DimensionIR[], measures: MeasureIR[]): TopNIR | undefined {
  const t = chart.editTopNum;
  // nothing to rank without a measure, nothing to pick from without a dimension
  if (!t || !t.showItemNum || dimensions.length === 0 || measures.length === 0) return undefined;
  if (t.num === 0 || (t.num as unknown) === '0') return undefined;
  const mode = t.mode === 1 ? 'percent' : 'items';
  const n = positiveInteger(t.num, 'editTopNum.num', mode === 'percent' ? 100 : Number.MAX_SAFE_INTEGER);
  const by = (measures.find((m) => m.axis === 1) ?? measures[0]).alias;
  return { by, direction: t.direction === 1 ? 'after' : 'before', mode, n };
}

/**
 * The chart's grouped query: points are dimensions (dates truncated to their granularity), the
 * first second point splits them into a compare series, values (axis 1) and second values (axis 2)
 * are measures; field filters, inner filters and global filters all apply; orderBy, top-N and the
 * row limit shape the answer.
 */
export function buildChartQuery(stored: Chart, source: QuerySource, fields: readonly SourceField[], options: ChartQueryOptions = {}): ChartQueryIR {
  const catalog = new FieldCatalog(fields);
  const drill = drillPlan(stored, options.drill, catalog);
  const chart = drill.chart;
  const points = list(chart.points);
  const secondPoints = list(chart.secondPoints);
  const values = list(chart.values);
  const secondValues = list(chart.secondValues);
  if (secondPoints.length > 1) throw new QueryError('too_many_series', { count: secondPoints.length });

  const dimensions = points.map((p, i) => dimension(p, `d${i}`, catalog));
  const series = secondPoints[0] ? dimension(secondPoints[0], 's0', catalog) : undefined;
  const measures = [...values.map((v, i) => measure(v, `m${i}`, 1, catalog, chart.type)), ...secondValues.map((v, i) => measure(v, `m${values.length + i}`, 2, catalog, chart.type))];
  if (dimensions.length === 0 && measures.length === 0) throw new QueryError('empty_chart');

  const order: OrderIR[] = [];
  const orderOf = (f: ChartField, ref: string) => {
    if (f.orderBy === 'asc' || f.orderBy === 'desc') order.push({ ref, dir: f.orderBy });
  };
  [...values, ...secondValues].forEach((f, i) => orderOf(f, measures[i].alias));
  points.forEach((f, i) => orderOf(f, dimensions[i].alias));
  if (series) orderOf(secondPoints[0], series.alias);

  const ir: ChartQueryIR = { kind: 'chart', source, dimensions, measures, filters: drill.filter ? allOf([chartFilters(chart, catalog, options), drill.filter]) : chartFilters(chart, catalog, options), order };
  if (series) ir.series = series;
  if (options.rowLimit !== undefined) ir.limit = positiveInteger(options.rowLimit, 'rowLimit');
  const t = topN(chart, dimensions, measures);
  if (t) ir.topN = t;
  return ir;
}

/** The chart's points as the base of a summary: no row cap and no display order (top-N stays: totals and lines follow the shown items). */
function summaryBase(q: ChartQueryIR): ChartQueryIR {
  const { limit: _limit, ...rest } = q;
  return { ...rest, order: [] };
}

/** The measure of `name` with `aggregator` in the base, added (not shown) when the chart has none. */
function measureFor(base: ChartQueryIR, field: SourceField, aggregator: Aggregator): string {
  const found = base.measures.find((m) => m.field.name === field.name && m.aggregator === aggregator);
  if (found) return found.alias;
  const alias = `m${base.measures.length}`;
  base.measures.push({ field, aggregator, alias, axis: 1, title: field.name, trendline: false });
  return alias;
}

/**
 * Totals (aggregateConfig): sum, avg, max and min of one measure over the chart's points — the
 * statistics of the plotted values (with top-N, of the shown items). aggregateField names the
 * measure (default the first value); a field the chart does not show is aggregated with its
 * default aggregator. Undefined when nothing is to be shown.
 */
export function buildTotalsQuery(chart: Chart, source: QuerySource, fields: readonly SourceField[], options: ChartQueryOptions = {}): SummaryQueryIR | undefined {
  const cfg = chart.aggregateConfig;
  if (!cfg) return undefined;
  const fns: SummaryFn[] = [];
  if (cfg.showSum) fns.push('sum');
  if (cfg.showAvg) fns.push('avg');
  if (cfg.showMax) fns.push('max');
  if (cfg.showMin) fns.push('min');
  if (fns.length === 0) return undefined;
  const base = summaryBase(buildChartQuery(chart, source, fields, options));
  let ref: string;
  if (cfg.aggregateField) {
    const field = new FieldCatalog(fields).resolve(cfg.aggregateField);
    ref = base.measures.find((m) => m.field.name === field.name)?.alias ?? measureFor(base, field, checkAggregator(field, defaultAggregator(field)));
  } else {
    if (base.measures.length === 0) return undefined;
    ref = base.measures[0].alias;
  }
  return { kind: 'summary', base, items: fns.map((fn) => ({ fn, ref, alias: fn })) };
}

export interface PlotLineIR {
  name: string;
  /** 1 plotLineY, 2 plotLineYOptional (second axis) */
  axis: 1 | 2;
  valueType: 'fixed' | 'calculated';
  /** the value of a fixed line */
  value?: number;
  /** calculated: avg / min / max of aggregator(field) over the chart's points, read from `alias` of the summary row */
  formula?: 'avg' | 'min' | 'max';
  field?: string;
  aggregator?: Aggregator;
  alias?: string;
}

export interface PlotLinePlan {
  lines: PlotLineIR[];
  /** one aggregate query for every calculated line; absent when all lines are fixed */
  query?: SummaryQueryIR;
}

const FORMULAS = ['avg', 'min', 'max'] as const;

/**
 * Plot lines (auxiliary lines): fixed lines carry their value; calculated lines are the average,
 * minimum or maximum of an axis field, aggregated per point as the chart aggregates it, over the
 * chart's points — all of them in one query over the same filters. A fixed line without a value is
 * left out.
 */
export function buildPlotLineQuery(chart: Chart, source: QuerySource, fields: readonly SourceField[], options: ChartQueryOptions = {}): PlotLinePlan {
  const catalog = new FieldCatalog(fields);
  const lines: PlotLineIR[] = [];
  const calculated: { line: PlotLineIR; field: SourceField; aggregator: Aggregator }[] = [];
  const all = [...list(chart.plotLineY).map((l) => [l, 1] as const), ...list(chart.plotLineYOptional).map((l) => [l, 2] as const)];
  for (const [l, axis] of all) {
    if (l.valueType === 1) {
      const field = catalog.resolve(l.axisField?.axisName);
      const aggregator = checkAggregator(field, l.axisField?.aggregator || defaultAggregator(field));
      const formula = FORMULAS[l.formula ?? 0];
      if (!formula) throw new QueryError('invalid_value', { name: l.name, value: String(l.formula) });
      const line: PlotLineIR = { name: l.name, axis, valueType: 'calculated', formula, field: field.name, aggregator };
      lines.push(line);
      calculated.push({ line, field, aggregator });
    } else {
      if (l.value === undefined || l.value === null || (l.value as unknown) === '') continue;
      const value = Number(l.value);
      if (!Number.isFinite(value)) throw new QueryError('invalid_value', { name: l.name, value: String(l.value) });
      lines.push({ name: l.name, axis, valueType: 'fixed', value });
    }
  }
  if (calculated.length === 0) return { lines };
  const base = summaryBase(buildChartQuery(chart, source, fields, options));
  const items: SummaryItemIR[] = calculated.map(({ line, field, aggregator }, i) => {
    line.alias = `p${i}`;
    return { fn: line.formula!, ref: measureFor(base, field, aggregator), alias: line.alias };
  });
  return { lines, query: { kind: 'summary', base, items } };
}

export interface DetailQueryOptions extends ChartQueryOptions {
  /** the detail dialog's own filter */
  detailFilter?: DetailFilter;
  /** the drill into one point: its category as the chart names it ('' or absent: every row; pointFilterNode) */
  pointKey?: string;
  /** the detail dialog's search: rows where any listed text column contains this text ('' or absent: every row) */
  search?: string;
  /** the fields to list; default every known field */
  columns?: readonly string[];
  /** the order to list by; every listed column follows ascending so pages never overlap */
  order?: readonly { name: string; dir: 'asc' | 'desc' }[];
  /** 1-based page */
  page?: number;
  pageSize?: number;
}

/** Rows where any text column contains `search` (no text column: no row); nothing to search: no filter. */
function searchNode(columns: readonly DetailColumnIR[], search: string | undefined): FilterNode | null {
  if (search === undefined || search === '') return null;
  if (search.length > INPUT_BOUNDS.filterValueChars) throw new QueryError('value_too_long', { name: 'search', max: INPUT_BOUNDS.filterValueChars });
  const texts = columns.filter((c) => c.field.dataType === 'string');
  if (texts.length === 0) return { kind: 'none' };
  return anyOf(texts.map((c) => ({ kind: 'contains', field: c.field, text: search, negated: false })));
}

/** Raw rows under the chart's filters (and the detail dialog's), one page at a time. */
export function buildDetailQuery(stored: Chart, source: QuerySource, fields: readonly SourceField[], options: DetailQueryOptions = {}): DetailQueryIR {
  const catalog = new FieldCatalog(fields);
  // at a drilled level: the rows under the path, a point key naming the drilled dimension's value
  const drill = drillPlan(stored, options.drill, catalog);
  const chart = drill.chart;
  const names = options.columns ?? catalog.all.map((f) => f.name);
  const columns: DetailColumnIR[] = [];
  for (const name of names) {
    const field = catalog.resolve(name);
    if (!columns.some((c) => c.field.name === field.name)) columns.push({ field, alias: `c${columns.length}`, title: field.name });
  }
  if (columns.length === 0) throw new QueryError('empty_chart');
  const order: DetailQueryIR['order'] = [];
  for (const o of options.order ?? []) {
    const field = catalog.resolve(o.name);
    if (o.dir !== 'asc' && o.dir !== 'desc') throw new QueryError('invalid_option', { name: 'order', value: String(o.dir) });
    if (!order.some((x) => x.field.name === field.name)) order.push({ field, dir: o.dir });
  }
  for (const c of columns) if (!order.some((x) => x.field.name === c.field.name)) order.push({ field: c.field, dir: 'asc' });
  const pageSize = options.pageSize === undefined ? DETAIL_PAGE_ROWS : positiveInteger(options.pageSize, 'pageSize', DETAIL_MAX_ROWS);
  const page = options.page === undefined ? 1 : positiveInteger(options.page, 'page');
  return {
    kind: 'detail',
    source,
    columns,
    filters: allOf([
      chartFilters(chart, catalog, options),
      drill.filter,
      options.pointKey ? pointFilterNode(list(chart.points), options.pointKey, catalog) : null,
      detailFilterNode(options.detailFilter, catalog),
      searchNode(columns, options.search),
    ]),
    order,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  };
}
