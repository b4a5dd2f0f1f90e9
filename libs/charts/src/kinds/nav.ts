import { columnsOf, display, fieldLabel, formatterOf, literal, type KindBuilder } from '../context.js';
import { pivot } from '../data.js';
import { formatPercent, toNumber } from '../format.js';
import { chromeInsets } from '../layout.js';
import { singleValue } from '../stats.js';
import { normalizeColor, paletteColor } from '../themes.js';
import { chartWarning } from '../warnings.js';
import type { JsonObject } from '../types.js';

export const DEFAULT_NAV_FONT_SIZE = 14;

/**
 * Progress bars (value / target): the first value field against the second value field (or the first
 * second value), else against property.max, else 100. One bar per dimension value, or one bar for the
 * whole result. navConfig: navColor (filled part, default the first chart colour), noNavColor (track,
 * default the theme's), navFontSize (labels, default 14). Labels show the percent reached.
 */
export const buildNav: KindBuilder = (ctx) => {
  const { chart, result, theme, palette } = ctx;
  const values = columnsOf(result, 'measure');
  const valueCol = values[0] ?? columnsOf(result, 'measure2')[0];
  const targetCol = values[1] ?? (values[0] ? columnsOf(result, 'measure2')[0] : undefined);
  const fixedTarget = toNumber(chart.property?.max);
  if (!targetCol && fixedTarget === null && valueCol) ctx.warnings.push(chartWarning('navDefaultTarget', { target: 100 }));
  const defaultTarget = fixedTarget ?? 100;

  const items: { name: string; value: number | null; target: number | null }[] = [];
  if (valueCol && columnsOf(result, 'dimension').length > 0) {
    const pv = pivot(ctx, targetCol ? [valueCol, targetCol] : [valueCol], { ignoreCompare: true });
    pv.categories.forEach((name, i) => items.push({ name, value: pv.series[0]?.values[i] ?? null, target: targetCol ? (pv.series[1]?.values[i] ?? null) : defaultTarget }));
  } else if (valueCol) {
    items.push({ name: fieldLabel(valueCol.field), value: singleValue(result, valueCol, ctx.warnings), target: targetCol ? singleValue(result, targetCol, ctx.warnings) : defaultTarget });
  }

  const nav = chart.navConfig ?? {};
  const navColor = normalizeColor(nav.navColor) ?? paletteColor(palette, 0);
  const noNavColor = normalizeColor(nav.noNavColor) ?? theme.track;
  const size = toNumber(nav.navFontSize);
  const fontSize = size !== null && size >= 8 && size <= 96 ? size : DEFAULT_NAV_FONT_SIZE;

  const rows = items.map((it) => {
    const ratio = it.value !== null && it.target !== null && it.target !== 0 ? it.value / it.target : null;
    return { ...it, ratio, percent: formatPercent(ratio), valueDisplay: display(it.value, valueCol, ctx.options.locale), targetDisplay: display(it.target, targetCol ?? valueCol, ctx.options.locale) };
  });
  const insets = chromeInsets(ctx, false);
  const series: JsonObject = {
    type: 'bar',
    name: valueCol ? fieldLabel(valueCol.field) : '',
    data: rows.map((r) => ({ value: r.ratio === null ? 0 : Number(Math.min(100, Math.max(0, r.ratio * 100)).toFixed(4)), label: { formatter: literal(r.percent) } })),
    barMaxWidth: Math.max(12, Math.round(fontSize * 1.6)),
    barCategoryGap: '40%',
    showBackground: true,
    backgroundStyle: { color: noNavColor, borderRadius: 999 },
    itemStyle: { color: navColor, borderRadius: 999 },
    label: { show: true, position: 'right', fontSize, color: theme.text },
  };
  return {
    option: {
      legend: { show: false },
      tooltip: { show: false },
      grid: { top: insets.top + 8, bottom: 8, left: 12, right: 24 + fontSize * 4, outerBoundsMode: 'same', outerBoundsContain: 'all' },
      xAxis: { type: 'value', min: 0, max: 100, show: false },
      yAxis: { type: 'category', inverse: true, data: rows.map((r) => r.name), axisLine: { show: false }, axisTick: { show: false }, axisLabel: { color: theme.text, fontSize } },
      series: [series],
      fit: { everyNth: ctx.options.labels.everyNth },
      nav: { navColor, noNavColor, fontSize, items: rows.map((r) => ({ name: r.name, value: r.value, target: r.target, ratio: r.ratio, percent: r.percent, valueDisplay: r.valueDisplay, targetDisplay: r.targetDisplay })) },
    },
    pointCount: rows.length,
    originalPointCount: result.rows.length,
    formatters: { series: { [valueCol ? fieldLabel(valueCol.field) : '']: formatterOf(valueCol) }, valueAxes: [] },
  };
};
