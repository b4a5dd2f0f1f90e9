import { describe, expect, it } from '@jest/globals';
import { salesChart } from '../testing/fixtures';
import { colorKey, setStatistic, setStatisticColor, setStatisticField, STATISTIC_COLOR_OPTIONS, statisticColorOf, statisticFieldMissing, statisticFields } from './statistics';

describe('statistics', () => {
  it('offers the nine colours of spec 01 §9', () => {
    expect(STATISTIC_COLOR_OPTIONS.map(colorKey)).toEqual(['5DA4FE', '6BE6C1', 'E7505A', '89CF0D', 'EE8F00', '8E44AD', 'FFFFFF', '333', 'aaa']);
  });

  it('switches sums, averages, maxima and minima on and off', () => {
    const chart = setStatistic(setStatistic(salesChart('card'), 'showSum', true), 'showMax', true);
    expect(chart.aggregateConfig).toEqual({ showSum: true, showMax: true });
    expect(setStatistic(chart, 'showSum', false).aggregateConfig).toEqual({ showSum: false, showMax: true });
  });

  it('sets the field, undefined for the first value field', () => {
    const chart = setStatisticField(salesChart('table'), 'profit');
    expect(chart.aggregateConfig).toEqual({ aggregateField: 'profit' });
    expect(setStatisticField(chart, undefined)).not.toHaveProperty('aggregateConfig');
    expect(setStatisticField(chart, '')).not.toHaveProperty('aggregateConfig');
  });

  it('takes only the nine colours', () => {
    expect(setStatisticColor(salesChart('card'), '#E7505A').aggregateConfig).toEqual({ showFontColor: '#E7505A' });
    const chart = salesChart('card');
    expect(setStatisticColor(chart, '#123456')).toBe(chart);
    expect(setStatisticColor(setStatisticColor(chart, '#333'), undefined)).not.toHaveProperty('aggregateConfig');
  });

  it('reads a stored colour in any spelling as its option', () => {
    expect(statisticColorOf(salesChart('card', { aggregateConfig: { showFontColor: 'e7505a' } }))).toBe('#E7505A');
    expect(statisticColorOf(salesChart('card', { aggregateConfig: { showFontColor: '333' } }))).toBe('#333');
    expect(statisticColorOf(salesChart('card', { aggregateConfig: { showFontColor: '#AAA' } }))).toBe('#aaa');
    expect(statisticColorOf(salesChart('card'))).toBeUndefined();
  });

  it('lists the value fields once each and tells when the chosen one is gone', () => {
    const chart = salesChart('table', { secondValues: [{ name: 'amount', dataType: 'number' }, { name: 'qty', dataType: 'number' }] });
    expect(statisticFields(chart).map((f) => f.name)).toEqual(['amount', 'profit', 'qty']);
    expect(statisticFieldMissing(setStatisticField(chart, 'qty'))).toBe(false);
    expect(statisticFieldMissing(setStatisticField(chart, 'Amount'))).toBe(false);
    expect(statisticFieldMissing(setStatisticField(chart, 'cost'))).toBe(true);
    expect(statisticFieldMissing(chart)).toBe(false);
  });
});
