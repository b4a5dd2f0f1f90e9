import type { Chart, DataType } from '@bi/chart-model';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../shared/api/http';
import type { EditorTab } from '../contract';

/** The calls the panels make themselves (docs/api/chart.md, docs/api/data-source.md). Saving the chart is the editor's. */

/** GET /api/chart-edit/dataSources: folders with the sources the caller may use in charts. */
export interface SourceFolder {
  projectId: string;
  name: string;
  order: number;
  dataSources: { dataSourceId: string; projectId: string; name: string; type: number; isReadOnly: boolean; updateTime: string; editable: boolean }[];
}

/** A field of GET /api/data_source/head/{id}. */
export interface HeadField {
  name: string;
  title: string;
  dataType: DataType;
  expression?: string;
  aggregator?: string;
}

export type CellValue = string | number | boolean | null;

/** GET /api/data_source/topds/{id}/{count}. */
export interface Preview {
  columns: { name: string; title: string; dataType: DataType }[];
  rows: Record<string, CellValue>[];
  truncated: boolean;
}

/** POST /api/chart-edit/change/{tab}/{dataSourceId}. */
export interface SwitchResult {
  chart: Chart;
  dropped: string[];
}

/** Rows the data preview shows. */
export const PREVIEW_ROWS = 100;

const id = (value: string) => encodeURIComponent(value);

export const panelsApi = {
  sourceFolders: () => http.get<SourceFolder[]>('/api/chart-edit/dataSources'),
  sourceFields: (dataSourceId: string, signal?: AbortSignal) => http.get<HeadField[]>(`/api/data_source/head/${id(dataSourceId)}`, { signal }),
  /** Moves the chart (its latest state) to the source and saves it; answers the saved chart and the removed field names. */
  switchSource: (tab: EditorTab, dataSourceId: string, chart: Chart) => http.post<SwitchResult>(`/api/chart-edit/change/${tab}/${id(dataSourceId)}`, chart),
  preview: (dataSourceId: string, count: number, signal?: AbortSignal) => http.get<Preview>(`/api/data_source/topds/${id(dataSourceId)}/${count}`, { signal }),
};

export const panelsKeys = {
  all: ['chart-panels'] as const,
  sourceFolders: () => ['chart-panels', 'source-folders'] as const,
  sourceFields: (dataSourceId: string) => ['chart-panels', 'source-fields', dataSourceId] as const,
  preview: (dataSourceId: string) => ['chart-panels', 'preview', dataSourceId, PREVIEW_ROWS] as const,
};

export function useSourceFolders(enabled: boolean) {
  return useQuery({ queryKey: panelsKeys.sourceFolders(), queryFn: panelsApi.sourceFolders, enabled, staleTime: 30_000 });
}

export function useSourceFields(dataSourceId: string | undefined) {
  return useQuery({
    queryKey: panelsKeys.sourceFields(dataSourceId ?? ''),
    queryFn: ({ signal }) => panelsApi.sourceFields(dataSourceId!, signal),
    enabled: Boolean(dataSourceId),
    staleTime: 30_000,
    retry: false,
  });
}

export function useSourcePreview(dataSourceId: string) {
  return useQuery({
    queryKey: panelsKeys.preview(dataSourceId),
    queryFn: ({ signal }) => panelsApi.preview(dataSourceId, PREVIEW_ROWS, signal),
    enabled: Boolean(dataSourceId),
    staleTime: 30_000,
    retry: false,
  });
}
