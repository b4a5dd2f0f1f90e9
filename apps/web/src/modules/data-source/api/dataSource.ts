import { http } from '../../../shared/api/http';
import { requestFile } from '../../../shared/api/download';
import type {
  IndicatorImportPayload,
  IndicatorImportResult,
  IndicatorNode,
  CreateRequest,
  CreateResult,
  DataSource,
  Dependents,
  ErpAccount,
  ErpAccountRef,
  ErpPreview,
  ErpProgram,
  ErpProgramDetail,
  ErpReportPayload,
  ErpReportSettings,
  Field,
  HistoryEntry,
  ModuleFlags,
  Preview,
  Probe,
  ProbeRequest,
  Project,
  RelatedChart,
  RepointResult,
  RollupListing,
  SyncRun,
  SyncStatus,
  UpdateRequest,
  UpdateResult,
} from '../types';

/** The REST calls of docs/api/data-source.md (spec 02 §7 "Sources" and "Folders"). */
const base = '/api/data_source';
const id = (value: string) => encodeURIComponent(value);

export const dataSourceApi = {
  // folders
  projects: () => http.get<Project[]>(`${base}/projs`),
  project: (projectId: string) => http.get<Project>(`${base}/projsById/${id(projectId)}`),
  createProject: (name: string) => http.post<Project>(`${base}/proj`, { name }),
  renameProject: (projectId: string, name: string) => http.put<Project>(`${base}/project/${id(projectId)}`, { name }),
  deleteProject: (projectId: string) => http.delete<{ projectId: string }>(`${base}/proj/${id(projectId)}`),
  /** A folder's new place in the sidebar (extension, like the dashboard's sort). */
  sortProject: (projectId: string, order: number) =>
    http.post<{ id: string; kind: 'project'; order: number }>(`${base}/sort/${id(projectId)}`, undefined, { query: { order } }),
  /** Batch adjust: moves sources of folder `fromProjectId` to `toProjectId` (all the caller may change, or `dataSourceIds`). */
  moveSources: (fromProjectId: string, toProjectId: string, dataSourceIds?: string[]) =>
    http.put<{ projectId: string; moved: string[] }>(`${base}/batch-edit-datasource/${id(fromProjectId)}`, {
      projectId: toProjectId,
      ...(dataSourceIds ? { dataSourceIds } : {}),
    }),

  // sources
  source: (dataSourceId: string, signal?: AbortSignal) => http.get<DataSource>(`${base}/datasourceById/${id(dataSourceId)}`, { signal }),
  fields: (dataSourceId: string) => http.get<Field[]>(`${base}/head/${id(dataSourceId)}`),
  top: (dataSourceId: string, count: number, signal?: AbortSignal) => http.get<Preview>(`${base}/topds/${id(dataSourceId)}/${count}`, { signal }),
  history: (dataSourceId: string) => http.get<HistoryEntry[]>(`${base}/data_history/${id(dataSourceId)}`),
  charts: (dataSourceId: string) => http.get<RelatedChart[]>(`${base}/datasource_charts/${id(dataSourceId)}`),
  updateSchema: (dataSourceId: string, fields: Field[]) => http.put<DataSource>(`${base}/updateSchema/${id(dataSourceId)}`, fields),
  probe: (body: ProbeRequest) => http.post<Probe>(`${base}/source/`, body),
  create: (body: CreateRequest) => http.post<CreateResult>(`${base}/sql/`, body),
  update: (body: UpdateRequest) => http.put<UpdateResult>(`${base}/update`, body),
  /** The charts and joined tables using a source (the delete confirmation). */
  dependents: (dataSourceId: string) => http.get<Dependents>(`${base}/dependents/${id(dataSourceId)}`),
  /** Puts the charts using a source on another one (before the source is deleted). */
  repoint: (dataSourceId: string, to: string) => http.post<RepointResult>(`${base}/repoint/${id(dataSourceId)}`, { to }),
  remove: (dataSourceId: string) => http.delete<{ dataSourceId: string }>(`${base}/${id(dataSourceId)}`),
  /** A synced source's last syncs (extension, issue 29). */
  syncStatus: (dataSourceId: string, signal?: AbortSignal) => http.get<SyncStatus>(`${base}/sync/${id(dataSourceId)}`, { signal }),
  /** Refresh now: starts a sync and answers its run (usually running). */
  refreshNow: (dataSourceId: string) => http.post<SyncRun>(`${base}/sync/${id(dataSourceId)}`),
  /** A source's kept rollups and its switch (issue 31). */
  rollups: (dataSourceId: string, signal?: AbortSignal) => http.get<RollupListing>(`${base}/rollups/${id(dataSourceId)}`, { signal }),
  /** Switch the source's rollups off (dropped; charts run on the table) or on (built again). */
  setRollups: (dataSourceId: string, enabled: boolean) => http.put<RollupListing>(`${base}/rollups/${id(dataSourceId)}`, { enabled }),

  // Indicator imports (docs/api/data-source.md "Indicator imports"): dataType 1 on a chosen ERP account
  // (issue_trees, import_indicators), 5 on the primary ERP account (yifei_issue_trees, yifei_import_indicators)
  indicatorTree: (dataType: 1 | 5, parent?: string, account?: string) =>
    dataType === 1
      ? http.post<IndicatorNode[]>(`${base}/issue_trees`, { account, ...(parent ? { parent } : {}) })
      : http.get<IndicatorNode[]>(`${base}/yifei_issue_trees`, parent ? { query: { parent } } : {}),
  indicatorImport: (payload: IndicatorImportPayload) => http.post<IndicatorImportResult>(`${base}/${payload.dataType === 1 ? 'import_indicators' : 'yifei_import_indicators'}`, payload),
  indicatorMerge: (payload: IndicatorImportPayload) => http.post<{ dataSourceId: string; importSuccessCount: number; importFailedCount: number }>(`${base}/merge`, payload),
  /** The template tab's folders with their dashboards (GET /api/dashboard/projects/template): the relation template picker. */
  templateProjects: () => http.get<{ projectId: string; name: string; dashboards: { dashboardId: string; name: string }[] }[]>('/api/dashboard/projects/template'),

  // ERP report sources (docs/api/data-source.md "ERP report sources")
  erpAccounts: () => http.get<ErpAccount[]>('/api/e10account/list'),
  erpPrograms: (account: ErpAccountRef) => http.post<ErpProgram[]>(`${base}/e10_grid_report_list`, { account }),
  erpProgram: (hash: string, programId: string, account: ErpAccountRef) => http.post<ErpProgramDetail>(`${base}/${id(hash)}/${id(programId)}`, { account }),
  erpPreview: (payload: ErpReportPayload) => http.post<ErpPreview>(`${base}/preview_e10_report_data`, payload),
  erpSave: (hash: string, payload: ErpReportPayload) => http.post<DataSource>(`${base}/${id(hash)}`, payload),
  erpSettings: (dataSourceId: string) => http.get<ErpReportSettings>(`${base}/e10_projs/${id(dataSourceId)}`),
  erpUpdate: (payload: ErpReportPayload) => http.post<DataSource>(`${base}/update_e10_projs`, payload),
  erpReportUrl: (dataSourceId: string) => http.get<{ url: string }>(`${base}/e10_report_url`, { query: { dataSourceId } }),
  /** Who a source is shared with (the ERP wizard's "leaving unshared" check). */
  sharedWith: (dataSourceId: string) => http.get<{ selectRoles: string[]; selectUsers: string[] }>(`${base}/roles_users/${id(dataSourceId)}`),

  /** Module flags gating the source types the user may create (spec 02 §6). */
  modules: () => http.get<ModuleFlags>('/api/identity/get-shipment-modules-data/datasource'),
};

/**
 * GET export/{id}: the .xlsx itself, or a JSON `fail` answer (e.g. more than 99999 rows, spec 02 §8)
 * whose text is thrown as an ApiError (requestFile).
 */
export function exportSource(dataSourceId: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  return requestFile(`${base}/export/${id(dataSourceId)}`, { fallbackName: `${fallbackName}.xlsx` });
}

/** Query keys of the module (every write invalidates the matching ones). */
export const dataSourceKeys = {
  all: ['data-source'] as const,
  projects: ['data-source', 'projects'] as const,
  modules: ['data-source', 'modules'] as const,
  source: (dataSourceId: string) => ['data-source', 'source', dataSourceId] as const,
  /** Everything read about one source (detail, preview, history, charts). */
  ofSource: (dataSourceId: string) => ['data-source', 'source', dataSourceId] as const,
  preview: (dataSourceId: string) => ['data-source', 'source', dataSourceId, 'preview'] as const,
  history: (dataSourceId: string) => ['data-source', 'source', dataSourceId, 'history'] as const,
  charts: (dataSourceId: string) => ['data-source', 'source', dataSourceId, 'charts'] as const,
  dependents: (dataSourceId: string) => ['data-source', 'source', dataSourceId, 'dependents'] as const,
  sync: (dataSourceId: string) => ['data-source', 'source', dataSourceId, 'sync'] as const,
  rollups: (dataSourceId: string) => ['data-source', 'source', dataSourceId, 'rollups'] as const,
};
