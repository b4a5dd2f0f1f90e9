import type { RangeFilter } from '@bi/chart-model';
import { innerFilterProblem, type InnerFilterProblem } from '../../chart-editor/panels/utils/innerFilters';

/**
 * The viewer's values of a chart's inner filters (spec 01 §3/§4): the chart's stored filters (chosen in
 * the editor's inner-filter panel) with what the viewer picked in the box's filter bar. They apply to
 * this view only; the stored chart does not change.
 */

/** The filter bar's starting point: the viewer's values when there are some, else the stored filters. */
export function startingValues(stored: readonly RangeFilter[] | undefined, viewer: readonly RangeFilter[] | undefined): RangeFilter[] {
  return [...(viewer ?? stored ?? [])];
}

/** Filter `index` with another range (and number option / granularity). */
export function withRange(values: readonly RangeFilter[], index: number, change: Partial<Pick<RangeFilter, 'range' | 'numberOption' | 'granularity'>>): RangeFilter[] {
  return values.map((f, i) => (i === index ? { ...f, ...change } : f));
}

/** Every filter cleared: texts nothing selected, numbers all, dates any. */
export function cleared(values: readonly RangeFilter[]): RangeFilter[] {
  return values.map((f) => ({ ...f, range: [], ...(f.dataType === 'number' ? { numberOption: 'all' as const } : {}) }));
}

/** The first problem of the values (a reversed or malformed range, too many values), with its filter's index. */
export function firstProblem(values: readonly RangeFilter[]): { index: number; problem: InnerFilterProblem } | null {
  for (let i = 0; i < values.length; i++) {
    const problem = innerFilterProblem(values[i]!);
    if (problem) return { index: i, problem };
  }
  return null;
}

const key = (values: readonly RangeFilter[]) => JSON.stringify(values.map((f) => [f.name, f.range ?? [], f.numberOption ?? null, f.granularity ?? null]));

/** The same values (names, ranges, options): no new run is needed. */
export function sameValues(a: readonly RangeFilter[] | undefined, b: readonly RangeFilter[] | undefined): boolean {
  return key(a ?? []) === key(b ?? []);
}

/** How many filters select something (the filter button's badge). */
export function activeCount(values: readonly RangeFilter[] | undefined): number {
  return (values ?? []).filter((f) => !(f.dataType === 'number' && f.numberOption === 'all') && (f.range ?? []).some((v) => v !== '' && v !== null && v !== undefined)).length;
}
