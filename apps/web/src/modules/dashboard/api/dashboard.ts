import { http } from '../../../shared/api/http';
import type { ChartSummary } from '../../chart/types';
import type {
  Dashboard,
  DashboardContent,
  GridItem,
  HideSettingItem,
  NewChart,
  Project,
  SortResult,
  TabType,
} from '../types';

/** The REST calls of docs/api/dashboard.md (spec 01 §7 "Dashboard"). */
const base = '/api/dashboard';
const id = (value: string) => encodeURIComponent(value);

export const dashboardApi = {
  projects: (tab: TabType) => http.get<Project[]>(`${base}/projects/${tab}`),
  createProject: (tab: TabType, name: string) => http.post<Project>(`${base}/project/${tab}`, { name }),
  renameProject: (tab: TabType, projectId: string, name: string) => http.put<Project>(`${base}/project/${tab}/${id(projectId)}`, { name }),
  deleteProject: (tab: TabType, projectId: string) =>
    http.delete<{ projectId: string; deletedDashboards: number }>(`${base}/project/${tab}/${id(projectId)}`),

  createDashboard: (tab: TabType, body: { name: string; projectId: string; description?: string }) =>
    http.post<Dashboard>(`${base}/${tab}`, body),
  renameDashboard: (tab: TabType, dashboardId: string, name: string) => http.put<Dashboard>(`${base}/${tab}/${id(dashboardId)}`, { name }),
  deleteDashboard: (tab: TabType, dashboardId: string) => http.delete<{ dashboardId: string }>(`${base}/${tab}/${id(dashboardId)}`),
  moveDashboard: (tab: TabType, dashboardId: string, projectId: string) =>
    http.put<Dashboard>(`${base}/move-dashboard/${tab}/${id(dashboardId)}`, { projectId }),
  copyDashboard: (tab: TabType, dashboardId: string, body: { name: string; projectId?: string }) =>
    http.post<Dashboard>(`${base}/copy/${tab}/${id(dashboardId)}`, body),
  sort: (tab: TabType, itemId: string, order: number) => http.post<SortResult>(`${base}/sort/${tab}/${id(itemId)}`, undefined, { query: { order } }),

  content: (apiName: TabType, dashboardId: string, signal?: AbortSignal) =>
    http.get<DashboardContent>(`${base}/${apiName}/${id(dashboardId)}`, { signal }),
  saveLayout: (apiName: TabType, dashboardId: string, aspects: GridItem[]) =>
    http.put<DashboardContent>(`${base}/aspect_changed/${apiName}/${id(dashboardId)}`, aspects),
  allCharts: (tab: TabType, dashboardId: string) => http.get<ChartSummary[]>(`${base}/all_charts/${tab}/${id(dashboardId)}`),
  hideSetting: (tab: TabType, items: HideSettingItem[]) => http.post<ChartSummary[]>(`${base}/hide_setting/${tab}`, items),
  deleteChart: (tab: TabType, chartId: string) => http.delete<{ chartId: string }>(`${base}/chart/${tab}/${id(chartId)}`),

  /** POST /api/chart-edit/{tab}/{dashboardId}: answers the new chart id. */
  createChart: (tab: TabType, dashboardId: string, body: NewChart) => http.post<string>(`/api/chart-edit/${tab}/${id(dashboardId)}`, body),
};

/** Query keys of the module (every write invalidates the matching ones). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  projects: (tab: TabType) => ['dashboard', 'projects', tab] as const,
  content: (apiName: TabType, dashboardId: string) => ['dashboard', 'content', apiName, dashboardId] as const,
  contents: (apiName: TabType) => ['dashboard', 'content', apiName] as const,
  allCharts: (tab: TabType, dashboardId: string) => ['dashboard', 'all-charts', tab, dashboardId] as const,
};
