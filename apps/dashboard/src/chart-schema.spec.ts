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

describe('the alerts of a chart (warnConfigData) as a save brings them', () => {
  const amount = { name: 'amount', dataType: 'number' as const, aggregator: 'sum' as const };
  const item = (parts: Record<string, unknown> = {}) => ({
    warnName: ' High ',
    isSwitch: true,
    logic: 0,
    warnTime: 0,
    warnConditions: [{ axisField: { axisName: 'amount', aggregator: 'sum' }, compare: '>', compareValue: 10 }],
    ...parts,
  });
  const save = (warnConfigData: unknown) => parseChart(JSON.stringify({ ...base({ values: [amount] }), warnConfigData }));

  it('keeps checked alerts in their stored form: trimmed names, a warnId per item, channels only where used', () => {
    const chart = save({ warnItemsYList: [item()], warnItemsYOptionalList: [] });
    const stored = chart.warnConfigData!.warnItemsYList[0]!;
    expect(stored.warnName).toBe('High');
    expect(stored.warnId).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored).toMatchObject({ warnExactTime: null, isSendMail: false, isSendWechat: false, webhookUrl: '' });
    // a second save keeps the id (the rule's firing state follows it)
    expect(parseChart(JSON.stringify(chart)).warnConfigData!.warnItemsYList[0]!.warnId).toBe(stored.warnId);
  });

  it('refuses what the shared check refuses, with its message key', () => {
    expect(key(() => save({ warnItemsYList: Array.from({ length: 21 }, () => item()) }))).toBe('warn.too_many {"max":20}');
    expect(key(() => save({ warnItemsYList: [item({ warnName: ' ' })] }))).toBe('warn.name_required {}');
    expect(key(() => save({ warnItemsYList: [item({ warnConditions: [{ axisField: { axisName: 'ghost' }, compare: '>', compareValue: 1 }] })] }))).toBe('warn.unknown_field {"warn":"High","name":"ghost"}');
    expect(key(() => save({ warnItemsYList: [item({ warnConditions: [{ axisField: { axisName: 'amount', aggregator: 'sum' }, compare: 'like', compareValue: 1 }] })] }))).toBe(
      'warn.operator_not_allowed {"warn":"High","name":"amount","compare":"like"}',
    );
    expect(key(() => save({ warnItemsYList: [item({ warnTime: 1, warnExactTime: 24 })] }))).toBe('warn.hour_invalid {"warn":"High"}');
    expect(key(() => save({ warnItemsYList: [item({ isSendWechat: true, webhookUrl: 'ftp://x.example/' })] }))).toBe('warn.webhook_url {"warn":"High"}');
    expect(key(() => save([]))).toMatch(/^request.invalid /);
  });

  it('checks the alerts (now a part of the chart schema) after the editor rules, with their own keys', () => {
    // a refused part of the alerts answers the alerts' message, not request.invalid
    expect(key(() => save({ warnItemsYList: [item({ isSwitch: 'yes' })] }))).toBe('warn.invalid {"name":"isSwitch"}');
    expect(key(() => save({ warnItemsYList: [item({ mailTo: ['nope'] })] }))).toBe('warn.mail_invalid {"warn":"High","value":"nope"}');
    // the title's rule comes first, as before the alerts had a schema
    expect(key(() => parseChart(JSON.stringify({ ...base({ values: [amount] }), title: ' ', warnConfigData: { warnItemsYList: [item({ isSwitch: 'yes' })] } })))).toBe('chart.title_length {}');
    // any other fault of the chart is still a malformed chart
    expect(key(() => parseChart(JSON.stringify({ ...base({ values: [amount] }), type: 'radar', warnConfigData: { warnItemsYList: [item({ isSwitch: 'yes' })] } })))).toMatch(/^request.invalid {"detail":"type: /);
  });
});

describe('the drill-down hierarchy of a chart as a save brings it (issue 27)', () => {
  const drill = [
    { name: 'day', dataType: 'date' as const, granularity: 1 as const },
    { name: 'day', dataType: 'date' as const, granularity: 3 as const },
    { name: 'region', dataType: 'string' as const },
  ];
  const drilled = (parts: Partial<Chart> = {}) => base({ points: [{ name: 'day', dataType: 'date', granularity: 1 }], values: [{ name: 'amount', dataType: 'number' }], drill, ...parts });

  it('keeps a hierarchy that fits, with the source types', () => {
    expect(parseChart(JSON.stringify(drilled())).drill).toEqual(drill);
    expect(checkAgainstSource(drilled({ drill: drill.map((l) => ({ ...l, dataType: 'string' as const })) }), fields).drill).toEqual(drill.map((l, i) => (i < 2 ? l : { ...l, dataType: 'string' })));
  });

  it('refuses what drillProblem refuses, and more than five levels by its shape', () => {
    expect(key(() => parseChart(JSON.stringify(drilled({ drill: drill.slice(0, 1) }))))).toBe('chart.drill_levels {"min":2,"max":5}');
    expect(key(() => parseChart(JSON.stringify(drilled({ type: 'card' }))))).toBe('chart.drill_kind {}');
    expect(key(() => parseChart(JSON.stringify(drilled({ points: [{ name: 'region', dataType: 'string' }] }))))).toBe('chart.drill_first_level {"name":"day"}');
    expect(key(() => parseChart(JSON.stringify(drilled({ drill: [...drill, ...drill] }))))).toMatch(/^request.invalid {"detail":"drill: /);
    expect(key(() => checkAgainstSource(drilled({ drill: [...drill.slice(0, 2), { name: 'city', dataType: 'string' }] }), fields))).toBe('chart.unknown_field {"name":"city"}');
  });
});
