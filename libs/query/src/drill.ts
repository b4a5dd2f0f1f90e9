/**
 * The drill-down of a chart (issue 27, @bi/chart-model drill.ts) in its queries: the path (the clicked
 * values of the upper levels, top first) is checked against the chart's stored hierarchy, the chart's
 * first dimension becomes the next level's field, and each upper level must equal its clicked value —
 * read as the chart names a point (pointFilterNode: a date within the period of the level's
 * granularity, a number equal, a text equal, '-' no value). Values are parameters, never SQL text.
 */
import { drilledChart, drillPathProblem, type Chart } from '@bi/chart-model';
import { INPUT_BOUNDS } from '@bi/rules';
import { QueryError } from './errors.js';
import { allOf, pointFilterNode } from './filters.js';
import type { FilterNode } from './ir.js';
import type { FieldCatalog } from './source.js';

export interface DrillPlan<C> {
  /** the chart as drawn at the drilled level */
  chart: C;
  /** the upper levels equal to their clicked values (null: no drill) */
  filter: FilterNode | null;
}

/** Checks a drill path against the chart's hierarchy (QueryError drill_invalid). */
export function checkDrillPath(chart: Pick<Chart, 'drill'>, path: readonly unknown[]): readonly string[] {
  if (!Array.isArray(path)) throw new QueryError('drill_invalid', { detail: 'expected a list of values' });
  const problem = drillPathProblem(chart, path);
  if (problem) throw new QueryError('drill_invalid', { detail: problem });
  for (const v of path as string[]) if (v.length > INPUT_BOUNDS.filterValueChars) throw new QueryError('value_too_long', { name: 'drill', max: INPUT_BOUNDS.filterValueChars });
  return path as string[];
}

/** The chart at the level below `path` and the filter of the path's values (pointFilterNode per level). */
export function drillPlan<C extends Pick<Chart, 'points' | 'drill'>>(chart: C, path: readonly unknown[] | undefined, catalog: FieldCatalog): DrillPlan<C> {
  if (!path || path.length === 0) return { chart, filter: null };
  const values = checkDrillPath(chart, path);
  const levels = chart.drill!;
  return { chart: drilledChart(chart, values), filter: allOf(values.map((v, i) => pointFilterNode([levels[i]!], v, catalog))) };
}
