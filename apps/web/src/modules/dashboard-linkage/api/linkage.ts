import type { ChartLinkage, DashboardLinkage } from '@bi/chart-model';
import type { Tab } from '@bi/rules';
import { http } from '../../../shared/api/http';
import type { ChartSummary } from '../../chart/types';

const id = (value: string) => encodeURIComponent(value);

/** The dashboard's answer to a link-settings save (docs/api/dashboard.md: DashboardContent); only `linkage` is read here. */
export interface LinkageAnswer {
  dashboardId: string;
  linkage: DashboardLinkage[];
}

/** The calls of docs/api/dashboard.md "Link settings" and "Copy a chart". */
export const linkageApi = {
  /** PUT /api/dashboard/linkage/{tab}/{chartId}: the charts the chart's click filters ({targets: []} removes them). */
  save: (tab: Tab, chartId: string, linkage: ChartLinkage) => http.put<LinkageAnswer>(`/api/dashboard/linkage/${tab}/${id(chartId)}`, linkage),
  /** POST /api/dashboard/copy_chart/{tab}/{chartId}: a copy in the dashboard `dashboardId` of `targetTab`. */
  copy: (tab: Tab, chartId: string, body: { dashboardId: string; targetTab: Tab }) => http.post<ChartSummary>(`/api/dashboard/copy_chart/${tab}/${id(chartId)}`, body),
};
