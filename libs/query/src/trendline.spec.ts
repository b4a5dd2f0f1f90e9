import type { ResultColumn } from './compile.js';
import { chartTrendlines, leastSquares, trendline } from './trendline.js';

describe('least squares', () => {
  it('fits a line exactly through points on a line', () => {
    const t = trendline([1, 3, 5, 7])!;
    expect(t.slope).toBeCloseTo(2, 12);
    expect(t.intercept).toBeCloseTo(1, 12);
    expect(t.r2).toBeCloseTo(1, 12);
    expect(t.points.map((p) => p.y)).toEqual([1, 3, 5, 7].map((y) => expect.closeTo(y, 10)));
  });

  it('minimises squared error (known example)', () => {
    // x: 1..5, y: 2, 4, 5, 4, 5 → slope 0.6, intercept 2.2, r² 0.6
    const t = leastSquares([1, 2, 3, 4, 5].map((x, i) => ({ x, y: [2, 4, 5, 4, 5][i] })))!;
    expect(t.slope).toBeCloseTo(0.6, 12);
    expect(t.intercept).toBeCloseTo(2.2, 12);
    expect(t.r2).toBeCloseTo(0.6, 12);
  });

  it('skips points without a value but still fits them', () => {
    const t = trendline([1, null, 5])!;
    expect(t.slope).toBeCloseTo(2, 12);
    expect(t.points).toHaveLength(3);
    expect(t.points[1].y).toBeCloseTo(3, 12);
  });

  it('stays exact for large x (epoch milliseconds)', () => {
    const xs = [0, 1, 2, 3].map((i) => 1.7e12 + i * 86_400_000);
    const t = trendline([10, 20, 30, 40], xs)!;
    expect(t.slope * 86_400_000).toBeCloseTo(10, 9);
    expect(t.points[3].y).toBeCloseTo(40, 6);
  });

  it('answers null without values, a flat line for one point or one x', () => {
    expect(trendline([])).toBeNull();
    expect(trendline([null, null])).toBeNull();
    expect(trendline([7])).toMatchObject({ slope: 0, intercept: 7 });
    expect(leastSquares([{ x: 1, y: 2 }, { x: 1, y: 4 }])).toMatchObject({ slope: 0, intercept: 3, r2: 0 });
  });
});

describe('chartTrendlines', () => {
  const col = (alias: string, role: ResultColumn['role'], dataType: ResultColumn['dataType'], trend = false): ResultColumn => ({ alias, role, field: alias, title: alias, dataType, ...(trend ? { trendline: true } : {}) });

  it('fits marked measures along the dimension positions', () => {
    const lines = chartTrendlines([col('d0', 'dimension', 'date'), col('m0', 'measure', 'number', true), col('m1', 'measure', 'number')], [
      ['2024-01-01', 10, 1],
      ['2024-02-01', 20, 1],
      ['2024-03-01', 30, 1],
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ alias: 'm0' });
    expect(lines[0].slope).toBeCloseTo(10, 12);
  });

  it('uses a numeric dimension as x (scatter) and fits each compare series on its own', () => {
    const lines = chartTrendlines([col('d0', 'dimension', 'number'), col('s0', 'series', 'string'), col('m0', 'measure', 'number', true)], [
      [1, 'a', 2],
      [1, 'b', 10],
      [3, 'a', 6],
      [3, 'b', 10],
    ]);
    expect(lines.map((l) => [l.series, Math.round(l.slope * 1e9) / 1e9])).toEqual([
      ['a', 2],
      ['b', 0],
    ]);
  });

  it('answers nothing when no measure asks for a trendline', () => {
    expect(chartTrendlines([col('d0', 'dimension', 'string'), col('m0', 'measure', 'number')], [['a', 1]])).toEqual([]);
  });
});
