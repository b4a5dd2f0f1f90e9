import type { ApiColumn, ApiRequestSettings, ApiSettings } from '@bi/chart-model';
import { http } from '../../../shared/api/http';
import type { DataSource } from '../types';

export type { ApiColumn, ApiRequestSettings, ApiSettings };

/** The first 100 rows of an API and the columns they suggest (POST /api/data_source/api/preview). */
export interface ApiPreview {
  columns: ApiColumn[];
  rows: unknown[][];
  rowCount: number;
}

/** HTTP API sources (docs/api/data-source.md "HTTP API sources"). */
export const apiSourceApi = {
  preview: (settings: ApiRequestSettings, dataSourceId?: string) => http.post<ApiPreview>('/api/data_source/api/preview', { settings, ...(dataSourceId ? { dataSourceId } : {}) }),
  create: (projectId: string, name: string, settings: ApiSettings) =>
    http.post<{ dataSource: DataSource; settings: ApiSettings; rowCount: number }>(`/api/data_source/api/${encodeURIComponent(projectId)}`, { name, settings }),
  get: (dataSourceId: string) => http.get<{ dataSource: DataSource; settings: ApiSettings }>(`/api/data_source/api/${encodeURIComponent(dataSourceId)}`),
  update: (dataSourceId: string, settings: ApiSettings) => http.put<{ dataSource: DataSource; settings: ApiSettings }>(`/api/data_source/api/${encodeURIComponent(dataSourceId)}`, { settings }),
};

/** The settings of a new source's first screen. */
export function emptyApiSettings(): ApiSettings {
  return {
    url: '',
    method: 'GET',
    headers: [],
    query: [],
    body: '',
    auth: { kind: 'none', user: '', secret: '' },
    rowsPath: '$',
    paging: { mode: 'none', in: 'query', param: '', sizeParam: '', size: 100, start: 1, cursorPath: '$.next', maxPages: 10_000 },
    timeoutSec: 30,
    sync: { mode: 'full', watermark: '' },
    columns: [],
  };
}
