import { display, fieldLabel, formatterOf, literal, type BuildContext, type KindBuilder, type KindOutput } from '../context.js';
import { slices } from '../data.js';
import { axisFormatter } from '../format.js';
import { chromeInsets, tooltipOption } from '../layout.js';
import { mapNameFor, MAP_NAMES, normalizeRegionName, type MapName } from '../maps.js';
import { paletteColor } from '../themes.js';
import type { JsonObject } from '../types.js';

/** A region map: the dimension's regions coloured by the first value field through a continuous visual map. */
export function buildRegionMap(ctx: BuildContext, mapName: MapName): KindOutput {
  const { chart, theme, palette, options } = ctx;
  const { slices: all, measure } = slices(ctx, chart.type);
  const byName = new Map<string, number | null>();
  for (const s of all) {
    const name = options.regionNames === 'short' ? normalizeRegionName(s.name, mapName) : s.name;
    const prev = byName.get(name);
    byName.set(name, prev === undefined || prev === null ? s.value : s.value === null ? prev : prev + s.value);
  }
  const regions = [...byName.entries()];
  const numbers = regions.map(([, v]) => v).filter((v): v is number => v !== null);
  const low = numbers.length ? Math.min(0, ...numbers) : 0;
  let high = numbers.length ? Math.max(...numbers) : 1;
  if (high <= low) high = low + 1;

  const data: JsonObject[] = regions.map(([name, value]) => ({ name, value, label: { formatter: literal(`${name}\n${display(value, measure, ctx.options.locale)}`) } }));
  const insets = chromeInsets(ctx, false);
  const seriesName = measure ? fieldLabel(measure.field) : '';
  return {
    option: {
      legend: { show: false },
      tooltip: tooltipOption('item', theme),
      visualMap: {
        type: 'continuous',
        show: chart.mapConfig?.visualMapShow !== false,
        min: low,
        max: high,
        calculable: true,
        left: 8,
        bottom: 8,
        itemHeight: 100,
        inRange: { color: [theme.visualLow, paletteColor(palette, 0)] },
        textStyle: { color: theme.subtext },
      },
      series: [
        {
          type: 'map',
          name: seriesName,
          map: mapName,
          roam: false,
          left: 'center',
          top: insets.top + 8,
          bottom: 8,
          label: { show: chart.isShowPointLabel === true, color: theme.text, fontSize: 10 },
          itemStyle: { areaColor: theme.mapArea, borderColor: theme.mapBorder },
          emphasis: { label: { show: true, color: theme.text }, itemStyle: { areaColor: paletteColor(palette, 1) } },
          select: { disabled: true },
          data,
        },
      ],
    },
    pointCount: regions.length,
    originalPointCount: all.length,
    formatters: { series: { [seriesName]: formatterOf(measure) }, valueAxes: [axisFormatter(formatterOf(measure), Math.max(Math.abs(low), Math.abs(high)), options.locale)] },
  };
}

/** map: China by province (mapConfig.granularity 1, the default) or by city (0); tw_map: Taiwan by county. */
export const buildMap: KindBuilder = (ctx) => buildRegionMap(ctx, mapNameFor(ctx.chart) ?? MAP_NAMES.province);
