/** What every kind builder gets, and what it gives back. */
import type { Chart, ChartField, Formatter } from '@bi/chart-model';
import { DEFAULT_DOWNSAMPLE_THRESHOLD } from './downsample.js';
import { chartLocale, formatReadable, formatValue, type ChartLocale } from './format.js';
import { resolvePalette, resolveTheme, type ChartTheme } from './themes.js';
import type { ChartWarning } from './warnings.js';
import { DEFAULT_LABELS, type BuildOptions, type ChartColumn, type ChartLabels, type ChartResult, type ColumnRole, type FormatterSpec, type JsonObject } from './types.js';

export interface ResolvedOptions {
  downsampleThreshold: number;
  tablePageSize: number;
  tableMaxHeight: number;
  regionNames: 'short' | 'asIs';
  labels: ChartLabels;
  locale: ChartLocale;
  /** the option draws its own title (shown outside a box); in a box the box header shows it */
  standalone: boolean;
}

export interface BuildContext {
  result: ChartResult;
  chart: Chart;
  options: ResolvedOptions;
  theme: ChartTheme;
  /** theme palette with the chart's colorSettings over it */
  palette: string[];
  /** add to it (chartWarning(key, params)); it ends up in meta.notes, and as English text in meta.warnings */
  warnings: ChartWarning[];
}

/** A kind builder's answer; the common parts (colours, background, title, customOption) are added around it. */
export interface KindOutput {
  option: JsonObject;
  pointCount: number;
  originalPointCount: number;
  downsampled?: boolean;
  formatters?: Partial<FormatterSpec>;
}

export type KindBuilder = (ctx: BuildContext) => KindOutput;

export function resolveOptions(options: BuildOptions = {}): ResolvedOptions {
  const threshold = options.downsampleThreshold;
  return {
    downsampleThreshold: threshold === undefined ? DEFAULT_DOWNSAMPLE_THRESHOLD : threshold <= 0 ? Infinity : threshold,
    tablePageSize: options.tablePageSize && options.tablePageSize > 0 ? Math.floor(options.tablePageSize) : 20,
    tableMaxHeight: options.tableMaxHeight && options.tableMaxHeight > 0 ? options.tableMaxHeight : 320,
    regionNames: options.regionNames ?? 'short',
    labels: { ...DEFAULT_LABELS, ...options.labels },
    locale: chartLocale(options.locale),
    standalone: options.standalone === true,
  };
}

export function createContext(result: ChartResult, options?: BuildOptions): BuildContext {
  const chart = result.chart;
  const theme = resolveTheme(chart.theme);
  return { result, chart, options: resolveOptions(options), theme, palette: resolvePalette(chart, theme), warnings: [] };
}

/** The alias a field shows under: its title, else its name. */
export function fieldLabel(field: ChartField): string {
  const title = typeof field.title === 'string' ? field.title.trim() : '';
  return title || field.name;
}

export function columnsOf(result: ChartResult, ...roles: ColumnRole[]): ChartColumn[] {
  return result.columns.filter((c) => roles.includes(c.role));
}

export function formatterOf(column: ChartColumn | undefined): Formatter | null {
  return column?.field.formatter ?? null;
}

/**
 * A value as a person reads it in a chart (labels, cards, statistics, plot lines): its column's
 * formatter, in the locale's units when the formatter fixes none (formatReadable: as the value axis).
 */
export function display(value: number | null | undefined, column: ChartColumn | undefined, locale: ChartLocale, axisUnit = 0): string {
  return formatReadable(value, formatterOf(column), locale, axisUnit);
}

/** A value exactly as its column's formatter writes it (table cells: the figure, not a rounded unit). */
export function displayExact(value: number | null | undefined, column: ChartColumn | undefined, locale: ChartLocale): string {
  return formatValue(value, formatterOf(column), locale);
}

/**
 * Literal text for ECharts string templates and rich text: braces would start a template or a rich-text
 * style, so they become their full-width forms.
 */
export function literal(text: string): string {
  if (text.indexOf('{') < 0 && text.indexOf('}') < 0) return text;
  return text.replace(/\{/g, '｛').replace(/\}/g, '｝');
}
