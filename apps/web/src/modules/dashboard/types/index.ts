import type { DashboardLinkage } from '@bi/chart-model';
import type { Tab } from '@bi/rules';
import type { ChartSummary } from '../../chart/types';

/** Tab types sharing the dashboard structure (spec 01 §2). */
export type TabType = Tab;

/** Route parameters of /dashboard/:project?/:dashboard? and /template/:project?/:dashboard?. */
export interface DashboardRouteParams {
  project?: string;
  dashboard?: string;
}

/** A dashboard as listed in the sidebar (docs/api/dashboard.md). */
export interface Dashboard {
  dashboardId: string;
  projectId: string;
  name: string;
  description: string;
  order: number;
}

/** A folder with its dashboards, sorted by order. */
export interface Project {
  projectId: string;
  name: string;
  order: number;
  dashboards: Dashboard[];
}

/** Place of a chart on the 12-column grid; 0 in a min/max bound means "no bound". */
export interface GridItem {
  chartId: string;
  row: number;
  col: number;
  sizeX: number;
  sizeY: number;
  minSizeX?: number;
  minSizeY?: number;
  maxSizeX?: number;
  maxSizeY?: number;
}

/** GET /api/dashboard/{apiName}/{dashboardId}. */
export interface DashboardContent {
  dashboardId: string;
  projectId: string;
  projectName: string;
  name: string;
  description: string;
  aspects: GridItem[];
  charts: ChartSummary[];
  globalFilter: unknown[];
  /** the link settings of the dashboard's charts (docs/api/dashboard.md "Link settings") */
  linkage?: DashboardLinkage[];
}

export interface HideSettingItem {
  chartId: string;
  title?: string;
  hide: boolean;
}

export interface SortResult {
  id: string;
  kind: 'project' | 'dashboard';
  order: number;
}

export interface NewChart {
  title: string;
  dataSourceId: string;
  type?: string;
}
