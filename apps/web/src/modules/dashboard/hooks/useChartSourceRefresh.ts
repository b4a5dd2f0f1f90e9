import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { chartKeys } from '../../chart/api/chart';
import { chartEditorKeys } from '../../chart-editor/api/chartEditor';
import { dashboardKeys } from '../api/dashboard';
import type { TabType } from '../types';

/**
 * After charts were moved to another data source on the server: the dashboards holding them are read
 * again (their chart summaries carry the source), and the charts run again — the listed `chartIds`, or
 * every chart of the tab when none are listed (a folder switch); the editor's cached charts are dropped.
 */
export function useChartSourceRefresh(tab: TabType) {
  const queryClient = useQueryClient();
  return useCallback(
    (dashboardIds: readonly string[], chartIds?: readonly string[]) =>
      Promise.all([
        ...dashboardIds.flatMap((id) => [
          queryClient.invalidateQueries({ queryKey: dashboardKeys.content(tab, id) }),
          queryClient.invalidateQueries({ queryKey: dashboardKeys.allCharts(tab, id) }),
        ]),
        ...(chartIds ? chartIds.map((id) => queryClient.invalidateQueries({ queryKey: chartKeys.runs(tab, id) })) : [queryClient.invalidateQueries({ queryKey: [...chartKeys.all, 'run', tab] })]),
        queryClient.invalidateQueries({ queryKey: chartEditorKeys.all }),
      ]),
    [queryClient, tab],
  );
}
