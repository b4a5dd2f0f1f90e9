import { describe, expect, it } from '@jest/globals';
import { answerOf, PERCENT_1, WAN_1 } from '../testing/fixtures';
import { applyFormatters, cartesianTooltip, escapeHtml, isHorizontal, itemTooltip, type TooltipFormatter, type ValueFormatter } from './formatters';

type Obj = Record<string, unknown>;
const asObj = (v: unknown) => v as Obj;
const first = (v: unknown) => asObj(Array.isArray(v) ? v[0] : v);
const tooltipOf = (option: Obj) => asObj(option.tooltip).formatter as TooltipFormatter;
const axisLabelOf = (axis: unknown) => asObj(asObj(axis).axisLabel).formatter as ValueFormatter;

describe('formatters in the language the option was built in (meta.formatters.locale)', () => {
  const withLocale = (locale: 'zh-CN' | 'zh-TW' | 'en') => {
    const answer = answerOf('line', {}, undefined, locale);
    return applyFormatters(answer.option, 'line', { ...answer.meta!.formatters, locale });
  };
  it.each([
    ['zh-CN', '1.0亿', '250万', '50万'],
    ['zh-TW', '1.0億', '250萬', '50萬'],
    ['en', '100.0M', '2.5M', '0.5M'],
  ] as const)('%s: tooltip %p, axis ticks %p and %p', (locale, tooltip, tick, smaller) => {
    const option = withLocale(locale);
    expect(tooltipOf(option)([{ seriesName: 'Amount', name: '2024-01', value: 1e8 }])).toBe(`2024-01<br/>Amount: <b>${tooltip}</b>`);
    // the axis unit is chosen once for the whole axis by the builder (data up to 2.35e6: its top tick 2.5e6
    // reads 250万, 2.5M) and every tick is written in it (0.5M, not 500K, on the same axis)
    const label = axisLabelOf(first(option.yAxis));
    expect(label(2500000)).toBe(tick);
    expect(label(500000)).toBe(smaller);
  });
});

describe('tooltips in the units of the axis when the field fixes none (issue 27: 30926.47 under an axis in 万)', () => {
  const plain2 = { type: 1 as const, isCustomizeUnit: false, unit: 0 as const, customUnit: '', decimalPlaces: 2, useThousandth: false };
  it.each([
    ['zh-CN', '3.09万', '876.05万'],
    ['zh-TW', '3.09萬', '876.05萬'],
    ['en', '30.93K', '8.76M'],
  ] as const)('%s: %p and %p', (locale, small, large) => {
    const tooltip = cartesianTooltip({ series: { Amount: plain2 }, valueAxes: [plain2], locale }, false);
    expect(tooltip([{ seriesName: 'Amount', name: 'East', value: 30926.47 }])).toBe(`East<br/>Amount: <b>${small}</b>`);
    expect(tooltip([{ seriesName: 'Amount', name: 'East', value: 8760499.98 }])).toBe(`East<br/>Amount: <b>${large}</b>`);
    expect(itemTooltip({ series: { Amount: plain2 }, valueAxes: [], locale }, false)({ seriesName: 'Amount', name: 'East', value: 8760499.98 })).toBe(`Amount<br/>East: <b>${large}</b>`);
  });
});

describe('a tooltip reads in its value axis\' unit as the point labels do (meta.formatters.seriesUnits)', () => {
  it.each([
    ['zh-CN', 1, '0.7万'],
    ['zh-TW', 1, '0.7萬'],
    ['en', 3, '6.96K'],
  ] as const)('%s', (locale, unit, text) => {
    const tooltip = cartesianTooltip({ series: { Avg: null }, seriesUnits: { Avg: unit }, valueAxes: [], locale }, false);
    expect(tooltip([{ seriesName: 'Avg', name: '2024-01', value: 6960.83258065 }])).toBe(`2024-01<br/>Avg: <b>${text}</b>`);
    expect(cartesianTooltip({ series: { Avg: null }, valueAxes: [], locale }, false)([{ seriesName: 'Avg', name: '2024-01', value: 6960.83258065 }])).toBe('2024-01<br/>Avg: <b>6,960.83</b>');
  });
});

describe('formatters applied to cartesian options', () => {
  it('formats axis tooltips with the series formatter and escapes names', () => {
    const answer = answerOf('bar');
    const option = applyFormatters(answer.option, 'bar', answer.meta!.formatters);
    const text = tooltipOf(option)([
      { seriesName: 'Amount', value: ['广东', 1234567, '123.5万'], marker: '<span class="m"></span>', axisValueLabel: '广东 <b>' },
    ]);
    expect(text).toBe('广东 &lt;b&gt;<br/><span class="m"></span>Amount: <b>123.5万</b>');
  });

  it('formats plain-value points (no point labels): the category is the point name ECharts gives', () => {
    const answer = answerOf('line');
    const option = applyFormatters(answer.option, 'line', answer.meta!.formatters);
    const tooltip = tooltipOf(option);
    expect(tooltip([{ seriesName: 'Amount', name: '2024-01', value: 25000000 }])).toBe('2024-01<br/>Amount: <b>2,500.0万</b>');
    expect(tooltip([{ seriesName: 'Amount', name: '2024-02', value: null as unknown as number }])).toBe('2024-02<br/>Amount: <b>-</b>');
  });

  it('formats value-axis labels; the category axis keeps its labels', () => {
    const answer = answerOf('line');
    const option = applyFormatters(answer.option, 'line', answer.meta!.formatters);
    expect(axisLabelOf(first(option.yAxis))(25000000)).toBe('2,500万');
    expect(asObj(first(option.xAxis).axisLabel).formatter).toBeUndefined();
  });

  it('uses the x axis for values when the chart is horizontal', () => {
    const answer = answerOf('bar', { isHorizontal: true });
    expect(isHorizontal(answer.option)).toBe(true);
    const option = applyFormatters(answer.option, 'bar', answer.meta!.formatters);
    expect(axisLabelOf(first(option.xAxis))(10000)).toBe('1万');
    expect(tooltipOf(option)({ seriesName: 'Amount', value: [10000, '北京', '1.0万'] })).toBe('北京<br/>Amount: <b>1.0万</b>');
  });

  it('formats the second value axis of doubleaxis with its own formatter', () => {
    const answer = answerOf('doubleaxis', { secondValues: [{ name: 'margin', dataType: 'number', formatter: PERCENT_1 }] });
    const option = applyFormatters(answer.option, 'doubleaxis', answer.meta!.formatters);
    const axes = option.yAxis as unknown[];
    expect(axisLabelOf(axes[0])(20000)).toBe('2万');
    expect(axisLabelOf(axes[1])(0.125)).toBe('12.5%');
  });

  it('keeps tooltips and labels a customOption set, and does not change the input option', () => {
    const answer = answerOf('bar', { customOption: JSON.stringify({ tooltip: { formatter: '{b}: {c}' }, yAxis: { axisLabel: { formatter: '{value} €' } } }) });
    const before = JSON.stringify(answer.option);
    const option = applyFormatters(answer.option, 'bar', answer.meta!.formatters);
    expect(asObj(option.tooltip).formatter).toBe('{b}: {c}');
    expect(asObj(first(option.yAxis).axisLabel).formatter).toBe('{value} €');
    expect(JSON.stringify(answer.option)).toBe(before);
  });

  it('leaves unknown kinds alone', () => {
    const answer = answerOf('bar');
    expect(applyFormatters(answer.option, 'radar', answer.meta!.formatters)).toBe(answer.option);
  });

  it('describes mark lines by their name', () => {
    const tooltip = cartesianTooltip({ series: { Amount: WAN_1 }, valueAxes: [WAN_1] }, false);
    expect(tooltip({ componentType: 'markLine', seriesName: 'Amount', name: 'Avg', value: 50000 })).toBe('Amount<br/>Avg: <b>5.0万</b>');
  });
});

describe('formatters applied to item kinds', () => {
  it('pie and funnel tooltips show the formatted value and the share', () => {
    for (const kind of ['pie', 'funnel'] as const) {
      const answer = answerOf(kind);
      const option = applyFormatters(answer.option, kind, answer.meta!.formatters);
      expect(tooltipOf(option)({ seriesName: 'Amount', name: '北京', value: 2345678, percent: 51.2, marker: '●' })).toBe('Amount<br/>●北京: <b>234.6万</b> (51.2%)');
    }
  });

  it('gauge tooltip and dial labels use the value formatter', () => {
    const answer = answerOf('gauge', { points: [] }, [{ amount: 123456 }]);
    const option = applyFormatters(answer.option, 'gauge', answer.meta!.formatters);
    expect(axisLabelOf(first(option.series))(200000)).toBe('20万');
    expect(tooltipOf(option)({ seriesName: 'Amount', name: 'Amount', value: 123456 })).toBe('Amount: <b>12.3万</b>');
  });

  it('map tooltip shows "-" for regions without data; the visual map labels are formatted', () => {
    const answer = answerOf('map');
    const option = applyFormatters(answer.option, 'map', answer.meta!.formatters);
    expect(tooltipOf(option)({ seriesName: 'Amount', name: '西藏', value: Number.NaN })).toBe('Amount<br/>西藏: <b>-</b>');
    expect((asObj(option.visualMap).formatter as ValueFormatter)(2345678)).toBe('234.6万');
  });

  it('card, nav and table options carry finished texts and are left as they are', () => {
    for (const kind of ['card', 'nav', 'table'] as const) {
      const answer = answerOf(kind);
      expect(applyFormatters(answer.option, kind, answer.meta!.formatters)).toBe(answer.option);
    }
  });

  it('a slice formatter wins over the series formatter', () => {
    const tooltip = itemTooltip({ series: { Amount: WAN_1, 北京: PERCENT_1 }, valueAxes: [] }, false);
    expect(tooltip({ seriesName: 'Amount', name: '北京', value: 0.5 })).toBe('Amount<br/>北京: <b>50.0%</b>');
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
