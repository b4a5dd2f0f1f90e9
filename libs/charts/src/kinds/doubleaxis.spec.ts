import { monthlyResult } from '../testing/fixtures.js';
import { build, type Loose } from '../testing/helpers.js';

describe('doubleaxis', () => {
  it('puts values as bars on value axis 0 and second values as lines on value axis 1', () => {
    const { o, meta } = build(monthlyResult('doubleaxis'));
    expect(o.series.map((s: Loose) => [s.name, s.type, s.yAxisIndex])).toEqual([
      ['Amount', 'bar', 0],
      ['Profit', 'line', 1],
    ]);
    expect(o.yAxis).toHaveLength(2);
    expect(o.yAxis[0]).toMatchObject({ type: 'value', name: 'Amount', alignTicks: true });
    expect(o.yAxis[1]).toMatchObject({ type: 'value', name: 'Profit', position: 'right' });
    expect(o.legend.show).toBe(true);
    // the second axis has no unit asked: one is chosen for its labels (up to 21万)
    expect(meta.formatters.valueAxes).toEqual([expect.objectContaining({ unit: 1, decimalPlaces: 2 }), expect.objectContaining({ unit: 1, decimalPlaces: 0 })]);
  });

  it('applies property min/max to axis 0 and secondMin/secondMax to axis 1', () => {
    const { o } = build(monthlyResult('doubleaxis', { property: { min: 0, max: 5000000, secondMin: -50000, secondMax: 300000 } }));
    expect(o.yAxis[0]).toMatchObject({ min: 0, max: 5000000 });
    expect(o.yAxis[1]).toMatchObject({ min: -50000, max: 300000 });
  });

  it('draws plotLineY on the bars and plotLineYOptional on the lines', () => {
    const { o } = build(
      monthlyResult('doubleaxis', {
        plotLineY: [{ name: 'Goal', valueType: 0, value: 2500000 }],
        plotLineYOptional: [{ name: 'Min profit', valueType: 1, formula: 1 }],
      }),
    );
    expect(o.series[0].markLine.data).toEqual([{ name: 'Goal', yAxis: 2500000, label: { formatter: 'Goal: 250.00万' } }]);
    expect(o.series[1].markLine.data).toEqual([{ name: 'Min profit', yAxis: -15000, label: { formatter: 'Min profit: -1.5万' } }]);
  });

  it('uses two x axes when horizontal', () => {
    const { o } = build(monthlyResult('doubleaxis', { isHorizontal: true }));
    expect(o.xAxis.map((a: Loose) => [a.type, a.position])).toEqual([
      ['value', undefined],
      ['value', 'top'],
    ]);
    expect(o.series[1]).toMatchObject({ xAxisIndex: 1, yAxisIndex: 0 });
  });

  it('zooms both value axes with the y slider', () => {
    const { o } = build(monthlyResult('doubleaxis', { yDataZoom: true }));
    expect(o.dataZoom[0].yAxisIndex).toEqual([0, 1]);
  });

  it('has a single axis without second values', () => {
    const r = monthlyResult('doubleaxis');
    r.columns[2]!.role = 'measure';
    expect(build(r).o.yAxis).toHaveLength(1);
  });

  it('matches its snapshot', () => {
    const r = monthlyResult('doubleaxis', { isShowPointLabel: true });
    r.columns[2]!.field.showTrendline = true;
    expect(build(r).o).toMatchSnapshot();
  });
});
