import type { Chart, ChartType, RangeFilter } from '@bi/chart-model';
import type { ChartMeta as BuildMeta, JsonObject } from '@bi/charts';

/** A chart as a dashboard lists it (docs/api/dashboard.md). */
export interface ChartSummary {
  chartId: string;
  dashboardId: string;
  title: string;
  type: string;
  dataSourceId: string;
  hide: boolean;
}

/** `meta` of a chart answer (docs/api/chart.md): the builder's meta plus what the query service adds. */
export interface ChartAnswerMeta extends BuildMeta {
  /** rows the query answered */
  rowCount?: number;
  /** more than 10 000 result rows: the first 10 000 are drawn */
  truncated?: boolean;
  /** nothing to run: no source, or no points and no values */
  empty?: boolean;
  dataVersion?: number;
  computedAt?: string;
  /** a chart with a drill hierarchy: the path clicked, the level shown, the levels with their titles (docs/api/chart.md "Drill-down") */
  drill?: DrillMeta;
}

export interface DrillMeta {
  path: string[];
  level: number;
  levels: { name: string; title: string; dataType: string; granularity?: number }[];
}

/** POST /api/dashboard/chart/{tab}/{chartId} → data. */
export interface ChartAnswer {
  /** plain JSON ECharts option; kind table carries `table`, card `card`, nav `nav` */
  option: JsonObject;
  chart: Chart;
  meta?: ChartAnswerMeta;
  dataSourceName?: string;
  /** false: the caller may not see the chart's source; the answer has no option (docs/api/sharing.md) */
  dataSourceAuth?: boolean;
  /** with dataSourceAuth false: the server's text in the request's language */
  message?: string;
  /** the chart's source was deleted: `chart` is the stored chart, there is no option (docs/api/chart.md) */
  sourceMissing?: boolean;
}

/** Table page of a run (1-based index, size 1–500). */
export interface TablePage {
  index: number;
  size: number;
}

/** Body of a chart run. */
export interface RunBody {
  isFullScreen?: boolean;
  isFirstRequest?: boolean;
  /** absent: the chart's stored inner filters apply (an empty list would switch them off) */
  innerFilters?: RangeFilter[];
  globalFilters?: RangeFilter[];
  page?: TablePage;
  /** the drill path: the clicked values of the chart's upper drill levels, top first (absent: its own level) */
  drill?: string[];
}

/** The filters of one run beside the chart's own, and its drill path (docs/api/chart.md RunBody); absent members are not sent. */
export type RunFilters = Pick<RunBody, 'globalFilters' | 'innerFilters' | 'drill'>;

/** A point of a drawn chart: its category as the chart names it (the point key of detail drill and linkage). */
export interface ChartPoint {
  category: string;
  seriesName?: string;
  /** the data item's `id`, where the option gives one (the nodes of a relation map) */
  id?: string;
  /** a point of a chart with a drill hierarchy at its lowest level: a click there opens the point's rows, it does not filter other charts */
  drillLeaf?: boolean;
}

/** The keys held during a click on a point (Ctrl/Cmd add to a selection). */
export interface PointClickEvent {
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/** A click on a point of a chart (cartesian kinds, pie, funnel, a table's row). */
export type PointClickHandler = (point: ChartPoint, event: PointClickEvent) => void;

/** What a chart box shows. */
export type ChartViewState = 'waiting' | 'loading' | 'error' | 'noPermission' | 'sourceMissing' | 'unconfigured' | 'empty' | 'ready';

export type AppTheme = 'light' | 'dark';

export type { Chart, ChartType };

/** `option.table` of kind table (libs/charts/src/kinds/table.ts). */
export interface TableColumnOption {
  key: string;
  dataIndex: string;
  title: string;
  role?: string;
  dataType?: string;
  align?: 'left' | 'right' | 'center';
  width?: number;
}
export interface TableRowOption {
  key: string;
  cells: Record<string, string>;
  values?: Record<string, string | number | null>;
  /** the point the row stands for: its dimension values as the other kinds name a category (absent without dimensions) */
  category?: string;
}
export interface TableSummaryOption {
  key: string;
  label?: string;
  cells: Record<string, string>;
}
export interface TableOption {
  columns: TableColumnOption[];
  rows: TableRowOption[];
  summary?: TableSummaryOption[];
  summaryColor?: string;
  /** the colours of the chart's theme the table draws in (cells, header, borders, the statistics band) */
  colors?: { backgroundColor: string; text: string; header: string; border: string; summaryBackground: string };
  page?: { index: number; size: number; total: number };
  maxHeight?: number;
}

/** `option.card` of kind card. */
export interface CardOption {
  title: string;
  value: number | null;
  display: string;
  color?: string;
  statisticColor?: string;
  statistics?: { key: string; label: string; value: number | null; display: string }[];
}

/** `option.nav` of kind nav. */
export interface NavOption {
  items: { name: string; value: number | null; target: number | null; ratio: number | null; percent: string; valueDisplay?: string; targetDisplay?: string }[];
}
