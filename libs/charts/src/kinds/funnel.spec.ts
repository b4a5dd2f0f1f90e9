import { channelResult } from '../testing/fixtures.js';
import { build, type Loose } from '../testing/helpers.js';

describe('funnel', () => {
  it('sorts stages from the largest down and labels the share of the top stage', () => {
    const r = channelResult('funnel');
    r.rows.reverse();
    const { o } = build(r);
    const funnel = o.series[0];
    expect(funnel).toMatchObject({ type: 'funnel', sort: 'descending', name: 'Amount' });
    expect(funnel.data.map((d: Loose) => d.label.formatter)).toEqual(['Online: 100.00%', 'Store: 60.00%', 'Partner: 30.00%', 'Phone: 10.00%']);
    expect(o.legend.data).toEqual(['Online', 'Store', 'Partner', 'Phone']);
  });

  it('labels real values when isShowRealValue', () => {
    const { o } = build(channelResult('funnel', { isShowRealValue: true }));
    expect(o.series[0].data[1].label.formatter).toBe('Store: 30.00万');
  });

  it('leaves room for a right legend', () => {
    const right = build(channelResult('funnel', { legendStyle: 2 })).o.series[0].right;
    expect(right).toBeGreaterThan(build(channelResult('funnel', { legendStyle: 1 })).o.series[0].right);
  });

  it('matches its snapshot', () => {
    expect(build(channelResult('funnel')).o).toMatchSnapshot();
  });
});
