import { MAP_NAMES, mapNameFor, type MapName } from '@bi/charts';
import type { Chart } from '@bi/chart-model';

const KNOWN = new Set<string>(Object.values(MAP_NAMES));

export function isKnownMap(name: unknown): name is MapName {
  return typeof name === 'string' && KNOWN.has(name);
}

/**
 * The registered maps an option draws on: `map` of map series and of geo components (a customOption
 * may add either), else the chart's own (mapNameFor). Unknown names are left to ECharts.
 */
export function mapNamesOf(option: Record<string, unknown>, chart?: Pick<Chart, 'type' | 'mapConfig'>): MapName[] {
  const names = new Set<MapName>();
  const visit = (items: unknown) => {
    for (const item of Array.isArray(items) ? items : [items]) {
      if (typeof item === 'object' && item !== null && isKnownMap((item as { map?: unknown }).map)) names.add((item as { map: MapName }).map);
    }
  };
  visit(option.series);
  visit(option.geo);
  if (names.size === 0 && chart) {
    const own = mapNameFor(chart);
    if (own) names.add(own);
  }
  return [...names];
}
