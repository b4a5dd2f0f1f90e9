/**
 * Linkage (cross-filter, spec 01 §2 "link settings"): a click on a point of one chart filters other
 * charts of its dashboard. The settings are stored with the source chart (dashboard service
 * SaveLinkage); what is clicked lives in the page URL. The dimension values of the clicked points
 * become filters of each target through the one function "which filters apply to this chart".
 */
import type { z } from 'zod';
import type { DataType, Granularity, RangeFilter } from './chart.js';
import type { chartLinkageSchema, linkageFieldSchema, linkageTargetSchema } from './schemas/linkage.js';

/** One mapping: a dimension of the source chart → a field of the target chart's source. */
export type LinkageField = z.infer<typeof linkageFieldSchema>;

export type LinkageTarget = z.infer<typeof linkageTargetSchema>;

/** The linkage settings of one chart: the charts its click filters. */
export type ChartLinkage = z.infer<typeof chartLinkageSchema>;

/** The settings of a dashboard: one entry per source chart, with the dimensions its points are made of. */
export interface DashboardLinkage extends ChartLinkage {
  chartId: string;
  /** the source chart's dimensions (its points) in order: what a clicked category is made of (the dashboard answer carries them) */
  dimensions?: LinkageDimension[];
}

/** What is clicked: on this source chart, these points (their categories as the chart names them). */
export interface LinkageSelection {
  chartId: string;
  points: string[];
}

export const LINKAGE_LIMITS = {
  /** targets of one chart */
  targets: 50,
  /** mappings per target (a chart has at most 10 dimensions) */
  fields: 10,
  /** points selected on one chart (Ctrl/Cmd-click) */
  points: 50,
  fieldName: 128,
} as const;

/** A problem of linkage settings: which rule, and what it names. */
export type LinkageProblem =
  | { kind: 'self' }
  | { kind: 'unknown_chart'; chartId: string }
  | { kind: 'unknown_source_field'; name: string }
  | { kind: 'unknown_target_field'; chartId: string; name: string }
  | { kind: 'no_fields'; chartId: string }
  | { kind: 'duplicate'; chartId: string }
  | { kind: 'too_many' };

/**
 * Checks settings of the chart `chartId` against its dashboard: targets are other charts of it
 * (each once), every mapping names a dimension of the source chart and a field of the target's source.
 * `targetFields(chartId)` answers the target source's field names (undefined: the chart is not on the dashboard).
 */
export function checkLinkage(
  chartId: string,
  linkage: ChartLinkage,
  sourceDimensions: readonly string[],
  targetFields: (chartId: string) => readonly string[] | undefined,
): LinkageProblem | null {
  if (linkage.targets.length > LINKAGE_LIMITS.targets) return { kind: 'too_many' };
  const seen = new Set<string>();
  const dims = new Set(sourceDimensions);
  for (const t of linkage.targets) {
    if (t.chartId === chartId) return { kind: 'self' };
    if (seen.has(t.chartId)) return { kind: 'duplicate', chartId: t.chartId };
    seen.add(t.chartId);
    const fields = targetFields(t.chartId);
    if (!fields) return { kind: 'unknown_chart', chartId: t.chartId };
    if (t.fields.length === 0) return { kind: 'no_fields', chartId: t.chartId };
    if (t.fields.length > LINKAGE_LIMITS.fields) return { kind: 'too_many' };
    const known = new Set(fields);
    for (const f of t.fields) {
      if (!dims.has(f.source)) return { kind: 'unknown_source_field', name: f.source };
      if (!known.has(f.target)) return { kind: 'unknown_target_field', chartId: t.chartId, name: f.target };
    }
  }
  return null;
}

/** The default mapping of a target: each dimension of the source to the target's field of the same name. */
export function defaultLinkageFields(sourceDimensions: readonly string[], targetFields: readonly string[]): LinkageField[] {
  const known = new Set(targetFields);
  return sourceDimensions.filter((d) => known.has(d)).map((d) => ({ source: d, target: d }));
}

/** How a chart joins the values of several dimensions into one category (libs/charts pivot, @bi/query POINT_SEPARATOR). */
export const LINKAGE_POINT_SEPARATOR = ' / ';

/** The dimension of the source chart as the filter needs it. */
export interface LinkageDimension {
  name: string;
  dataType: DataType;
  granularity?: Granularity;
}

/**
 * A filter of `target` holding values of the dimension `dim` as a chart names them, any of which a row
 * may have: a text field the values; a number field one value equal, several any of them (`anyOf`); a
 * date as the period of the dimension's granularity, several as any of their periods (`anyOf`). The
 * empty category '-' is left out. Null when no value remains.
 */
export function valueFilter(dim: LinkageDimension, values: readonly string[], target: string, id: string): RangeFilter | null {
  const kept = [...new Set(values.filter((v) => v !== '-' && v !== ''))];
  if (kept.length === 0) return null;
  if (dim.dataType === 'string') return { id, name: target, dataType: 'string', range: kept };
  if (dim.dataType === 'number') return kept.length === 1 ? { id, name: target, dataType: 'number', numberOption: 'equal', range: kept } : { id, name: target, dataType: 'number', anyOf: true, range: kept };
  const granularity = dim.granularity ?? 0;
  return kept.length === 1 ? { id, name: target, dataType: 'date', granularity, range: [kept[0]!, kept[0]!] } : { id, name: target, dataType: 'date', granularity, anyOf: true, range: kept };
}

/** The filters one source chart's selection puts on one target: per mapped dimension, the values of the selected points (valueFilter). */
export function linkageFiltersFor(target: LinkageTarget, selection: LinkageSelection, dimensions: readonly LinkageDimension[]): RangeFilter[] {
  if (selection.points.length === 0) return [];
  const parts = selection.points.map((p) => (dimensions.length === 1 ? [p] : p.split(LINKAGE_POINT_SEPARATOR)));
  const out: RangeFilter[] = [];
  for (const f of target.fields) {
    const at = dimensions.findIndex((d) => d.name === f.source);
    if (at < 0) continue;
    const values = parts.map((p) => p[at]).filter((v): v is string => v !== undefined);
    const filter = valueFilter(dimensions[at]!, values, f.target, `linkage:${selection.chartId}:${f.source}`);
    if (filter) out.push(filter);
  }
  return out;
}
