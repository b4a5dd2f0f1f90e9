import { monthlyResult } from '../testing/fixtures.js';
import { build, type Loose } from '../testing/helpers.js';

describe('scatter', () => {
  it('draws scatter series with item tooltips', () => {
    const { o } = build(monthlyResult('scatter'));
    expect(o.series.map((s: Loose) => [s.type, s.name, s.symbolSize])).toEqual([
      ['scatter', 'Amount', 10],
      ['scatter', 'Profit', 10],
    ]);
    expect(o.tooltip.trigger).toBe('item');
  });

  it('supports trendlines, zoom sliders and split lines', () => {
    const r = monthlyResult('scatter', { xDataZoom: true, yDataZoom: true, showYSplitLine: true });
    r.columns[2]!.field.showTrendline = true;
    const { o } = build(r);
    expect(o.series.map((s: Loose) => s.name)).toEqual(['Amount', 'Profit', 'Profit (trend)']);
    expect(o.dataZoom).toHaveLength(2);
    expect(o.yAxis[0].splitLine.show).toBe(true);
  });

  it('matches its snapshot', () => {
    expect(build(monthlyResult('scatter', { isShowPointLabel: true })).o).toMatchSnapshot();
  });
});
