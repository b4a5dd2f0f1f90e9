import type { Aggregator } from '@bi/chart-model';
import { compile, type CompiledQuery } from './compile.js';
import type { Dialect, DialectName } from './dialects/index.js';
import type { ChartQueryIR, DimensionIR, FilterNode, MeasureIR, QueryIR, RolledUpMeasures } from './ir.js';
import type { QuerySource, SourceField } from './source.js';
import { raw, sql, type Sql } from './sql.js';

/**
 * Kept rollups (issue 31, ADR 0022): a source's rows pre-aggregated into a table of the analytics
 * store, grouped by a set of fields — a date at its day, every other field by its value — with
 * additive partial aggregates of the measures (sum, count of non-null values, min, max). A chart
 * query whose groups, filter fields (row rules included) and measures a rollup covers is answered
 * from the rollup: the same compiled statement over the rollup table, each measure rolled up from its
 * partials (sum = SUM of sums, count = SUM of counts, min = MIN of minimums, max = MAX of maximums,
 * avg = SUM of sums / SUM of counts; a count of a grouped field — a filter picker's — from the groups'
 * row counts, where the field is not null). Anything else runs on the source as before, and the
 * reason is returned.
 *
 * Why the answer is the raw query's:
 * - a date field's rollup column holds the smallest value of the field in its group (the groups are
 *   per day), of the field's own type: date_trunc(g, MIN(x)) is date_trunc(g, x) of every row of the
 *   group for every grain from the day up (year, quarter, month, week, day), so the chart's date
 *   expressions are written unchanged on the rollup column;
 * - a filter on a grouped field is true or false for a whole group (the group's rows share the
 *   value), so the chart's filters are written unchanged on the rollup columns; on a date field only
 *   `>=` / `<` against a midnight and IS [NOT] NULL qualify (they hold for a whole day or for none);
 * - integer and decimal sums stay exact (DuckDB sums INTEGER/BIGINT into HUGEINT, DECIMAL into
 *   DECIMAL(38, s), on both levels); a count is a SUM of BIGINT counts cast back to BIGINT;
 * - floating-point sums are compensated (DuckDB's fsum, Kahan–Babuška) at both levels, so the
 *   rollup's sum is within a few ulps of the exact sum; the raw query's plain SUM differs from the
 *   exact sum by at most n·ε·Σ|x|, hence the two agree within 1e-9 relative to Σ|x| for any table
 *   under 9·10^6 rows per group (ε = 2^-53) — the bound the property test checks.
 */

/** The partial aggregates a rollup keeps (a measure's parts). */
export type RollupPart = 'sum' | 'count' | 'min' | 'max';

/** What each chart aggregator is rolled up from; null: it is not (a count of distinct values). */
export const ROLLUP_PARTS: Readonly<Record<Aggregator, readonly RollupPart[] | null>> = { sum: ['sum'], count: ['count'], min: ['min'], max: ['max'], avg: ['sum', 'count'], countDistinct: null };

/** The date grains a rollup at the day answers. */
const GRAINS: ReadonlySet<string> = new Set(['year', 'quarter', 'month', 'week', 'day']);

/** Rollup-table column names of the product start with this; a source field named so is never rolled up. */
export const ROLLUP_COLUMN_PREFIX = '__r';

export interface RollupMeasureSpec {
  field: SourceField;
  parts: RollupPart[];
}

/** Which groups and partials a rollup keeps (dimensions and measures sorted by field name). */
export interface RollupSpec {
  dimensions: SourceField[];
  measures: RollupMeasureSpec[];
  /**
   * the rollup also keeps each group's row count (COUNT(*), column ROLLUP_ROWS_COLUMN), so a count of
   * a grouped field's non-null values rolls up (a filter picker's counts); absent on rollups built
   * before it (they do not answer that count)
   */
  rowCount?: boolean;
}

/** A built rollup as the data-source service describes it (Describe's rollups). */
export interface KeptRollup extends RollupSpec {
  id: string;
  table: string;
  schema?: string;
  /** the source's data version the rollup holds the rows of: it answers only at that version */
  dataVersion: number;
  rows: number;
  /** measure fields whose sums are floating point (summed with fsum on both levels) */
  floatSums: string[];
}

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const partKey = (field: string, part: RollupPart) => `${field}\u0000${part}`;

/** The rollup-table column of a group's row count (a rollup whose spec says rowCount). */
export const ROLLUP_ROWS_COLUMN = `${ROLLUP_COLUMN_PREFIX}n`;

/** The rollup-table column of measure `index`'s part. */
export const partColumn = (index: number, part: RollupPart) => `${ROLLUP_COLUMN_PREFIX}${index}_${part}`;

/** A stable key of what a spec keeps (its identity among a source's rollups). */
export function rollupSpecKey(spec: RollupSpec): string {
  const key = [spec.dimensions.map((f) => [f.name, f.dataType]), spec.measures.map((m) => [m.field.name, m.parts])];
  return JSON.stringify(spec.rowCount ? [...key, 'rows'] : key);
}

// ---------------------------------------------------------------------------------------------
// Choosing rollups from a source's charts
// ---------------------------------------------------------------------------------------------

/** The fields a filter tree names. */
export function filterFields(node: FilterNode, out = new Map<string, SourceField>()): Map<string, SourceField> {
  if ('children' in node) for (const c of node.children) filterFields(c, out);
  else if (node.kind !== 'none') out.set(node.field.name, node.field);
  return out;
}

const rollable = (f: SourceField) => !f.name.startsWith(ROLLUP_COLUMN_PREFIX);

export interface ChooseRollupsOptions {
  /** fields every rollup groups by besides the charts' own: the dashboards' filter fields and the row rules' fields */
  alwaysGroupBy?: readonly SourceField[];
  /** at most this many rollups per source */
  maxRollups?: number;
  /**
   * per chart (by its index in `charts`), fields its rollup also groups by: the global-filter fields of
   * the dashboards it is on that apply to it (issue 31), so a dashboard filter on a field no chart
   * groups by still hits a rollup
   */
  chartGroupBy?: readonly (readonly SourceField[] | undefined)[];
}

/**
 * The rollups worth keeping for a source's saved charts (their queries as built with their stored
 * filters): per chart the fields it groups by (dates at the day), the fields its filters name and
 * `alwaysGroupBy`, with the partials of its measures; charts needing the same groups share one rollup
 * (their measures merged). A chart with a count of distinct values, a date grouped by its exact value
 * or a non-table source field prefix never yields one. Most-shared first, at most `maxRollups`.
 */
export function chooseRollups(charts: readonly ChartQueryIR[], options: ChooseRollupsOptions = {}): RollupSpec[] {
  const max = options.maxRollups ?? 4;
  const candidates = new Map<string, { dims: SourceField[]; measures: Map<string, { field: SourceField; parts: Set<RollupPart> }>; charts: number }>();
  for (const [index, ir] of charts.entries()) {
    if (ir.measures.length === 0 || ir.measures.some((m) => !ROLLUP_PARTS[m.aggregator])) continue;
    const groups = [...ir.dimensions, ...(ir.series ? [ir.series] : [])];
    if (groups.some((x) => x.field.dataType === 'date' && !GRAINS.has(x.granularity))) continue;
    const dims = new Map<string, SourceField>();
    for (const x of groups) dims.set(x.field.name, x.field);
    filterFields(ir.filters, dims);
    for (const f of options.alwaysGroupBy ?? []) dims.set(f.name, f);
    for (const f of options.chartGroupBy?.[index] ?? []) dims.set(f.name, f);
    const fields = [...dims.values(), ...ir.measures.map((m) => m.field)];
    if (!fields.every(rollable)) continue;
    const sorted = [...dims.values()].sort(byName);
    const key = JSON.stringify(sorted.map((f) => f.name));
    const c = candidates.get(key) ?? { dims: sorted, measures: new Map(), charts: 0 };
    c.charts++;
    for (const m of ir.measures) {
      const e = c.measures.get(m.field.name) ?? { field: m.field, parts: new Set<RollupPart>() };
      for (const p of ROLLUP_PARTS[m.aggregator]!) e.parts.add(p);
      c.measures.set(m.field.name, e);
    }
    candidates.set(key, c);
  }
  const order: RollupPart[] = ['sum', 'count', 'min', 'max'];
  return [...candidates.values()]
    .sort((a, b) => b.charts - a.charts || a.dims.length - b.dims.length)
    .slice(0, max)
    .map((c) => ({
      dimensions: c.dims,
      measures: [...c.measures.values()].sort((a, b) => byName(a.field, b.field)).map((m) => ({ field: m.field, parts: order.filter((p) => m.parts.has(p)) })),
    }));
}

// ---------------------------------------------------------------------------------------------
// Building
// ---------------------------------------------------------------------------------------------

/**
 * The SELECT whose rows are the rollup of `source` (DuckDB; the chart compiler writes it, so the
 * source's FROM is exactly a chart's): grouped by each dimension (a date by its day, its column
 * holding the day's smallest value), with each measure's partials. `floatSums`: the measure fields
 * whose values are floating point.
 */
export function rollupBuildQuery(spec: RollupSpec, source: QuerySource, dialect: DialectName, floatSums: readonly string[] = []): CompiledQuery {
  const dimensions: DimensionIR[] = spec.dimensions.map((f, k) => (f.dataType === 'date' ? { field: f, granularity: 'day', dayAsDate: true, alias: `${ROLLUP_COLUMN_PREFIX}k${k}`, title: f.name } : { field: f, granularity: 'normal', alias: f.name, title: f.name }));
  const dayMins: MeasureIR[] = spec.dimensions.filter((f) => f.dataType === 'date').map((f) => ({ field: f, aggregator: 'min', alias: f.name, axis: 1, title: f.name, trendline: false }));
  const parts: MeasureIR[] = spec.measures.flatMap((m, i) => m.parts.map((p): MeasureIR => ({ field: m.field, aggregator: p, alias: partColumn(i, p), axis: 1, title: p, trendline: false })));
  // the group's row count: COUNT(*) (rolledUpMeasure writes the measure aliased ROLLUP_ROWS_COLUMN so)
  const rows: MeasureIR[] = spec.rowCount ? [{ field: { name: ROLLUP_ROWS_COLUMN, dataType: 'number' }, aggregator: 'count', alias: ROLLUP_ROWS_COLUMN, axis: 1, title: 'rows', trendline: false }] : [];
  const ir: ChartQueryIR = { kind: 'chart', source, dimensions, measures: [...dayMins, ...parts, ...rows], filters: { kind: 'and', children: [] }, order: [], rolledUp: { columns: {}, floatSums, build: true, ...(spec.rowCount ? { rows: ROLLUP_ROWS_COLUMN } : {}) } };
  return compile(ir, dialect);
}

/** A measure's expression in a compiled chart statement over a rollup (or, building one, over the raw column). */
export function rolledUpMeasure(d: Dialect, r: RolledUpMeasures, m: MeasureIR): Sql {
  const isFloat = r.floatSums.includes(m.field.name);
  if (r.build) {
    if (r.rows && m.alias === r.rows) return d.countRows();
    const col = raw(`src.${d.quoteIdent(m.field.name)}`);
    return m.aggregator === 'sum' && isFloat ? sql`fsum(${col})` : d.aggregate(m.aggregator, col);
  }
  const col = (part: RollupPart) => {
    const name = r.columns[partKey(m.field.name, part)];
    if (!name) throw new Error(`rollup has no ${part} of ${m.field.name}`);
    return raw(`src.${d.quoteIdent(name)}`);
  };
  // a count of a grouped field (no count part kept): the rows of the groups where it is not null —
  // every row of a group shares the field's value, so this is COUNT(field) of the raw rows
  if (m.aggregator === 'count' && !r.columns[partKey(m.field.name, 'count')] && r.rows && r.grouped?.includes(m.field.name)) {
    return sql`CAST(COALESCE(SUM(CASE WHEN ${raw(`src.${d.quoteIdent(m.field.name)}`)} IS NOT NULL THEN ${raw(`src.${d.quoteIdent(r.rows)}`)} END), 0) AS BIGINT)`;
  }
  return rollUpParts(d, m.aggregator, col, isFloat);
}

/**
 * A chart aggregator rolled up from its partial aggregates (`part` names each part's column): sum =
 * SUM of sums (fsum when the field's sums are floating point), count = SUM of counts as BIGINT, min /
 * max = MIN / MAX of the parts, avg = SUM of sums / SUM of counts. The one place this arithmetic is
 * written: kept rollups here and chart-query's one-scan roll-up of a dashboard's grains both use it.
 */
export function rollUpParts(d: Dialect, aggregator: Aggregator, part: (p: RollupPart) => Sql, floatSum = false): Sql {
  const sum = (e: Sql) => (floatSum ? sql`fsum(${e})` : sql`SUM(${e})`);
  switch (aggregator) {
    case 'sum':
      return sum(part('sum'));
    case 'count':
      // over no row at all (a grand total of an empty table) COUNT answers 0, a SUM of nothing NULL
      return sql`CAST(COALESCE(SUM(${part('count')}), 0) AS BIGINT)`;
    case 'min':
    case 'max':
      return d.aggregate(aggregator, part(aggregator));
    case 'avg':
      return sql`CAST(${sum(part('sum'))} AS DOUBLE) / NULLIF(SUM(${part('count')}), 0)`;
    case 'countDistinct':
      throw new Error('a count of distinct values does not roll up');
  }
}

// ---------------------------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------------------------

/** Why a rollup cannot answer a query (the debug log's reason). */
export type RollupMiss =
  | { reason: 'off' }
  | { reason: 'switched_off' }
  | { reason: 'no_rollup' }
  | { reason: 'dialect' }
  | { reason: 'stale'; builtAt: number; current: number }
  | { reason: 'count_distinct'; field: string }
  | { reason: 'date_grain'; field: string }
  | { reason: 'group_field'; field: string }
  | { reason: 'filter_field'; field: string }
  | { reason: 'date_filter'; field: string }
  | { reason: 'measure'; field: string; aggregator: Aggregator }
  /** the rollup the answer was written for went (a rebuild, an append's merge or the switch replaced it) while it ran: run from the source */
  | { reason: 'replaced'; id: string };

export type RollupMatch = { ir: ChartQueryIR; rollup: KeptRollup } | RollupMiss;

/** The first reason the filter cannot be written on the rollup's columns, or undefined. */
function filterMiss(node: FilterNode, dims: ReadonlyMap<string, SourceField>): RollupMiss | undefined {
  if ('children' in node) {
    for (const c of node.children) {
      const miss = filterMiss(c, dims);
      if (miss) return miss;
    }
    return undefined;
  }
  if (node.kind === 'none') return undefined;
  const f = dims.get(node.field.name);
  if (!f || f.dataType !== node.field.dataType) return { reason: 'filter_field', field: node.field.name };
  if (f.dataType !== 'date' || node.kind === 'isNull') return undefined;
  // a date: only a bound at a midnight holds for a whole day (>= from it on, < before it)
  const atMidnight = node.kind === 'compare' && node.value.type === 'date' && node.value.value.hour === 0 && node.value.value.minute === 0 && node.value.value.second === 0;
  if (atMidnight && (node.op === '>=' || node.op === '<')) return undefined;
  return { reason: 'date_filter', field: node.field.name };
}

/** Why `rollup` cannot answer `ir`, or undefined when it can. */
function missOf(ir: ChartQueryIR, rollup: KeptRollup): RollupMiss | undefined {
  const dims = new Map(rollup.dimensions.map((f) => [f.name, f]));
  for (const x of [...ir.dimensions, ...(ir.series ? [ir.series] : [])]) {
    const f = dims.get(x.field.name);
    if (!f || f.dataType !== x.field.dataType) return { reason: 'group_field', field: x.field.name };
    if (f.dataType === 'date' && !GRAINS.has(x.granularity)) return { reason: 'date_grain', field: x.field.name };
  }
  const miss = filterMiss(ir.filters, dims);
  if (miss) return miss;
  for (const m of ir.measures) {
    const parts = ROLLUP_PARTS[m.aggregator];
    if (!parts) return { reason: 'count_distinct', field: m.field.name };
    const kept = rollup.measures.find((x) => x.field.name === m.field.name && x.field.dataType === m.field.dataType);
    if (kept && parts.every((p) => kept.parts.includes(p))) continue;
    // a count of a field the rollup groups by: from the groups' row counts (rollups built since they keep them)
    if (m.aggregator === 'count' && rollup.rowCount && dims.get(m.field.name)?.dataType === m.field.dataType) continue;
    return { reason: 'measure', field: m.field.name, aggregator: m.aggregator };
  }
  return undefined;
}

/** The chart query as a query of the rollup table. */
export function onRollup(ir: ChartQueryIR, rollup: KeptRollup): ChartQueryIR {
  const columns: Record<string, string> = {};
  rollup.measures.forEach((m, i) => m.parts.forEach((p) => (columns[partKey(m.field.name, p)] = partColumn(i, p))));
  const rows = rollup.rowCount ? { rows: ROLLUP_ROWS_COLUMN, grouped: rollup.dimensions.map((f) => f.name) } : {};
  return { ...ir, source: { kind: 'table', table: rollup.table, ...(rollup.schema ? { schema: rollup.schema } : {}) }, rolledUp: { columns, floatSums: rollup.floatSums, ...rows } };
}

/**
 * The smallest of `rollups` that answers the chart query at the source's `dataVersion`, with the
 * query rewritten onto it; else the reason none does (of the smallest fresh rollup). Only DuckDB
 * (the analytics store) keeps rollups. The rollups must be the ones built from the query's source
 * (a joined table's viewer-filtered inputs are another source: the caller offers none then).
 */
export function matchRollup(ir: ChartQueryIR, rollups: readonly KeptRollup[], dataVersion: number, dialect: DialectName): RollupMatch {
  if (dialect !== 'duckdb') return { reason: 'dialect' };
  if (rollups.length === 0) return { reason: 'no_rollup' };
  const fresh = rollups.filter((r) => r.dataVersion === dataVersion);
  if (fresh.length === 0) return { reason: 'stale', builtAt: Math.max(...rollups.map((r) => r.dataVersion)), current: dataVersion };
  const bySize = [...fresh].sort((a, b) => a.rows - b.rows);
  let first: RollupMiss | undefined;
  for (const r of bySize) {
    const miss = missOf(ir, r);
    if (!miss) return { ir: onRollup(ir, r), rollup: r };
    first ??= miss;
  }
  return first!;
}

/** matchRollup for a chart or summary query (totals and plot lines roll up with their base). */
export function matchRollupQuery(q: QueryIR, rollups: readonly KeptRollup[], dataVersion: number, dialect: DialectName): { q: QueryIR; rollup: KeptRollup } | RollupMiss {
  if (q.kind === 'detail') return { reason: 'no_rollup' };
  const m = matchRollup(q.kind === 'chart' ? q : q.base, rollups, dataVersion, dialect);
  if (!('ir' in m)) return m;
  return { q: q.kind === 'chart' ? m.ir : { ...q, base: m.ir }, rollup: m.rollup };
}

/** A miss as one line of the debug log. */
export function rollupMissText(m: RollupMiss): string {
  switch (m.reason) {
    case 'off':
      return 'rollups are switched off';
    case 'switched_off':
      return 'rollups are switched off for this source';
    case 'no_rollup':
      return 'the source has no rollup';
    case 'dialect':
      return 'rollups are kept in the analytics store (DuckDB) only';
    case 'stale':
      return `the rollups hold data version ${m.builtAt}, the source is at ${m.current}`;
    case 'count_distinct':
      return `a count of distinct values of ${m.field} does not roll up`;
    case 'date_grain':
      return `${m.field} is grouped finer than a day`;
    case 'group_field':
      return `no rollup groups by ${m.field}`;
    case 'filter_field':
      return `no rollup groups by the filtered field ${m.field}`;
    case 'date_filter':
      return `the filter on ${m.field} does not cut at a day boundary`;
    case 'measure':
      return `no rollup keeps the partials of ${m.aggregator}(${m.field})`;
    case 'replaced':
      return `rollup ${m.id} was replaced while the chart ran; read from the source`;
  }
}
