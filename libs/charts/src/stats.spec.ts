import type { ChartWarning } from './warnings.js';
import { aggregate, columnStat, leastSquares, singleValue } from './stats.js';
import { column, figureResult } from './testing/fixtures.js';

describe('aggregate', () => {
  const values = [3, null, -1, 10, 4];
  it.each([
    ['sum', 16],
    ['avg', 4],
    ['max', 10],
    ['min', -1],
  ] as const)('%s', (key, expected) => expect(aggregate(values, key)).toBe(expected));
  it('is null without numbers', () => expect(aggregate([null, null], 'sum')).toBeNull());
});

describe('leastSquares', () => {
  it('fits a line exactly', () => {
    expect(leastSquares([0, 1, 2, 3], [1, 3, 5, 7])).toEqual({ slope: 2, intercept: 1 });
  });
  it('fits noisy points by least squares, skipping nulls', () => {
    const fit = leastSquares([0, 1, 2, 3, 4], [2, null, 4, 8, 8])!;
    // points (0,2) (2,4) (3,8) (4,8): slope = (4·64 − 9·22) / (4·29 − 81) = 58 / 35
    expect(fit.slope).toBeCloseTo(58 / 35, 10);
    expect(fit.intercept).toBeCloseTo((22 - (58 / 35) * 9) / 4, 10);
  });
  it('is null under two points or for a vertical spread', () => {
    expect(leastSquares([0], [1])).toBeNull();
    expect(leastSquares([1, 1], [1, 2])).toBeNull();
  });
});

describe('singleValue and columnStat', () => {
  it('prefers the query total, then the only row, then the aggregator', () => {
    const r = figureResult('card');
    const amount = r.columns[1]!;
    expect(singleValue(r, amount)).toBe(800000);
    expect(singleValue({ ...r, totals: undefined }, amount)).toBe(800000);
    expect(singleValue({ ...r, totals: undefined, rows: [{ amount: 5 }] }, amount)).toBe(5);
    const warnings: ChartWarning[] = [];
    const avg = { ...amount, field: { ...amount.field, aggregator: 'avg' as const } };
    expect(singleValue({ ...r, totals: undefined }, avg, warnings)).toBeCloseTo(800000 / 3);
    expect(warnings).toEqual([{ key: 'approximateFigure', params: { field: 'Amount', rows: 3 } }]);
    const max = column('amount', 'measure', { aggregator: 'max' });
    expect(singleValue({ ...r, totals: undefined }, max)).toBe(420000);
  });
  it('uses the total for sum only', () => {
    const r = { ...figureResult('card'), totals: { amount: 1 } };
    expect(columnStat(r, r.columns[1]!, 'sum')).toBe(1);
    expect(columnStat(r, r.columns[1]!, 'max')).toBe(420000);
  });
});
