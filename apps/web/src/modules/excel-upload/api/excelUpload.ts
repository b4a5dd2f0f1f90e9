import { ApiError, authHeaders, http, type ApiEnvelope } from '../../../shared/api/http';
import type { DataSource } from '../../data-source/types';
import type { ImportRequest, ImportResult, UploadAction, UploadResult } from '../types';

export interface UploadHandle {
  promise: Promise<UploadResult>;
  abort(): void;
}

/**
 * POST /api/excel_upload/upload/{action} as multipart (field "file") through XMLHttpRequest, whose
 * upload progress drives the progress bar (fetch has no upload progress).
 */
export function uploadFile(file: File, action: UploadAction, onProgress: (percent: number) => void, fallbackError: string): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadResult>((resolve, reject) => {
    xhr.open('POST', `/api/excel_upload/upload/${encodeURIComponent(action)}`);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(99, Math.floor((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: ApiEnvelope<UploadResult | string> | undefined;
      try {
        body = JSON.parse(xhr.responseText) as ApiEnvelope<UploadResult | string>;
      } catch {
        body = undefined;
      }
      if (body?.status === 'success') {
        onProgress(100);
        resolve(body.data as UploadResult);
      } else reject(new ApiError(typeof body?.data === 'string' && body.data ? body.data : fallbackError, xhr.status, body?.data));
    };
    xhr.onerror = () => reject(new ApiError(fallbackError, 0));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

export const excelUploadApi = {
  import: (action: UploadAction, body: ImportRequest) => http.post<ImportResult>(`/api/excel_upload/import/${encodeURIComponent(action)}`, body),
  removeField: (dataSourceId: string, name: string) => http.post<DataSource>('/api/excel_upload/Remove_field', { dataSourceId, name }),
  deleteRows: (tableName: string, keyIds: (string | number)[]) =>
    http.delete<{ dataSourceId: string; deleted: number }>(`/api/data_source/deleteExcelData/${encodeURIComponent(tableName)}/${keyIds.map((k) => encodeURIComponent(String(k))).join(',')}`),
};
