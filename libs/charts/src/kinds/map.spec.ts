import { THEMES } from '../themes.js';
import { cityResult, provinceResult } from '../testing/fixtures.js';
import { build, type Loose } from '../testing/helpers.js';

describe('map', () => {
  it('draws China by province by default, with region names normalised to the map', () => {
    const { o, meta } = build(provinceResult());
    const map = o.series[0];
    expect(map).toMatchObject({ type: 'map', map: 'china', name: 'Amount' });
    expect(map.data.map((d: Loose) => [d.name, d.value])).toEqual([
      ['广东', 5200000],
      ['广西', 1800000],
      ['湖南', 2600000],
    ]);
    expect(meta.pointCount).toBe(3);
  });

  it('draws China by city for mapConfig.granularity 0', () => {
    const { o } = build(cityResult());
    expect(o.series[0].map).toBe('china-cities');
    expect(o.series[0].data.map((d: Loose) => d.name)).toEqual(['广州', '深圳', '佛山']);
  });

  it('keeps names as they are with regionNames asIs', () => {
    const { o } = build(provinceResult(), { regionNames: 'asIs' });
    expect(o.series[0].data[0].name).toBe('广东省');
  });

  it('colours regions through a continuous visual map, shown per mapConfig.visualMapShow', () => {
    const shown = build(provinceResult({ mapConfig: { granularity: 1, visualMapShow: true } })).o.visualMap;
    expect(shown).toMatchObject({ type: 'continuous', show: true, min: 0, max: 5200000, inRange: { color: [THEMES.light.visualLow, THEMES.light.palette[0]] } });
    expect(build(provinceResult({ mapConfig: { granularity: 1, visualMapShow: false } })).o.visualMap.show).toBe(false);
  });

  it('sums rows that normalise to the same region and pre-formats region labels', () => {
    const r = provinceResult({ isShowPointLabel: true });
    r.rows.push({ province: '广东', amount: 100000 });
    const { o } = build(r);
    expect(o.series[0].data[0]).toEqual({ name: '广东', value: 5300000, label: { formatter: '广东\n530.00万' } });
    expect(o.series[0].label.show).toBe(true);
  });

  it('matches its snapshot', () => {
    expect(build(provinceResult()).o).toMatchSnapshot();
  });
});
