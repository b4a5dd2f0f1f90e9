import { channelResult, column, figureResult } from '../testing/fixtures.js';
import { build, type Loose } from '../testing/helpers.js';

describe('pie', () => {
  it('draws one plain pie: shape forced off (no ring, no rose) even when chart.shape is on', () => {
    const { o } = build(channelResult('pie', { shape: true }));
    expect(o.series).toHaveLength(1);
    const pie = o.series[0];
    expect(pie.type).toBe('pie');
    expect(typeof pie.radius).toBe('string');
    expect(pie.roseType).toBeUndefined();
    expect(pie.name).toBe('Amount');
  });

  it('labels slices with their share by default and the formatted real value when isShowRealValue', () => {
    const share = build(channelResult('pie')).o.series[0].data;
    expect(share.map((d: Loose) => d.label.formatter)).toEqual(['Online: 50.00%', 'Store: 30.00%', 'Partner: 15.00%', 'Phone: 5.00%']);
    const real = build(channelResult('pie', { isShowRealValue: true })).o.series[0].data;
    expect(real[0]).toMatchObject({ name: 'Online', value: 500000, label: { formatter: 'Online: 50.00万' } });
  });

  it('hides labels when isShowPointLabel is false', () => {
    const { o } = build(channelResult('pie', { isShowPointLabel: false }));
    expect(o.series[0].label.show).toBe(false);
    expect(o.series[0].labelLine.show).toBe(false);
  });

  it('lists slice names in the legend and colours slices from the palette', () => {
    const { o } = build(channelResult('pie', { colorSettings: ['#010203'], legendStyle: 2 }));
    expect(o.legend).toMatchObject({ data: ['Online', 'Store', 'Partner', 'Phone'], orient: 'vertical' });
    expect(o.series[0].data[0].itemStyle.color).toBe('#010203');
    // the pie's box ends left of the legend
    expect(o.series[0].right).toBeGreaterThanOrEqual(120);
  });

  it('leaves out negative and empty values with a warning', () => {
    const r = channelResult('pie');
    r.rows.push({ channel: 'Refunds', amount: -20000 }, { channel: 'Unknown', amount: null });
    const { o, meta } = build(r);
    expect(o.series[0].data.map((d: Loose) => d.name)).toEqual(['Online', 'Store', 'Partner', 'Phone']);
    expect(meta).toMatchObject({ pointCount: 4, originalPointCount: 6 });
    expect(meta.warnings).toEqual(['pie leaves out 1 negative value(s)']);
    expect(meta.notes).toEqual([{ key: 'pieNegativeLeftOut', params: { count: 1 } }]);
  });

  it('makes one slice per value field without a dimension', () => {
    const r = figureResult('pie');
    r.columns = [column('amount', 'measure', { title: 'Amount' }), column('cost', 'measure', { title: 'Cost' })];
    r.rows = [{ amount: 300, cost: 100 }];
    r.totals = undefined;
    const { o } = build(r);
    expect(o.series[0].data.map((d: Loose) => [d.name, d.value])).toEqual([
      ['Amount', 300],
      ['Cost', 100],
    ]);
  });

  it('matches its snapshot', () => {
    expect(build(channelResult('pie')).o).toMatchSnapshot();
  });
});
