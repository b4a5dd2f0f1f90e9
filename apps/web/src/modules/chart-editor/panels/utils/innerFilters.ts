import type { Chart, Granularity, RangeFilter } from '@bi/chart-model';
import type { SourceField } from '../contract';

/**
 * Inner filters: the chart's own filter bar entries and their default values. Dates filter by a
 * range of 'yyyy-MM-dd' days, numbers all or a custom range, texts by a list of values.
 */

export const MAX_INNER_FILTERS = 50;
export const MAX_RANGE_VALUES = 1000;

export type InnerFilterProblem = 'dateFormat' | 'dateOrder' | 'numberFormat' | 'numberOrder' | 'tooManyValues';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function newId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `f${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

/** Source fields that have no inner filter yet. */
export function filterCandidates(fields: readonly SourceField[], filters: readonly RangeFilter[]): SourceField[] {
  const used = new Set(filters.map((f) => f.name));
  return fields.filter((f) => !used.has(f.name));
}

/** A new filter on a field: no restriction yet (all numbers, any date, no text chosen). */
export function newInnerFilter(field: SourceField): RangeFilter {
  const filter: RangeFilter = { id: newId(), name: field.name, title: field.title || field.name, dataType: field.dataType, range: [] };
  if (field.dataType === 'number') filter.numberOption = 'all';
  if (field.dataType === 'date') filter.granularity = 0;
  return filter;
}

export function addInnerFilter(chart: Chart, field: SourceField): Chart {
  if (chart.innerFilters.length >= MAX_INNER_FILTERS || chart.innerFilters.some((f) => f.name === field.name)) return chart;
  return { ...chart, innerFilters: [...chart.innerFilters, newInnerFilter(field)] };
}

export function removeInnerFilter(chart: Chart, index: number): Chart {
  return { ...chart, innerFilters: chart.innerFilters.filter((_, i) => i !== index) };
}

/** The first problem of a filter's values, or null. */
export function innerFilterProblem(filter: RangeFilter): InnerFilterProblem | null {
  const range = Array.isArray(filter.range) ? filter.range : [];
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  if (filter.dataType === 'date') {
    const [from, to] = range;
    if ([from, to].some((v) => !blank(v) && !(typeof v === 'string' && DATE.test(v)))) return 'dateFormat';
    if (!blank(from) && !blank(to) && String(from) > String(to)) return 'dateOrder';
    return null;
  }
  if (filter.dataType === 'number') {
    if (filter.numberOption === 'all') return null;
    const [from, to] = range;
    if ([from, to].some((v) => !blank(v) && !Number.isFinite(Number(v)))) return 'numberFormat';
    if (!blank(from) && !blank(to) && Number(from) > Number(to)) return 'numberOrder';
    return null;
  }
  if (range.length > MAX_RANGE_VALUES) return 'tooManyValues';
  return null;
}

/** Replaces filter `index` when its values are valid; answers the problem otherwise. */
export function updateInnerFilter(chart: Chart, index: number, next: RangeFilter): { chart: Chart; problem: InnerFilterProblem | null } {
  const problem = innerFilterProblem(next);
  if (problem) return { chart, problem };
  return { chart: { ...chart, innerFilters: chart.innerFilters.map((f, i) => (i === index ? next : f)) }, problem: null };
}

/** Date and number range ends as they are stored: blank ends are '' (open). */
export function rangeEnds(filter: RangeFilter): [string, string] {
  const [from, to] = Array.isArray(filter.range) ? filter.range : [];
  return [from === undefined || from === null ? '' : String(from), to === undefined || to === null ? '' : String(to)];
}

/** A date or number range from two ends; both blank is no restriction ([]). Numbers are stored as numbers. */
export function rangeFromEnds(dataType: RangeFilter['dataType'], from: string, to: string): (string | number)[] {
  const f = from.trim();
  const t = to.trim();
  if (!f && !t) return [];
  const value = (v: string): string | number => (dataType === 'number' && v !== '' && Number.isFinite(Number(v)) ? Number(v) : v);
  return [value(f), value(t)];
}

/** Text values: trimmed, blanks and repeats left out. */
export function textValues(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const s = v.trim();
    if (!s || seen.has(s)) continue;
    seen.add(s);
    out.push(s);
  }
  return out;
}

export function setDateGranularity(filter: RangeFilter, granularity: Granularity): RangeFilter {
  return { ...filter, granularity };
}
