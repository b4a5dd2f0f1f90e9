import { describe, expect, it } from '@jest/globals';
import { emptyChart, type Granularity } from '@bi/chart-model';
import { buildOption, type ChartLocale } from '@bi/charts';
import { applyFormatters, type TooltipFormatter, type ValueFormatter } from './formatters';

type Obj = Record<string, unknown>;
const asObj = (v: unknown) => v as Obj;
const first = (v: unknown) => asObj(Array.isArray(v) ? v[0] : v);

/** A line (or horizontal bar) over order_date by `granularity` through the real builder, formatted as the web draws it. */
function drawn(granularity: Granularity, days: string[], locale: ChartLocale = 'en', extra: Obj = {}) {
  const chart = {
    ...emptyChart('c-1', 'by period', 'ds-1', 'line'),
    points: [{ name: 'order_date', dataType: 'date' as const, granularity }],
    values: [{ name: 'amount', dataType: 'number' as const, aggregator: 'sum' as const }],
    ...extra,
  };
  const build = buildOption(
    {
      chart,
      columns: [
        { alias: 'order_date', role: 'dimension', field: { name: 'order_date', title: 'Order date', dataType: 'date', granularity } },
        { alias: 'amount', role: 'measure', field: { name: 'amount', title: 'Amount', dataType: 'number', aggregator: 'sum' } },
      ],
      rows: days.map((d, i) => ({ order_date: d, amount: 10 + i })),
    },
    { locale },
  );
  return { build, option: applyFormatters(build.option, chart.type, build.meta.formatters) };
}

const QUARTERS = ['2023-01-01', '2023-04-01', '2023-07-01', '2023-10-01'];

describe('date categories shown by their period', () => {
  it('labels a quarterly axis "2023 Q1" while its categories (the points\' keys for drill and linkage) stay the first days', () => {
    const { option } = drawn(2, QUARTERS);
    const axis = first(option.xAxis);
    expect(axis.data).toEqual(QUARTERS);
    const label = asObj(axis.axisLabel).formatter as ValueFormatter;
    expect(QUARTERS.map((q) => label(q))).toEqual(['2023 Q1', '2023 Q2', '2023 Q3', '2023 Q4']);
  });

  it('heads the tooltip with the period', () => {
    const { option } = drawn(3, ['2023-01-01', '2023-02-01']);
    const tooltip = asObj(option.tooltip).formatter as TooltipFormatter;
    const text = tooltip([{ seriesName: 'Amount', name: '2023-02-01', axisValueLabel: '2023-02-01', value: 11, marker: '' }]);
    expect(text.split('<br/>')[0]).toBe('2023-02');
  });

  it('writes weeks per locale, years as the year', () => {
    const week = (locale: ChartLocale) => (asObj(first(drawn(4, ['2023-01-30'], locale).option.xAxis).axisLabel).formatter as ValueFormatter)('2023-01-30');
    expect([week('zh-CN'), week('zh-TW'), week('en')]).toEqual(['2023年第5周', '2023年第5週', '2023-W05']);
    expect((asObj(first(drawn(1, ['2023-01-01']).option.xAxis).axisLabel).formatter as ValueFormatter)('2023-01-01')).toBe('2023');
  });

  it('formats the category axis of a horizontal chart and the data-zoom slider ends', () => {
    const bar = drawn(3, ['2023-01-01', '2023-02-01'], 'en', { type: 'bar', isHorizontal: true });
    expect(first(bar.option.yAxis).type).toBe('category');
    expect((asObj(first(bar.option.yAxis).axisLabel).formatter as ValueFormatter)('2023-02-01')).toBe('2023-02');
    const zoomed = drawn(3, ['2023-01-01', '2023-02-01'], 'en', { xDataZoom: true });
    const slider = (zoomed.option.dataZoom as Obj[]).find((z) => z.type === 'slider')!;
    expect((slider.labelFormatter as (v: unknown, t: unknown) => string)(1, '2023-01-01')).toBe('2023-01');
  });

  it('leaves raw dates and days as they are', () => {
    const { build, option } = drawn(5, ['2023-01-01']);
    expect(build.meta.formatters.categoryAxis).toBeUndefined();
    expect(asObj(first(option.xAxis).axisLabel).formatter).toBeUndefined();
  });
});
