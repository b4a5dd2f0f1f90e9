import { filterValueProblem, type Compare, type FieldFilter, type FilterCondition, type Granularity, type RangeFilter } from '@bi/chart-model';
import { compareDateValues, dateBounds, formatDateValue, parseDateValue, relativeDateRange, type DateTimeValue, type GranularityName } from './dates.js';
import { FILTER_COMPARES, INPUT_BOUNDS } from '@bi/rules';
import { QueryError } from './errors.js';
import type { CompareOp, FilterNode, Predicate, ScalarValue } from './ir.js';
import type { FieldCatalog, FieldType, SourceField } from './source.js';

/** The most values one IN list (one filter's list) may hold (Oracle's own limit, and a bound on statement size). */
export const MAX_IN_VALUES = INPUT_BOUNDS.filterValues;
/** The most characters of one filter value. */
export const MAX_VALUE_CHARS = INPUT_BOUNDS.filterValueChars;

export const GRANULARITY_NAMES: Readonly<Record<Granularity, GranularityName>> = { 0: 'normal', 1: 'year', 2: 'quarter', 3: 'month', 4: 'week', 5: 'day' };

/** A granularity code 0–5 (or its name); absent means normal. */
export function granularityName(g: unknown, fieldName: string): GranularityName {
  if (g === undefined || g === null || g === '') return 'normal';
  if (typeof g === 'number' && Object.hasOwn(GRANULARITY_NAMES, g)) return GRANULARITY_NAMES[g as Granularity];
  if (typeof g === 'string' && (Object.values(GRANULARITY_NAMES) as string[]).includes(g)) return g as GranularityName;
  throw new QueryError('invalid_value', { name: fieldName, value: String(g) });
}

// ---- tree helpers ----

const isEmptyGroup = (n: FilterNode) => (n.kind === 'and' || n.kind === 'or') && n.children.length === 0;

/** All of the nodes; absent and empty ones dropped, nested ands flattened. */
export function allOf(nodes: readonly (FilterNode | null | undefined)[]): FilterNode {
  const children: FilterNode[] = [];
  for (const n of nodes) {
    if (!n || isEmptyGroup(n)) continue;
    if (n.kind === 'and') children.push(...n.children);
    else children.push(n);
  }
  return children.length === 1 ? children[0] : { kind: 'and', children };
}

/** Any of the nodes; absent and empty ones dropped. An any of nothing is no filter. */
export function anyOf(nodes: readonly (FilterNode | null | undefined)[]): FilterNode {
  const children: FilterNode[] = [];
  for (const n of nodes) {
    if (!n || isEmptyGroup(n)) continue;
    if (n.kind === 'or') children.push(...n.children);
    else children.push(n);
  }
  return children.length === 1 ? children[0] : children.length === 0 ? { kind: 'and', children: [] } : { kind: 'or', children };
}

export const NO_FILTER: FilterNode = { kind: 'and', children: [] };

// ---- values ----

/**
 * No value: absent, null or ''. A value of only spaces is a value: a text is compared as it is, a
 * number or a date of only spaces is refused (blank_value) — never dropped silently, which would
 * answer every row under a filter the user sees set (issue 12 #10).
 */
const isBlank = (v: unknown) => v === undefined || v === null || v === '';
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Every filter value passes here first: the rule of the wire schemas' filter values (@bi/chart-model filterValueProblem: bounded in length, storable text). */
function checkedInput(field: SourceField, v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const problem = filterValueProblem(v);
  if (problem === 'too_long') throw new QueryError('value_too_long', { name: field.name, max: MAX_VALUE_CHARS });
  if (problem) throw new QueryError('invalid_characters', { name: field.name });
  if (field.dataType !== 'string' && v.trim() === '') throw new QueryError('blank_value', { name: field.name });
  return v;
}

function numberValue(field: SourceField, raw: unknown): ScalarValue {
  const v = checkedInput(field, raw);
  const n = typeof v === 'number' ? v : typeof v === 'string' && NUMBER_TEXT.test(v.trim()) ? Number(v.trim()) : NaN;
  if (!Number.isFinite(n)) throw new QueryError('invalid_value', { name: field.name, value: String(v) });
  return { type: 'number', value: n };
}

function stringValue(field: SourceField, raw: unknown): ScalarValue {
  const v = checkedInput(field, raw);
  if (typeof v === 'string') return { type: 'string', value: v };
  if (typeof v === 'number' && Number.isFinite(v)) return { type: 'string', value: String(v) };
  throw new QueryError('invalid_value', { name: field.name, value: String(v) });
}

function dateValue(field: SourceField, raw: unknown): DateTimeValue {
  const v = checkedInput(field, raw);
  const d = parseDateValue(v);
  if (!d) throw new QueryError('invalid_value', { name: field.name, value: String(v) });
  return d;
}

/** A value of the field's type (dates are compared as dates, never as text). */
function scalar(field: SourceField, v: unknown): ScalarValue {
  switch (field.dataType) {
    case 'number':
      return numberValue(field, v);
    case 'date':
      return { type: 'date', value: dateValue(field, v) };
    case 'string':
      return stringValue(field, v);
  }
}

// ---- predicates ----

const compare = (field: SourceField, op: CompareOp, value: ScalarValue): Predicate => ({ kind: 'compare', field, op, value });
const isNull = (field: SourceField): Predicate => ({ kind: 'isNull', field, negated: false });

/** "not equal" keeps the rows without a value: a person filtering out one region still wants the rows that have none. */
const notEqual = (field: SourceField, value: ScalarValue): FilterNode => anyOf([compare(field, '<>', value), isNull(field)]);

/** [from, to] on the raw column; either end may be open. */
function between(field: SourceField, from: unknown, to: unknown): FilterNode {
  const lo = isBlank(from) ? null : scalar(field, from);
  const hi = isBlank(to) ? null : scalar(field, to);
  if (lo && hi && lo.type === 'number' && hi.type === 'number' && lo.value > hi.value) throw new QueryError('range_reversed', { name: field.name, from: String(from), to: String(to) });
  return allOf([lo ? compare(field, '>=', lo) : null, hi ? compare(field, '<=', hi) : null]);
}

/** Dates between two values at a granularity, as col >= start AND col < end (never a function of the column). */
function dateBetween(field: SourceField, from: unknown, to: unknown, g: GranularityName): FilterNode {
  return datePeriods(field, isBlank(from) ? undefined : dateValue(field, from), isBlank(to) ? undefined : dateValue(field, to), g, from, to);
}

/** The periods at granularity `g` from the one holding `lo` to the one holding `hi` (either end open); `from`/`to` as given, for the refusal. */
function datePeriods(field: SourceField, lo: DateTimeValue | undefined, hi: DateTimeValue | undefined, g: GranularityName, from: unknown, to: unknown): FilterNode {
  const b = dateBounds(lo, hi, g);
  if (b.lower && b.upper && compareDateValues(b.lower, b.upper.value) > (b.upper.inclusive ? 0 : -1)) throw new QueryError('range_reversed', { name: field.name, from: String(from), to: String(to) });
  return allOf([
    b.lower ? compare(field, '>=', { type: 'date', value: b.lower }) : null,
    b.upper ? compare(field, b.upper.inclusive ? '<=' : '<', { type: 'date', value: b.upper.value }) : null,
  ]);
}

/** IN (…) over distinct values, at most MAX_IN_VALUES of them. */
export function inList(field: SourceField, values: readonly unknown[], negated = false): FilterNode {
  const typed = distinctValues(field, values);
  if (typed.length === 0) return NO_FILTER;
  const p: Predicate = { kind: 'in', field, values: typed, negated };
  return negated ? anyOf([p, isNull(field)]) : p;
}

/** The values of the field's type, blanks dropped, each once, at most MAX_IN_VALUES of them. */
function distinctValues(field: SourceField, values: readonly unknown[]): ScalarValue[] {
  if (values.length > MAX_IN_VALUES) throw new QueryError('too_many_values', { name: field.name, count: values.length, max: MAX_IN_VALUES });
  const seen = new Set<string>();
  const typed: ScalarValue[] = [];
  for (const v of values) {
    if (isBlank(v)) continue;
    const s = scalar(field, v);
    const key = s.type === 'date' ? JSON.stringify(s.value) : `${typeof s.value}:${s.value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    typed.push(s);
  }
  if (typed.length > MAX_IN_VALUES) throw new QueryError('too_many_values', { name: field.name, count: typed.length, max: MAX_IN_VALUES });
  return typed;
}

const NUMBER_OPS: Record<string, CompareOp> = { '>': '>', '<': '<', '=': '=', '<=': '<=', '>=': '>=' };
const DEFAULT_COMPARE: Record<FieldType, Compare> = { date: 'between', number: '=', string: 'like' };

/** The operators of spec 01 §5 per type (number: > < = != <= >= and between; string: = != like notLike; date: between). */
export const OPERATORS: Readonly<Record<FieldType, readonly string[]>> = FILTER_COMPARES;

/**
 * One condition of a field filter or a detail filter. An unfinished condition (no value) is no
 * filter; a value that does not read as the field's type, or an operator the type does not offer,
 * is refused.
 */
export function conditionNode(c: FilterCondition, catalog: FieldCatalog): FilterNode {
  const field = catalog.resolve(c?.field?.name);
  const given = String(c.compare || DEFAULT_COMPARE[field.dataType]);
  const op = given === '<>' ? '!=' : given;
  if (!OPERATORS[field.dataType].includes(op)) throw new QueryError('operator_not_allowed', { name: field.name, compare: op, dataType: field.dataType });
  switch (field.dataType) {
    case 'date':
      return dateBetween(field, c.compareValueLeft, c.compareValueRight, 'normal');
    case 'number':
      if (op === 'between') return between(field, c.compareValueLeft, c.compareValueRight);
      if (isBlank(c.compareValue)) return NO_FILTER;
      return op === '!=' ? notEqual(field, numberValue(field, c.compareValue)) : compare(field, NUMBER_OPS[op], numberValue(field, c.compareValue));
    case 'string': {
      if (isBlank(c.compareValue)) return NO_FILTER;
      const v = stringValue(field, c.compareValue);
      if (op === '=') return compare(field, '=', v);
      if (op === '!=') return notEqual(field, v);
      const contains: Predicate = { kind: 'contains', field, text: String(v.value), negated: op === 'notLike' };
      return op === 'notLike' ? anyOf([contains, isNull(field)]) : contains;
    }
  }
}

/** A field filter: logic 0 any, 1 all (spec 01 §3, the field-filter dialog's reading). */
export function fieldFilterNode(f: FieldFilter | undefined, catalog: FieldCatalog): FilterNode {
  if (!f || !Array.isArray(f.conditions) || f.conditions.length === 0) return NO_FILTER;
  if (f.conditions.length > INPUT_BOUNDS.conditions) throw new QueryError('invalid_option', { name: 'conditions', value: f.conditions.length });
  const nodes = f.conditions.map((c) => conditionNode(c, catalog));
  return f.logic === 0 ? anyOf(nodes) : allOf(nodes);
}

/** The detail dialog's filter: logic 0 all, 1 any — the reverse of the field filter (spec 01 §3). */
export interface DetailFilter {
  logic: 0 | 1;
  filterItems: { field: { name: string; dataType?: FieldType }; compare: Compare; compareValue?: string | number | null; compareValueLeft?: string | number | null; compareValueRight?: string | number | null }[];
}

export function detailFilterNode(f: DetailFilter | undefined, catalog: FieldCatalog): FilterNode {
  if (!f || !Array.isArray(f.filterItems) || f.filterItems.length === 0) return NO_FILTER;
  if (f.filterItems.length > INPUT_BOUNDS.conditions) throw new QueryError('invalid_option', { name: 'filterItems', value: f.filterItems.length });
  const nodes = f.filterItems.map((i) => conditionNode({ ...i, field: { name: i.field?.name, dataType: i.field?.dataType ?? 'string' } }, catalog));
  return f.logic === 1 ? anyOf(nodes) : allOf(nodes);
}

/**
 * Date filters with a relative preset (today, this week/month/quarter/year, the last N days) as plain
 * ranges: the periods at `now` read in the product's time zone (BI_TIME_ZONE), never a browser's
 * clock. The resolved dates are part of the query (and so of its cache key). A preset that is not
 * one of RELATIVE_PRESETS, or a day count out of bounds, is refused.
 */
export function resolveRelativeDates(filters: readonly RangeFilter[], now: Date, timeZone: string): RangeFilter[] {
  return filters.map((f) => {
    if (!f || typeof f !== 'object' || !f.relative) return f;
    const r = relativeDateRange(f.relative.preset, f.relative.days, now, timeZone);
    if (!r) throw new QueryError('invalid_value', { name: String(f.name), value: String(f.relative.preset) });
    const { relative: _relative, ...rest } = f;
    return { ...rest, range: [formatDateValue(r.from), formatDateValue(r.to)], granularity: GRANULARITY_CODES[r.granularity] };
  });
}

const GRANULARITY_CODES = Object.fromEntries(Object.entries(GRANULARITY_NAMES).map(([code, name]) => [name, Number(code) as Granularity])) as Record<GranularityName, Granularity>;

/**
 * Rows having any of the values (`RangeFilter.anyOf`, a linkage selection of several points): numbers
 * and texts IN the values; dates within the period of any of them at granularity `g`.
 */
function anyOfValues(field: SourceField, values: readonly unknown[], g: GranularityName): FilterNode {
  if (field.dataType !== 'date') return inList(field, values);
  return anyOf(distinctValues(field, values).map((v) => datePeriods(field, v.value as DateTimeValue, v.value as DateTimeValue, g, '', '')));
}

/**
 * An inner filter or global filter item (spec 01 §3 / the date filter description): dates between
 * range[0] and range[1] at the filter's granularity, numbers per numberOption, strings IN the
 * selected values. Nothing selected, or numberOption 'all', is no filter.
 */
export function rangeFilterNode(f: RangeFilter, catalog: FieldCatalog): FilterNode {
  const field = catalog.resolve(f?.name);
  // a preset is resolved by the server first (resolveRelativeDates): never read as "no filter"
  if (f.relative) throw new QueryError('invalid_value', { name: field.name, value: String(f.relative?.preset) });
  const range = Array.isArray(f.range) ? f.range : [];
  if (f.anyOf !== undefined && f.anyOf !== false) {
    if (f.anyOf !== true) throw new QueryError('invalid_value', { name: field.name, value: String(f.anyOf) });
    return anyOfValues(field, range, granularityName(f.granularity, field.name));
  }
  switch (field.dataType) {
    case 'date':
      if (range.length > 2) throw new QueryError('invalid_value', { name: field.name, value: range.slice(0, 3).join(',') });
      return dateBetween(field, range[0], range[1], granularityName(f.granularity, field.name));
    case 'string':
      return inList(field, range);
    case 'number': {
      const option = f.numberOption ?? 'range';
      if (option === 'all') return NO_FILTER;
      if (option === 'range' || option === 'custom') {
        if (range.length > 2) throw new QueryError('invalid_value', { name: field.name, value: range.slice(0, 3).join(',') });
        return between(field, range[0], range[1]);
      }
      if (isBlank(range[0])) return NO_FILTER;
      const v = numberValue(field, range[0]);
      switch (option) {
        case 'equal':
          return compare(field, '=', v);
        case 'notEqual':
          return notEqual(field, v);
        case 'greaterThan':
          return compare(field, '>', v);
        case 'greaterThanOrEqual':
          return compare(field, '>=', v);
        case 'lessThan':
          return compare(field, '<', v);
        case 'lessThanOrEqual':
          return compare(field, '<=', v);
        default:
          throw new QueryError('invalid_value', { name: field.name, value: String(option) });
      }
    }
  }
}

/** What a chart shows for an empty dimension value (libs/charts DEFAULT_LABELS.empty). */
export const EMPTY_POINT = '-';
/** How a chart joins the values of several points into one category (libs/charts pivot). */
export const POINT_SEPARATOR = ' / ';

/**
 * The rows behind one point of a chart (the drill into a point): `key` is the point's category as
 * the chart's option names it — the value of its one dimension, or the values of several joined by
 * " / " — and each dimension must equal its part: a date within the period of the dimension's
 * granularity (the category is the period's first day), a number equal, a text equal. The empty
 * category '-' stands for no value (and, for texts, '' and '-', which the chart draws under it too).
 */
export function pointFilterNode(points: readonly { name: string; granularity?: unknown }[], key: string, catalog: FieldCatalog): FilterNode {
  if (points.length === 0) throw new QueryError('invalid_option', { name: 'filterKey', value: key });
  const parts = points.length === 1 ? [key] : key.split(POINT_SEPARATOR);
  if (parts.length !== points.length) throw new QueryError('invalid_value', { name: points.map((p) => p.name).join(POINT_SEPARATOR), value: key });
  return allOf(
    points.map((p, i) => {
      const field = catalog.resolve(p.name);
      const part = parts[i]!;
      if (part === EMPTY_POINT) return field.dataType === 'string' ? anyOf([isNull(field), compare(field, '=', { type: 'string', value: '' }), compare(field, '=', { type: 'string', value: EMPTY_POINT })]) : isNull(field);
      switch (field.dataType) {
        case 'date':
          return dateBetween(field, part, part, granularityName(p.granularity, field.name));
        case 'number':
          return compare(field, '=', numberValue(field, part));
        case 'string':
          return compare(field, '=', stringValue(field, part));
      }
    }),
  );
}
