import { http } from '../../../shared/api/http';
import type { TabType } from '../types';

/** One chart of a folder switch: its id, title and the field names it lost. */
export interface SwitchedChart {
  chartId: string;
  title: string;
  dropped: string[];
}

/** PUT /api/chart-edit/batch-edit-datasource/{tab}/{projectId} (docs/api/chart.md "Batch edit data source"). */
export interface FolderSwitchResult {
  projectId: string;
  dataSourceId: string;
  charts: SwitchedChart[];
}

/**
 * Moves every chart of every dashboard in the dashboard folder `folderId` to the source `dataSourceId`
 * (one transaction); `sourceFolderId` is the data-source folder of that source (spec 01 §5: the
 * selection carries its projectId).
 */
export const switchFolderSource = (tab: TabType, folderId: string, dataSourceId: string, sourceFolderId: string) =>
  http.put<FolderSwitchResult>(`/api/chart-edit/batch-edit-datasource/${tab}/${encodeURIComponent(folderId)}`, { projectId: sourceFolderId, dataSourceId });

/** The charts that lost fields, for the result list. */
export const chartsWithDropped = (result: FolderSwitchResult): SwitchedChart[] => result.charts.filter((c) => c.dropped.length > 0);

/** One source the charts of a dashboard folder use (GET /api/dashboard/datasource/projects/{route}/{projectId}). */
export interface FolderSourceUse {
  dataSourceId: string;
  /** '' when the caller may not read it or it was deleted */
  name: string;
  projectId: string;
  projectName: string;
  type: number | null;
  /** how many charts of the folder's dashboards are on it */
  charts: number;
  dataSourceAuth: boolean;
  exists: boolean;
}

/** The sources the charts of the dashboard folder `folderId` use now, most used first (docs/api/dashboard.md "Sources of a folder"). */
export const folderSources = (tab: TabType, folderId: string) => http.get<FolderSourceUse[]>(`/api/dashboard/datasource/projects/${tab}/${encodeURIComponent(folderId)}`);
