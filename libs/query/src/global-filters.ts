/**
 * The rules of a dashboard's global filter list (spec 01 §3 "Global filter item", §5 filter rules),
 * checked by the BFF before it calls the dashboard service and by the service before it stores the
 * list: bounded shape, known field of the item's table, one type for every field it names (its own and
 * each chart's mapped field: "selected fields of differing type cannot be configured as filter
 * options"), charts on the dashboard, operators of the type, values that read as the type, a start
 * not after the end, at most MAX_IN_VALUES values. Pure; the caller supplies the fields.
 */
import type { DataType, GlobalFilterItem, RangeFilter, RelativeDate } from '@bi/chart-model';
import { compareDateValues, dateBounds, MAX_RELATIVE_DAYS, parseDateValue, RELATIVE_PRESETS } from './dates.js';
import { GRANULARITY_NAMES, MAX_IN_VALUES, MAX_VALUE_CHARS } from './filters.js';

export const GLOBAL_FILTER_LIMITS = {
  /** items of one dashboard */
  items: 20,
  /** charts one item lists */
  charts: 200,
  id: 64,
  fieldName: 128,
  title: 40,
} as const;

export const NUMBER_OPTIONS: readonly NonNullable<RangeFilter['numberOption']>[] = ['all', 'custom', 'equal', 'notEqual', 'greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual', 'range'];
const DATA_TYPES: readonly DataType[] = ['string', 'number', 'date'];

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
const text = (v: unknown, max: number, min = 0) => typeof v === 'string' && v.length >= min && v.length <= max;
const blank = (v: unknown) => v === undefined || v === null || v === '';

/** The list as stored: each item's known members only, every size bounded. */
export function parseGlobalFilters(raw: unknown): { items: GlobalFilterItem[] } | { problem: GlobalFilterProblem } {
  const bad = (detail: string) => ({ problem: { kind: 'invalid', detail } as GlobalFilterProblem });
  if (!Array.isArray(raw)) return bad('globalFilter: expected a list');
  if (raw.length > GLOBAL_FILTER_LIMITS.items) return { problem: { kind: 'too_many', max: GLOBAL_FILTER_LIMITS.items } };
  const items: GlobalFilterItem[] = [];
  const ids = new Set<string>();
  for (const [i, r] of raw.entries()) {
    const at = `globalFilter.${i}`;
    if (!isObject(r)) return bad(`${at}: expected an object`);
    if (!text(r.id, GLOBAL_FILTER_LIMITS.id, 1)) return bad(`${at}.id: 1 to ${GLOBAL_FILTER_LIMITS.id} characters`);
    if (ids.has(r.id as string)) return { problem: { kind: 'duplicate_id', id: r.id as string } };
    ids.add(r.id as string);
    if (!text(r.name, GLOBAL_FILTER_LIMITS.fieldName, 1)) return bad(`${at}.name: 1 to ${GLOBAL_FILTER_LIMITS.fieldName} characters`);
    if (r.title !== undefined && !text(r.title, GLOBAL_FILTER_LIMITS.title)) return bad(`${at}.title: at most ${GLOBAL_FILTER_LIMITS.title} characters`);
    if (!DATA_TYPES.includes(r.dataType as DataType)) return bad(`${at}.dataType: string, number or date`);
    if (!text(r.dataSourceId, GLOBAL_FILTER_LIMITS.id, 1)) return bad(`${at}.dataSourceId: required`);
    if (r.range !== undefined && !Array.isArray(r.range)) return bad(`${at}.range: expected a list`);
    const range = (r.range ?? []) as unknown[];
    if (range.length > MAX_IN_VALUES) return { problem: { kind: 'too_many_values', name: r.name as string, max: MAX_IN_VALUES } };
    if (!range.every((v) => (typeof v === 'string' && v.length <= MAX_VALUE_CHARS) || (typeof v === 'number' && Number.isFinite(v)))) return bad(`${at}.range: texts of at most ${MAX_VALUE_CHARS} characters or numbers`);
    if (r.granularity !== undefined && !Object.hasOwn(GRANULARITY_NAMES, r.granularity as number)) return bad(`${at}.granularity: 0 to 5`);
    if (r.numberOption !== undefined && !NUMBER_OPTIONS.includes(r.numberOption as never)) return { problem: { kind: 'operator_not_allowed', name: r.name as string, option: String(r.numberOption).slice(0, 40) } };
    if (r.relative !== undefined) {
      const rel = r.relative;
      if (!isObject(rel) || !RELATIVE_PRESETS.includes(rel.preset as never)) return bad(`${at}.relative.preset: one of ${RELATIVE_PRESETS.join(', ')}`);
      if (rel.preset === 'lastDays' && !(Number.isInteger(rel.days) && (rel.days as number) >= 1 && (rel.days as number) <= MAX_RELATIVE_DAYS)) return bad(`${at}.relative.days: 1 to ${MAX_RELATIVE_DAYS}`);
    }
    for (const flag of ['show', 'showAll'] as const) if (r[flag] !== undefined && typeof r[flag] !== 'boolean') return bad(`${at}.${flag}: true or false`);
    if (r.charts !== undefined) {
      if (!Array.isArray(r.charts) || r.charts.length > GLOBAL_FILTER_LIMITS.charts) return bad(`${at}.charts: a list of at most ${GLOBAL_FILTER_LIMITS.charts}`);
      for (const c of r.charts) {
        if (!isObject(c) || !text(c.chartId, GLOBAL_FILTER_LIMITS.id, 1)) return bad(`${at}.charts: each {chartId, field?}`);
        if (c.field !== undefined && !text(c.field, GLOBAL_FILTER_LIMITS.fieldName, 1)) return bad(`${at}.charts.field: 1 to ${GLOBAL_FILTER_LIMITS.fieldName} characters`);
      }
    }
    const item: GlobalFilterItem = { id: r.id as string, name: r.name as string, dataType: r.dataType as DataType, dataSourceId: r.dataSourceId as string, range: range as (string | number)[] };
    if (r.title !== undefined) item.title = r.title as string;
    if (r.granularity !== undefined) item.granularity = r.granularity as GlobalFilterItem['granularity'];
    if (r.numberOption !== undefined) item.numberOption = r.numberOption as GlobalFilterItem['numberOption'];
    if (r.relative !== undefined) {
      const rel = r.relative as RelativeDate;
      item.relative = rel.preset === 'lastDays' ? { preset: rel.preset, days: rel.days } : { preset: rel.preset };
    }
    if (r.show !== undefined) item.show = r.show as boolean;
    if (r.showAll !== undefined) item.showAll = r.showAll as boolean;
    if (r.charts !== undefined) item.charts = (r.charts as { chartId: string; field?: string }[]).map((c) => (c.field ? { chartId: c.chartId, field: c.field } : { chartId: c.chartId }));
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
