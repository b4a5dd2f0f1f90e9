import type { Granularity } from '@bi/chart-model';
import { buildOption } from './build.js';
import { fitOption } from './fit.js';
import { isoWeek, periodLabel, periodOf } from './periods.js';
import { chartOf, column } from './testing/fixtures.js';
import type { ChartResult } from './types.js';

type Loose = any;

/** A line over order_date at a granularity, one row per period's first day. */
function byPeriod(granularity: Granularity | undefined, days: string[], dataType: 'date' | 'string' = 'date'): ChartResult {
  return {
    chart: chartOf('line', { points: [{ name: 'order_date', dataType, granularity }], values: [{ name: 'amount', dataType: 'number', aggregator: 'sum' }] }),
    columns: [column('order_date', 'dimension', { title: 'Order date', dataType, granularity }), column('amount', 'measure', { title: 'Amount', aggregator: 'sum' })],
    rows: days.map((d, i) => ({ order_date: d, amount: 100 + i })),
  };
}

const MONTH_STARTS = Array.from({ length: 12 }, (_, i) => `2023-${String(i + 1).padStart(2, '0')}-01`);

describe('date categories by period', () => {
  it('names the period of a granularity; raw dates and days stay as they are', () => {
    expect([1, 2, 3, 4].map(periodOf)).toEqual(['year', 'quarter', 'month', 'week']);
    expect([0, 5, undefined, 'month'].map(periodOf)).toEqual([null, null, null, null]);
  });

  it('labels a period by its first day: year, quarter, month, ISO week per locale', () => {
    expect(periodLabel('2023-01-01', 'year', 'en')).toBe('2023');
    expect(['2023-01-01', '2023-04-01', '2023-07-01', '2023-10-01'].map((d) => periodLabel(d, 'quarter', 'zh-CN'))).toEqual(['2023 Q1', '2023 Q2', '2023 Q3', '2023 Q4']);
    expect(periodLabel('2023-02-01', 'month', 'zh-TW')).toBe('2023-02');
    expect(periodLabel('2023-01-30 00:00:00', 'week', 'en')).toBe('2023-W05');
    expect(periodLabel('2023-01-30', 'week', 'zh-CN')).toBe('2023年第5周');
    expect(periodLabel('2023-01-30', 'week', 'zh-TW')).toBe('2023年第5週');
    // the week of 2024-12-30 is week 1 of 2025; 2021-01-01's Monday (2020-12-28) is in week 53 of 2020
    expect(periodLabel('2024-12-30', 'week', 'en')).toBe('2025-W01');
    expect(isoWeek(2020, 12, 28)).toEqual({ year: 2020, week: 53 });
  });

  it('leaves text that is not a date (the empty point, joined keys) and absent granularities alone', () => {
    expect(periodLabel('-', 'month', 'en')).toBe('-');
    expect(periodLabel('2023-01-01 / East', 'month', 'en')).toBe('2023-01-01 / East');
    expect(periodLabel('2023-13-01', 'month', 'en')).toBe('2023-13-01');
    expect(periodLabel('2023-01-01', null, 'en')).toBe('2023-01-01');
  });

  it('keeps the categories (the points\' keys) and names the axis granularity in meta.formatters', () => {
    const { option, meta } = buildOption(byPeriod(2, ['2023-01-01', '2023-04-01', '2023-07-01', '2023-10-01']), { locale: 'en' });
    expect((option as Loose).xAxis[0].data).toEqual(['2023-01-01', '2023-04-01', '2023-07-01', '2023-10-01']);
    expect(meta.formatters.categoryAxis).toEqual({ granularity: 'quarter' });
    expect(buildOption(byPeriod(5, ['2023-01-01'])).meta.formatters.categoryAxis).toBeUndefined();
    expect(buildOption(byPeriod(3, ['2023-01-01'], 'string')).meta.formatters.categoryAxis).toBeUndefined();
  });

  it('fits the axis by the labels it shows ("2023-01", not "2023-01-01")', () => {
    const fitted = (g: Granularity, width: number) => (fitOption(buildOption(byPeriod(g, MONTH_STARTS)).option, { width, height: 290 }) as Loose).xAxis[0].axisLabel;
    // full width of a 12-column dashboard: the months stay upright where the full dates turn
    expect(fitted(3, 900)).toMatchObject({ interval: 0, rotate: 0 });
    expect(fitted(0, 900)).toMatchObject({ interval: 0, rotate: 45 });
    // at 6×4 both turn; the months' labels are measured shorter
    expect(fitted(3, 470).width).toBeLessThan(fitted(0, 470).width);
    expect(fitted(3, 470).interval).toBe(0);
  });
});
