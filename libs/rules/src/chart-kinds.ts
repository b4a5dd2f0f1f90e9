import { CHART_KINDS, type ChartKind } from './dashboard.js';

/**
 * What the chart editor offers per kind (GET /api/chart-edit/charts/{type}; docs/api/chart.md "Chart
 * kinds"): shared by the BFF, which serves it, and the web editor, which shows its zones and options.
 */
export interface ChartKindInfo {
  type: ChartKind;
  points: { min: number; max: number };
  values: { min: number; max: number };
  secondPoints: boolean;
  secondValues: boolean;
  trendline: boolean;
  dataZoom: boolean;
  plotLines: boolean;
  topN: boolean;
  alert: boolean;
}

const range = (min: number, max: number) => ({ min, max });
const cartesian = { points: range(0, 10), values: range(1, 50), secondPoints: true, secondValues: false, dataZoom: true, plotLines: true, topN: true };

export const CHART_KIND_INFO: { readonly [K in ChartKind]: ChartKindInfo } = {
  table: { type: 'table', points: range(0, 10), values: range(0, 50), secondPoints: true, secondValues: true, trendline: false, dataZoom: false, plotLines: false, topN: true, alert: false },
  bar: { type: 'bar', ...cartesian, trendline: true, alert: true },
  stack_bar: { type: 'stack_bar', ...cartesian, trendline: false, alert: false },
  line: { type: 'line', ...cartesian, trendline: true, alert: true },
  scatter: { type: 'scatter', ...cartesian, trendline: true, alert: false },
  pie: { type: 'pie', points: range(1, 1), values: range(1, 1), secondPoints: false, secondValues: false, trendline: false, dataZoom: false, plotLines: false, topN: true, alert: false },
  gauge: { type: 'gauge', points: range(0, 0), values: range(1, 1), secondPoints: false, secondValues: false, trendline: false, dataZoom: false, plotLines: false, topN: false, alert: true },
  funnel: { type: 'funnel', points: range(1, 1), values: range(1, 1), secondPoints: false, secondValues: false, trendline: false, dataZoom: false, plotLines: false, topN: true, alert: false },
  card: { type: 'card', points: range(0, 0), values: range(1, 1), secondPoints: false, secondValues: false, trendline: false, dataZoom: false, plotLines: false, topN: false, alert: true },
  doubleaxis: { type: 'doubleaxis', ...cartesian, secondPoints: false, secondValues: true, trendline: true, alert: true },
  nav: { type: 'nav', points: range(0, 1), values: range(1, 2), secondPoints: false, secondValues: true, trendline: false, dataZoom: false, plotLines: false, topN: true, alert: false },
  map: { type: 'map', points: range(1, 1), values: range(1, 1), secondPoints: false, secondValues: false, trendline: false, dataZoom: false, plotLines: false, topN: false, alert: false },
  tw_map: { type: 'tw_map', points: range(1, 1), values: range(1, 1), secondPoints: false, secondValues: false, trendline: false, dataZoom: false, plotLines: false, topN: false, alert: false },
};

export const chartKinds = (): ChartKindInfo[] => CHART_KINDS.map((k) => CHART_KIND_INFO[k]);

/** Most charts one batch run answers (POST /api/dashboard/charts/{tab}): a dashboard's boxes that came into view together. */
export const MAX_BATCH_CHARTS = 50;
