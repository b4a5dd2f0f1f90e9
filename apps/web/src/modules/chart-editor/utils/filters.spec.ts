import { describe, expect, it } from '@jest/globals';
import { cleanFilter, conditionProblem, filterForEditing, newCondition, OPERATORS, withCompare } from './filters';

const num = { name: 'amount', dataType: 'number' as const };
const text = { name: 'province', title: 'Province', dataType: 'string' as const };
const date = { name: 'day', dataType: 'date' as const };

describe('field filter', () => {
  it('offers every operator of spec 01 §5 per type', () => {
    expect(OPERATORS.number).toEqual(expect.arrayContaining(['>', '<', '=', '!=', '<=', '>=']));
    expect(OPERATORS.string).toEqual(['=', '!=', 'like', 'notLike']);
    expect(OPERATORS.date).toEqual(['between']);
  });

  it('starts conditions with between for dates, = for numbers, like for text', () => {
    expect(newCondition(date)).toEqual({ field: { name: 'day', dataType: 'date' }, compare: 'between', compareValueLeft: null, compareValueRight: null });
    expect(newCondition(num)).toEqual({ field: { name: 'amount', dataType: 'number' }, compare: '=', compareValue: null });
    expect(newCondition(text)).toEqual({ field: { name: 'province', title: 'Province', dataType: 'string' }, compare: 'like', compareValue: null });
  });

  it('moves the values when the operator changes', () => {
    const c = { ...newCondition(num), compareValue: 5 };
    expect(withCompare(c, 'between')).toEqual({ field: c.field, compare: 'between', compareValueLeft: 5, compareValueRight: null });
    expect(withCompare(withCompare(c, 'between'), '>')).toEqual({ field: c.field, compare: '>', compareValue: 5 });
  });

  it('checks values: required, numbers for number fields, two ordered dates', () => {
    expect(conditionProblem(newCondition(num))).toBe('value');
    expect(conditionProblem({ ...newCondition(num), compareValue: 'abc' })).toBe('number');
    expect(conditionProblem({ ...newCondition(num), compareValue: '12.5' })).toBeNull();
    expect(conditionProblem({ ...newCondition(text), compareValue: 'East' })).toBeNull();
    expect(conditionProblem({ ...newCondition(date), compareValueLeft: '2024-01-01' })).toBe('value');
    expect(conditionProblem({ ...newCondition(date), compareValueLeft: '2024-02-01', compareValueRight: '2024-01-01' })).toBe('order');
    expect(conditionProblem({ ...newCondition(date), compareValueLeft: '2024-01-01', compareValueRight: '2024-03-31' })).toBeNull();
    expect(conditionProblem({ ...withCompare(newCondition(num), 'between'), compareValueRight: 10 })).toBeNull();
    expect(conditionProblem({ ...newCondition(text), compare: '>' })).toBe('value');
  });

  it('saves numbers as numbers and drops an empty filter', () => {
    expect(cleanFilter({ logic: 0, conditions: [{ ...newCondition(num), compare: '>=', compareValue: '100' }] })).toEqual({
      logic: 0,
      conditions: [{ field: { name: 'amount', dataType: 'number' }, compare: '>=', compareValue: 100 }],
    });
    expect(cleanFilter({ logic: 1, conditions: [] })).toBeUndefined();
  });

  it('opens with the field filter, or one empty condition with logic all', () => {
    expect(filterForEditing({ ...text })).toEqual({ logic: 1, conditions: [newCondition(text)] });
    const existing = { logic: 0 as const, conditions: [{ ...newCondition(text), compareValue: 'x' }] };
    expect(filterForEditing({ ...text, fieldFilter: existing })).toEqual(existing);
  });
});
