import { STATISTIC_COLORS, normalizeColor } from '@bi/charts';
import type { AggregateConfig, Chart, ChartField } from '@bi/chart-model';
import { withoutUndefined } from './chart';

/** Totals / statistics (aggregateConfig): sum, average, maximum, minimum of one value field, in one of nine colours. */

export type StatisticFlag = 'showSum' | 'showAvg' | 'showMax' | 'showMin';
export const STATISTIC_FLAGS: readonly StatisticFlag[] = ['showSum', 'showAvg', 'showMax', 'showMin'];

/** The nine statistic text colours of spec 01 §9, as stored ('#5DA4FE' … '#aaa'). */
export const STATISTIC_COLOR_OPTIONS: readonly string[] = STATISTIC_COLORS;

/** The test id / key of a statistic colour: its hex digits ('5DA4FE', '333'). */
export const colorKey = (color: string) => color.replace(/^#/, '');

function config(chart: Chart): AggregateConfig {
  return chart.aggregateConfig ?? {};
}

function withConfig(chart: Chart, next: AggregateConfig): Chart {
  const cleaned = withoutUndefined(next);
  const out: Chart = { ...chart, aggregateConfig: cleaned };
  if (Object.keys(cleaned).length === 0) delete out.aggregateConfig;
  return out;
}

export function setStatistic(chart: Chart, flag: StatisticFlag, on: boolean): Chart {
  return withConfig(chart, { ...config(chart), [flag]: on });
}

/** undefined: the first value field (the builder's and the query's default). */
export function setStatisticField(chart: Chart, name: string | undefined): Chart {
  return withConfig(chart, { ...config(chart), aggregateField: name || undefined });
}

/** One of the nine colours (undefined: the theme's text colour). Other colours are refused. */
export function setStatisticColor(chart: Chart, color: string | undefined): Chart {
  if (color !== undefined && !STATISTIC_COLOR_OPTIONS.includes(color)) return chart;
  return withConfig(chart, { ...config(chart), showFontColor: color });
}

/** The stored colour as one of the nine options ('E7505A' and '#e7505a' both read as '#E7505A'), else undefined. */
export function statisticColorOf(chart: Chart): string | undefined {
  const stored = normalizeColor(config(chart).showFontColor)?.toUpperCase();
  return STATISTIC_COLOR_OPTIONS.find((c) => c.toUpperCase() === stored);
}

/** The value fields statistics can be computed over (values, then second values; each name once). */
export function statisticFields(chart: Chart): ChartField[] {
  const seen = new Set<string>();
  return [...chart.values, ...chart.secondValues].filter((f) => (seen.has(f.name) ? false : (seen.add(f.name), true)));
}

/** A statistics field that is not among the chart's value fields (the builder falls back and warns). */
export function statisticFieldMissing(chart: Chart): boolean {
  const name = config(chart).aggregateField;
  return Boolean(name) && !statisticFields(chart).some((f) => f.name === name || f.title === name);
}
