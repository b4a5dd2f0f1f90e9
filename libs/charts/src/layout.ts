/** Title, legend (legendStyle 0–3), grid margins and themed axes shared by the kinds. */
import type { Chart } from '@bi/chart-model';
import type { BuildContext } from './context.js';
import type { ChartTheme } from './themes.js';
import type { JsonObject } from './types.js';

/** Font size of category axis labels (fitOption measures with it). */
export const CATEGORY_FONT_SIZE = 12;

export type LegendPosition = 'none' | 'top' | 'right' | 'bottom';
const LEGEND_POSITIONS: readonly LegendPosition[] = ['none', 'top', 'right', 'bottom'];

/** legendStyle 0 none, 1 top (the default), 2 right, 3 bottom. */
export function legendPosition(chart: Chart): LegendPosition {
  const style = chart.legendStyle;
  return typeof style === 'number' && LEGEND_POSITIONS[style] ? LEGEND_POSITIONS[style]! : 'top';
}

/**
 * One title: in a chart box the box header shows it, so the option draws it only when shown outside a
 * box (BuildOptions.standalone) and the chart's showTitle is not off.
 */
export function showsTitle(ctx: BuildContext): boolean {
  return ctx.options.standalone && ctx.chart.showTitle !== false;
}

export const TITLE_HEIGHT = 30;
/** Height of one legend row. */
export const LEGEND_HEIGHT = 28;
export const LEGEND_WIDTH = 120;
/** Legend texts: names longer than this are cut (the legend's tooltip shows them whole). */
export const LEGEND_TEXT_WIDTH = 160;

export function titleOption(ctx: BuildContext): JsonObject {
  return {
    show: showsTitle(ctx),
    text: ctx.chart.title ?? '',
    left: 'left',
    top: 4,
    textStyle: { color: ctx.theme.text, fontSize: 14, fontWeight: 'bold' },
  };
}

/** The legend for the chart's legendStyle; `names` restricts and orders its entries. */
export function legendOption(ctx: BuildContext, names?: string[]): JsonObject {
  const position = legendPosition(ctx.chart);
  const base: JsonObject = {
    type: 'scroll',
    textStyle: { color: ctx.theme.text, width: position === 'right' ? LEGEND_WIDTH - 44 : LEGEND_TEXT_WIDTH, overflow: 'truncate' },
    pageTextStyle: { color: ctx.theme.subtext },
    tooltip: { show: true },
    data: names,
  };
  switch (position) {
    case 'none':
      return { ...base, show: false };
    case 'top':
      return { ...base, show: true, top: showsTitle(ctx) ? TITLE_HEIGHT : 4, left: 'center' };
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
  const titleH = showsTitle(ctx) ? TITLE_HEIGHT : 0;
  return {
    top: titleH + (position === 'top' ? LEGEND_HEIGHT : 0),
    right: position === 'right' ? LEGEND_WIDTH : 0,
    bottom: position === 'bottom' ? LEGEND_HEIGHT : 0,
    left: 0,
  };
}

/**
 * The box a pie is laid out in (px from the edges; its centre and radius are relative to it): below the
 * title and a top legend, above a bottom legend, left of a right legend, so that its labels (kept
 * inside this box by ECharts' label layout) never run over the legend.
 */
export function roundBox(ctx: BuildContext, hasLegend = true): Insets {
  const insets = chromeInsets(ctx, hasLegend);
  return { top: insets.top + 4, right: insets.right + 4, bottom: insets.bottom + 4, left: 4 };
}

/** The centre of a round chart (pie, gauge) inside the room the title and legend leave. */
export function roundCenter(ctx: BuildContext, hasLegend = true): [string, string] {
  const position = hasLegend ? legendPosition(ctx.chart) : 'none';
  const x = position === 'right' ? '42%' : '50%';
  const y = position === 'bottom' ? '48%' : showsTitle(ctx) || position === 'top' ? '56%' : '50%';
  return [x, y];
}

/**
 * Themed axis parts. Value axes may hide a tick label that would overlap (ticks are round numbers, no
 * data is lost); category axes show every label (interval 0, never hidden): fitOption rotates,
 * truncates or thins them visibly for the box's size.
 */
export function axisStyle(theme: ChartTheme, splitLine: boolean, category = false): JsonObject {
  return {
    axisLine: { lineStyle: { color: theme.axisLine } },
    axisTick: { lineStyle: { color: theme.axisLine } },
    axisLabel: category ? { color: theme.subtext, interval: 0, hideOverlap: false, fontSize: CATEGORY_FONT_SIZE } : { color: theme.subtext, hideOverlap: true },
    nameTextStyle: { color: theme.subtext },
    splitLine: { show: splitLine, lineStyle: { color: theme.splitLine } },
  };
}

export function tooltipOption(trigger: 'axis' | 'item', theme: ChartTheme, pointer: 'shadow' | 'line' = 'shadow'): JsonObject {
  return { trigger, axisPointer: trigger === 'axis' ? { type: pointer } : undefined, confine: true, borderColor: theme.axisLine };
}
