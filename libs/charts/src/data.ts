/** Result rows → categories × series, the shape the category-based kinds draw. */
import { columnsOf, fieldLabel, type BuildContext } from './context.js';
import { singleValue } from './stats.js';
import { toNumber } from './format.js';
import { chartWarning } from './warnings.js';
import type { CellValue, ChartColumn } from './types.js';

export interface PivotSeries {
  /** legend name: the measure's alias, the compare value, or both ('value · alias') */
  name: string;
  measure: ChartColumn;
  /** value of the compare (series) column, when there is one */
  group?: string;
  values: (number | null)[];
}

export interface Pivot {
  /** dimension values in first-appearance order (several dimensions joined by ' / ') */
  categories: string[];
  /** x positions for down-sampling: timestamps for one date dimension whose values all parse, else indices */
  xs: number[];
  series: PivotSeries[];
  dimensions: ChartColumn[];
}

export function cellText(value: CellValue | undefined, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  return String(value);
}

/**
 * The category a result row stands for, as the category-based kinds name their points (the key of
 * detail drill and linkage): its dimension values, several joined by ' / ', an empty value as `empty`.
 */
export function categoryOf(row: Readonly<Record<string, CellValue>>, dimAliases: readonly string[], empty: string): string {
  return dimAliases.length === 1 ? cellText(row[dimAliases[0]!], empty) : dimAliases.map((a) => cellText(row[a], empty)).join(' / ');
}

/**
 * Pivots the rows on the dimension columns. Each measure gives one series, or, with a compare column,
 * one series per compare value (and measure). Repeated (category, series) cells are summed.
 */
export function pivot(ctx: BuildContext, measures: ChartColumn[], opts: { ignoreCompare?: boolean } = {}): Pivot {
  const { result, options } = ctx;
  const dimensions = columnsOf(result, 'dimension');
  const compare = opts.ignoreCompare ? undefined : columnsOf(result, 'series')[0];
  const empty = options.labels.empty;

  const categoryIndex = new Map<string, number>();
  const categories: string[] = [];
  const series: PivotSeries[] = [];
  /** per compare value, the series slot of each measure */
  const groupSlots = new Map<string | undefined, number[]>();

  const slotsFor = (group: string | undefined): number[] => {
    let slots = groupSlots.get(group);
    if (!slots) {
      slots = measures.map((measure) => {
        const alias = fieldLabel(measure.field);
        const name = group === undefined ? alias : measures.length > 1 ? `${group} · ${alias}` : group;
        series.push({ name, measure, group, values: [] });
        return series.length - 1;
      });
      groupSlots.set(group, slots);
    }
    return slots;
  };
  // without a compare column, series follow the measure order even when rows are empty
  const fixedSlots = compare ? undefined : slotsFor(undefined);

  const aliases = measures.map((m) => m.alias);
  const dimAliases = dimensions.map((d) => d.alias);
  for (const row of result.rows) {
    const category = categoryOf(row, dimAliases, empty);
    let c = categoryIndex.get(category);
    if (c === undefined) {
      c = categories.length;
      categoryIndex.set(category, c);
      categories.push(category);
    }
    const slots = fixedSlots ?? slotsFor(cellText(row[compare!.alias], empty));
    for (let m = 0; m < aliases.length; m++) {
      const values = series[slots[m]!]!.values;
      const v = toNumber(row[aliases[m]!]);
      const prev = values[c];
      values[c] = prev === undefined || prev === null ? v : v === null ? prev : prev + v;
    }
  }
  // dense arrays: categories a series has no row for are null
  for (const s of series) for (let c = 0; c < categories.length; c++) if (s.values[c] === undefined) s.values[c] = null;

  // x positions are read only to down-sample (more points than the threshold): computed on first read
  let xs: number[] | undefined;
  const xsOf = (): number[] => {
    if (xs) return xs;
    xs = categories.map((_, i) => i);
    const onlyDim = dimensions.length === 1 ? dimensions[0] : undefined;
    if (onlyDim?.field.dataType === 'date') {
      const times: number[] = [];
      let ascending = true;
      for (let i = 0; i < categories.length && ascending; i++) {
        const t = timeOf(categories[i]!);
        ascending = Number.isFinite(t) && (i === 0 || t >= times[i - 1]!);
        times.push(t);
      }
      if (ascending) xs = times;
    }
    return xs;
  };
  return {
    categories,
    get xs() {
      return xsOf();
    },
    series,
    dimensions,
  };
}

/** Date.parse of a category; a plain "yyyy-MM-dd" (the usual date category) without the parser (hot: once per category). */
function timeOf(text: string): number {
  if (text.length === 10 && text.charCodeAt(4) === 45 && text.charCodeAt(7) === 45) {
    const y = Number(text.slice(0, 4));
    const m = Number(text.slice(5, 7));
    const d = Number(text.slice(8, 10));
    if (y >= 1000 && m >= 1 && m <= 12 && d >= 1 && d <= 28) return Date.UTC(y, m - 1, d);
  }
  return Date.parse(text);
}

export interface Slice {
  name: string;
  value: number | null;
  column: ChartColumn;
}

/**
 * Named values for the one-measure kinds (pie, funnel, map): the dimension's categories with the first
 * value field, or, without a dimension, one slice per value field. A compare column is ignored.
 */
export function slices(ctx: BuildContext, kindName: string): { slices: Slice[]; measure: ChartColumn | undefined } {
  const measures = columnsOf(ctx.result, 'measure', 'measure2');
  const dimensions = columnsOf(ctx.result, 'dimension');
  if (columnsOf(ctx.result, 'series').length > 0) ctx.warnings.push(chartWarning('compareIgnored', { kind: kindName }));
  if (dimensions.length === 0) {
    return { slices: measures.map((m) => ({ name: fieldLabel(m.field), value: singleValue(ctx.result, m, ctx.warnings), column: m })), measure: measures[0] };
  }
  const measure = measures[0];
  if (!measure) return { slices: [], measure };
  if (measures.length > 1) ctx.warnings.push(chartWarning('firstValueOnly', { kind: kindName }));
  const pv = pivot(ctx, [measure], { ignoreCompare: true });
  const values = pv.series[0]?.values ?? [];
  return { slices: pv.categories.map((name, i) => ({ name, value: values[i] ?? null, column: measure })), measure };
}
