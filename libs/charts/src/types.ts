/** Input and output of the option builder. */
import type { Chart, ChartField, ChartType, Formatter } from '@bi/chart-model';
import type { ChartLocale } from './format.js';
import type { PeriodGranularity } from './periods.js';
import type { ChartWarning } from './warnings.js';

export type CellValue = string | number | null;

/** dimension: points; series: second points (compare); measure: values; measure2: second values. */
export type ColumnRole = 'dimension' | 'series' | 'measure' | 'measure2';

export interface ChartColumn {
  /** key of the column in each row */
  alias: string;
  role: ColumnRole;
  field: ChartField;
}

/** index is 1-based (antd's `current`); total is the row count of the whole result. */
export interface PageInfo {
  index: number;
  size: number;
  total: number;
}

/** A chart and its query answer (top-N is already applied by the query). */
export interface ChartResult {
  chart: Chart;
  columns: ChartColumn[];
  rows: Record<string, CellValue>[];
  /** totals over the whole result by column alias (sum), when the query computed them */
  totals?: Record<string, number>;
  /**
   * values of calculated plot lines computed by the query, by position in [...plotLineY, ...plotLineYOptional];
   * null (or a missing entry) lets the builder compute the line's formula over the rows
   */
  plotLineValues?: (number | null)[];
  page?: PageInfo;
}

/** JSON values: the option travels to the browser as JSON, so no functions, Dates or undefined survive. */
export type Json = string | number | boolean | null | Json[] | JsonObject;
/** `undefined` members are allowed while building and are removed from the result. */
export interface JsonObject {
  [key: string]: Json | undefined;
}

/** Texts the builder writes into options; the server passes them in the user's language. */
export interface ChartLabels {
  sum: string;
  avg: string;
  max: string;
  min: string;
  /** suffix of trendline series names */
  trend: string;
  /** the note of a thinned category axis; {n} is the step ('every 3rd label') */
  everyNth: string;
  /** category of empty dimension values */
  empty: string;
}

export const DEFAULT_LABELS: Readonly<ChartLabels> = { sum: 'Sum', avg: 'Average', max: 'Max', min: 'Min', trend: 'trend', everyNth: 'every {n} labels: 1 shown', empty: '-' };

export interface BuildOptions {
  /** series with more points are down-sampled (LTTB); default 3000; 0 or Infinity turns it off */
  downsampleThreshold?: number;
  /** table page size when the result carries no page; default 20 */
  tablePageSize?: number;
  /** table maximum height in px; default 320 */
  tableMaxHeight?: number;
  /** 'short' (default) maps '广东省' → '广东', '臺北市' → '台北市' for the registered maps; 'asIs' keeps names */
  regionNames?: 'short' | 'asIs';
  labels?: Partial<ChartLabels>;
  /** the language numbers are written in (万/亿, 萬/億, K/M/B); default zh-CN; a language tag is read by chartLocale */
  locale?: ChartLocale | string;
  /**
   * The option is shown outside a chart box (a server-side picture, an export without the box): it
   * draws the chart's title (showTitle) and makes room for it. Default false: in a box the box header
   * shows the title, so the option's title is off and takes no room (one title).
   */
  standalone?: boolean;
}

/** How the web formats values the option leaves raw (tooltips, value axis labels): apply formatValue. */
export interface FormatterSpec {
  /** the locale the option's texts were written in: format the raw values in it too */
  locale?: ChartLocale;
  /** series name → formatter of its value field (null: plain) */
  series: Record<string, Formatter | null>;
  /**
   * series name → the unit of its value axis (Formatter['unit']) when its formatter fixes none: its
   * tooltips read in it as its point labels do (formatReadable's axisUnit)
   */
  seriesUnits?: Record<string, number>;
  /**
   * value axis index → formatter for its labels (axis 1 is the second axis of doubleaxis): the field's
   * formatter with one unit chosen for the whole axis (axisFormatter); apply formatAxisValue
   */
  valueAxes: (Formatter | null)[];
  /**
   * the category axis of a chart over one date dimension grouped by year / quarter / month / week: its
   * categories are each period's first day (the points' keys); labels and tooltips show
   * periodLabel(category, granularity, locale) ('2023 Q1')
   */
  categoryAxis?: { granularity: PeriodGranularity };
}

export interface ChartMeta {
  kind: ChartType;
  /** points per series after down-sampling (rows on the page for table) */
  pointCount: number;
  /** points per series before down-sampling (all rows for table) */
  originalPointCount: number;
  downsampled: boolean;
  /** what the answer notes about how it was drawn, as English text (for API clients that read text) */
  warnings: string[];
  /** the same notes as keys and parameters (CHART_WARNING_KEYS): clients say them in the reader's language */
  notes: ChartWarning[];
  formatters: FormatterSpec;
}

export interface ChartBuild {
  /** an ECharts option as plain JSON; table kinds carry `table` instead of series */
  option: JsonObject;
  meta: ChartMeta;
}
