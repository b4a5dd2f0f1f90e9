import { longResult, monthlyResult } from '../testing/fixtures.js';
import { build, type Loose } from '../testing/helpers.js';

describe('line', () => {
  it('draws line series without boundary gaps, smooth only when shape is on', () => {
    const { o } = build(monthlyResult('line'));
    expect(o.series.map((s: Loose) => s.type)).toEqual(['line', 'line']);
    expect(o.xAxis[0].boundaryGap).toBe(false);
    expect(o.series[0].smooth).toBeUndefined();
    expect(build(monthlyResult('line', { shape: true })).o.series[0].smooth).toBe(true);
    expect(o.tooltip).toMatchObject({ trigger: 'axis', axisPointer: { type: 'line' } });
  });

  it('ignores isHorizontal', () => {
    const { o } = build(monthlyResult('line', { isHorizontal: true }));
    expect(o.xAxis[0].type).toBe('category');
  });

  it('labels points with formatted values', () => {
    const { o } = build(monthlyResult('line', { isShowPointLabel: true }));
    expect(o.series[0].data[1]).toEqual(['2024-02', 2345678, '234.57万']);
    expect(o.series[0].label.position).toBe('top');
  });

  it('down-samples a long series (LTTB) to 3000 points and reports the original count', () => {
    const { o, meta } = build(longResult('line', 10_000));
    expect(meta).toMatchObject({ pointCount: 3000, originalPointCount: 10_000, downsampled: true });
    expect(meta.warnings[0]).toMatch(/10000 points .* 3000/);
    expect(o.xAxis[0].data).toHaveLength(3000);
    expect(o.series[0].data).toHaveLength(3000);
    expect(o.xAxis[0].data[0]).toBe('2000-01-01');
    expect(o.xAxis[0].data.at(-1)).toBe(longResult('line', 10_000).rows.at(-1)!.day);
    expect(Math.max(...o.series[0].data)).toBe(10_000);
    expect(o.series[0].showSymbol).toBe(false);
  });

  it('honours a configured threshold, or none', () => {
    expect(build(longResult('line', 500), { downsampleThreshold: 100 }).meta).toMatchObject({ pointCount: 100, originalPointCount: 500, downsampled: true });
    expect(build(longResult('line', 5000), { downsampleThreshold: 0 }).meta).toMatchObject({ pointCount: 5000, downsampled: false });
    expect(build(longResult('line', 3000)).meta).toMatchObject({ pointCount: 3000, downsampled: false });
  });

  it('fits trendlines on the full series before down-sampling', () => {
    const r = longResult('line', 6000);
    r.columns[1]!.field.showTrendline = true;
    const { o } = build(r);
    const trend = o.series[1];
    expect(trend.name).toBe('Value (trend)');
    expect(trend.data).toHaveLength(3000);
  });

  it('matches its snapshot', () => {
    const r = monthlyResult('line', { isShowPointLabel: true, showYSplitLine: true, legendStyle: 3 });
    r.columns[2]!.field.showTrendline = true;
    expect(build(r).o).toMatchSnapshot();
  });
});
