import { describe, expect, it } from '@jest/globals';
import { emptyChart, type Chart } from '@bi/chart-model';
import { compareFilter, compareValues } from './compare';

const f = (name: string, dataType: 'string' | 'number' | 'date' = 'string', title?: string) => ({ name, dataType, ...(title ? { title } : {}) });
const chart = (extra: Partial<Chart>): Chart => ({ ...emptyChart('c', 'Sales', 's', 'stack_bar'), points: [f('province')], values: [f('amount', 'number')], ...extra });

describe('compare split', () => {
  it('reads the compare values from the series names', () => {
    const c = chart({ secondPoints: [f('category')] });
    expect(compareValues(c, { series: [{ name: 'Office' }, { name: 'Tech' }, { name: '-' }, { name: 'Tech' }] })).toEqual(['Office', 'Tech']);
  });

  it('strips the measure alias when the chart shows several measures', () => {
    const c = chart({ secondPoints: [f('category')], values: [f('amount', 'number', 'Amount'), f('profit', 'number')] });
    expect(compareValues(c, { series: [{ name: 'Office · Amount' }, { name: 'Office · profit' }, { name: 'Tech · Amount' }] })).toEqual(['Office', 'Tech']);
    // a value named by its aggregator ('profit (Average)', issue 27)
    expect(compareValues(c, { series: [{ name: 'Office · Amount' }, { name: 'Office · profit (Average)' }, { name: 'Tech · profit (平均)' }] })).toEqual(['Office', 'Tech']);
  });

  it('has no values without a compare field, and filters one value of its type', () => {
    expect(compareValues(chart({}), { series: [{ name: 'amount' }] })).toEqual([]);
    expect(compareFilter(chart({ secondPoints: [f('category')] }), 'Tech')).toEqual({ id: 'compare:category', name: 'category', dataType: 'string', range: ['Tech'] });
    expect(compareFilter(chart({ secondPoints: [{ ...f('day', 'date'), granularity: 1 }] }), '2024-01-01')).toEqual({ id: 'compare:day', name: 'day', dataType: 'date', granularity: 1, range: ['2024-01-01', '2024-01-01'] });
    expect(compareFilter(chart({}), 'x')).toBeNull();
  });
});
