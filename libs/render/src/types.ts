/**
 * Inputs of @bi/render: charts, dashboards and tables drawn on the server without a browser
 * (issue 30). Charts go through the same option builders and layout rules as the web (libs/charts
 * buildOption, fitOption), ECharts' server-side SVG renderer, and resvg for PNG.
 */
import type { Chart } from '@bi/chart-model';
import type { ChartLocale, ChartResult, FormatterSpec, JsonObject } from '@bi/charts';
import type { GridPlacement } from '@bi/rules';

/** The reader's language: texts and number units (万/亿, 萬/億, K/M/B). */
export type RenderLocale = ChartLocale;
/** The reader's app theme: a chart on the default light theme follows a dark app as the web does. */
export type RenderTheme = 'light' | 'dark';

/**
 * A chart's run answer as chart-query gives it (RunChart, POST /api/dashboard/chart/{tab}/{chartId}):
 * the option already built in the reader's language, its chart, and meta.formatters for the values the
 * option leaves raw (value axes, visual map).
 */
export interface ChartRunAnswer {
  option: JsonObject;
  chart: Chart;
  meta?: { formatters?: FormatterSpec } & Record<string, unknown>;
}

/**
 * What a chart is drawn from: either chart-query's answer (`answer`), or the chart with its rows
 * (`result`: the option is built here with buildOption in `locale`, drawing the chart's title).
 */
export type ChartSource = { answer: ChartRunAnswer; result?: never } | { result: ChartResult; answer?: never };

export interface RenderOptions {
  /** default zh-CN */
  locale?: RenderLocale;
  /** default light */
  theme?: RenderTheme;
}

/** One chart at a size in CSS pixels (1–4096). */
export type RenderChartInput = ChartSource &
  RenderOptions & {
    width: number;
    height: number;
    /** PNG pixels per CSS pixel (1–3); default 1 */
    pixelRatio?: number;
  };

/** One box of a dashboard grid: its place (GRID of @bi/rules: 12 columns, row height, margins), its title and its chart. */
export type DashboardCell = GridPlacement & {
  /** the box header's title (the chart's title when absent) */
  title?: string;
} & ChartSource;

export interface RenderDashboardInput extends RenderOptions {
  /** the dashboard's (tab's) name, drawn above the grid */
  title: string;
  cells: DashboardCell[];
  /** the grid's width in CSS pixels; default 1200 */
  width?: number;
  /** PNG pixels per CSS pixel (1–3); default 1 */
  pixelRatio?: number;
}

/** The PDF of a dashboard: its title, the run date, the filter values line, then its picture(s) over pages. */
export interface RenderDashboardPdfInput extends RenderDashboardInput {
  /** when the report was run (written in the reader's language and `timeZone`) */
  runAt: Date;
  /** IANA time zone of the run date; default the process' */
  timeZone?: string;
  /** the global filter values applied, already in words ('Region: East, North'); none: no line */
  filters?: { name: string; values: string[] }[];
  /** page size; default A4 landscape */
  page?: 'A4' | 'A4-landscape';
}

/** A cell of a table: written as it is (numbers stay numbers in XLSX). */
export type TableCell = string | number | boolean | null;

/**
 * Rows to write to XLSX / CSV: a chart's data rows (its columns by title) or its detail rows.
 * Used by subscriptions' attachments and by the BFF's exports.
 */
export interface TableData {
  /** the sheet's name (cut to Excel's 31 characters) and the file's name */
  name: string;
  columns: { title: string; dataType?: string }[];
  rows: TableCell[][];
}
