/**
 * The rules of a dashboard's global filter list (spec 01 §3 "Global filter item", §5 filter rules),
 * checked by the BFF before it calls the dashboard service and by the service before it stores the
 * list: bounded shape, known field of the item's table, one type for every field it names (its own and
 * each chart's mapped field: "selected fields of differing type cannot be configured as filter
 * options"), charts on the dashboard, operators of the type, values that read as the type, a start
 * not after the end, at most MAX_IN_VALUES values. Pure; the caller supplies the fields.
 */
import { GLOBAL_FILTER_LIMITS, NUMBER_OPTIONS, RELATIVE_DATE_PRESETS, globalFilterItemSchema, type DataType, type GlobalFilterItem } from '@bi/chart-model';
import type { z } from 'zod';
import { compareDateValues, dateBounds, parseDateValue } from './dates.js';
import { GRANULARITY_NAMES, MAX_IN_VALUES } from './filters.js';

// the bounds and number options of an item are the wire schema's (@bi/chart-model globalFilterItemSchema)
export { GLOBAL_FILTER_LIMITS, NUMBER_OPTIONS };

/** Why a global filter list is refused; `kind` is the message key under globalFilter.* (libs/i18n). */
export type GlobalFilterProblem =
  | { kind: 'invalid'; detail: string }
  | { kind: 'too_many'; max: number }
  | { kind: 'duplicate_id'; id: string }
  | { kind: 'unknown_source' }
  | { kind: 'unknown_field'; name: string }
  | { kind: 'mixed_types'; name: string }
  | { kind: 'unknown_chart'; chartId: string }
  | { kind: 'operator_not_allowed'; name: string; option: string }
  | { kind: 'too_many_values'; name: string; max: number }
  | { kind: 'invalid_value'; name: string; value: string }
  | { kind: 'range_reversed'; name: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const blank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Where a refusal of the item schema is reported: the member, a relative preset's part, a chart
 * entry's field (the details of the messages users see: globalFilter.N.member: rule).
 */
function issuePath(path: readonly PropertyKey[]): string {
  const [key, second, third] = path.map(String);
  if (key === 'relative') return second === 'days' ? 'relative.days' : 'relative.preset';
  if (key === 'charts') return third === 'field' ? 'charts.field' : 'charts';
  return key ?? '';
}

/** The item's issue as a problem of the list (the kinds and details the list has always answered). */
function itemProblem(issue: z.core.$ZodIssue, at: string, r: Record<string, unknown>): GlobalFilterProblem {
  const key = issuePath(issue.path);
  if (key === 'range' && issue.path.length === 1 && issue.code === 'too_big') return { kind: 'too_many_values', name: String(r.name), max: MAX_IN_VALUES };
  if (key === 'numberOption') return { kind: 'operator_not_allowed', name: String(r.name), option: String(r.numberOption).slice(0, 40) };
  if (key === 'relative.preset') return { kind: 'invalid', detail: `${at}.${key}: one of ${RELATIVE_DATE_PRESETS.join(', ')}` };
  return { kind: 'invalid', detail: `${at}${key ? `.${key}` : ''}: ${issue.message}` };
}

/** The list as stored: each item's known members only (the wire schema globalFilterItemSchema), every size bounded, ids distinct. */
export function parseGlobalFilters(raw: unknown): { items: GlobalFilterItem[] } | { problem: GlobalFilterProblem } {
  if (!Array.isArray(raw)) return { problem: { kind: 'invalid', detail: 'globalFilter: expected a list' } };
  if (raw.length > GLOBAL_FILTER_LIMITS.items) return { problem: { kind: 'too_many', max: GLOBAL_FILTER_LIMITS.items } };
  const items: GlobalFilterItem[] = [];
  const ids = new Set<string>();
  for (const [i, r] of raw.entries()) {
    const at = `globalFilter.${i}`;
    const parsed = globalFilterItemSchema.safeParse(r);
    const issues = parsed.success ? [] : parsed.error.issues;
    const rec = isObject(r) ? r : {};
    // a refused id first, then a repeated one, then the item's other members in their order
    const idIssue = issues.find((x) => x.path[0] === 'id');
    if (idIssue || !isObject(r)) return { problem: itemProblem(idIssue ?? issues[0]!, at, rec) };
    if (ids.has(r.id as string)) return { problem: { kind: 'duplicate_id', id: r.id as string } };
    ids.add(r.id as string);
    if (!parsed.success) return { problem: itemProblem(issues[0]!, at, rec) };
    const d = parsed.data;
    const item: GlobalFilterItem = { id: d.id, name: d.name, dataType: d.dataType, dataSourceId: d.dataSourceId, range: d.range ?? [] };
    if (d.title !== undefined) item.title = d.title;
    if (d.granularity !== undefined) item.granularity = d.granularity;
    if (d.numberOption !== undefined) item.numberOption = d.numberOption;
    if (d.relative !== undefined) item.relative = d.relative.preset === 'lastDays' ? { preset: d.relative.preset, days: d.relative.days as number } : { preset: d.relative.preset };
    if (d.show !== undefined) item.show = d.show;
    if (d.showAll !== undefined) item.showAll = d.showAll;
    if (d.charts !== undefined) item.charts = d.charts.map((c) => (c.field ? { chartId: c.chartId, field: c.field } : { chartId: c.chartId }));
    items.push(item);
  }
  return { items };
}

/** What the fields of the sources say: a source's fields by id, a chart's source by chart id (undefined: not on the dashboard). */
export interface GlobalFilterContext {
  sourceFields: (dataSourceId: string) => readonly { name: string; dataType: DataType | 'other' }[] | undefined;
  chartSource: (chartId: string) => string | undefined;
}

/** The value of an item checked against its type (the stored default the filter bar starts from). */
function valueProblem(item: GlobalFilterItem): GlobalFilterProblem | null {
  const name = item.name;
  const range = item.range.filter((v) => !blank(v));
  if (item.dataType === 'date') {
    if (item.range.length > 2) return { kind: 'invalid_value', name, value: item.range.slice(0, 3).join(',') };
    const parsed = item.range.map((v) => (blank(v) ? undefined : parseDateValue(v)));
    const wrong = item.range.find((v, i) => !blank(v) && !parsed[i]);
    if (wrong !== undefined) return { kind: 'invalid_value', name, value: String(wrong).slice(0, 40) };
    const [from, to] = parsed;
    if (from && to) {
      const b = dateBounds(from, to, GRANULARITY_NAMES[item.granularity ?? 0]);
      if (compareDateValues(b.lower!, b.upper!.value) > (b.upper!.inclusive ? 0 : -1)) return { kind: 'range_reversed', name };
    }
  } else if (item.dataType === 'number') {
    const nums = range.map((v) => (typeof v === 'number' ? v : /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(String(v).trim()) ? Number(v) : NaN));
    const wrong = range.find((_, i) => !Number.isFinite(nums[i]));
    if (wrong !== undefined) return { kind: 'invalid_value', name, value: String(wrong).slice(0, 40) };
    const option = item.numberOption ?? 'range';
    if ((option === 'range' || option === 'custom') && item.range.length === 2 && nums.length === 2 && nums[0]! > nums[1]!) return { kind: 'range_reversed', name };
    if (item.range.length > 2) return { kind: 'invalid_value', name, value: item.range.slice(0, 3).join(',') };
  }
  if (item.dataType !== 'number' && item.numberOption !== undefined) return { kind: 'operator_not_allowed', name, option: item.numberOption };
  if (item.dataType !== 'date' && (item.relative !== undefined || (item.granularity !== undefined && item.granularity !== 0))) return { kind: 'operator_not_allowed', name, option: String(item.relative?.preset ?? 'granularity') };
  return null;
}

/**
 * The rules over a parsed list: each item's field is a field of its table with its type; each chart
 * it lists is on the dashboard and its mapped field (default: the item's) exists in that chart's
 * source with the same type; its stored value fits.
 */
export function checkGlobalFilters(items: readonly GlobalFilterItem[], ctx: GlobalFilterContext): GlobalFilterProblem | null {
  for (const item of items) {
    const own = ctx.sourceFields(item.dataSourceId!);
    if (!own) return { kind: 'unknown_source' };
    const field = own.find((f) => f.name === item.name);
    if (!field) return { kind: 'unknown_field', name: item.name };
    if (field.dataType !== item.dataType) return { kind: 'mixed_types', name: item.name };
    for (const c of item.charts ?? []) {
      const sourceId = ctx.chartSource(c.chartId);
      if (sourceId === undefined) return { kind: 'unknown_chart', chartId: c.chartId };
      const name = c.field || item.name;
      const mapped = (ctx.sourceFields(sourceId) ?? []).find((f) => f.name === name);
      if (!mapped) return { kind: 'unknown_field', name };
      if (mapped.dataType !== item.dataType) return { kind: 'mixed_types', name };
    }
    const problem = valueProblem(item);
    if (problem) return problem;
  }
  return null;
}

/** The message keys of a refusal (libs/i18n); the server raising one checks it exists. */
export type GlobalFilterMessageKey = 'request.invalid' | `globalFilter.${Exclude<GlobalFilterProblem['kind'], 'invalid'>}`;

/** The message of a refusal (libs/i18n globalFilter.<kind>; request.invalid with its detail for a malformed list). */
export function globalFilterMessage(problem: GlobalFilterProblem): { key: GlobalFilterMessageKey; params: Record<string, string | number> } {
  const { kind, ...params } = problem;
  return kind === 'invalid' ? { key: 'request.invalid', params } : { key: `globalFilter.${kind}`, params };
}
