import { SOURCE_PAGE_ROWS } from '@bi/rules';
import { useQuery } from '@tanstack/react-query';
import { dataSourceApi, dataSourceKeys } from '../api/dataSource';

/** GET datasourceById: the source with its connection (no password) and fields. */
export function useDataSource(dataSourceId: string | undefined) {
  return useQuery({
    queryKey: dataSourceKeys.source(dataSourceId ?? ''),
    queryFn: ({ signal }) => dataSourceApi.source(dataSourceId!, signal),
    enabled: Boolean(dataSourceId),
    staleTime: 30_000,
  });
}

/** GET topds/{id}/500: the detail page's preview (spec 02 §9). */
export function useSourcePreview(dataSourceId: string, enabled = true) {
  return useQuery({
    queryKey: dataSourceKeys.preview(dataSourceId),
    queryFn: ({ signal }) => dataSourceApi.top(dataSourceId, SOURCE_PAGE_ROWS, signal),
    enabled,
    staleTime: 30_000,
  });
}

export function useSourceHistory(dataSourceId: string, enabled = true) {
  return useQuery({ queryKey: dataSourceKeys.history(dataSourceId), queryFn: () => dataSourceApi.history(dataSourceId), enabled, staleTime: 0 });
}

export function useRelatedCharts(dataSourceId: string, enabled = true) {
  return useQuery({ queryKey: dataSourceKeys.charts(dataSourceId), queryFn: () => dataSourceApi.charts(dataSourceId), enabled, staleTime: 60_000 });
}
