import { createHash } from 'node:crypto';
import { chartFilters, type Aggregator, type Chart, type ChartField, type RangeFilter } from '@bi/chart-model';
import { chartWarning, measureTitle, type CellValue, type ChartColumn, type ChartLabels, type ChartWarning, type SourceFieldNaming } from '@bi/charts';
import { AppError, type MessageKey } from '@bi/core';
import type { chartQueryV1, dataSourceQueryV1 } from '@bi/proto';
import {
  isDialectName,
  joinRowFilters,
  QueryError,
  buildChartQuery,
  buildPlotLineQuery,
  buildTotalsQuery,
  querySourceFrom,
  parseRowRules,
  resolveRelativeDates,
  rowRuleFilter,
  type Cell,
  type FilterNode,
  type ChartQueryIR,
  type CompiledQuery,
  type DialectName,
  type PlotLinePlan,
  type QuerySource,
  type ResultColumn,
  type SourceField,
  type SummaryQueryIR,
} from '@bi/query';

/** Rows a chart draws at most; the query asks for one more to tell that there were more. */
export const CHART_ROW_LIMIT = 10_000;
/** Bump when the answer's shape changes: old cached answers are then never read. */
const ANSWER_VERSION = 6;

export type SourceDescription = dataSourceQueryV1.SourceDescription;

export function dialectOf(source: SourceDescription): DialectName {
  if (!isDialectName(source.dialect)) throw new AppError('invalid', 'chart.invalid_option', { name: 'dialect', value: source.dialect });
  return source.dialect;
}

/**
 * Where a query of the source reads its rows, for this viewer: a joined table's inputs each filtered
 * by their row-level rules that apply to the viewer (docs/api/join-table.md "Row-level rules"), so
 * every query path on a join (runs, totals, details, ranges, alerts, headlines) carries them and they
 * are part of the IR, hence of the result-cache key. A request without a viewer runs as a non-admin nobody.
 */
export function querySourceOf(source: SourceDescription, viewer: chartQueryV1.Viewer | undefined): QuerySource {
  const querySource = querySourceFrom(source);
  if (querySource.kind !== 'join') return querySource;
  try {
    return { kind: 'join', join: joinRowFilters(querySource.join, source.rowRulesJson ? parseRowRules(source.rowRulesJson) : undefined, rowViewerOf(viewer)) };
  } catch (e) {
    throw queryAppError(e);
  }
}

const rowViewerOf = (viewer: chartQueryV1.Viewer | undefined) => ({ userId: viewer?.userId ?? '', roleIds: viewer?.roleIds ?? [], isAdmin: viewer?.isAdmin ?? false });

export function sourceFieldsOf(source: SourceDescription): SourceField[] {
  return source.fields.map((f) => ({ name: f.name, dataType: f.dataType === 'number' || f.dataType === 'date' ? f.dataType : 'string' }));
}

/** What one chart answer needs to run: the chart query, and the totals and plot-line queries when the chart shows them. */
export interface ChartPlan {
  main: ChartQueryIR;
  totals?: SummaryQueryIR;
  plotLines: PlotLinePlan;
  /** global filter items left out because the source has no such field (merged into the answer's meta.notes / meta.warnings) */
  warnings: ChartWarning[];
}

export interface PlanInput {
  chart: Chart;
  source: SourceDescription;
  /** undefined: the chart's stored inner filters */
  innerFilters?: RangeFilter[];
  globalFilters: RangeFilter[];
  /** who the chart runs for: their row-level rules (the source's own, and a joined table's inputs') filter every query */
  viewer?: chartQueryV1.Viewer;
  /** the instant and product time zone (BI_TIME_ZONE) relative date presets are read at; default now, the host's zone */
  clock?: FilterClock;
  /** the drill path (the clicked values of the chart's upper drill levels; @bi/query drillPlan) */
  drill?: readonly string[];
}

export interface FilterClock {
  now: Date;
  timeZone: string;
}

/**
 * The filters a chart's queries take (chart answer and detail rows alike): the one rule of
 * @bi/chart-model (chartFilters, which the web asks too) keeps the dashboard-wide filters the chart's
 * source has a field for; relative date presets become dates at the clock's instant in the product's
 * time zone (resolveRelativeDates, half-open intervals). innerFilters undefined: the chart's stored ones.
 */
export function chartQueryFilters(chart: Chart, source: SourceDescription, inner: RangeFilter[] | undefined, global: readonly RangeFilter[], clock: FilterClock = { now: new Date(), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }) {
  const resolve = (fs: readonly RangeFilter[]) => resolveRelativeDates(fs, clock.now, clock.timeZone);
  const { globalFilters, skipped } = chartFilters({ chart, fields: sourceFieldsOf(source), globalFilters: global.filter((f) => f && typeof f === 'object') });
  const stored = Array.isArray(chart.innerFilters) ? chart.innerFilters : [];
  try {
    return {
      globalFilters: resolve(globalFilters),
      innerFilters: inner ? resolve(inner) : stored.some((f) => f?.relative) ? resolve(stored) : undefined,
      warnings: skipped.map((s) => chartWarning('globalFilterSkipped', { field: String(s.name) })),
    };
  } catch (e) {
    throw queryAppError(e);
  }
}

/**
 * The source's row-level rules that apply to the caller, as the filter node of every query of the
 * chart (docs/api/sharing.md "Row-level rules"). A request without a viewer runs as a non-admin
 * nobody: no rule names it, so a deny-by-default source answers no row.
 */
export function viewerRowFilter(source: SourceDescription, viewer: chartQueryV1.Viewer | undefined): FilterNode | undefined {
  if (!source.rowRulesJson) return undefined;
  try {
    return rowRuleFilter(parseRowRules(source.rowRulesJson), rowViewerOf(viewer), sourceFieldsOf(source));
  } catch (e) {
    throw queryAppError(e);
  }
}

/** A QueryError as the AppError of the message catalogue (chart.<code>), with its params. */
export function queryAppError(e: unknown): unknown {
  if (!(e instanceof QueryError)) return e;
  return new AppError('invalid', `chart.${e.code}`, { ...e.params });
}

/** Nothing to run: no source, or neither points nor values. */
export function isEmptyChart(chart: Chart): boolean {
  const n = (a: unknown) => (Array.isArray(a) ? a.length : 0);
  return !chart.dataSourceId || n(chart.points) + n(chart.values) + n(chart.secondPoints) + n(chart.secondValues) === 0;
}

export function planChart(input: PlanInput): ChartPlan {
  const { chart, source } = input;
  const querySource = querySourceOf(source, input.viewer);
  const fields = sourceFieldsOf(source);
  const { globalFilters, innerFilters, warnings } = chartQueryFilters(chart, source, input.innerFilters, input.globalFilters, input.clock);
  const options = { innerFilters, globalFilters, rowLimit: CHART_ROW_LIMIT + 1, rowFilter: viewerRowFilter(source, input.viewer), drill: input.drill };
  try {
    return {
      main: buildChartQuery(chart, querySource, fields, options),
      totals: buildTotalsQuery(chart, querySource, fields, options),
      plotLines: buildPlotLineQuery(chart, querySource, fields, options),
      warnings,
    };
  } catch (e) {
    throw queryAppError(e);
  }
}

/**
 * The cache key of an answer: everything it depends on — the queries (IR with every filter value),
 * the dialect, the source's data version and name (the answer carries it), the chart as drawn, the
 * page and the language.
 */
export function answerKey(plan: ChartPlan, parts: { dialect: DialectName; dataVersion: number; sourceName?: string; chart: Chart; language: string; page?: { index: number; size: number } }): string {
  const material = JSON.stringify([ANSWER_VERSION, parts.dialect, parts.dataVersion, parts.sourceName ?? '', plan.main, plan.totals ?? null, plan.plotLines, parts.chart, parts.language, parts.page ?? null, plan.warnings]);
  return createHash('sha256').update(material).digest('hex');
}

/**
 * The cache key of a field's values (FieldRange, the filter pickers): the compiled query (the viewer's
 * row rules and the search are in it), the field, the limit, the dialect and the source's data version.
 */
export function fieldRangeKey(compiled: CompiledQuery, parts: { field: string; limit: number; dialect: DialectName; dataVersion: number }): string {
  const material = JSON.stringify(['range', ANSWER_VERSION, parts.dialect, parts.dataVersion, parts.field, parts.limit, compiled.sql, compiled.params]);
  return 'range:' + createHash('sha256').update(material).digest('hex');
}

/** How value columns are named for people (the answer's legend, axes, headers): the source's fields and the aggregator names in the reader's language. */
export interface ColumnNaming {
  fields: readonly (SourceFieldNaming & { name: string })[];
  aggregatorLabel: (aggregator: Aggregator) => string;
}

/**
 * The chart's field behind each result column (dimensions d<i> → points, s0 → the compare field, m<i> →
 * values then second values). With `naming`, a value column's title names its aggregator while the
 * field keeps its default title ('金额 (平均)', @bi/charts measureTitle).
 */
export function chartColumns(chart: Chart, columns: readonly ResultColumn[], naming?: ColumnNaming): ChartColumn[] {
  const measures = [...chart.values, ...chart.secondValues];
  return columns.map((c) => {
    const index = Number(c.alias.slice(1));
    let role: ChartColumn['role'];
    let field: ChartField | undefined;
    if (c.role === 'dimension') {
      role = 'dimension';
      field = chart.points[index];
    } else if (c.role === 'series') {
      role = 'series';
      field = chart.secondPoints[0];
    } else {
      role = c.axis === 2 ? 'measure2' : 'measure';
      field = measures[index];
    }
    const base: ChartField = field ?? { name: c.field, title: c.title, dataType: c.dataType };
    const named = naming && field && role !== 'dimension' && role !== 'series' ? { title: measureTitle(field, naming.fields.find((f) => f.name === field.name), naming.aggregatorLabel) } : {};
    return { alias: c.alias, role, field: { ...base, ...named, dataType: c.dataType, ...(c.aggregator ? { aggregator: c.aggregator } : {}) } };
  });
}

/** Normalised cells keyed by alias (booleans as text: a chart shows them as categories). */
export function rowObjects(columns: readonly ResultColumn[], rows: readonly (readonly Cell[])[]): Record<string, CellValue>[] {
  const aliases = columns.map((c) => c.alias);
  const out: Record<string, CellValue>[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const o: Record<string, CellValue> = {};
    for (let i = 0; i < aliases.length; i++) {
      const v = row[i];
      o[aliases[i]!] = typeof v === 'boolean' ? String(v) : (v ?? null);
    }
    out[r] = o;
  }
  return out;
}

/** The values of calculated plot lines by position in [...plotLineY, ...plotLineYOptional]; null for fixed lines. */
export function plotLineValues(chart: Chart, plan: PlotLinePlan, row: Record<string, CellValue> | undefined): (number | null)[] {
  const calculated = plan.lines.filter((l) => l.valueType === 'calculated');
  let next = 0;
  return [...(chart.plotLineY ?? []), ...(chart.plotLineYOptional ?? [])].map((line) => {
    if (line.valueType !== 1) return null;
    const alias = calculated[next++]?.alias;
    const v = alias && row ? row[alias] : null;
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  });
}

export function labelsFor(translate: (key: MessageKey) => string): Partial<ChartLabels> {
  return { sum: translate('chart.label.sum'), avg: translate('chart.label.avg'), max: translate('chart.label.max'), min: translate('chart.label.min'), trend: translate('chart.label.trend'), everyNth: translate('chart.label.everyNth') };
}
