import { describe, expect, it } from '@jest/globals';
import type { FilterCondition } from '@bi/chart-model';
import { DETAIL_OPERATORS, detailConditionProblem, detailFilterBody, newDetailCondition, withColumn } from './detailFilter';

const qty = { name: 'qty', title: 'Quantity', dataType: 'number' as const };
const region = { name: 'region', title: 'Region', dataType: 'string' as const };
const day = { name: 'day', title: 'Day', dataType: 'date' as const };
const cond = (field: typeof qty | typeof region | typeof day, extra: Partial<FilterCondition>): FilterCondition => ({ ...newDetailCondition(field), ...extra });

describe('detail filter', () => {
  it('offers the operators of spec 01 §5 by type', () => {
    expect(DETAIL_OPERATORS).toEqual({ number: ['>', '<', '=', '!=', '<=', '>='], string: ['=', '!=', 'like', 'notLike'], date: ['between'] });
    expect(newDetailCondition(qty).compare).toBe('=');
    expect(newDetailCondition(region).compare).toBe('like');
    expect(newDetailCondition(day)).toMatchObject({ compare: 'between', compareValueLeft: null, compareValueRight: null });
  });

  it("refuses a non-numeric value for a number field as 'filter condition wrong'", () => {
    expect(detailConditionProblem(cond(qty, { compare: '>', compareValue: 'abc' }))).toBe('wrong');
    expect(detailConditionProblem(cond(qty, { compare: '>', compareValue: '12.5' }))).toBeNull();
    expect(detailConditionProblem(cond(qty, { compare: 'between', compareValueLeft: 1, compareValueRight: 2 }))).toBe('wrong');
    expect(detailConditionProblem(cond(region, { compare: '>', compareValue: 'a' }))).toBe('wrong');
    expect(detailConditionProblem(cond(day, { compareValueLeft: '2024-02-30x', compareValueRight: '2024-03-01' }))).toBe('wrong');
    expect(detailConditionProblem(cond(day, { compareValueLeft: '2024-03-02', compareValueRight: '2024-03-01' }))).toBe('order');
    expect(detailConditionProblem(cond(region, { compareValue: '  ' }))).toBe('value');
  });

  it('answers the body the server reads (logic 0 all, 1 any; numbers as numbers) or the first problem', () => {
    expect(detailFilterBody([], 0)).toEqual({ ok: true });
    const body = detailFilterBody([cond(qty, { compare: '>=', compareValue: ' 3 ' }), cond(region, { compare: 'notLike', compareValue: ' st ' })], 1);
    expect(body).toEqual({
      ok: true,
      filter: {
        logic: 1,
        filterItems: [
          { field: { name: 'qty', dataType: 'number' }, compare: '>=', compareValue: 3 },
          { field: { name: 'region', dataType: 'string' }, compare: 'notLike', compareValue: 'st' },
        ],
      },
    });
    expect(detailFilterBody([cond(region, { compareValue: 'x' }), cond(qty, { compareValue: '1e' })], 0)).toEqual({ ok: false, index: 1, problem: 'wrong' });
  });

  it('keeps the operator and value when the column changes within a type, resets them across types', () => {
    const other = { name: 'amount', title: 'Amount', dataType: 'number' as const };
    expect(withColumn(cond(qty, { compare: '<', compareValue: '5' }), other)).toMatchObject({ field: { name: 'amount' }, compare: '<', compareValue: '5' });
    expect(withColumn(cond(qty, { compare: '<', compareValue: '5' }), region)).toEqual(newDetailCondition(region));
  });
});
