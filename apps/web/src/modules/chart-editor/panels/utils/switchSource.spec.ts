import { describe, expect, it } from '@jest/globals';
import { salesChart } from '../testing/fixtures';
import { fieldNamesOf, planSourceSwitch } from './switchSource';

describe('switching the data source', () => {
  const chart = salesChart('doubleaxis', {
    points: [
      {
        name: 'month',
        dataType: 'date',
        fieldFilter: { logic: 0, conditions: [{ field: { name: 'region', dataType: 'string' }, compare: '=', compareValue: 'East' }] },
      },
    ],
    secondValues: [{ name: 'qty', dataType: 'number' }],
    innerFilters: [{ name: 'channel', dataType: 'string', range: [] }, { name: 'amount', dataType: 'number', range: [] }],
    plotLineY: [
      { name: 'fixed', valueType: 0, value: 1, axisField: { axisName: 'gone' } },
      { name: 'avg', valueType: 1, axisField: { axisName: 'profit' }, formula: 0 },
    ],
    plotLineYOptional: [{ name: 'peak', valueType: 1, axisField: { axisName: 'qty' }, formula: 2 }],
    aggregateConfig: { aggregateField: 'cost', showSum: true },
  });

  it('keeps the names the new source has and drops the others, each once, in chart order', () => {
    const plan = planSourceSwitch(chart, [
      { name: 'month', dataType: 'date' },
      { name: 'amount', dataType: 'number' },
      { name: 'region', dataType: 'string' },
    ]);
    expect(plan.kept).toEqual(['month', 'region', 'amount']);
    expect(plan.dropped).toEqual(['profit', 'qty', 'channel', 'cost']);
    expect(plan.linesRemoved).toBe(2);
    expect(plan.retyped).toEqual([]);
  });

  it('leaves fixed lines alone (their field is not checked)', () => {
    expect(planSourceSwitch(chart, []).dropped).not.toContain('gone');
  });

  it('reports kept fields whose type changes', () => {
    const plan = planSourceSwitch(salesChart(), [
      { name: 'month', dataType: 'string' },
      { name: 'amount', dataType: 'number' },
      { name: 'profit', dataType: 'string' },
    ]);
    expect(plan.dropped).toEqual([]);
    expect(plan.retyped).toEqual([
      { name: 'month', from: 'date', to: 'string' },
      { name: 'profit', from: 'number', to: 'string' },
    ]);
  });

  it('skips the conditions of a dropped field, as the server does', () => {
    const plan = planSourceSwitch(chart, [{ name: 'amount', dataType: 'number' }]);
    expect(plan.dropped.slice(0, 1)).toEqual(['month']);
    expect(plan.dropped).not.toContain('region');
  });

  it('keeps everything on a source with every field', () => {
    const names = fieldNamesOf(chart);
    expect(names).toEqual(['month', 'region', 'amount', 'profit', 'qty', 'channel', 'cost']);
    const plan = planSourceSwitch(chart, names.map((name) => ({ name, dataType: 'number' as const })));
    expect(plan.dropped).toEqual([]);
    expect(plan.kept).toEqual(names);
  });
});
