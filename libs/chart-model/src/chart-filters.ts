/**
 * Which filters apply to one chart of a dashboard — the one home of this rule (issue 14 #4, after
 * lightdash's getDashboardFilterRulesForTile). Pure; used by the web (a chart box sends the answer
 * with its run) and by chart-query (planChart keeps what the chart's source can take).
 *
 *   chartFilters(input: ChartFiltersInput): ChartFilters
 *
 *   input.chart          {chartId, dataSourceId?}      the chart
 *   input.fields?        {name, dataType}[]            the fields of the chart's source. Absent (the web,
 *                                                      which does not load every source): no check by
 *                                                      field here, the server's call of this function checks.
 *   input.globalFilters  GlobalFilterItem[]            the dashboard's global filter items (stored config)
 *   input.globalValues?  {[itemId]: GlobalFilterValue} what the viewer picked (page URL); replaces the
 *                                                      item's stored range, granularity, option and preset
 *   input.linkage?       {settings, selections, dimensions(chartId)}
 *                        settings: DashboardLinkage[] (per source chart its targets with a field mapping),
 *                        selections: LinkageSelection[] (source chart id → the clicked points),
 *                        dimensions: the source chart's dimensions (name, type, granularity), in order
 *   input.innerValues?   RangeFilter[]                 the viewer's inner filter values; absent: the
 *                                                      chart's stored inner filters apply (server side)
 *
 *   → {globalFilters, innerFilters?, skipped}
 *     globalFilters: the global items that target the chart, then the linkage filters, each named by
 *     the chart's own field (a mapped field where the item or the link maps one) and carrying only
 *     what filters (an item with nothing picked is left out, so its chart's request does not change);
 *     innerFilters: innerValues as given (undefined: not sent);
 *     skipped: items that target the chart but name a field its source lacks or has with another type.
 *
 * An item targets a chart by its `charts` list (each entry may map the item's field to a field of
 * that chart's source); an item without a list targets every chart whose source has its field.
 */
import type { DataType, RangeFilter } from './chart.js';
import type { z } from 'zod';
import type { globalFilterValueSchema } from './schemas/filters.js';
import { linkageFiltersFor, type DashboardLinkage, type LinkageDimension, type LinkageSelection } from './linkage.js';

/** A chart a global filter applies to, and the field of that chart's source it filters (default: the item's own). */
export interface GlobalFilterTarget {
  chartId: string;
  field?: string;
}

/**
 * A global filter item (spec 01 §3: id, dataType, range, granularity, show, showAll, charts), with the
 * field it was configured on (name, title, dataSourceId) and a relative date preset.
 */
export interface GlobalFilterItem extends RangeFilter {
  /** the table (data source) the item's field was picked from */
  dataSourceId?: string;
  /** shown in the filter bar (default true) */
  show?: boolean;
  /** text items: offer "all" in the picker (default true) */
  showAll?: boolean;
  /** the charts it applies to; absent: every chart whose source has the field */
  charts?: GlobalFilterTarget[];
}

/** What the viewer picked for one item. */
export type GlobalFilterValue = z.infer<typeof globalFilterValueSchema>;

export interface ChartFiltersInput {
  chart: { chartId: string; dataSourceId?: string };
  fields?: readonly { name: string; dataType: DataType | 'other' }[];
  globalFilters: readonly GlobalFilterItem[];
  globalValues?: Readonly<Record<string, GlobalFilterValue | undefined>>;
  linkage?: {
    settings: readonly DashboardLinkage[];
    selections: readonly LinkageSelection[];
    dimensions: (chartId: string) => readonly LinkageDimension[];
  };
  innerValues?: RangeFilter[];
}

export interface SkippedFilter {
  id?: string;
  name: string;
  reason: 'unknown_field' | 'type_mismatch';
}

export interface ChartFilters {
  globalFilters: RangeFilter[];
  innerFilters?: RangeFilter[];
  skipped: SkippedFilter[];
}

/** Nothing picked: no values, no preset, or the number option "all". */
export function isEmptyFilterValue(v: Pick<RangeFilter, 'range' | 'numberOption' | 'relative' | 'dataType'>): boolean {
  if (v.relative) return false;
  if (v.dataType === 'number' && v.numberOption === 'all') return true;
  const range = Array.isArray(v.range) ? v.range : [];
  return !range.some((x) => x !== undefined && x !== null && x !== '');
}

/** The field of `chartId` the item filters, or undefined when the item does not target it. */
export function globalFilterField(item: GlobalFilterItem, chartId: string): string | undefined {
  if (!item.charts) return item.name;
  const t = item.charts.find((c) => c.chartId === chartId);
  return t ? t.field || item.name : undefined;
}

/** The item with the viewer's value in place of its stored one. */
function withValue(item: GlobalFilterItem, value: GlobalFilterValue | undefined): RangeFilter {
  const base: RangeFilter = { id: item.id, name: item.name, title: item.title, dataType: item.dataType, range: item.range ?? [] };
  const v = value ?? item;
  const out: RangeFilter = { ...base, range: Array.isArray(v.range) ? v.range : [] };
  if (v.granularity !== undefined) out.granularity = v.granularity;
  if (v.numberOption !== undefined) out.numberOption = v.numberOption;
  if (v.relative) out.relative = v.relative;
  if (v.anyOf !== undefined) out.anyOf = v.anyOf;
  if (out.title === undefined) delete out.title;
  if (out.id === undefined) delete out.id;
  return out;
}

const sameType = (a: DataType | 'other', b: DataType | 'other') => a === b || a === 'other' || b === 'other';

export function chartFilters(input: ChartFiltersInput): ChartFilters {
  const { chart, fields } = input;
  const byName = fields ? new Map(fields.map((f) => [f.name, f])) : undefined;
  const skipped: SkippedFilter[] = [];
  const globalFilters: RangeFilter[] = [];
  /** the field exists in the chart's source with the filter's type (always, when the fields are not known) */
  const fits = (f: RangeFilter): boolean => {
    if (!byName) return true;
    const field = byName.get(f.name);
    if (!field) skipped.push({ ...(f.id ? { id: f.id } : {}), name: f.name, reason: 'unknown_field' });
    else if (!sameType(field.dataType, f.dataType)) skipped.push({ ...(f.id ? { id: f.id } : {}), name: f.name, reason: 'type_mismatch' });
    else return true;
    return false;
  };

  for (const item of input.globalFilters) {
    const name = globalFilterField(item, chart.chartId);
    if (name === undefined) continue;
    const filter = { ...withValue(item, item.id ? input.globalValues?.[item.id] : undefined), name };
    if (isEmptyFilterValue(filter)) continue;
    if (fits(filter)) globalFilters.push(filter);
  }

  if (input.linkage) {
    const { settings, selections, dimensions } = input.linkage;
    for (const s of settings) {
      const target = s.targets.find((t) => t.chartId === chart.chartId);
      const selection = target && selections.find((x) => x.chartId === s.chartId);
      if (!target || !selection) continue;
      for (const f of linkageFiltersFor(target, selection, dimensions(s.chartId))) if (fits(f)) globalFilters.push(f);
    }
  }

  return { globalFilters, ...(input.innerValues ? { innerFilters: input.innerValues } : {}), skipped };
}
