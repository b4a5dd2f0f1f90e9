import { THEMES } from '../themes.js';
import { column, navResult } from '../testing/fixtures.js';
import { build, type Loose } from '../testing/helpers.js';

describe('nav', () => {
  it('draws a progress bar per dimension value: value / target as percent', () => {
    const { o, meta } = build(navResult());
    expect(o.yAxis).toMatchObject({ type: 'category', data: ['Alpha', 'Beta', 'Gamma'] });
    expect(o.xAxis).toMatchObject({ type: 'value', min: 0, max: 100, show: false });
    const bar = o.series[0];
    expect(bar).toMatchObject({ type: 'bar', showBackground: true });
    expect(bar.data.map((d: Loose) => [d.value, d.label.formatter])).toEqual([
      [75, '75.00%'],
      [25, '25.00%'],
      [100, '130.00%'],
    ]);
    expect(o.nav.items[2]).toMatchObject({ name: 'Gamma', value: 130, target: 100, ratio: 1.3, percent: '130.00%' });
    expect(meta.pointCount).toBe(3);
  });

  it('uses navConfig colours and font size', () => {
    const { o } = build(navResult({ navConfig: { navColor: '#00AA00', noNavColor: '#EEEEEE', navFontSize: 20 } }));
    const bar = o.series[0];
    expect(bar.itemStyle.color).toBe('#00AA00');
    expect(bar.backgroundStyle.color).toBe('#EEEEEE');
    expect(bar.label.fontSize).toBe(20);
    expect(o.yAxis.axisLabel.fontSize).toBe(20);
  });

  it('defaults to the first chart colour, the theme track and 14 px', () => {
    const { o } = build(navResult({ theme: 'gentle' }));
    expect(o.series[0].itemStyle.color).toBe(THEMES.gentle.palette[0]);
    expect(o.series[0].backgroundStyle.color).toBe(THEMES.gentle.track);
    expect(o.series[0].label.fontSize).toBe(14);
  });

  it('measures one figure against property.max without a target field', () => {
    const r = navResult({ property: { max: 200 } });
    r.columns = [column('done', 'measure', { title: 'Done' })];
    r.rows = [{ done: 50 }];
    const { o, meta } = build(r);
    expect(o.yAxis.data).toEqual(['Done']);
    expect(o.series[0].data[0]).toMatchObject({ value: 25, label: { formatter: '25.00%' } });
    expect(meta.warnings).toEqual([]);
  });

  it('warns when there is no target at all, and shows "-" for a zero target', () => {
    const r = navResult();
    r.columns = [column('done', 'measure')];
    r.rows = [{ done: 50 }];
    expect(build(r).meta.warnings[0]).toMatch(/target is 100/);
    const zero = navResult();
    zero.rows = [{ team: 'A', done: 5, goal: 0 }];
    expect(build(zero).o.series[0].data[0]).toMatchObject({ value: 0, label: { formatter: '-' } });
  });

  it('matches its snapshot', () => {
    expect(build(navResult({ navConfig: { navColor: '#5DA4FE', navFontSize: 16 } })).o).toMatchSnapshot();
  });
});
