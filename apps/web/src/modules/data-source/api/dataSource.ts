import i18n from '../../../shared/i18n';
import { ApiError, authHeaders, http } from '../../../shared/api/http';
import { browserStorages } from '../../../shared/storage/keys';
import { clearToken } from '../../auth/utils/session';
import type {
  CreateRequest,
  CreateResult,
  DataSource,
  Field,
  HistoryEntry,
  ModuleFlags,
  Preview,
  Probe,
  ProbeRequest,
  Project,
  RelatedChart,
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
  remove: (dataSourceId: string) => http.delete<{ dataSourceId: string }>(`${base}/${id(dataSourceId)}`),

  /** Module flags gating the source types the user may create (spec 02 §6). */
  modules: () => http.get<ModuleFlags>('/api/identity/get-shipment-modules-data/datasource'),
};

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * GET export/{id}: the .xlsx itself, or a JSON `fail` answer (e.g. more than 99999 rows, spec 02 §8)
 * whose text is thrown as an ApiError. The call needs the authorization header, so it is fetched
 * and handed back as a blob with its file name.
 */
export async function exportSource(dataSourceId: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(`${base}/export/${id(dataSourceId)}`, { headers: authHeaders(), credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(i18n.t('errors.network'), 0, error);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('json')) {
    const text = await response.text();
    let message = '';
    try {
      const parsed = JSON.parse(text) as { data?: unknown };
      if (typeof parsed.data === 'string') message = parsed.data;
    } catch {
      message = '';
    }
    if (response.status === 401) clearToken(browserStorages());
    throw new ApiError(message || i18n.t('errors.requestFailed', { status: response.status }), response.status, text);
  }
  const blob = await response.blob();
  return { blob, fileName: fileNameOf(response.headers.get('content-disposition'), `${fallbackName}.xlsx`) };
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
};
