import { useQuery } from '@tanstack/react-query';
import { chartEditorApi, chartEditorKeys } from '../api/chartEditor';
import type { EditorTab } from '../types';

/** The fields of the chart's source (GET /api/dashboard/schema/{tab}/{chart}); [] without a source. */
export function useSourceFields(tab: EditorTab, chartId: string, dataSourceId: string | undefined) {
  return useQuery({
    queryKey: [...chartEditorKeys.schema(tab, chartId), dataSourceId ?? ''],
    queryFn: ({ signal }) => chartEditorApi.schema(tab, chartId, signal),
    enabled: dataSourceId !== undefined,
    staleTime: 60_000,
  });
}

/** The data sources the user may chart (GET /api/chart-edit/dataSources), for "add chart". */
export function useChartDataSources(enabled: boolean) {
  return useQuery({
    queryKey: chartEditorKeys.dataSources(),
    queryFn: () => chartEditorApi.dataSources(),
    enabled,
    staleTime: 60_000,
  });
}
