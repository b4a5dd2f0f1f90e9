/**
 * Adds the functions a JSON option cannot carry (docs/api/chart.md, libs/charts/README.md): tooltips
 * formatted with `formatReadable` (as the point labels), value-axis / gauge / visual-map labels with `formatAxisValue`, both with
 * `meta.formatters` in its locale (the language the server wrote the option's texts in: 万/亿, 萬/億,
 * K/M/B). Pure: the input option is not changed; only the parts that get a function are copied.
 * The web's charts and the server's pictures (@bi/render) both draw with it.
 */
import { chartKind, isChartType } from '@bi/chart-model/kinds';
import type { Formatter, RendererFamily } from '@bi/chart-model';
import { isHorizontalOption as isHorizontal } from './cartesian.js';
import { DEFAULT_LOCALE, formatAxisValue, formatReadable, formatValue, type ChartLocale } from './format.js';
import { periodLabel } from './periods.js';
import type { FormatterSpec } from './types.js';

type Obj = Record<string, unknown>;
export type EChartsJson = Obj;

/** The parts of ECharts' tooltip callback parameters the formatters read. */
export interface TooltipParam {
  componentType?: string;
  seriesType?: string;
  seriesName?: string;
  name?: string;
  value?: unknown;
  marker?: unknown;
  percent?: number;
  axisValueLabel?: string;
}
export type TooltipFormatter = (params: TooltipParam | TooltipParam[]) => string;
export type ValueFormatter = (value: unknown) => string;

const EMPTY_FORMATTERS: FormatterSpec = { series: {}, valueAxes: [] };

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/** Escapes text for the HTML tooltips ECharts renders (category and series names come from the data). */
export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

const markerOf = (p: TooltipParam): string => (typeof p.marker === 'string' ? p.marker : '');

/** A tooltip's value as the point labels write it (formatReadable: the locale's units — its axis' unit — when the field fixes none). */
function formatNumber(value: unknown, formatter: Formatter | null | undefined, locale: ChartLocale, axisUnit = 0): string {
  if (typeof value === 'number' || typeof value === 'string' || value === null || value === undefined) return formatReadable(value, formatter, locale, axisUnit);
  return formatValue(null);
}

const localeOf = (formatters: FormatterSpec): ChartLocale => formatters.locale ?? DEFAULT_LOCALE;

/** The formatter of a series (or of a pie/funnel slice by its name). */
export function seriesFormatter(formatters: FormatterSpec, ...names: (string | undefined)[]): Formatter | null {
  for (const name of names) {
    if (name !== undefined && Object.prototype.hasOwnProperty.call(formatters.series, name)) return formatters.series[name] ?? null;
  }
  return null;
}

/** The unit of a series' value axis its tooltip reads in (meta.formatters.seriesUnits), 0 none. */
function seriesUnit(formatters: FormatterSpec, name: string | undefined): number {
  return name !== undefined && formatters.seriesUnits && Object.prototype.hasOwnProperty.call(formatters.seriesUnits, name) ? (formatters.seriesUnits[name] ?? 0) : 0;
}


/**
 * Tooltip of the category × value kinds: a cartesian point is its value (the category is the axis'),
 * or `[category, value, text]` (`[value, category, text]` when horizontal) when point labels are shown;
 * the value is formatted with its series' formatter.
 */
export function cartesianTooltip(formatters: FormatterSpec, horizontal: boolean): TooltipFormatter {
  const valueIndex = horizontal ? 0 : 1;
  const categoryIndex = horizontal ? 1 : 0;
  const valueOf = (p: TooltipParam): unknown => (Array.isArray(p.value) ? p.value[valueIndex] : p.value);
  const categoryOf = (p: TooltipParam): unknown => (Array.isArray(p.value) ? p.value[categoryIndex] : p.name);
  return (params) => {
    const list = asList(params) as TooltipParam[];
    const first = list[0];
    if (!first) return '';
    const markLine = first.componentType === 'markLine';
    const category = first.axisValueLabel ?? (markLine ? first.seriesName : categoryOf(first));
    // a date axis by period: the period ('2023 Q1'), not its first day
    const header = markLine ? category : categoryText(formatters)(category);
    const lines = list.map((p) => {
      const label = p.componentType === 'markLine' ? p.name : p.seriesName;
      return `${markerOf(p)}${escapeHtml(label)}: <b>${escapeHtml(formatNumber(valueOf(p), seriesFormatter(formatters, p.seriesName), localeOf(formatters), seriesUnit(formatters, p.seriesName)))}</b>`;
    });
    return [escapeHtml(header), ...lines].filter((line) => line !== '').join('<br/>');
  };
}

/** A category as its axis shows it: the period of a date axis by year / quarter / month / week (meta.formatters.categoryAxis), else as it is. */
export function categoryText(formatters: FormatterSpec): (category: unknown) => string {
  const granularity = formatters.categoryAxis?.granularity;
  const locale = localeOf(formatters);
  return (category) => (granularity ? periodLabel(category, granularity, locale) : category === undefined || category === null ? '' : String(category));
}

/** Tooltip of one item (pie, funnel, gauge, map): series name, then the item's formatted value (and share). */
export function itemTooltip(formatters: FormatterSpec, withPercent: boolean): TooltipFormatter {
  return (params) => {
    const p = (asList(params) as TooltipParam[])[0];
    if (!p) return '';
    const value = formatNumber(Array.isArray(p.value) ? p.value[0] : p.value, seriesFormatter(formatters, p.name, p.seriesName), localeOf(formatters));
    const share = withPercent && typeof p.percent === 'number' && Number.isFinite(p.percent) ? ` (${p.percent}%)` : '';
    const head = p.seriesName && p.seriesName !== p.name ? `${escapeHtml(p.seriesName)}<br/>` : '';
    return `${head}${markerOf(p)}${escapeHtml(p.name)}: <b>${escapeHtml(value)}</b>${escapeHtml(share)}`;
  };
}

/** Axis labels (ticks): the axis formatter's unit for every tick, trailing zeros dropped (1亿, 1.5亿). */
export function valueLabel(formatter: Formatter, locale: ChartLocale = DEFAULT_LOCALE): ValueFormatter {
  return (value) => (typeof value === 'number' || typeof value === 'string' ? formatAxisValue(value, formatter, locale) : formatValue(null));
}

/** A tooltip keeps the function only when the option (or a customOption) sets no formatter of its own. */
function withTooltip(option: Obj, formatter: TooltipFormatter): Obj {
  const tooltip = isObj(option.tooltip) ? option.tooltip : {};
  if (tooltip.formatter !== undefined || tooltip.show === false) return option;
  return { ...option, tooltip: { ...tooltip, formatter } };
}

function withAxisLabel(axis: unknown, formatter: Formatter | null | undefined, locale: ChartLocale): unknown {
  if (!formatter || !isObj(axis)) return axis;
  const axisLabel = isObj(axis.axisLabel) ? axis.axisLabel : {};
  if (axisLabel.formatter !== undefined) return axis;
  return { ...axis, axisLabel: { ...axisLabel, formatter: valueLabel(formatter, locale) } };
}

/** A category axis by period gets labels that name the period; its data (the points' keys) stays. */
function withCategoryLabels(axis: unknown, label: ValueFormatter): unknown {
  if (!isObj(axis) || axis.type !== 'category') return axis;
  const axisLabel = isObj(axis.axisLabel) ? axis.axisLabel : {};
  if (axisLabel.formatter !== undefined) return axis;
  return { ...axis, axisLabel: { ...axisLabel, formatter: label } };
}

function cartesian(option: Obj, formatters: FormatterSpec): Obj {
  const horizontal = isHorizontal(option);
  const key = horizontal ? 'xAxis' : 'yAxis';
  let out = withTooltip(option, cartesianTooltip(formatters, horizontal));
  if (formatters.categoryAxis) {
    const categoryKey = horizontal ? 'yAxis' : 'xAxis';
    const label = categoryText(formatters);
    const axes = option[categoryKey];
    out = { ...out, [categoryKey]: Array.isArray(axes) ? axes.map((a) => withCategoryLabels(a, label)) : withCategoryLabels(axes, label) };
    // a data-zoom slider names the categories at its ends
    if (Array.isArray(option.dataZoom)) {
      out.dataZoom = option.dataZoom.map((z) => (isObj(z) && z.type === 'slider' && z.labelFormatter === undefined ? { ...z, labelFormatter: (_: unknown, text: unknown) => label(text) } : z));
    }
  }
  const axes = option[key];
  if (axes !== undefined && formatters.valueAxes.some(Boolean)) {
    const locale = localeOf(formatters);
    const mapped = Array.isArray(axes) ? axes.map((axis, i) => withAxisLabel(axis, formatters.valueAxes[i], locale)) : withAxisLabel(axes, formatters.valueAxes[0], locale);
    out = { ...out, [key]: mapped };
  }
  return out;
}

function gauge(option: Obj, formatters: FormatterSpec): Obj {
  const out = withTooltip(option, itemTooltip(formatters, false));
  const formatter = formatters.valueAxes[0];
  if (!formatter || !Array.isArray(option.series)) return out;
  return { ...out, series: option.series.map((s) => (isObj(s) && s.type === 'gauge' ? withAxisLabel(s, formatter, localeOf(formatters)) : s)) };
}

function map(option: Obj, formatters: FormatterSpec): Obj {
  const out = withTooltip(option, itemTooltip(formatters, false));
  const formatter = formatters.valueAxes[0];
  if (!formatter || option.visualMap === undefined) return out;
  // the visual map's ends are the data's extremes, not round ticks: written with the formatter's decimals
  const text: ValueFormatter = (value) => (value === 0 ? '0' : formatNumber(value, formatter, localeOf(formatters)));
  const label = (vm: unknown) => (isObj(vm) && vm.formatter === undefined ? { ...vm, formatter: text } : vm);
  return { ...out, visualMap: Array.isArray(option.visualMap) ? option.visualMap.map(label) : label(option.visualMap) };
}

const BY_FAMILY: { readonly [F in RendererFamily]: (option: Obj, formatters: FormatterSpec) => Obj } = {
  cartesian,
  pieFunnel: (option, formatters) => withTooltip(option, itemTooltip(formatters, true)),
  gauge,
  map,
  // nav hides its tooltip and pre-formats its labels; card and table carry finished texts
  nav: (option) => option,
  card: (option) => option,
  table: (option) => option,
};

/** The option with formatter functions for the kind's tooltips, value axes and visual map. */
export function applyFormatters(option: Obj, kind: unknown, formatters: FormatterSpec | undefined): Obj {
  const family = isChartType(kind) ? chartKind(kind).renderer : null;
  if (!family) return option;
  return BY_FAMILY[family](option, formatters ?? EMPTY_FORMATTERS);
}
