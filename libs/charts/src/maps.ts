/**
 * Names under which the web (and the render tests) register GeoJSON with `echarts.registerMap`, and
 * the normalisation of region names in query results to the short names such GeoJSON carries
 * (provinces '广东', cities '广州', Taiwan counties in simplified characters '台北市').
 */
import type { Chart } from '@bi/chart-model';
import { MAP_REGIONS, SIMPLIFIED, TRADITIONAL } from './map-regions.js';

export { MAP_REGIONS } from './map-regions.js';

export const MAP_NAMES = {
  /** China by province (mapConfig.granularity 1, the default) */
  province: 'china',
  /** China by city (mapConfig.granularity 0) */
  city: 'china-cities',
  /** Taiwan by county (tw_map) */
  taiwan: 'taiwan',
} as const;
export type MapName = (typeof MAP_NAMES)[keyof typeof MAP_NAMES];

/** The registered map a chart draws on, or null for kinds that draw none. */
export function mapNameFor(chart: Pick<Chart, 'type' | 'mapConfig'>): MapName | null {
  if (chart.type === 'tw_map') return MAP_NAMES.taiwan;
  if (chart.type === 'map') return chart.mapConfig?.granularity === 0 ? MAP_NAMES.city : MAP_NAMES.province;
  return null;
}

const ETHNIC = '(?:布依|苗|朝鲜|土家|藏|羌|彝|蒙古|哈萨克|柯尔克孜|回|傣|景颇|傈僳|白|哈尼|壮|侗|黎|维吾尔|纳西|瑶|畲|仡佬|水|土|撒拉|保安|东乡|裕固|达斡尔|鄂温克|鄂伦春|京|毛南|仫佬|拉祜|佤|阿昌|普米|怒|独龙|德昂|布朗|基诺|门巴|珞巴|锡伯|塔吉克|俄罗斯|乌孜别克|塔塔尔|满|高山)族?';
const ETHNIC_AUTONOMOUS = new RegExp(`(?:${ETHNIC})+自治(?:区|州|县)$`);
const SUFFIXES = [/特别行政区$/, /自治(?:区|州|县)$/, /省$/, /地区$/, /市$/];

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const CJK_RUN = /[\u3400-\u9fff\uf900-\ufaff]+/g;

/** Traditional → simplified, for the characters of the map names (map-regions.ts). */
const TO_SIMPLIFIED = new Map<string, string>(Array.from(TRADITIONAL, (t, i) => [t, SIMPLIFIED[i]!]));
function simplified(name: string): string {
  let out = '';
  for (const ch of name) out += TO_SIMPLIFIED.get(ch) ?? ch;
  return out;
}

function stripOnce(name: string): string {
  const ethnic = name.replace(ETHNIC_AUTONOMOUS, '');
  if (ethnic !== name && ethnic.length >= 2) return ethnic;
  for (const suffix of SUFFIXES) {
    const stripped = name.replace(suffix, '');
    if (stripped !== name && stripped.length >= 2) return stripped;
  }
  return name;
}

/** The name without its administrative suffixes (省, 市, 县, 自治区, …), as short as it gets. */
function stripAll(name: string): string {
  let cur = name;
  for (let i = 0; i < 3; i++) {
    const next = stripOnce(cur);
    if (next === cur) break;
    cur = next;
  }
  return cur;
}

/** English (and pinyin) names used for the regions of each map: letters only, lower case → the map's name. */
const ENGLISH: { readonly [K in MapName]: Readonly<Record<string, string>> } = {
  china: {
    taiwan: '台湾', hebei: '河北', shanxi: '山西', innermongolia: '内蒙古', neimongol: '内蒙古', neimenggu: '内蒙古', liaoning: '辽宁', jilin: '吉林',
    heilongjiang: '黑龙江', jiangsu: '江苏', zhejiang: '浙江', anhui: '安徽', fujian: '福建', jiangxi: '江西', shandong: '山东', henan: '河南',
    hubei: '湖北', hunan: '湖南', guangdong: '广东', guangxi: '广西', hainan: '海南', sichuan: '四川', guizhou: '贵州', yunnan: '云南',
    tibet: '西藏', xizang: '西藏', shaanxi: '陕西', gansu: '甘肃', qinghai: '青海', ningxia: '宁夏', xinjiang: '新疆', beijing: '北京',
    tianjin: '天津', shanghai: '上海', chongqing: '重庆', hongkong: '香港', macau: '澳门', macao: '澳门',
  },
  'china-cities': {
    beijing: '北京', tianjin: '天津', shanghai: '上海', chongqing: '重庆', hongkong: '香港', macau: '澳门', macao: '澳门', shijiazhuang: '石家庄',
    tangshan: '唐山', baoding: '保定', handan: '邯郸', qinhuangdao: '秦皇岛', taiyuan: '太原', datong: '大同', hohhot: '呼和浩特', baotou: '包头',
    shenyang: '沈阳', dalian: '大连', anshan: '鞍山', changchun: '长春', harbin: '哈尔滨', daqing: '大庆', qiqihar: '齐齐哈尔', nanjing: '南京',
    suzhou: '苏州', wuxi: '无锡', xuzhou: '徐州', changzhou: '常州', nantong: '南通', yangzhou: '扬州', hangzhou: '杭州', ningbo: '宁波',
    wenzhou: '温州', shaoxing: '绍兴', jiaxing: '嘉兴', jinhua: '金华', hefei: '合肥', wuhu: '芜湖', fuzhou: '福州', xiamen: '厦门',
    quanzhou: '泉州', nanchang: '南昌', jinan: '济南', qingdao: '青岛', yantai: '烟台', weifang: '潍坊', zibo: '淄博', zhengzhou: '郑州',
    luoyang: '洛阳', kaifeng: '开封', wuhan: '武汉', yichang: '宜昌', xiangyang: '襄阳', changsha: '长沙', zhuzhou: '株洲', hengyang: '衡阳',
    guangzhou: '广州', shenzhen: '深圳', zhuhai: '珠海', dongguan: '东莞', foshan: '佛山', shantou: '汕头', zhongshan: '中山', huizhou: '惠州',
    jiangmen: '江门', zhanjiang: '湛江', nanning: '南宁', guilin: '桂林', liuzhou: '柳州', haikou: '海口', sanya: '三亚', chengdu: '成都',
    mianyang: '绵阳', guiyang: '贵阳', zunyi: '遵义', kunming: '昆明', lhasa: '拉萨', xian: '西安', lanzhou: '兰州', xining: '西宁',
    yinchuan: '银川', urumqi: '乌鲁木齐', karamay: '克拉玛依', kashgar: '喀什', taiwan: '台湾',
  },
  taiwan: {
    taipei: '台北市', newtaipei: '新北市', taoyuan: '桃园市', taichung: '台中市', tainan: '台南市', kaohsiung: '高雄市', keelung: '基隆市',
    hsinchu: '新竹市', hsinchucity: '新竹市', hsinchucounty: '新竹县', chiayi: '嘉义市', chiayicity: '嘉义市', chiayicounty: '嘉义县',
    miaoli: '苗栗县', changhua: '彰化县', nantou: '南投县', yunlin: '云林县', pingtung: '屏东县', yilan: '宜兰县', hualien: '花莲县',
    taitung: '台东县', penghu: '澎湖县', kinmen: '金门县', lienchiang: '连江县', matsu: '连江县',
  },
};
const ENGLISH_SUFFIXES = /(city|county|province|municipality|specialadministrativeregion|autonomousregion|sar|shi|sheng|xian)$/;

/** Each map's names by themselves and by their short forms (a city before a county of the same short name). */
const INDEX = new Map<MapName, Map<string, string>>();
function indexOf(map: MapName): Map<string, string> {
  let index = INDEX.get(map);
  if (!index) {
    index = new Map();
    const names = [...MAP_REGIONS[map]];
    for (const name of names) index.set(name, name);
    for (const name of [...names.filter((n) => n.endsWith('市')), ...names.filter((n) => !n.endsWith('市'))]) {
      for (const short of [stripAll(name), name.replace(/[县市]$/, '')]) if (short.length >= 2 && !index.has(short)) index.set(short, name);
    }
    INDEX.set(map, index);
  }
  return index;
}

function matchChinese(text: string, map: MapName): string | undefined {
  const index = indexOf(map);
  let s = simplified(text.replace(/\s+/g, ''));
  if (map === MAP_NAMES.taiwan) s = s.replace(/^(中国)?台湾(省)?/, '') || s;
  return index.get(s) ?? index.get(stripAll(s));
}

function matchEnglish(text: string, map: MapName): string | undefined {
  const key = text.toLowerCase().replace(/[^a-z]/g, '');
  if (!key) return undefined;
  const names = ENGLISH[map];
  return names[key] ?? names[key.replace(ENGLISH_SUFFIXES, '')];
}

/**
 * A region name of a result row as the map's GeoJSON names it (MAP_REGIONS): with or without its
 * suffix (广东省 / 广东, 台北市 / 台北), in traditional or simplified characters (臺北市, 廣州), in
 * English (Guangdong, Xi'an, Taipei), or both side by side ("上海 Shanghai", "广东省 Guangdong").
 * On the maps of China, a county or city of Taiwan is the region 台湾. A name the map does not have
 * keeps its short form (suffix removed; Taiwan names simplified).
 */
export function normalizeRegionName(name: string, map: MapName): string {
  const trimmed = name.trim();
  const chinese = trimmed.match(CJK_RUN)?.join('') ?? '';
  const found = (chinese ? matchChinese(chinese, map) : undefined) ?? matchEnglish(CJK.test(trimmed) ? trimmed.replace(CJK_RUN, ' ') : trimmed, map);
  if (found) return found;
  // the maps of China draw Taiwan as one region: its counties and cities count there
  if (map !== MAP_NAMES.taiwan && (chinese ? matchChinese(chinese, MAP_NAMES.taiwan) : undefined) !== undefined) return '台湾';
  if (map !== MAP_NAMES.taiwan && matchEnglish(CJK.test(trimmed) ? trimmed.replace(CJK_RUN, ' ') : trimmed, MAP_NAMES.taiwan) !== undefined) return '台湾';
  if (map === MAP_NAMES.taiwan) {
    const s = simplified(trimmed);
    return s.replace(/^台湾(省)?/, '') || s;
  }
  return stripOnce(trimmed);
}
