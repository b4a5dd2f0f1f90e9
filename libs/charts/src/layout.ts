/** Title, legend (legendStyle 0–3), grid margins and themed axes shared by the kinds. */
import type { Chart } from '@bi/chart-model';
import type { BuildContext } from './context.js';
import type { ChartTheme } from './themes.js';
import type { JsonObject } from './types.js';

export type LegendPosition = 'none' | 'top' | 'right' | 'bottom';
const LEGEND_POSITIONS: readonly LegendPosition[] = ['none', 'top', 'right', 'bottom'];

/** legendStyle 0 none, 1 top (the default), 2 right, 3 bottom. */
export function legendPosition(chart: Chart): LegendPosition {
  const style = chart.legendStyle;
  return typeof style === 'number' && LEGEND_POSITIONS[style] ? LEGEND_POSITIONS[style]! : 'top';
}

export function showsTitle(chart: Chart): boolean {
  return chart.showTitle !== false;
}

const TITLE_HEIGHT = 30;
const LEGEND_HEIGHT = 28;
const LEGEND_WIDTH = 120;

export function titleOption(ctx: BuildContext): JsonObject {
  return {
    show: showsTitle(ctx.chart),
    text: ctx.chart.title ?? '',
    left: 'left',
    top: 4,
    textStyle: { color: ctx.theme.text, fontSize: 14, fontWeight: 'bold' },
  };
}

/** The legend for the chart's legendStyle; `names` restricts and orders its entries. */
export function legendOption(ctx: BuildContext, names?: string[]): JsonObject {
  const position = legendPosition(ctx.chart);
  const base: JsonObject = { type: 'scroll', textStyle: { color: ctx.theme.text }, pageTextStyle: { color: ctx.theme.subtext }, data: names };
  switch (position) {
    case 'none':
      return { ...base, show: false };
    case 'top':
      return { ...base, show: true, top: showsTitle(ctx.chart) ? TITLE_HEIGHT : 4, left: 'center' };
    case 'right':
      return { ...base, show: true, orient: 'vertical', right: 8, top: 'middle', width: LEGEND_WIDTH - 16 };
    case 'bottom':
      return { ...base, show: true, bottom: 4, left: 'center' };
  }
}

export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Room the title and the legend take from the plot area. */
export function chromeInsets(ctx: BuildContext, hasLegend = true): Insets {
  const position = hasLegend ? legendPosition(ctx.chart) : 'none';
  const titleH = showsTitle(ctx.chart) ? TITLE_HEIGHT : 0;
  return {
    top: titleH + (position === 'top' ? LEGEND_HEIGHT : 0),
    right: position === 'right' ? LEGEND_WIDTH : 0,
    bottom: position === 'bottom' ? LEGEND_HEIGHT : 0,
    left: 0,
  };
}

/** The centre of a round chart (pie, gauge) inside the room the title and legend leave. */
export function roundCenter(ctx: BuildContext, hasLegend = true): [string, string] {
  const position = hasLegend ? legendPosition(ctx.chart) : 'none';
  const x = position === 'right' ? '42%' : '50%';
  const y = position === 'bottom' ? '48%' : showsTitle(ctx.chart) || position === 'top' ? '56%' : '50%';
  return [x, y];
}

export function axisStyle(theme: ChartTheme, splitLine: boolean): JsonObject {
  return {
    axisLine: { lineStyle: { color: theme.axisLine } },
    axisTick: { lineStyle: { color: theme.axisLine } },
    axisLabel: { color: theme.subtext, hideOverlap: true },
    nameTextStyle: { color: theme.subtext },
    splitLine: { show: splitLine, lineStyle: { color: theme.splitLine } },
  };
}

export function tooltipOption(trigger: 'axis' | 'item', theme: ChartTheme, pointer: 'shadow' | 'line' = 'shadow'): JsonObject {
  return { trigger, axisPointer: trigger === 'axis' ? { type: pointer } : undefined, confine: true, borderColor: theme.axisLine };
}
