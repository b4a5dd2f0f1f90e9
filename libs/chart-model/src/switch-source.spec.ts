import { describe, expect, it } from '@jest/globals';
import { emptyChart, type Chart } from './chart.js';
import { renameFields, switchSource } from './switch-source.js';

const f = (name: string, dataType: 'string' | 'number' | 'date' = 'string', title = name) => ({ name, title, dataType });

describe('renameFields (map a field to another before a switch)', () => {
  const chart: Chart = {
    ...emptyChart('c1', 'Sales', 'bar', 'old'),
    points: [{ ...f('area', 'string', 'Region'), fieldFilter: { logic: 0, conditions: [{ field: f('area'), compare: '=', compareValue: 'East' }] } } as never],
    values: [f('amount', 'number')],
    innerFilters: [{ name: 'area', dataType: 'string', range: ['East'] }] as never,
    plotLineY: [{ name: 'avg', valueType: 1, axisField: { axisName: 'amount' } }],
    aggregateConfig: { aggregateField: 'area' } as never,
  };

  it('renames every place switchSource reads a name, keeping the titles', () => {
    const renamed = renameFields(chart, new Map([['area', 'region']]));
    expect(renamed.points[0]).toMatchObject({ name: 'region', title: 'Region' });
    expect(renamed.points[0]!.fieldFilter!.conditions[0]!.field.name).toBe('region');
    expect(renamed.innerFilters[0]!.name).toBe('region');
    expect(renamed.aggregateConfig!.aggregateField).toBe('region');
    expect(renamed.values[0]!.name).toBe('amount');
    expect(renamed.plotLineY![0]!.axisField!.axisName).toBe('amount');
    expect(chart.points[0]!.name).toBe('area');
  });

  it('so a switch to a source naming the field otherwise keeps it', () => {
    const types = new Map([['region', 'string' as const], ['amount', 'number' as const]]);
    expect(switchSource(chart, 'new', (n) => types.get(n)).dropped).toEqual(['area']);
    const moved = switchSource(renameFields(chart, new Map([['area', 'region']])), 'new', (n) => types.get(n));
    expect(moved.dropped).toEqual([]);
    expect(moved.kept).toEqual(['region', 'amount']);
    expect(moved.chart.innerFilters).toHaveLength(1);
  });

  it('changes nothing without names', () => {
    expect(renameFields(chart, new Map())).toBe(chart);
  });
});
