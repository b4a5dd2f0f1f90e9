import { cartesianPairs } from '../cartesian.js';
import { leastSquares } from '../stats.js';
import { THEMES } from '../themes.js';
import { compareResult, monthlyResult } from '../testing/fixtures.js';
import { build, type Loose } from '../testing/helpers.js';

describe('bar', () => {
  it('draws one bar series per value field over the dimension categories, named by aliases', () => {
    const { o, meta } = build(monthlyResult('bar'));
    expect(o.series.map((s: Loose) => [s.type, s.name])).toEqual([
      ['bar', 'Amount'],
      ['bar', 'Profit'],
    ]);
    expect(o.xAxis[0]).toMatchObject({ type: 'category', name: 'Month', data: ['2024-01', '2024-02', '2024-03', '2024-04', '2024-05', '2024-06'] });
    expect(o.yAxis[0].type).toBe('value');
    expect(meta).toMatchObject({ kind: 'bar', pointCount: 6, originalPointCount: 6, downsampled: false, warnings: [] });
    expect(meta.formatters.series.Amount).toMatchObject({ unit: 1, decimalPlaces: 2 });
  });

  it('pre-formats point labels with the field formatter (万, 2 decimals) as a third data column', () => {
    const { o } = build(monthlyResult('bar', { isShowPointLabel: true }));
    const [amount, profit] = o.series;
    expect(amount.label).toMatchObject({ show: true, formatter: '{@[2]}', position: 'top' });
    expect(amount.data[0]).toEqual(['2024-01', 1234567, '123.46万']);
    expect(amount.data[3]).toEqual(['2024-04', null, '-']);
    expect(amount.data[5]).toEqual(['2024-06', 2900000.5, '290.00万']);
    expect(profit.data[2]).toEqual(['2024-03', -15000, '-1.5万']); // no unit chosen: the locale's unit, as the axis
  });

  it('hides point labels unless isShowPointLabel; a series is then its values, aligned with the categories', () => {
    const { o } = build(monthlyResult('bar'));
    expect(o.series[0].label).toEqual({ show: false });
    expect(o.series[0].data).toEqual([1234567, 2345678, 1800000, null, 3100000, 2900000.5]);
  });

  it('reads (category, value) pairs from either point shape, horizontal or not', () => {
    const expected = [['2024-01', 1234567], ['2024-02', 2345678], ['2024-03', 1800000], ['2024-04', null], ['2024-05', 3100000], ['2024-06', 2900000.5]];
    for (const chart of [{}, { isShowPointLabel: true }, { isHorizontal: true }, { isHorizontal: true, isShowPointLabel: true }]) {
      expect(cartesianPairs(build(monthlyResult('bar', chart)).o)).toEqual(expected);
    }
    expect(cartesianPairs(build(monthlyResult('bar')).o, 1).map(([, v]) => v)).toEqual([120000, 98000, -15000, 40000, 210000, 190000]);
  });

  it('swaps the axes when isHorizontal', () => {
    const { o } = build(monthlyResult('bar', { isHorizontal: true, isShowPointLabel: true }));
    expect(o.xAxis[0].type).toBe('value');
    expect(o.yAxis[0]).toMatchObject({ type: 'category', inverse: true });
    expect(o.series[0].data[0]).toEqual([1234567, '2024-01', '123.46万']);
    expect(o.series[0].label.position).toBe('right');
  });

  it('shows split lines per showXSplitLine / showYSplitLine on the visual axes', () => {
    const v = build(monthlyResult('bar', { showXSplitLine: true, showYSplitLine: false })).o;
    expect(v.xAxis[0].splitLine.show).toBe(true);
    expect(v.yAxis[0].splitLine.show).toBe(false);
    const h = build(monthlyResult('bar', { isHorizontal: true, showXSplitLine: false, showYSplitLine: true })).o;
    expect(h.xAxis[0].splitLine.show).toBe(false);
    expect(h.yAxis[0].splitLine.show).toBe(true);
  });

  it.each([
    [0, { show: false }],
    [1, { show: true, left: 'center', top: 4 }],
    [2, { show: true, orient: 'vertical', right: 8 }],
    [3, { show: true, bottom: 4 }],
  ] as const)('places the legend for legendStyle %p', (legendStyle, expected) => {
    const { o } = build(monthlyResult('bar', { legendStyle }));
    expect(o.legend).toMatchObject(expected);
  });

  it('moves the legend up and the grid when the title is hidden (shown outside a box)', () => {
    const shown = build(monthlyResult('bar', { showTitle: true }), { standalone: true }).o;
    const hidden = build(monthlyResult('bar', { showTitle: false }), { standalone: true }).o;
    expect(shown.title).toMatchObject({ show: true, text: 'bar chart' });
    expect(hidden.title.show).toBe(false);
    expect(hidden.legend.top).toBeLessThan(shown.legend.top);
    expect(hidden.grid.top).toBeLessThan(shown.grid.top);
  });

  it('colours series from the theme palette with colorSettings over it', () => {
    const starry = build(monthlyResult('bar', { theme: 'starry' })).o;
    expect(starry.series[0].itemStyle.color).toBe(THEMES.starry.palette[0]);
    expect(starry.backgroundColor).toBe(THEMES.starry.background);
    const custom = build(monthlyResult('bar', { colorSettings: ['#123456', '#abcdef'] })).o;
    expect(custom.series.map((s: Loose) => s.itemStyle.color)).toEqual(['#123456', '#abcdef']);
    expect(custom.color.slice(0, 2)).toEqual(['#123456', '#abcdef']);
  });

  it('adds x and y data-zoom sliders on request', () => {
    expect(build(monthlyResult('bar')).o.dataZoom).toBeUndefined();
    const { o } = build(monthlyResult('bar', { xDataZoom: true, yDataZoom: true }));
    expect(o.dataZoom).toEqual([expect.objectContaining({ type: 'slider', xAxisIndex: [0] }), expect.objectContaining({ type: 'slider', yAxisIndex: [0] })]);
    expect(o.grid.bottom).toBeGreaterThan(build(monthlyResult('bar')).o.grid.bottom);
  });

  it('applies property min and max to the value axis', () => {
    const { o } = build(monthlyResult('bar', { property: { min: -100000, max: 4000000 } }));
    expect(o.yAxis[0]).toMatchObject({ min: -100000, max: 4000000 });
  });

  it('adds a least-squares trendline for a value field with showTrendline', () => {
    const result = monthlyResult('bar');
    result.columns[1]!.field.showTrendline = true;
    const { o } = build(result);
    expect(o.series.map((s: Loose) => s.name)).toEqual(['Amount', 'Amount (trend)', 'Profit']);
    const trend = o.series[1];
    expect(trend).toMatchObject({ type: 'line', symbol: 'none', lineStyle: { type: 'dashed' }, itemStyle: { color: o.series[0].itemStyle.color } });
    const fit = leastSquares([0, 1, 2, 3, 4, 5], [1234567, 2345678, 1800000, null, 3100000, 2900000.5])!;
    trend.data.forEach((y: number, i: number) => expect(y).toBeCloseTo(fit.slope * i + fit.intercept, 2));
    expect(trend.label).toEqual({ show: false });
  });

  it('draws plot lines as a markLine: fixed, computed by formula, or the value passed in', () => {
    const chart = {
      plotLineY: [
        { name: 'Target', valueType: 0 as const, value: 2000000 },
        { name: 'Peak', valueType: 1 as const, formula: 2 as const, axisField: { axisName: 'amount' } },
        { name: 'Avg', valueType: 1 as const, formula: 0 as const, axisField: { axisName: 'amount' } },
      ],
    };
    const { o } = build({ ...monthlyResult('bar', chart), plotLineValues: [null, null, 1500000] });
    const markLine = o.series[0].markLine;
    expect(markLine).toMatchObject({ symbol: ['none', 'none'], lineStyle: { type: 'dashed' } });
    expect(markLine.data).toEqual([
      { name: 'Target', yAxis: 2000000, label: { formatter: 'Target: 200.00万' } },
      { name: 'Peak', yAxis: 3100000, label: { formatter: 'Peak: 310.00万' } },
      { name: 'Avg', yAxis: 1500000, label: { formatter: 'Avg: 150.00万' } },
    ]);
    expect(o.series[1].markLine).toBeUndefined();
  });

  it('puts horizontal plot lines on the x axis and warns about lines without a value', () => {
    const { o, meta } = build(monthlyResult('bar', { isHorizontal: true, plotLineY: [{ name: 'T', valueType: 0, value: 5 }, { name: 'Broken', valueType: 0 }] }));
    expect(o.series[0].markLine.data).toEqual([{ name: 'T', xAxis: 5, label: { formatter: 'T: 0.00万' } }]);
    expect(meta.warnings).toEqual(['plot line "Broken" has no value and is not drawn']);
  });

  it('splits series by a compare field', () => {
    const { o } = build(compareResult('bar'));
    expect(o.series.map((s: Loose) => s.name)).toEqual(['Online', 'Store']);
    expect(o.series[0].data).toEqual([100, 120, 140]);
    expect(o.series[1].data).toEqual([290, 270, 250]);
  });

  it('matches its snapshot', () => {
    expect(build(monthlyResult('bar', { isShowPointLabel: true, plotLineY: [{ name: 'Target', valueType: 0, value: 2000000 }] })).o).toMatchSnapshot();
  });
});
