/**
 * One chart drawn without a browser: the option the web draws (chart-query's answer, or buildOption
 * over the chart's rows in the reader's language), with the web's formatter functions (applyFormatters)
 * and app theme (adaptToAppTheme), fitted to the picture's size (fitOption), drawn by ECharts'
 * server-side SVG renderer; table kinds are drawn as a table (table-svg.ts).
 */
import { echarts, type EChartsCoreOption } from './echarts.js';
import { isChartType } from '@bi/chart-model/kinds';
import type { Chart } from '@bi/chart-model';
import { THEMES, adaptToAppTheme, applyFormatters, buildOption, echartsLocale, fitOption, type FormatterSpec, type JsonObject } from '@bi/charts';
import { ensureMapOf } from './maps.js';
import { clampSize, MAX_SIDE, svgToPng } from './svg.js';
import { tableSvg } from './table-svg.js';
import { chartLabels, text } from './texts.js';
import type { ChartSource, RenderChartInput, RenderLocale, RenderTheme } from './types.js';

/** The option of a source in the reader's language, before theme and size. */
export interface SourceOption {
  option: JsonObject;
  chart: Chart;
  formatters?: FormatterSpec;
}

/** `standalone` draws the chart's title (a picture on its own); a dashboard's box header shows it instead. */
export function sourceOption(source: ChartSource, locale: RenderLocale, standalone = true): SourceOption {
  if (source.answer) return { option: source.answer.option ?? {}, chart: source.answer.chart, formatters: source.answer.meta?.formatters };
  const build = buildOption(source.result, { locale, labels: chartLabels(locale), standalone });
  return { option: build.option, chart: source.result.chart, formatters: build.meta.formatters };
}

/** The picture's background: the option's, or the reader's surface when the chart follows the dark app (transparent in the web's box). */
export function backgroundOf(option: JsonObject, theme: RenderTheme): string {
  const bg = option.backgroundColor;
  if (typeof bg === 'string' && bg !== '' && bg !== 'transparent') return bg;
  return THEMES[theme === 'dark' ? 'dark' : 'light'].background;
}

/** The option drawn: the app theme, the formatter functions, the layout rules for the size, no animation. */
export function preparedOption(src: SourceOption, theme: RenderTheme, width: number, height: number): JsonObject {
  const themed = adaptToAppTheme(src.option, src.chart, theme);
  const background = backgroundOf(themed, theme);
  const formatted = applyFormatters(themed, src.chart?.type, src.formatters) as JsonObject;
  return { ...fitOption(formatted, { width, height }), backgroundColor: background, animation: false };
}

const isTable = (src: SourceOption): boolean => typeof src.option.table === 'object' && src.option.table !== null;

function emptySvg(width: number, height: number, background: string, color: string, locale: RenderLocale): string {
  const label = text(locale, 'render.no_data');
  return `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg"><rect width="${width}" height="${height}" fill="${background}"/><text x="${width / 2}" y="${height / 2}" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" font-size="13" fill="${color}">${label}</text></svg>`;
}

/** zrender's SVG painter (ECharts' renderToSVGString is its renderToString with CSS hover styles and CSS animation on). */
interface SvgPainter {
  renderToString(opts: { cssEmphasis?: boolean; cssAnimation?: boolean; useViewBox?: boolean }): string;
}

/**
 * SVG of a prepared source at a size (the dashboard draws its cells with it). `raster`: the SVG is only rasterised
 * (resvg draws neither :hover styles nor CSS animations), so ECharts leaves out its hover classes and their
 * `<style>` — the same pixels for less work (docs/benchmarks.md "Server-side render", 2026-11-29 09:00–); an SVG
 * handed out (renderChartSvg, renderDashboardSvg) keeps them, as before.
 */
export function sourceSvg(src: SourceOption, width: number, height: number, locale: RenderLocale, theme: RenderTheme, raster = false): string {
  if (isTable(src)) return tableSvg(adaptToAppTheme(src.option, src.chart, theme), width, height, theme);
  if (!isChartType(src.chart?.type)) {
    const colors = THEMES[theme];
    return emptySvg(width, height, colors.background, colors.subtext, locale);
  }
  ensureMapOf(src.chart);
  const option = preparedOption(src, theme, width, height);
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height, locale: echartsLocale(locale) });
  try {
    chart.setOption(option as EChartsCoreOption);
    if (!raster) return chart.renderToSVGString();
    return (chart.getZr().painter as unknown as SvgPainter).renderToString({ cssEmphasis: false, cssAnimation: false });
  } finally {
    chart.dispose();
  }
}

function sizeOf(input: { width: number; height: number }) {
  return { width: clampSize(input.width, 16, MAX_SIDE, 600), height: clampSize(input.height, 16, MAX_SIDE, 400) };
}

/** The chart's SVG at its clamped size in its locale and theme (`raster`: drawn only to pixels, see sourceSvg). */
function chartSvg(input: RenderChartInput, raster: boolean): string {
  const locale = input.locale ?? 'zh-CN';
  const { width, height } = sizeOf(input);
  return sourceSvg(sourceOption(input, locale), width, height, locale, input.theme ?? 'light', raster);
}

/** The chart as an SVG string at `width` × `height`. */
export function renderChartSvg(input: RenderChartInput): string {
  return chartSvg(input, false);
}

/** The chart as a PNG (width × height × pixelRatio pixels), its texts in the reader's CJK font. */
export async function renderChartPng(input: RenderChartInput): Promise<Buffer> {
  return svgToPng(chartSvg(input, true), input.locale ?? 'zh-CN', input.pixelRatio);
}
