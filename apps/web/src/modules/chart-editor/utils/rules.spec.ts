import { describe, expect, it } from '@jest/globals';
import { CHART_TYPES } from '@bi/chart-model';
import { areaToggleOffered, changeType, disableSecondPoints, disableSecondValues, fieldOptions, formatterAllowed, initialAreas, trendlineAllowed, zoneOverflow } from './rules';
import { salesChart } from './testing';

const amount = { name: 'amount', dataType: 'number' as const, aggregator: 'sum' as const };
const day = { name: 'day', dataType: 'date' as const, granularity: 3 as const };

describe('chart type change (spec 01 §4)', () => {
  it('clears the colour settings and keeps the fields', () => {
    const chart = salesChart({ colorSettings: ['#f00'], points: [day], values: [amount], shape: true });
    const line = changeType(chart, 'line');
    expect(line).toMatchObject({ type: 'line', colorSettings: [], points: [day], values: [amount], shape: true });
    expect(changeType(chart, 'bar')).toBe(chart);
  });

  it('forces shape off for a pie', () => {
    expect(changeType(salesChart({ shape: true }), 'pie').shape).toBe(false);
    // and back: the fields are all still there
    const back = changeType(changeType(salesChart({ points: [day, day], values: [amount, amount] }), 'pie'), 'bar');
    expect(back.points).toHaveLength(2);
    expect(back.values).toHaveLength(2);
  });
});

describe('second values and second points (spec 01 §4)', () => {
  it('turning second values off moves them back into values', () => {
    const chart = salesChart({ values: [amount], secondValues: [{ ...amount, name: 'profit' }] });
    expect(disableSecondValues(chart)).toMatchObject({ values: [amount, { ...amount, name: 'profit' }], secondValues: [] });
  });

  it('turning second points off clears them', () => {
    expect(disableSecondPoints(salesChart({ secondPoints: [day] })).secondPoints).toEqual([]);
  });

  it('opens the areas holding fields and the second axis of double axis and progress', () => {
    expect(initialAreas(salesChart())).toEqual({ secondPoints: false, secondValues: false });
    expect(initialAreas(salesChart({ secondPoints: [day] }))).toEqual({ secondPoints: true, secondValues: false });
    expect(initialAreas(salesChart({ type: 'doubleaxis' })).secondValues).toBe(true);
  });

  it('offers the switches for kinds that draw them, or to remove fields left from another kind', () => {
    expect(areaToggleOffered(salesChart({ type: 'bar' }), 'secondPoints')).toBe(true);
    expect(areaToggleOffered(salesChart({ type: 'pie' }), 'secondPoints')).toBe(false);
    expect(areaToggleOffered(salesChart({ type: 'pie', secondPoints: [day] }), 'secondPoints')).toBe(true);
    expect(areaToggleOffered(salesChart({ type: 'bar' }), 'secondValues')).toBe(false);
    expect(areaToggleOffered(salesChart({ type: 'doubleaxis' }), 'secondValues')).toBe(true);
  });
});

describe('field menu (spec 01 §5)', () => {
  it('trendline only for bar, line, scatter, doubleaxis; value format hidden for nav', () => {
    expect(CHART_TYPES.filter(trendlineAllowed)).toEqual(['bar', 'line', 'scatter', 'doubleaxis']);
    expect(CHART_TYPES.filter((t) => !formatterAllowed(t))).toEqual(['nav']);
  });

  it('offers per zone and type what applies', () => {
    const bar = salesChart({ type: 'bar' });
    expect(fieldOptions(bar, 'values', amount)).toMatchObject({ trendline: true, formatter: true, granularity: false });
    expect(fieldOptions(bar, 'values', amount).aggregators).toContain('sum');
    expect(fieldOptions(bar, 'values', { name: 'p', dataType: 'string' }).aggregators).not.toContain('avg');
    expect(fieldOptions(bar, 'points', day)).toMatchObject({ granularity: true, trendline: false, formatter: false, aggregators: [] });
    expect(fieldOptions(bar, 'points', { name: 'p', dataType: 'string' }).granularity).toBe(false);
    expect(fieldOptions(salesChart({ type: 'nav' }), 'values', amount)).toMatchObject({ formatter: false, trendline: false });
    expect(fieldOptions(salesChart({ type: 'pie' }), 'values', amount).trendline).toBe(false);
  });

  it('says when a kind draws fewer fields than a zone holds', () => {
    expect(zoneOverflow(salesChart({ type: 'pie', points: [day, day] }), 'points')).toBe(1);
    expect(zoneOverflow(salesChart({ type: 'bar', points: [day, day] }), 'points')).toBeNull();
  });
});
