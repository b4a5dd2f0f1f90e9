import { describe, expect, it } from '@jest/globals';
import type { JoinNodeField } from '../types';
import { addFilter, addNode, chooseFilterField, downstream, fromDefinition, initialDesigner, removeFilter, removeNode, setLink, toDefinition, uniqueShowName, updateField, type DesignerState } from './designer';

const field = (name: string, dataType: JoinNodeField['dataType'] = 'string'): Omit<JoinNodeField, 'tbName'> => ({ name, title: name, originalTitle: name, dataType, check: true, description: '' });
const orders = { dataSourceId: 'o', name: 'orders', fields: [field('region'), field('amount', 'number'), field('day', 'date')], x: 0, y: 0 };
const managers = { dataSourceId: 'm', name: 'managers', fields: [field('region'), field('manager')], x: 300, y: 0 };

function drop(state: DesignerState, source: typeof orders, onto?: string) {
  const result = addNode(state, { ...source, onto });
  expect(result.problem).toBeUndefined();
  return result.state;
}

describe('join designer state', () => {
  it('makes the first dropped table the root and links later ones from the table they were dropped onto (left, matching field)', () => {
    let s = drop(initialDesigner(), orders);
    expect(s.nodes.map((n) => n.showName)).toEqual(['orders']);
    expect(s.links).toEqual([]);
    s = drop(s, managers, 'orders');
    expect(s.links).toEqual([{ from: 'orders', to: 'managers', joinType: 'left', pairs: [{ from: 'region', to: 'region' }] }]);
    expect(s.nodes[1]!.fields.every((f) => f.tbName === 'managers')).toBe(true);
  });

  it('refuses a later table dropped beside the tables, or onto a table not on the canvas', () => {
    const s = drop(initialDesigner(), orders);
    expect(addNode(s, managers).problem).toBe('dropOntoTable');
    expect(addNode(s, { ...managers, onto: 'ghost' }).problem).toBe('unknownTable');
    expect(addNode(s, managers).state).toBe(s);
  });

  it('gives a repeated table a numbered suffix', () => {
    expect(uniqueShowName('orders', [])).toBe('orders');
    expect(uniqueShowName('orders', ['orders'])).toBe('orders(1)');
    expect(uniqueShowName('orders', ['orders', 'orders(1)'])).toBe('orders(2)');
    let s = drop(initialDesigner(), orders);
    s = drop(s, orders, 'orders');
    expect(s.nodes.map((n) => n.showName)).toEqual(['orders', 'orders(1)']);
  });

  it('removes a table with everything linked below it, their links and filter rows; one filter row remains', () => {
    let s = drop(initialDesigner(), orders);
    s = drop(s, managers, 'orders');
    s = drop(s, managers, 'managers');
    s = drop(s, { ...managers, name: 'other' }, 'orders');
    expect(downstream(s, 'managers')).toEqual(['managers', 'managers(1)']);
    s = chooseFilterField(s, 0, 'managers(1)', 'manager');
    const after = removeNode(s, 'managers');
    expect(after.nodes.map((n) => n.showName)).toEqual(['orders', 'other']);
    expect(after.links.map((l) => l.to)).toEqual(['other']);
    expect(after.filters).toHaveLength(1);
    expect(after.filters[0]!.tb).toBeNull();
    expect(removeNode(after, 'orders').nodes).toEqual([]);
  });

  it('defaults a filter row to = or between for dates, and keeps the last row', () => {
    let s = drop(initialDesigner(), orders);
    s = chooseFilterField(s, 0, 'orders', 'day');
    expect(s.filters[0]!.compare).toBe('between');
    s = chooseFilterField(s, 0, 'orders', 'amount');
    expect(s.filters[0]!.compare).toBe('=');
    expect(removeFilter(s, 0)).toBe(s);
    s = addFilter(s);
    expect(removeFilter(s, 0).filters).toHaveLength(1);
  });

  it('keeps one join-field row on a link', () => {
    let s = drop(initialDesigner(), orders);
    s = drop(s, managers, 'orders');
    s = setLink(s, 'managers', 'inner', []);
    expect(s.links[0]).toMatchObject({ joinType: 'inner', pairs: [{ from: null, to: null }] });
  });

  it('sends complete rows only, with types, and reads a stored join back', () => {
    let s = drop(initialDesigner(), orders);
    s = drop(s, managers, 'orders');
    s = updateField(s, 'managers', 'region', { check: false });
    s = chooseFilterField(s, 0, 'orders', 'amount');
    s = { ...s, name: ' Sales ', filters: [{ ...s.filters[0]!, compareValue: '5' }, { tb: null, field: null, compare: '=', compareValue: null, compareValueLeft: null, compareValueRight: null }] };
    const def = toDefinition(s);
    expect(def.name).toBe('Sales');
    expect(def.links).toEqual([
      { dataSourceId: 'm', table: 'managers', from: 'orders', fromTable: 'orders', to: 'managers', toTable: 'managers', joinType: 'left', joinFields: [{ fromField: { name: 'region', dataType: 'string' }, toField: { name: 'region', dataType: 'string' } }] },
    ]);
    expect(def.where).toEqual({ whereType: 'condition', linker: 'and', filterItems: [{ tb: 'orders', field: 'amount', compare: '=', compareValue: '5', compareValueLeft: '', compareValueRight: '' }] });
    expect(def.nodeDataArray.map((n) => n.location)).toEqual(['0 0', '300 0']);
    const back = fromDefinition(def);
    expect(back.links).toEqual(s.links);
    expect(back.nodes.map((n) => n.showName)).toEqual(['orders', 'managers']);
    expect(toDefinition(back)).toEqual(def);
  });
});
