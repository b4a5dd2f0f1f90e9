import { describe, expect, it } from '@jest/globals';
import { addNode, chooseFilterField, initialDesigner, setLink, updateField, updateFilter, type DesignerState } from '../states/designer';
import type { JoinNodeField } from '../types';
import { duplicateTitles, joinProblems, nameProblem, pairProblem } from './validate';

const field = (name: string, dataType: JoinNodeField['dataType'] = 'string') => ({ name, title: name, originalTitle: name, dataType, check: true, description: '' });

function twoTables(): DesignerState {
  let s = addNode(initialDesigner(), { dataSourceId: 'o', name: 'orders', fields: [field('region'), field('amount', 'number')], x: 0, y: 0 }).state;
  s = addNode(s, { dataSourceId: 'm', name: 'managers', fields: [field('region'), field('manager'), field('code', 'number')], onto: 'orders', x: 0, y: 0 }).state;
  return s;
}

describe('join problems', () => {
  it('asks for a table first', () => {
    expect(joinProblems(initialDesigner())).toEqual([{ kind: 'empty' }]);
  });

  it("refuses duplicate titles among checked fields ('duplicate fields') until one is unchecked or renamed", () => {
    const s = twoTables();
    expect(duplicateTitles(s)).toEqual(['region']);
    expect(joinProblems(s)).toEqual([{ kind: 'duplicateTitles', titles: ['region'] }]);
    expect(joinProblems(updateField(s, 'managers', 'region', { check: false }))).toEqual([]);
    expect(joinProblems(updateField(s, 'managers', 'region', { title: 'Region of manager' }))).toEqual([]);
    expect(joinProblems(updateField(s, 'managers', 'region', { title: ' REGION ' }))).toEqual([{ kind: 'duplicateTitles', titles: ['region'] }]);
  });

  it('refuses join fields of different types and incomplete rows', () => {
    let s = updateField(twoTables(), 'managers', 'region', { check: false });
    expect(pairProblem(s, 'orders', 'managers', { from: 'amount', to: 'region' })).toBe('types');
    expect(pairProblem(s, 'orders', 'managers', { from: 'amount', to: 'code' })).toBeNull();
    s = setLink(s, 'managers', 'inner', [{ from: 'amount', to: 'region' }]);
    expect(joinProblems(s)).toEqual([{ kind: 'joinTypes', table: 'managers', from: 'amount', to: 'region' }]);
    s = setLink(s, 'managers', 'inner', [{ from: 'region', to: null }]);
    expect(joinProblems(s)).toEqual([{ kind: 'joinFields', table: 'managers' }]);
  });

  it('needs a checked field with a valid title and complete filter values', () => {
    let s = updateField(twoTables(), 'managers', 'region', { check: false });
    s = updateField(s, 'orders', 'amount', { title: '' });
    expect(joinProblems(s)).toEqual([{ kind: 'title', table: 'orders', field: 'amount' }]);
    s = updateField(s, 'orders', 'amount', { title: 'amount' });
    s = chooseFilterField(s, 0, 'orders', 'amount');
    expect(joinProblems(s)).toEqual([{ kind: 'filterValue', row: 0 }]);
    expect(joinProblems(updateFilter(s, 0, { compareValue: 'x' }))).toEqual([{ kind: 'filterNumber', row: 0 }]);
    expect(joinProblems(updateFilter(s, 0, { compareValue: '12.5' }))).toEqual([]);
    const none = ['orders', 'managers'].reduce((acc, tb) => ({ ...acc, nodes: acc.nodes.map((n) => (n.showName === tb ? { ...n, fields: n.fields.map((f) => ({ ...f, check: false })) } : n)) }), s);
    expect(joinProblems(updateFilter(none, 0, { compareValue: '1' }))).toEqual([{ kind: 'noFields' }]);
  });

  it('requires a name of 3 to 20 characters', () => {
    expect(nameProblem('  ')).toBe('required');
    expect(nameProblem('ab')).toBe('length');
    expect(nameProblem('订单与经理')).toBeNull();
  });
});

describe('number ranges', () => {
  it('take an open end but not text', () => {
    let s = updateField(twoTables(), 'managers', 'region', { check: false });
    s = chooseFilterField(s, 0, 'orders', 'amount');
    s = updateFilter(s, 0, { compare: 'between' });
    expect(joinProblems(s)).toEqual([{ kind: 'filterValue', row: 0 }]);
    expect(joinProblems(updateFilter(s, 0, { compareValueLeft: '10' }))).toEqual([]);
    expect(joinProblems(updateFilter(s, 0, { compareValueRight: 'x' }))).toEqual([{ kind: 'filterNumber', row: 0 }]);
  });
});
