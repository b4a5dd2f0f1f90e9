import { describe, expect, it } from '@jest/globals';
import { aggregatorsFor, aliasFrom, aliasProblem, defaultAggregator, fieldLabel, fitToZone, newChartField, searchFields } from './fields';
import { field, SALES_FIELDS } from './testing';

describe('field rules', () => {
  it('offers sum and avg only for number fields (spec 01 §5)', () => {
    expect(aggregatorsFor('number')).toEqual(['sum', 'avg', 'count', 'countDistinct', 'max', 'min']);
    expect(aggregatorsFor('string')).toEqual(['count', 'countDistinct', 'max', 'min']);
    expect(aggregatorsFor('date')).not.toContain('sum');
  });

  it('takes the source default aggregator when the type allows it, else sum for numbers and count otherwise', () => {
    expect(defaultAggregator('number', 'avg')).toBe('avg');
    expect(defaultAggregator('number', '')).toBe('sum');
    expect(defaultAggregator('string', 'sum')).toBe('count');
  });

  it('makes dimensions and measures from source fields', () => {
    expect(newChartField(field('day'), 'points')).toEqual({ name: 'day', title: 'Day', dataType: 'date', orderBy: '', granularity: 0 });
    expect(newChartField(field('province'), 'secondPoints')).toEqual({ name: 'province', title: 'Province', dataType: 'string', orderBy: '' });
    expect(newChartField(field('profit'), 'values')).toEqual({ name: 'profit', title: 'Profit', dataType: 'number', orderBy: '', aggregator: 'avg' });
    expect(newChartField(field('province'), 'secondValues').aggregator).toBe('count');
  });

  it('cuts a long source title to a valid alias', () => {
    const long = { name: 'x', title: '一二三四五六七八九十一二三四五六七八九十二', dataType: 'string' as const };
    expect([...newChartField(long, 'points').title!]).toHaveLength(20);
    expect(aliasFrom('  ab  ')).toBe('ab');
  });

  it('fits a moved field to its new zone', () => {
    const measure = { name: 'day', title: 'D', dataType: 'date' as const, aggregator: 'max' as const, showTrendline: true, formatter: { type: 1 as const, isCustomizeUnit: false, unit: 0 as const, customUnit: '', decimalPlaces: 0, useThousandth: false }, orderBy: 'asc' as const };
    expect(fitToZone(measure, 'points')).toEqual({ name: 'day', title: 'D', dataType: 'date', granularity: 0, orderBy: 'asc' });
    expect(fitToZone({ name: 'day', dataType: 'date', granularity: 3 }, 'values')).toEqual({ name: 'day', dataType: 'date', aggregator: 'count' });
    expect(fitToZone({ name: 'amount', dataType: 'number', aggregator: 'avg' }, 'secondValues').aggregator).toBe('avg');
  });

  it('checks aliases: required, 1 to 20 characters', () => {
    expect(aliasProblem('')).toBe('required');
    expect(aliasProblem('   ')).toBe('required');
    expect(aliasProblem('a')).toBeNull();
    expect(aliasProblem('销'.repeat(20))).toBeNull();
    expect(aliasProblem('a'.repeat(21))).toBe('length');
  });

  it('labels fields by alias, else name; searches names and titles', () => {
    expect(fieldLabel({ name: 'amount', title: 'Revenue' })).toBe('Revenue');
    expect(fieldLabel({ name: 'amount', title: ' ' })).toBe('amount');
    expect(searchFields(SALES_FIELDS, ' PROV ').map((f) => f.name)).toEqual(['province']);
    expect(searchFields(SALES_FIELDS, 'profit').map((f) => f.name)).toEqual(['profit']);
    expect(searchFields(SALES_FIELDS, '')).toHaveLength(4);
  });
});
