import { chartOf } from './testing/fixtures.js';
import { MAP_NAMES, MAP_REGIONS, mapNameFor, normalizeRegionName } from './maps.js';

describe('mapNameFor', () => {
  it('draws map charts on china by province (default, granularity 1) or china-cities (granularity 0), tw_map on taiwan', () => {
    expect(mapNameFor(chartOf('map'))).toBe('china');
    expect(mapNameFor(chartOf('map', { mapConfig: { granularity: 1, visualMapShow: true } }))).toBe('china');
    expect(mapNameFor(chartOf('map', { mapConfig: { granularity: 0, visualMapShow: true } }))).toBe('china-cities');
    expect(mapNameFor(chartOf('tw_map', { mapConfig: { granularity: 0, visualMapShow: true } }))).toBe('taiwan');
    expect(mapNameFor(chartOf('bar'))).toBeNull();
    expect(MAP_NAMES).toEqual({ province: 'china', city: 'china-cities', taiwan: 'taiwan' });
  });
});

describe('normalizeRegionName', () => {
  it.each([
    ['广东省', '广东'],
    ['广东', '广东'],
    ['北京市', '北京'],
    ['内蒙古自治区', '内蒙古'],
    ['新疆维吾尔自治区', '新疆'],
    ['广西壮族自治区', '广西'],
    ['宁夏回族自治区', '宁夏'],
    ['西藏自治区', '西藏'],
    ['香港特别行政区', '香港'],
    ['台湾省', '台湾'],
    [' 湖南省 ', '湖南'],
  ])('province %p → %p', (name, expected) => expect(normalizeRegionName(name, 'china')).toBe(expected));

  it.each([
    ['广州市', '广州'],
    ['吉林市', '吉林'],
    ['黔西南布依族苗族自治州', '黔西南'],
    ['延边朝鲜族自治州', '延边'],
    ['海西蒙古族藏族自治州', '海西'],
    ['伊犁哈萨克自治州', '伊犁'],
    ['克孜勒苏柯尔克孜自治州', '克孜勒苏'],
    ['大兴安岭地区', '大兴安岭'],
    ['兴安盟', '兴安盟'],
    ['白沙黎族自治县', '白沙'],
    ['定安县', '定安县'],
    ['沙市', '沙市'],
  ])('city %p → %p', (name, expected) => expect(normalizeRegionName(name, 'china-cities')).toBe(expected));

  it.each([
    ['臺北市', '台北市'],
    ['桃園市', '桃园市'],
    ['雲林縣', '云林县'],
    ['花蓮縣', '花莲县'],
    ['台湾省台北市', '台北市'],
    ['高雄市', '高雄市'],
  ])('taiwan %p → %p', (name, expected) => expect(normalizeRegionName(name, 'taiwan')).toBe(expected));
});

describe('normalizeRegionName against the shipped GeoJSON names (MAP_REGIONS)', () => {
  it.each([
    ['上海 Shanghai', 'china-cities', '上海'],
    ['广州 Guangzhou', 'china-cities', '广州'],
    ["西安 Xi'an", 'china-cities', '西安'],
    ['哈尔滨 Harbin', 'china-cities', '哈尔滨'],
    ['Chengdu', 'china-cities', '成都'],
    ['廣州市', 'china-cities', '广州'],
    ['瀋陽', 'china-cities', '沈阳'],
    ['广东省 Guangdong', 'china', '广东'],
    ['Guangdong Province', 'china', '广东'],
    ['Inner Mongolia', 'china', '内蒙古'],
    ['內蒙古自治區', 'china', '内蒙古'],
    ['遼寧省', 'china', '辽宁'],
    ['Hong Kong SAR', 'china', '香港'],
    ['台北 Taipei', 'taiwan', '台北市'],
    ['台北', 'taiwan', '台北市'],
    ['Kaohsiung', 'taiwan', '高雄市'],
    ['臺中', 'taiwan', '台中市'],
    ['新竹', 'taiwan', '新竹市'],
    ['Hsinchu County', 'taiwan', '新竹县'],
    ['嘉義縣', 'taiwan', '嘉义县'],
    ['台北 Taipei', 'china-cities', '台湾'],
    ['高雄市', 'china', '台湾'],
  ] as const)('%p on %p → %p', (name, map, expected) => {
    expect(normalizeRegionName(name, map)).toBe(expected);
    expect(MAP_REGIONS[map] as readonly string[]).toContain(expected);
  });

  it('leaves names the map does not have in their short form', () => {
    expect(normalizeRegionName('华东 East', 'china')).toBe('华东 East');
    expect(normalizeRegionName('Atlantis', 'taiwan')).toBe('Atlantis');
  });

  it('every name of a map finds itself, and its short form finds it', () => {
    for (const map of ['china', 'china-cities', 'taiwan'] as const) for (const name of MAP_REGIONS[map]) expect(normalizeRegionName(name, map)).toBe(name);
    expect(normalizeRegionName('屏东', 'taiwan')).toBe('屏东县');
  });
});
