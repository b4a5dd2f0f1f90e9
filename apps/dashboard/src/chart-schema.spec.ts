import { AppError } from '@bi/core';
import { emptyChart, type Chart } from '@bi/chart-model';
import { applyTypeRules, chartOf, checkAgainstSource, checkCustomOption, definitionOf, parseChart, switchSource } from './chart-schema.js';

const fields = [
  { name: 'region', dataType: 'string' as const },
  { name: 'amount', dataType: 'number' as const },
  { name: 'day', dataType: 'date' as const },
];
const base = (parts: Partial<Chart> = {}): Chart => ({ ...emptyChart('c1', 'Sales', 'ds1', 'bar'), ...parts });
const key = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? `${e.key} ${JSON.stringify(e.params)}` : String(e);
  }
  return 'no error';
};

describe('chart definitions as the editor saves them', () => {
  it('reads the chart: bounded shape, trimmed title and aliases, nulls as unset, unknown keys dropped', () => {
    const chart = parseChart(JSON.stringify({ ...base(), title: ' Sales ', extra: 1, shape: null, points: [{ name: 'region', title: ' Region ', dataType: 'string', aggregator: '' }] }));
    expect(chart.title).toBe('Sales');
    expect(chart.points).toEqual([{ name: 'region', title: 'Region', dataType: 'string' }]);
    expect(chart).not.toHaveProperty('extra');
    expect(chart).not.toHaveProperty('shape');
    expect(key(() => parseChart('{'))).toBe('request.invalid {"detail":"body: expected the chart as JSON"}');
    expect(key(() => parseChart(JSON.stringify({ ...base(), type: 'radar' })))).toMatch(/^request.invalid {"detail":"type: /);
    expect(key(() => parseChart(JSON.stringify({ ...base(), secondPoints: [{ name: 'a', dataType: 'string' }, { name: 'b', dataType: 'string' }] })))).toMatch(/^request.invalid {"detail":"secondPoints: /);
    expect(key(() => parseChart(JSON.stringify({ ...base(), values: [{ name: 'amount', title: '', dataType: 'number' }] })))).toBe('field.alias_length {}');
    expect(key(() => parseChart(JSON.stringify({ ...base(), title: 'x'.repeat(51) })))).toBe('chart.title_length {}');
    expect(key(() => parseChart(JSON.stringify({ ...base(), customOption: '"text"' })))).toBe('chart.custom_option_invalid {}');
    expect(parseChart(JSON.stringify({ ...base(), customOption: '{"a":1}' })).customOption).toBe('{"a":1}');
    expect(key(() => parseChart(JSON.stringify({ ...base(), innerFilters: [{ name: 'region', dataType: 'string', range: Array(1001).fill('x') }] })))).toMatch(/^request.invalid {"detail":"innerFilters.0.range: /);
  });

  it('applies the type rules: a new type clears the colours, a pie has no shape', () => {
    const chart = base({ colorSettings: ['#fff'], shape: true });
    expect(applyTypeRules(chart, 'bar')).toMatchObject({ colorSettings: ['#fff'], shape: true });
    expect(applyTypeRules(chart, 'line')).toMatchObject({ colorSettings: [], shape: true });
    expect(applyTypeRules({ ...chart, type: 'pie' }, 'pie')).toMatchObject({ colorSettings: ['#fff'], shape: false });
  });

  it('checks the fields against the source: known names, the source type, sum and avg on numbers only', () => {
    const chart = base({ points: [{ name: 'region', dataType: 'number' }], values: [{ name: 'amount', dataType: 'number', aggregator: 'avg' }] });
    expect(checkAgainstSource(chart, fields).points[0].dataType).toBe('string');
    expect(key(() => checkAgainstSource(base({ values: [{ name: 'region', dataType: 'number', aggregator: 'sum' }] }), fields))).toBe('chart.aggregator_not_allowed {"name":"region"}');
    expect(key(() => checkAgainstSource(base({ values: [{ name: 'gone', dataType: 'number' }] }), fields))).toBe('chart.unknown_field {"name":"gone"}');
    expect(key(() => checkAgainstSource(base({ innerFilters: [{ name: 'gone', dataType: 'string', range: [] }] }), fields))).toBe('chart.unknown_field {"name":"gone"}');
    expect(key(() => checkAgainstSource(base({ plotLineY: [{ name: 'l', valueType: 1, axisField: { axisName: 'region', aggregator: 'avg' } }] }), fields))).toBe('chart.aggregator_not_allowed {"name":"region"}');
    expect(key(() => checkAgainstSource(base({ aggregateConfig: { aggregateField: 'gone' } }), fields))).toBe('chart.unknown_field {"name":"gone"}');
  });

  it('switches the source, keeping the fields it has and listing the others once', () => {
    const chart = base({
      points: [{ name: 'day', dataType: 'date', granularity: 3 }, { name: 'city', dataType: 'string' }],
      values: [
        { name: 'amount', dataType: 'number', aggregator: 'sum', fieldFilter: { logic: 1, conditions: [{ field: { name: 'city', dataType: 'string' }, compare: '=', compareValue: 'x' }] } },
        { name: 'city', dataType: 'string', aggregator: 'count' },
      ],
      innerFilters: [{ name: 'city', dataType: 'string', range: ['a'] }, { name: 'day', dataType: 'date', range: [] }],
      plotLineY: [{ name: 'fixed', valueType: 0, value: 3 }, { name: 'calc', valueType: 1, axisField: { axisName: 'city' } }],
      aggregateConfig: { aggregateField: 'amount', showSum: true },
    });
    const next = [
      { name: 'day', dataType: 'string' as const },
      { name: 'amount', dataType: 'string' as const },
    ];
    const r = switchSource(chart, 'ds2', next);
    expect(r.dropped).toEqual(['city']);
    expect(r.chart.dataSourceId).toBe('ds2');
    // day is text in the new source: no granularity; amount is text: sum is dropped (the default applies)
    expect(r.chart.points).toEqual([{ name: 'day', dataType: 'string' }]);
    expect(r.chart.values).toEqual([{ name: 'amount', dataType: 'string', fieldFilter: { logic: 1, conditions: [] } }]);
    expect(r.chart.innerFilters).toEqual([{ name: 'day', dataType: 'string', range: [] }]);
    expect(r.chart.plotLineY).toEqual([{ name: 'fixed', valueType: 0, value: 3 }]);
    expect(r.chart.aggregateConfig).toEqual({ aggregateField: 'amount', showSum: true });
  });

  it('stores the definition beside the columns and merges them back', () => {
    const chart = base({ points: [{ name: 'region', dataType: 'string' }], legendStyle: 2 });
    const definition = definitionOf(chart);
    expect(definition).not.toHaveProperty('title');
    expect(chartOf({ id: 'c1', title: 'Sales', type: 'bar', data_source_id: 'ds1', definition })).toEqual(chart);
    // a chart without a definition yet (just added)
    expect(chartOf({ id: 'c2', title: 'New', type: 'line', data_source_id: '', definition: {} })).toEqual(emptyChart('c2', 'New', '', 'line'));
  });
});

describe('hostile chart text (issue 12 #3, #4)', () => {
  it('refuses NUL characters and lone surrogates anywhere in the chart, naming where', () => {
    expect(key(() => parseChart(JSON.stringify(base({ title: 'a\u0000' }))))).toBe('text.invalid_characters {"field":"title"}');
    expect(key(() => parseChart(JSON.stringify(base({ points: [{ name: 'region', title: '\uD800', dataType: 'string' }] }))))).toBe('text.invalid_characters {"field":"points.0.title"}');
  });
  it('bounds the custom option in size and nesting', () => {
    expect(key(() => checkCustomOption(`{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`))).toBe('chart.custom_option_too_large {"max":100000,"depth":20}');
    expect(key(() => checkCustomOption(`{"a":${'x'.repeat(100_000)}}`))).toBe('chart.custom_option_too_large {"max":100000,"depth":20}');
    expect(key(() => checkCustomOption('{"series":[{"label":{"show":true}}]}'))).toBe('no error');
  });
});
