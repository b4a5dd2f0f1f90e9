import { GAUGE_PALETTE } from '../themes.js';
import { figureResult } from '../testing/fixtures.js';
import { build } from '../testing/helpers.js';
import { niceCeil } from './gauge.js';

describe('gauge', () => {
  it('shows the value (the query total) formatted in the detail', () => {
    const { o, meta } = build(figureResult('gauge'));
    const g = o.series[0];
    expect(g).toMatchObject({ type: 'gauge', name: 'Amount', data: [{ name: 'Amount', value: 800000 }], detail: { formatter: '80.00万' } });
    expect(o.legend.show).toBe(false);
    expect(meta).toMatchObject({ pointCount: 1, originalPointCount: 3 });
  });

  it('runs from property min to property max', () => {
    const g = build(figureResult('gauge', { property: { min: 100000, max: 2000000 } })).o.series[0];
    expect(g).toMatchObject({ min: 100000, max: 2000000 });
  });

  it('defaults to 0 … a round number above the value', () => {
    expect(build(figureResult('gauge')).o.series[0]).toMatchObject({ min: 0, max: 1000000 });
    expect([niceCeil(0.3), niceCeil(7), niceCeil(120), niceCeil(2000), niceCeil(0)]).toEqual([0.5, 10, 200, 2000, 1]);
  });

  it('colours the dial by gauge sections (value thresholds, sorted), default colours from the gauge palette', () => {
    const g = build(
      figureResult('gauge', {
        property: { min: 0, max: 1000000 },
        gaugeSection: [
          { section: 600000, sectionColor: '#00ff00' },
          { section: 300000, sectionColor: '' },
        ],
      }),
    ).o.series[0];
    expect(g.axisLine.lineStyle.color).toEqual([
      [0.3, GAUGE_PALETTE[1]],
      [0.6, '#00ff00'],
      [1, GAUGE_PALETTE[2]],
    ]);
    expect(g.pointer.show).toBe(true);
    expect(g.progress.show).toBe(false);
  });

  it('fills up to the value in the first chart colour without sections', () => {
    const g = build(figureResult('gauge', { colorSettings: ['#abcdef'] })).o.series[0];
    expect(g.progress).toMatchObject({ show: true, itemStyle: { color: '#abcdef' } });
    expect(g.pointer.show).toBe(false);
  });

  it('warns and recovers when max is not above min', () => {
    const { o, meta } = build(figureResult('gauge', { property: { min: 10, max: 5 } }));
    expect(o.series[0]).toMatchObject({ min: 10, max: 800010 });
    expect(meta.warnings).toContain('gauge scale widened to 10–800010 to hold the value');
    expect(meta.notes).toContainEqual({ key: 'gaugeScaleWidened', params: { min: 10, max: 800010 } });
  });

  it('matches its snapshot', () => {
    expect(build(figureResult('gauge', { gaugeSection: [{ section: 500000, sectionColor: '#E8684A' }] })).o).toMatchSnapshot();
  });
});
