import { AppError } from '@bi/core';
import { IndicatorConnector, indicatorConnection, indicatorRequest, type IndicatorSettings } from './indicator.connector.js';

const settings = (s: Partial<IndicatorSettings> = {}): IndicatorSettings => ({ period: 1, dynamicPara: 0, beginDate: '2026-01-01', endDate: '2026-03-31', periodDimension: 2, compare: 0, periodNumber: 1, ...s });

describe('indicator connector', () => {
  it('asks a single date, an appointed range, or the recent periods up to the end date (today when none)', () => {
    expect(indicatorRequest(['a'], settings({ period: 0, periodDimension: 1, endDate: null }), '2026-05-04')).toEqual({ targets: ['a'], date: '2026-05-04', periodDimension: 1, compare: 0 });
    expect(indicatorRequest(['a'], settings({ compare: 2 }), '2026-05-04')).toEqual({ targets: ['a'], from: '2026-01-01', to: '2026-03-31', periodDimension: 2, compare: 2 });
    expect(indicatorRequest(['a'], settings({ dynamicPara: 1, periodNumber: 3, endDate: null, periodDimension: 3 }), '2026-05-04')).toMatchObject({ from: '2025-10-01', to: '2026-05-04' });
    expect(indicatorRequest(['a'], settings({ dynamicPara: 1, periodNumber: 2, endDate: '2026-03-10', periodDimension: 1 }), 'x')).toMatchObject({ from: '2026-03-09', to: '2026-03-10' });
  });

  it('refuses a comparison for a day cycle or a single date, and a range that ends before it begins', () => {
    const key = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as AppError).key;
      }
      return null;
    };
    expect(key(() => indicatorRequest(['a'], settings({ compare: 1, periodDimension: 1 }), '2026-05-04'))).toBe('indicator.compare_invalid');
    expect(key(() => indicatorRequest(['a'], settings({ compare: 2, period: 0 }), '2026-05-04'))).toBe('indicator.compare_invalid');
    expect(key(() => indicatorRequest(['a'], settings({ beginDate: '2026-04-01' }), '2026-05-04'))).toBe('indicator.date_invalid');
  });

  it('names its connection and yields one row per target and period, with the comparison columns only when comparing', async () => {
    expect(indicatorConnection(1, { targets: ['a'], date: '2026-03-15', periodDimension: 1, compare: 0 })).toBe('indicator://1/20260315/1');
    expect(indicatorConnection(5, { targets: ['a'], from: '2026-02-01', to: '2026-03-31', periodDimension: 2, compare: 1 })).toBe('indicator://5/20260201/20260331/2/1');
    const series = [{ target: 'a', ok: true as const, text: 'A', rootText: 'R', points: [{ period: '2026-02', start: '2026-02-01', end: '2026-02-28', value: 10, compareValue: 8, rate: 0.25 }] }];
    const c = new IndicatorConnector(series, 1);
    expect(c.fields.map((f) => f.name)).toEqual(['target', 'target_name', 'root_text', 'period', 'date', 'value', 'compare_value', 'rate']);
    const batches: unknown[][][] = [];
    for await (const b of c.rows({ maxRows: 10 })) batches.push(b);
    expect(batches[0]![0]!.filter((_, i) => i !== 4)).toEqual(['a', 'A', 'R', '2026-02', 10, 8, 0.25]);
    expect(new IndicatorConnector(series, 0).fields.map((f) => f.name)).not.toContain('rate');
    await expect(async () => {
      for await (const _ of c.rows({ maxRows: 0 })) void _;
    }).rejects.toBeInstanceOf(AppError);
  });
});
