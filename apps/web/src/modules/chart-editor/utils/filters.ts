import type { ChartField, Compare, DataType, FieldFilter, FilterCondition } from '@bi/chart-model';

/** Field-filter operators by type (spec 01 §5; the query library's list): numbers also between two values. */
export const OPERATORS: Readonly<Record<DataType, readonly Compare[]>> = {
  number: ['>', '<', '=', '!=', '<=', '>=', 'between'],
  string: ['=', '!=', 'like', 'notLike'],
  date: ['between'],
};

/** The default operator of a new condition (spec 01 §3): between for dates, = for numbers, like for text. */
export const DEFAULT_COMPARE: Readonly<Record<DataType, Compare>> = { date: 'between', number: '=', string: 'like' };

/** logic 0 any, 1 all (the field-filter dialog's reading). */
export const FILTER_LOGIC = { any: 0, all: 1 } as const;

/** Label key of each operator (chartEditor.filter.operators.*): the field filter's words, also used by row-level rules. */
export const OPERATOR_LABEL_KEYS: Readonly<Record<Compare, 'gt' | 'lt' | 'eq' | 'ne' | 'le' | 'ge' | 'between' | 'like' | 'notLike'>> = {
  '>': 'gt',
  '<': 'lt',
  '=': 'eq',
  '!=': 'ne',
  '<=': 'le',
  '>=': 'ge',
  between: 'between',
  like: 'like',
  notLike: 'notLike',
};

export const usesRange = (compare: Compare) => compare === 'between';

/** A new, empty condition on a field. */
export function newCondition(field: Pick<ChartField, 'name' | 'title' | 'dataType'>): FilterCondition {
  const compare = DEFAULT_COMPARE[field.dataType];
  const base: FilterCondition = { field: { name: field.name, ...(field.title ? { title: field.title } : {}), dataType: field.dataType }, compare };
  return usesRange(compare) ? { ...base, compareValueLeft: null, compareValueRight: null } : { ...base, compareValue: null };
}

/** The condition with another operator: the values move between the single value and the two ends as needed. */
export function withCompare(condition: FilterCondition, compare: Compare): FilterCondition {
  const { compareValue, compareValueLeft, compareValueRight, ...rest } = condition;
  if (usesRange(compare)) return { ...rest, compare, compareValueLeft: compareValueLeft ?? compareValue ?? null, compareValueRight: compareValueRight ?? null };
  return { ...rest, compare, compareValue: compareValue ?? compareValueLeft ?? null };
}

/** Why a condition cannot be saved: a value is missing, a number is not a number, a date range is reversed. */
export type ConditionProblem = 'value' | 'number' | 'date' | 'order';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const isNumeric = (v: unknown) => typeof v === 'number' ? Number.isFinite(v) : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v.trim()));
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function conditionProblem(c: FilterCondition): ConditionProblem | null {
  const type = c.field.dataType;
  if (!OPERATORS[type].includes(c.compare)) return 'value';
  if (usesRange(c.compare)) {
    // date ranges need both ends (spec 01 §5: two date inputs); a number range may be open at one end
    if (type === 'date' ? blank(c.compareValueLeft) || blank(c.compareValueRight) : blank(c.compareValueLeft) && blank(c.compareValueRight)) return 'value';
    for (const v of [c.compareValueLeft, c.compareValueRight]) {
      if (blank(v)) continue;
      if (type === 'number' && !isNumeric(v)) return 'number';
      if (type === 'date' && !DATE.test(String(v))) return 'date';
    }
    if (!blank(c.compareValueLeft) && !blank(c.compareValueRight)) {
      const [l, r] = type === 'number' ? [Number(c.compareValueLeft), Number(c.compareValueRight)] : [String(c.compareValueLeft), String(c.compareValueRight)];
      if (l > r) return 'order';
    }
    return null;
  }
  if (blank(c.compareValue)) return 'value';
  if (type === 'number' && !isNumeric(c.compareValue)) return 'number';
  return null;
}

/** The condition as saved: numbers as numbers, texts trimmed, only the values its operator reads. */
export function cleanCondition(c: FilterCondition): FilterCondition {
  const value = (v: unknown) => (blank(v) ? null : c.field.dataType === 'number' ? Number(v) : String(v).trim());
  const base = { field: c.field, compare: c.compare };
  return usesRange(c.compare) ? { ...base, compareValueLeft: value(c.compareValueLeft), compareValueRight: value(c.compareValueRight) } : { ...base, compareValue: value(c.compareValue) };
}

/** The filter as saved; no conditions means no filter (undefined). */
export function cleanFilter(filter: FieldFilter): FieldFilter | undefined {
  if (filter.conditions.length === 0) return undefined;
  return { logic: filter.logic, conditions: filter.conditions.map(cleanCondition) };
}

/** The field's filter, or a new one with one empty condition (the dialog's start). */
export function filterForEditing(field: ChartField): FieldFilter {
  if (field.fieldFilter && field.fieldFilter.conditions.length > 0) return structuredClone(field.fieldFilter);
  return { logic: FILTER_LOGIC.all, conditions: [newCondition(field)] };
}
