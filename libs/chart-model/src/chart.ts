/**
 * The chart definition of spec 01 §3, shared by the web editor, the dashboard service (which stores
 * it) and the chart engine (which compiles and renders it). Field names follow the spec.
 */
import type { ChartType } from './kinds.js';
import type { DrillLevel } from './drill.js';
import type { ChartLinkage } from './linkage.js';
import type { WarnConfig } from './warn-config.js';
import type { z } from 'zod';
import type { relativePresetSchema } from './schemas/filters.js';

export type DataType = 'string' | 'number' | 'date';

/** 0 normal, 1 year, 2 quarter, 3 month, 4 week, 5 day */
export type Granularity = 0 | 1 | 2 | 3 | 4 | 5;
export const GRANULARITY = { normal: 0, year: 1, quarter: 2, month: 3, week: 4, day: 5 } as const;

/** sum, count, avg of the spec, plus min, max and count distinct: the one aggregator list (rules, query, the services' checks derive from it). */
export const CHART_AGGREGATORS = ['sum', 'avg', 'max', 'min', 'count', 'countDistinct'] as const;
export type Aggregator = (typeof CHART_AGGREGATORS)[number];
export type SortOrder = '' | 'asc' | 'desc';

/** type 1 value, 2 percent (0 on new relation nodes); unit 0 none, 1 万, 2 亿, 3 K, 4 M, 5 G. */
export interface Formatter {
  type: 0 | 1 | 2;
  isCustomizeUnit: boolean;
  unit: 0 | 1 | 2 | 3 | 4 | 5;
  customUnit: string;
  decimalPlaces: number;
  useThousandth: boolean;
}

/** Field-filter condition operators by type (spec 01 §5). */
export type NumberCompare = '>' | '<' | '=' | '!=' | '<=' | '>=' | 'between';
export type StringCompare = '=' | '!=' | 'like' | 'notLike';
export type DateCompare = 'between';
export type Compare = NumberCompare | StringCompare | DateCompare;

export interface FilterCondition {
  field: { name: string; title?: string; dataType: DataType };
  compare: Compare;
  compareValue?: string | number | null;
  compareValueLeft?: string | number | null;
  compareValueRight?: string | number | null;
}

/** logic 0 any, 1 all (the field-filter dialog's reading). */
export interface FieldFilter {
  logic: 0 | 1;
  conditions: FilterCondition[];
}

export interface ChartField {
  name: string;
  /** alias, 1–20 characters */
  title?: string;
  dataType: DataType;
  width?: number;
  granularity?: Granularity;
  aggregator?: Aggregator;
  orderBy?: SortOrder;
  showTrendline?: boolean;
  formatter?: Formatter;
  fieldFilter?: FieldFilter;
}

/** valueType 0 fixed, 1 calculated; formula 0 average, 1 min, 2 max. */
export interface PlotLine {
  name: string;
  valueType: 0 | 1;
  value?: number;
  axisField?: { axisName: string; axisTitle?: string; aggregator?: Aggregator };
  formula?: 0 | 1 | 2;
}

export interface GaugeSection {
  section: number;
  sectionColor: string;
}

export interface EditTopNum {
  showItemNum: boolean;
  /** 0 before (largest first), 1 after (smallest) */
  direction: 0 | 1;
  num: number;
  /** 0 item count, 1 percent */
  mode: 0 | 1;
}

export interface AggregateConfig {
  aggregateField?: string;
  showSum?: boolean;
  showAvg?: boolean;
  showMax?: boolean;
  showMin?: boolean;
  showFontColor?: string;
}

export interface MapConfig {
  /** 0 city, 1 province */
  granularity: 0 | 1;
  visualMapShow: boolean;
}

export interface NavConfig {
  navColor?: string;
  noNavColor?: string;
  navFontSize?: number;
}

/** Relative date presets of a date filter, resolved by the server in BI_TIME_ZONE (never the browser's clock). */
export type RelativeDatePreset = z.infer<typeof relativePresetSchema>;
export interface RelativeDate {
  preset: RelativeDatePreset;
  /** lastDays: how many days, today included (1–3660) */
  days?: number;
}

/** Inner filter (a chart's own filter bar entry) and global filter item share this range model. */
export interface RangeFilter {
  id?: string;
  name: string;
  title?: string;
  dataType: DataType | 'other';
  /** dates: [from, to] (yyyy-MM-dd); numbers: per numberOption; strings: selected values */
  range: (string | number)[];
  granularity?: Granularity;
  numberOption?: 'all' | 'custom' | 'equal' | 'notEqual' | 'greaterThan' | 'greaterThanOrEqual' | 'lessThan' | 'lessThanOrEqual' | 'range';
  /** dates: a preset in place of the range (today, this week/month/quarter/year, the last N days) */
  relative?: RelativeDate;
  /**
   * `range` lists values, any of which a row may have (a linkage selection of several points):
   * numbers equal to one of them, dates within the period of one of them at `granularity`, texts equal
   * (as text filters always read). `numberOption` is not read then.
   */
  anyOf?: boolean;
}

export interface Chart {
  chartId: string;
  title: string;
  type: ChartType;
  dataSourceId: string;
  points: ChartField[];
  values: ChartField[];
  secondPoints: ChartField[];
  secondValues: ChartField[];
  innerFilters: RangeFilter[];
  colorSettings: string[];
  gaugeSection: GaugeSection[];
  /** JSON text merged over the built option */
  customOption?: string;
  linkageId?: string;
  /** the charts this chart's click filters (set by the link settings dialog, SaveLinkage; an editor save keeps it) */
  linkage?: ChartLinkage;
  /** the drill-down hierarchy (drill.ts): 2–5 levels, the first the chart's first dimension; a click goes one level down */
  drill?: DrillLevel[];
  shape?: boolean;
  group?: boolean;
  isHorizontal?: boolean;
  showXSplitLine?: boolean;
  showYSplitLine?: boolean;
  isEmbeded?: boolean;
  isShowRealValue?: boolean;
  isShowPointLabel?: boolean;
  showTitle?: boolean;
  /** 0 none, 1 top, 2 right, 3 bottom */
  legendStyle?: 0 | 1 | 2 | 3;
  property?: { background?: string; min?: number; max?: number; secondMin?: number; secondMax?: number };
  plotLineY?: PlotLine[];
  plotLineYOptional?: PlotLine[];
  xDataZoom?: boolean;
  yDataZoom?: boolean;
  mapConfig?: MapConfig;
  navConfig?: NavConfig;
  aggregateConfig?: AggregateConfig;
  editTopNum?: EditTopNum;
  /** alert rules (warn-config.ts; checked by checkWarnConfig, kept by the warning service) */
  warnConfigData?: WarnConfig;
  /** chart colour theme */
  theme?: 'light' | 'dark' | 'gentle' | 'commerce' | 'starry';
}

/** A new chart as "add chart" creates it. */
export function emptyChart(chartId: string, title: string, dataSourceId: string, type: ChartType = 'bar'): Chart {
  return { chartId, title, type, dataSourceId, points: [], values: [], secondPoints: [], secondValues: [], innerFilters: [], colorSettings: [], gaugeSection: [], showTitle: true, legendStyle: 1 };
}
