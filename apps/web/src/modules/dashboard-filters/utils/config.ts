import type { DataType, GlobalFilterItem, GlobalFilterTarget, Granularity, RangeFilter } from '@bi/chart-model';

/** A field of a source as the dialog knows it. */
export interface FieldInfo {
  name: string;
  title?: string;
  dataType: DataType;
}

/** A chart of the dashboard as the dialog needs it. */
export interface ChartInfo {
  chartId: string;
  title: string;
  dataSourceId: string;
}

/** The comparisons a number filter offers (spec 01 §3 numberOption; 'all' is the bar's "no filter"). */
export const NUMBER_COMPARISONS: readonly NonNullable<RangeFilter['numberOption']>[] = ['equal', 'notEqual', 'greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual', 'range'];

export const GRANULARITY_NAMES = { 1: 'year', 2: 'quarter', 3: 'month', 4: 'week', 5: 'day' } as const satisfies Record<Exclude<Granularity, 0>, string>;
export type PickGranularity = keyof typeof GRANULARITY_NAMES;
export const PICK_GRANULARITIES: readonly PickGranularity[] = [1, 2, 3, 4, 5];

/**
 * The charts an item applies to by default: every chart whose source has a field of the item's name
 * and type (mapped to it). Charts of other sources are left for the user to map.
 */
export function defaultTargets(field: FieldInfo, charts: readonly ChartInfo[], fieldsOf: (dataSourceId: string) => readonly FieldInfo[] | undefined): GlobalFilterTarget[] {
  return charts.filter((c) => (fieldsOf(c.dataSourceId) ?? []).some((f) => f.name === field.name && f.dataType === field.dataType)).map((c) => ({ chartId: c.chartId }));
}

/** The field a target filters in its chart's source (its mapping, else the item's own). */
export const targetField = (item: Pick<GlobalFilterItem, 'name'>, target: GlobalFilterTarget) => target.field || item.name;

/**
 * The spec's refusal: the fields an item selects (its own and each chart's mapped one) must share one
 * type — "selected fields of differing type cannot be configured as filter options". Answers the
 * first chart whose field differs, or whose source lacks it.
 */
export function mappingProblem(
  item: Pick<GlobalFilterItem, 'name' | 'dataType' | 'charts'>,
  charts: readonly ChartInfo[],
  fieldsOf: (dataSourceId: string) => readonly FieldInfo[] | undefined,
): { chartId: string; kind: 'mixedTypes' | 'unmapped' } | null {
  for (const t of item.charts ?? []) {
    const chart = charts.find((c) => c.chartId === t.chartId);
    if (!chart) continue;
    const fields = fieldsOf(chart.dataSourceId);
    if (!fields) continue;
    const f = fields.find((x) => x.name === targetField(item, t));
    if (!f) return { chartId: t.chartId, kind: 'unmapped' };
    if (f.dataType !== item.dataType) return { chartId: t.chartId, kind: 'mixedTypes' };
  }
  return null;
}

/** A new item on a field of a table, applying to the charts that have the field, with defaults per type. */
export function newItem(id: string, dataSourceId: string, field: FieldInfo, targets: GlobalFilterTarget[]): GlobalFilterItem {
  const base: GlobalFilterItem = { id, name: field.name, title: (field.title || field.name).slice(0, 40), dataType: field.dataType, dataSourceId, range: [], show: true, showAll: true, charts: targets };
  if (field.dataType === 'date') return { ...base, granularity: 5 };
  if (field.dataType === 'number') return { ...base, numberOption: 'equal' };
  return base;
}

/** The item after the user picks another field of its table: type-dependent settings reset, targets recomputed. */
export function withField(item: GlobalFilterItem, field: FieldInfo, targets: GlobalFilterTarget[]): GlobalFilterItem {
  const keepTitle = item.title && item.title !== item.name;
  return { ...newItem(item.id ?? '', item.dataSourceId ?? '', field, targets), ...(keepTitle ? { title: item.title } : {}), show: item.show, showAll: item.showAll };
}
