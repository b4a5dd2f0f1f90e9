import type { Compare, DataType, FilterCondition } from '@bi/chart-model';
import { INPUT_BOUNDS } from '@bi/rules';
import { cleanCondition, conditionProblem, newCondition, OPERATORS } from '../../chart-editor/utils/filters';
import type { DetailColumn, DetailFilterBody } from '../types';

/**
 * The detail dialog's filter (spec 01 §3 "Detail filter", §5): logic 0 all, 1 any; operators by type —
 * numbers > < = != <= >=, texts = != contains / does not contain, dates a range of two dates. The
 * conditions are the field filter's (chart-editor utils/filters): one home for their values and checks.
 */
export const DETAIL_OPERATORS: Readonly<Record<DataType, readonly Compare[]>> = {
  number: OPERATORS.number.filter((c) => c !== 'between'),
  string: OPERATORS.string,
  date: OPERATORS.date,
};

/** logic 0 all, 1 any (the reverse of the field filter). */
export const DETAIL_LOGIC = { all: 0, any: 1 } as const;
export type DetailLogic = (typeof DETAIL_LOGIC)[keyof typeof DETAIL_LOGIC];

export const MAX_DETAIL_CONDITIONS = INPUT_BOUNDS.conditions;

/** Why the filter cannot be sent: 'wrong' is the spec's "filter condition wrong, please re-enter" (a number that is not one, a bad date); 'value' a missing value; 'order' a reversed date range. */
export type DetailFilterProblem = 'wrong' | 'value' | 'order';

/** A new condition on a column (the column's default operator). */
export function newDetailCondition(column: Pick<DetailColumn, 'name' | 'title' | 'dataType'>): FilterCondition {
  return newCondition({ name: column.name, title: column.title, dataType: column.dataType });
}

/** The condition moved to another column: its operator is kept when the new type offers it, its values when the type is the same. */
export function withColumn(condition: FilterCondition, column: Pick<DetailColumn, 'name' | 'title' | 'dataType'>): FilterCondition {
  const fresh = newDetailCondition(column);
  if (column.dataType !== condition.field.dataType) return fresh;
  return { ...condition, field: fresh.field };
}

export function detailConditionProblem(c: FilterCondition): DetailFilterProblem | null {
  if (!DETAIL_OPERATORS[c.field.dataType].includes(c.compare)) return 'wrong';
  const problem = conditionProblem(c);
  if (problem === 'number' || problem === 'date') return 'wrong';
  return problem;
}

/**
 * The filter as the server reads it ({logic, filterItems}), or the first problem with the index of its
 * condition. No condition: no filter (undefined).
 */
export function detailFilterBody(conditions: readonly FilterCondition[], logic: DetailLogic): { ok: true; filter?: DetailFilterBody } | { ok: false; index: number; problem: DetailFilterProblem } {
  for (let i = 0; i < conditions.length; i++) {
    const problem = detailConditionProblem(conditions[i]!);
    if (problem) return { ok: false, index: i, problem };
  }
  if (conditions.length === 0) return { ok: true };
  return {
    ok: true,
    filter: {
      logic,
      filterItems: conditions.slice(0, MAX_DETAIL_CONDITIONS).map((c) => {
        const clean = cleanCondition(c);
        return { ...clean, field: { name: c.field.name, dataType: c.field.dataType } };
      }),
    },
  };
}
