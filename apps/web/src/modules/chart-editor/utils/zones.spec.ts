import { describe, expect, it } from '@jest/globals';
import { addField, applyDrop, dragRefOf, dropRefOf, itemDragId, moveField, removeField, sourceDragId, TRASH_ID, updateField, zoneDropId } from './zones';
import { field, SALES_FIELDS, salesChart } from './testing';

const names = (list: { name: string }[]) => list.map((f) => f.name);

describe('zones', () => {
  it('adds a source field at the end or before a field', () => {
    let chart = addField(salesChart(), 'values', field('amount')).chart!;
    chart = addField(chart, 'values', field('profit'), 0).chart!;
    expect(names(chart.values)).toEqual(['profit', 'amount']);
  });

  it('refuses a field beyond a zone limit (one compare field)', () => {
    const chart = addField(salesChart(), 'secondPoints', field('province')).chart!;
    expect(addField(chart, 'secondPoints', field('day'))).toEqual({ problem: 'full' });
  });

  it('reorders inside a zone like a sortable list', () => {
    const chart = salesChart({ values: ['a', 'b', 'c'].map((name) => ({ name, dataType: 'number' as const, aggregator: 'sum' as const })) });
    expect(names(moveField(chart, { zone: 'values', index: 0 }, { zone: 'values', index: 2 }).chart!.values)).toEqual(['b', 'c', 'a']);
    expect(names(moveField(chart, { zone: 'values', index: 2 }, { zone: 'values', index: 0 }).chart!.values)).toEqual(['c', 'a', 'b']);
    expect(names(moveField(chart, { zone: 'values', index: 0 }, { zone: 'values' }).chart!.values)).toEqual(['b', 'c', 'a']);
  });

  it('moves between zones, fitting the field to its new zone', () => {
    const chart = salesChart({ points: [{ name: 'day', dataType: 'date', granularity: 3 }], values: [{ name: 'amount', dataType: 'number', aggregator: 'sum' }] });
    const moved = moveField(chart, { zone: 'points', index: 0 }, { zone: 'values', index: 0 }).chart!;
    expect(moved.points).toEqual([]);
    expect(moved.values).toEqual([{ name: 'day', dataType: 'date', aggregator: 'count' }, { name: 'amount', dataType: 'number', aggregator: 'sum' }]);
  });

  it('removes and updates fields', () => {
    const chart = salesChart({ values: [{ name: 'amount', dataType: 'number' }, { name: 'profit', dataType: 'number' }] });
    expect(names(removeField(chart, 'values', 0).values)).toEqual(['profit']);
    expect(updateField(chart, 'values', 1, (f) => ({ ...f, aggregator: 'avg' })).values[1]).toEqual({ name: 'profit', dataType: 'number', aggregator: 'avg' });
  });

  it('applies drops: list → zone, zone → zone, zone → trash, nowhere', () => {
    const chart = salesChart({ points: [{ name: 'province', dataType: 'string' }] });
    expect(names(applyDrop(chart, { kind: 'source', field: field('day') }, { kind: 'zone', zone: 'points', index: 0 }).chart!.points)).toEqual(['day', 'province']);
    expect(applyDrop(chart, { kind: 'source', field: field('day') }, { kind: 'trash' }).chart).toBe(chart);
    expect(applyDrop(chart, { kind: 'zone', zone: 'points', index: 0 }, { kind: 'trash' }).chart!.points).toEqual([]);
    expect(applyDrop(chart, { kind: 'zone', zone: 'points', index: 0 }, null).chart).toBe(chart);
    expect(names(applyDrop(chart, { kind: 'zone', zone: 'points', index: 0 }, { kind: 'zone', zone: 'secondPoints' }).chart!.secondPoints)).toEqual(['province']);
  });

  it('reads dnd ids', () => {
    expect(dragRefOf(sourceDragId('amount'), SALES_FIELDS)).toEqual({ kind: 'source', field: field('amount') });
    expect(dragRefOf(sourceDragId('nope'), SALES_FIELDS)).toBeNull();
    expect(dragRefOf(itemDragId('secondValues', 3), SALES_FIELDS)).toEqual({ kind: 'zone', zone: 'secondValues', index: 3 });
    expect(dropRefOf(zoneDropId('values'))).toEqual({ kind: 'zone', zone: 'values' });
    expect(dropRefOf(itemDragId('points', 1))).toEqual({ kind: 'zone', zone: 'points', index: 1 });
    expect(dropRefOf(TRASH_ID)).toEqual({ kind: 'trash' });
    expect(dropRefOf('zone:elsewhere')).toBeNull();
    expect(dropRefOf(null)).toBeNull();
  });
});
