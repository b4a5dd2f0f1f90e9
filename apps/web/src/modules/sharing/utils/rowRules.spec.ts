import { describe, expect, it } from '@jest/globals';
import { newRow, normalizeRuleSet, operatorsFor, rowProblem, toRows, toRuleSet, withField, type RuleField, type RuleRow } from './rowRules';

const fields: RuleField[] = [
  { name: 'region', dataType: 'string' },
  { name: 'amount', dataType: 'number' },
  { name: 'day', dataType: 'date' },
];

const row = (over: Partial<RuleRow>): RuleRow => ({ key: 'k', target: 'role:viewer', field: 'region', compare: '=', value: '', left: '', right: '', ...over });

describe('row rules form', () => {
  it('offers the operators the server accepts per type', () => {
    expect(operatorsFor('number')).toEqual(['>', '<', '=', '!=', '<=', '>=', 'between']);
    expect(operatorsFor('string')).toEqual(['=', '!=', 'like', 'notLike']);
    expect(operatorsFor('date')).toEqual(['between']);
    expect(operatorsFor(undefined)).toEqual([]);
  });

  it('maps stored rules to rows and back unchanged', () => {
    const set = {
      denyByDefault: true,
      rules: [
        { roleId: 'viewer', field: 'region', compare: 'like' as const, compareValue: 'East' },
        { userId: 'u-7', field: 'amount', compare: 'between' as const, compareValueLeft: 10, compareValueRight: 20.5 },
        { roleId: 'analyst', field: 'day', compare: 'between' as const, compareValueLeft: '2024-01-01', compareValueRight: '2024-12-31' },
        { userId: 'u:8', field: 'amount', compare: '>=' as const, compareValue: 0 },
      ],
    };
    const rows = toRows(set);
    expect(rows.map((r) => r.target)).toEqual(['role:viewer', 'user:u-7', 'role:analyst', 'user:u:8']);
    expect(rows[1]).toMatchObject({ left: '10', right: '20.5', value: '' });
    expect(rows.map((r) => rowProblem(r, fields))).toEqual([null, null, null, null]);
    expect(toRuleSet(rows, true, fields)).toEqual(set);
    expect(new Set(rows.map((r) => r.key)).size).toBe(4);
  });

  it('sends numbers as numbers and keeps text as typed', () => {
    const set = toRuleSet([row({ field: 'amount', compare: '>', value: ' 12 ' }), row({ field: 'region', compare: '!=', value: ' a ' })], false, fields);
    expect(set.rules).toEqual([
      { roleId: 'viewer', field: 'amount', compare: '>', compareValue: 12 },
      { roleId: 'viewer', field: 'region', compare: '!=', compareValue: ' a ' },
    ]);
    expect(set.denyByDefault).toBe(false);
  });

  it('says why a row cannot be saved', () => {
    expect(rowProblem(row({ target: '', value: 'x' }), fields)).toBe('target');
    expect(rowProblem(row({ field: 'gone', value: 'x' }), fields)).toBe('field');
    expect(rowProblem(row({ compare: '>', value: 'x' }), fields)).toBe('operator');
    expect(rowProblem(row({ field: 'day', compare: '=', value: '2024-01-01' }), fields)).toBe('operator');
    expect(rowProblem(row({ value: '  ' }), fields)).toBe('value');
    expect(rowProblem(row({ field: 'amount', value: 'ten' }), fields)).toBe('number');
    expect(rowProblem(row({ field: 'amount', compare: 'between', left: '5', right: '' }), fields)).toBe('value');
    expect(rowProblem(row({ field: 'amount', compare: 'between', left: '9', right: '5' }), fields)).toBe('order');
    expect(rowProblem(row({ field: 'day', compare: 'between', left: '2024-1-1', right: '2024-02-01' }), fields)).toBe('date');
    expect(rowProblem(row({ field: 'day', compare: 'between', left: '2024-03-01', right: '2024-02-01' }), fields)).toBe('order');
  });

  it('keeps the operator when the new field offers it, else takes its first', () => {
    expect(withField(row({ compare: '!=' }), fields[1]).compare).toBe('!=');
    expect(withField(row({ compare: 'like' }), fields[1]).compare).toBe('>');
    expect(withField(row({ compare: '=' }), fields[2]).compare).toBe('between');
    expect(newRow(fields)).toMatchObject({ target: '', field: 'region', compare: '=' });
    expect(newRow([])).toMatchObject({ field: '', compare: '' });
  });

  it('reads an answer defensively', () => {
    expect(normalizeRuleSet(null)).toEqual({ denyByDefault: false, rules: [] });
    expect(normalizeRuleSet({ denyByDefault: 'yes', rules: [1, { field: 'a' }] })).toEqual({ denyByDefault: false, rules: [{ field: 'a' }] });
  });
});
