import { emptyChart, type Chart, type ChartField } from './chart.js';
import { DRILL_CHART_TYPES, drilledChart, drillPathProblem, drillProblem, drillsFurther, drillValueOf, syncDrill, type DrillLevel } from './drill.js';
import { switchSource } from './switch-source.js';

const f = (name: string, dataType: ChartField['dataType'] = 'string', extra: Partial<ChartField> = {}): ChartField => ({ name, dataType, ...extra });
const levels = (...names: string[]): DrillLevel[] => names.map((name) => ({ name, dataType: 'string' }));
const chart = (extra: Partial<Chart> = {}): Chart => ({ ...emptyChart('c1', 't', 'ds1', 'bar'), points: [f('region')], values: [f('amount', 'number')], drill: levels('region', 'province', 'city'), ...extra });
const types: Record<string, ChartField['dataType']> = { region: 'string', province: 'string', city: 'string', amount: 'number', day: 'date' };

describe('drillProblem', () => {
  it('accepts a hierarchy whose first level is the first dimension, and a date by granularity', () => {
    expect(drillProblem(chart(), (n) => types[n])).toBeNull();
    const byDate = chart({ type: 'line', points: [f('day', 'date', { granularity: 1 })], drill: [1, 2, 3, 5].map((g) => ({ name: 'day', dataType: 'date' as const, granularity: g as 1 })) });
    expect(drillProblem(byDate, (n) => types[n])).toBeNull();
  });
  it('no hierarchy: nothing to check', () => expect(drillProblem(chart({ drill: undefined }))).toBeNull());
  it.each<[string, Partial<Chart>, string]>([
    ['a kind that does not drill', { type: 'card' }, 'chart.drill_kind'],
    ['one level', { drill: levels('region') }, 'chart.drill_levels'],
    ['six levels', { drill: levels('region', 'a', 'b', 'c', 'd', 'e') }, 'chart.drill_levels'],
    ['a first level other than the dimension', { drill: levels('province', 'city') }, 'chart.drill_first_level'],
    ['a chart without dimension', { points: [] }, 'chart.drill_first_level'],
    ['a field twice', { drill: levels('region', 'city', 'city') }, 'chart.drill_duplicate'],
    ['a granularity on a text', { drill: [{ name: 'region', dataType: 'string' }, { name: 'city', dataType: 'string', granularity: 3 }] }, 'chart.drill_granularity'],
    ['a date from finer to coarser', { points: [f('day', 'date', { granularity: 3 })], drill: [{ name: 'day', dataType: 'date', granularity: 3 }, { name: 'day', dataType: 'date', granularity: 1 }] }, 'chart.drill_granularity'],
    ['a field the source lacks', { drill: levels('region', 'street') }, 'chart.unknown_field'],
  ])('refuses %s', (_name, extra, key) => {
    expect(drillProblem(chart(extra), (n) => types[n])?.key).toBe(key);
  });
  it('the kinds that drill are those with a clickable category', () => {
    expect([...DRILL_CHART_TYPES].sort()).toEqual(['bar', 'doubleaxis', 'funnel', 'line', 'pie', 'scatter', 'stack_bar', 'table']);
  });
});

describe('drilled chart', () => {
  it('swaps the first dimension for the level below the path, keeping its order and the other dimensions', () => {
    const c = chart({ points: [f('region', 'string', { orderBy: 'desc', title: 'Region' }), f('amount_band')] });
    expect(drilledChart(c, ['East']).points).toEqual([f('province', 'string', { orderBy: 'desc' }), f('amount_band')]);
    expect(drilledChart(c, ['East', 'Zhejiang']).points[0]!.name).toBe('city');
    expect(drilledChart(c, [])).toBe(c);
  });
  it('reads the path against the hierarchy', () => {
    expect(drillPathProblem(chart(), ['East'])).toBeNull();
    expect(drillPathProblem(chart(), ['East', 'Zhejiang', 'Hangzhou'])).not.toBeNull();
    expect(drillPathProblem(chart({ drill: undefined }), ['East'])).not.toBeNull();
    expect(drillsFurther(chart(), 1)).toBe(true);
    expect(drillsFurther(chart(), 2)).toBe(false);
  });
  it('the clicked value is the first dimension of a category of several', () => {
    expect(drillValueOf(chart({ points: [f('region'), f('x')] }), 'East / 1')).toBe('East');
    expect(drillValueOf(chart(), 'East / West')).toBe('East / West');
  });
});

describe('switching source', () => {
  it('keeps a hierarchy the new source has, removes one it lacks', () => {
    expect(switchSource(chart(), 'ds2', (n) => types[n]).chart.drill).toEqual(levels('region', 'province', 'city'));
    expect(switchSource(chart(), 'ds2', (n) => (n === 'city' ? undefined : types[n])).chart.drill).toBeUndefined();
  });
});

describe('syncDrill (the editor keeps the hierarchy in step with the chart)', () => {
  it('follows a new first dimension, dropping a level that repeats it', () => {
    expect(syncDrill(chart({ points: [f('province')] })).drill).toEqual(levels('province', 'city'));
    expect(syncDrill(chart({ points: [f('city')], drill: levels('region', 'city') })).drill).toBeUndefined();
  });
  it('leaves a chart in step as it is, and removes the hierarchy of a kind that does not drill', () => {
    const c = chart();
    expect(syncDrill(c)).toBe(c);
    expect(syncDrill(chart({ type: 'gauge' }))).not.toHaveProperty('drill');
  });
  it('a date first dimension at month keeps only finer levels of that date', () => {
    const c = chart({ points: [f('day', 'date', { granularity: 3 })], drill: [1, 2, 5].map((g) => ({ name: 'day', dataType: 'date' as const, granularity: g as 1 })) });
    expect(syncDrill(c).drill).toEqual([
      { name: 'day', dataType: 'date', granularity: 3 },
      { name: 'day', dataType: 'date', granularity: 5 },
    ]);
  });
});
