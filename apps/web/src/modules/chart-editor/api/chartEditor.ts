import type { Chart } from '@bi/chart-model';
import { http } from '../../../shared/api/http';
import type { ChartAnswer, RunBody } from '../../chart/types';
import type { EditorTab, SchemaField, SourceFolder } from '../types';

const id = (value: string) => encodeURIComponent(value);

/** The chart-editing calls of docs/api/chart.md (spec 01 §7 "Chart editing"). */
export const chartEditorApi = {
  /** POST /api/chart-edit/chart/{tab}/{chart}: the stored chart, its option and its source's name. */
  run: (tab: EditorTab, chartId: string, body: RunBody = {}, signal?: AbortSignal) =>
    http.post<ChartAnswer>(`/api/chart-edit/chart/${tab}/${id(chartId)}`, { isFullScreen: false, ...body }, { signal }),
  /** PUT /api/chart-edit/{tab}: saves the whole chart; answers it as stored. */
  save: (tab: EditorTab, chart: Chart) => http.put<Chart>(`/api/chart-edit/${tab}`, chart),
  /** PUT /api/chart-edit/change-custom-option/{tab}: saves only the custom option. */
  saveCustomOption: (tab: EditorTab, chartId: string, customOption: string) =>
    http.put<Chart>(`/api/chart-edit/change-custom-option/${tab}`, { chartId, customOption }),
  /** GET /api/chart-edit/dataSources: the folders with the sources the caller may use. */
  dataSources: () => http.get<SourceFolder[]>('/api/chart-edit/dataSources'),
  /** GET /api/dashboard/schema/{apiName}/{chartId}: the fields of the chart's source. */
  schema: (tab: EditorTab, chartId: string, signal?: AbortSignal) => http.get<SchemaField[]>(`/api/dashboard/schema/${tab}/${id(chartId)}`, { signal }),
};

/** Query keys of the module. */
export const chartEditorKeys = {
  all: ['chart-editor'] as const,
  chart: (tab: EditorTab, chartId: string) => ['chart-editor', 'chart', tab, chartId] as const,
  schema: (tab: EditorTab, chartId: string) => ['chart-editor', 'schema', tab, chartId] as const,
  dataSources: () => ['chart-editor', 'data-sources'] as const,
};
