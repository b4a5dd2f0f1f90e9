import { describe, expect, it } from '@jest/globals';
import { salesChart, SALES_FIELDS } from '../testing/fixtures';
import { addInnerFilter, filterCandidates, innerFilterProblem, MAX_INNER_FILTERS, newInnerFilter, rangeEnds, rangeFromEnds, removeInnerFilter, textValues, updateInnerFilter } from './innerFilters';

const [month, region, amount] = SALES_FIELDS as [(typeof SALES_FIELDS)[0], (typeof SALES_FIELDS)[0], (typeof SALES_FIELDS)[0]];

describe('inner filters', () => {
  it('starts a filter with no restriction, per type', () => {
    expect(newInnerFilter(month)).toMatchObject({ name: 'month', title: 'Month', dataType: 'date', range: [], granularity: 0 });
    expect(newInnerFilter(amount)).toMatchObject({ name: 'amount', dataType: 'number', numberOption: 'all', range: [] });
    expect(newInnerFilter(region)).toMatchObject({ name: 'region', dataType: 'string', range: [] });
    expect(newInnerFilter({ name: 'profit', dataType: 'number' }).title).toBe('profit');
    expect(newInnerFilter(month).id).not.toBe(newInnerFilter(month).id);
  });

  it('adds one filter per field, at most 50', () => {
    const one = addInnerFilter(salesChart(), region);
    expect(one.innerFilters.map((f) => f.name)).toEqual(['region']);
    expect(addInnerFilter(one, region)).toBe(one);
    expect(filterCandidates(SALES_FIELDS, one.innerFilters).map((f) => f.name)).toEqual(['month', 'amount', 'profit']);
    const full = salesChart('bar', { innerFilters: Array.from({ length: MAX_INNER_FILTERS }, (_, i) => ({ name: `f${i}`, dataType: 'string' as const, range: [] })) });
    expect(addInnerFilter(full, region)).toBe(full);
    expect(removeInnerFilter(one, 0).innerFilters).toEqual([]);
  });

  it('checks date ranges: yyyy-MM-dd, from not after to, open ends allowed', () => {
    const f = newInnerFilter(month);
    expect(innerFilterProblem({ ...f, range: ['2024-01-01', '2024-12-31'] })).toBeNull();
    expect(innerFilterProblem({ ...f, range: ['2024-01-01', ''] })).toBeNull();
    expect(innerFilterProblem({ ...f, range: ['2024-12-31', '2024-01-01'] })).toBe('dateOrder');
    expect(innerFilterProblem({ ...f, range: ['2024/01/01', ''] })).toBe('dateFormat');
  });

  it('checks custom number ranges; "all" has none', () => {
    const f = { ...newInnerFilter(amount), numberOption: 'custom' as const };
    expect(innerFilterProblem({ ...f, range: [1, 10] })).toBeNull();
    expect(innerFilterProblem({ ...f, range: [10, 1] })).toBe('numberOrder');
    expect(innerFilterProblem({ ...f, range: ['x', 1] })).toBe('numberFormat');
    expect(innerFilterProblem({ ...f, numberOption: 'all', range: ['x'] })).toBeNull();
  });

  it('takes at most 1000 text values', () => {
    const f = newInnerFilter(region);
    expect(innerFilterProblem({ ...f, range: Array.from({ length: 1001 }, (_, i) => `v${i}`) })).toBe('tooManyValues');
  });

  it('updates a valid filter and keeps the chart for an invalid one', () => {
    const chart = addInnerFilter(salesChart(), month);
    const good = updateInnerFilter(chart, 0, { ...chart.innerFilters[0]!, range: ['2024-01-01', '2024-06-30'] });
    expect(good.problem).toBeNull();
    expect(good.chart.innerFilters[0]!.range).toEqual(['2024-01-01', '2024-06-30']);
    const bad = updateInnerFilter(chart, 0, { ...chart.innerFilters[0]!, range: ['2024-06-30', '2024-01-01'] });
    expect(bad).toEqual({ chart, problem: 'dateOrder' });
  });

  it('converts range ends to stored values and back', () => {
    expect(rangeFromEnds('number', ' 1 ', '')).toEqual([1, '']);
    expect(rangeFromEnds('number', '', '')).toEqual([]);
    expect(rangeFromEnds('date', '2024-01-01', '2024-02-01')).toEqual(['2024-01-01', '2024-02-01']);
    expect(rangeEnds({ name: 'a', dataType: 'number', range: [1] })).toEqual(['1', '']);
    expect(rangeEnds({ name: 'a', dataType: 'number', range: [] })).toEqual(['', '']);
  });

  it('cleans text values', () => {
    expect(textValues([' East ', '', 'East', 'West'])).toEqual(['East', 'West']);
  });
});
