import { describe, expect, it } from '@jest/globals';
import type { Field } from '../types';
import { aggregatorsFor, fieldsReducer, initialFieldsState, rowsToFields, validateRows, type FieldsAction, type FieldsState } from './fields';

const fields: Field[] = [
  { name: 'region', title: 'region', dataType: 'string', expression: '', aggregator: '' },
  { name: 'amount', title: 'amount', dataType: 'number', expression: '', aggregator: 'sum' },
  { name: 'twice', title: 'Twice', dataType: 'number', expression: 'amount * 2', aggregator: '' },
];

const run = (state: FieldsState, ...actions: FieldsAction[]) => actions.reduce(fieldsReducer, state);

describe('field list edit / save / cancel', () => {
  it('edit copies the saved list into a draft; changes touch only the draft', () => {
    const start = initialFieldsState(fields);
    const state = run(start, { type: 'edit' }, { type: 'title', key: 'field:region', title: 'Region' }, { type: 'aggregator', key: 'field:amount', aggregator: 'avg' });
    expect(state.draft?.map((r) => [r.title, r.aggregator])).toEqual([
      ['Region', ''],
      ['amount', 'avg'],
      ['Twice', ''],
    ]);
    expect(state.saved).toBe(fields);
    expect(fields[0]!.title).toBe('region');
  });

  it('cancel restores the previous list, with added and removed calculated fields undone', () => {
    const state = run(
      initialFieldsState(fields),
      { type: 'edit' },
      { type: 'title', key: 'field:amount', title: 'Amount' },
      { type: 'remove', key: 'field:twice' },
      { type: 'addCalculated' },
      { type: 'cancel' },
    );
    expect(state.draft).toBeNull();
    expect(state.saved).toEqual(fields);
    // editing again starts from the saved list, not from the cancelled draft
    const again = fieldsReducer(state, { type: 'edit' });
    expect(rowsToFields(again.draft!)).toEqual(fields);
  });

  it('saved replaces the list and leaves edit mode', () => {
    const next = fields.map((f) => ({ ...f, title: f.title.toUpperCase() }));
    const state = run(initialFieldsState(fields), { type: 'edit' }, { type: 'saved', fields: next });
    expect(state).toMatchObject({ saved: next, draft: null });
  });

  it('database fields cannot be removed or renamed; calculated ones can', () => {
    const state = run(
      initialFieldsState(fields),
      { type: 'edit' },
      { type: 'remove', key: 'field:region' },
      { type: 'calcName', key: 'field:amount', name: 'x' },
      { type: 'expression', key: 'field:amount', expression: '1' },
      { type: 'calcName', key: 'field:twice', name: 'double' },
    );
    expect(state.draft!.map((r) => r.name)).toEqual(['region', 'amount', 'double']);
    expect(state.draft![1]!.expression).toBe('');
    // a custom alias is kept when the name changes
    expect(state.draft![2]!.title).toBe('Twice');
  });

  it('a new calculated field: its alias follows its name; it is sent after the database fields', () => {
    const state = run(initialFieldsState(fields), { type: 'edit' }, { type: 'addCalculated' }, { type: 'calcName', key: 'new:1', name: 'tax' }, { type: 'expression', key: 'new:1', expression: ' amount * 0.1 ' });
    expect(rowsToFields(state.draft!).at(-1)).toEqual({ name: 'tax', title: 'tax', dataType: 'number', expression: 'amount * 0.1', aggregator: '' });
  });

  it('load while viewing replaces the saved list', () => {
    expect(fieldsReducer(initialFieldsState(), { type: 'load', fields }).saved).toBe(fields);
  });
});

describe('field checks', () => {
  const rowsOf = (...actions: FieldsAction[]) => run(initialFieldsState(fields), { type: 'edit' }, ...actions).draft!;

  it('accepts the stored list', () => {
    expect(validateRows(rowsOf())).toEqual([]);
  });

  it('alias 1 to 20 characters', () => {
    expect(validateRows(rowsOf({ type: 'title', key: 'field:region', title: ' ' }))).toEqual([{ key: 'field:region', member: 'title', problem: 'aliasRule' }]);
    expect(validateRows(rowsOf({ type: 'title', key: 'field:region', title: 'x'.repeat(21) }))).toHaveLength(1);
    expect(validateRows(rowsOf({ type: 'title', key: 'field:region', title: '地区'.repeat(10) }))).toEqual([]);
  });

  it('calculated fields need a unique name (ignoring case) and a formula', () => {
    const issues = validateRows(rowsOf({ type: 'addCalculated' }, { type: 'calcName', key: 'new:1', name: 'AMOUNT' }));
    expect(issues.map((i) => i.problem)).toEqual(['calcNameUsed', 'expressionRequired']);
    expect(validateRows(rowsOf({ type: 'addCalculated' })).map((i) => i.problem)).toEqual(['aliasRule', 'calcNameRule', 'expressionRequired']);
  });

  it('sum and avg only for number fields', () => {
    expect(validateRows(rowsOf({ type: 'aggregator', key: 'field:region', aggregator: 'sum' }))).toEqual([{ key: 'field:region', member: 'aggregator', problem: 'aggregatorRule' }]);
    expect(aggregatorsFor('string')).toEqual(['', 'max', 'min', 'count', 'countDistinct']);
    expect(aggregatorsFor('number')).toContain('sum');
  });
});
