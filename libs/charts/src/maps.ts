/**
 * Names under which the web (and the render tests) register GeoJSON with `echarts.registerMap`, and
 * the normalisation of region names in query results to the short names such GeoJSON carries
 * (provinces '广东', cities '广州', Taiwan counties in simplified characters '台北市').
 */
import type { Chart } from '@bi/chart-model';

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

/** Traditional → simplified characters that occur in Taiwan county names. */
const TW_CHARS: Record<string, string> = { 臺: '台', 灣: '湾', 園: '园', 雲: '云', 縣: '县', 東: '东', 蘭: '兰', 蓮: '莲', 義: '义', 門: '门', 連: '连', 馬: '马' };

function stripOnce(name: string): string {
  const ethnic = name.replace(ETHNIC_AUTONOMOUS, '');
  if (ethnic !== name && ethnic.length >= 2) return ethnic;
  for (const suffix of SUFFIXES) {
    const stripped = name.replace(suffix, '');
    if (stripped !== name && stripped.length >= 2) return stripped;
  }
  return name;
}

/** A region name of a result row as the map's GeoJSON names it. */
export function normalizeRegionName(name: string, map: MapName): string {
  const trimmed = name.trim();
  if (map === MAP_NAMES.taiwan) {
    const simplified = Array.from(trimmed, (ch) => TW_CHARS[ch] ?? ch).join('');
    return simplified.replace(/^台湾(省)?/, '') || simplified;
  }
  return stripOnce(trimmed);
}
