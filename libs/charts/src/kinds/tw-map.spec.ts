import { taiwanResult } from '../testing/fixtures.js';
import { build, type Loose } from '../testing/helpers.js';

describe('tw_map', () => {
  it('draws Taiwan by county, whatever mapConfig says, with traditional names simplified', () => {
    const { o } = build(taiwanResult({ mapConfig: { granularity: 0, visualMapShow: false } }));
    expect(o.series[0].map).toBe('taiwan');
    expect(o.series[0].data.map((d: Loose) => d.name)).toEqual(['台北市', '新北市', '桃园市']);
    expect(o.visualMap).toMatchObject({ show: false, min: 0, max: 500 });
  });

  it('matches its snapshot', () => {
    expect(build(taiwanResult()).o).toMatchSnapshot();
  });
});
