import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardApi, dashboardKeys } from '../api/dashboard';
import type { DashboardContent, GridItem, HideSettingItem, NewChart, TabType } from '../types';

/** GET /api/dashboard/{apiName}/{dashboardId}. */
export function useDashboardContent(apiName: TabType, dashboardId: string) {
  return useQuery({
    queryKey: dashboardKeys.content(apiName, dashboardId),
    queryFn: ({ signal }) => dashboardApi.content(apiName, dashboardId, signal),
    staleTime: 0,
  });
}

/** Writes of the dashboard page; each refreshes the dashboard content. */
export function useDashboardMutations(tab: TabType, apiName: TabType, dashboardId: string) {
  const queryClient = useQueryClient();
  const key = dashboardKeys.content(apiName, dashboardId);
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: dashboardKeys.allCharts(tab, dashboardId) })]);

  const saveLayout = useMutation({
    mutationFn: (aspects: GridItem[]) => dashboardApi.saveLayout(apiName, dashboardId, aspects),
    onSuccess: (content: DashboardContent) => queryClient.setQueryData(key, content),
  });
  const addChart = useMutation({ mutationFn: (chart: NewChart) => dashboardApi.createChart(tab, dashboardId, chart), onSettled: refresh });
  const deleteChart = useMutation({ mutationFn: (chartId: string) => dashboardApi.deleteChart(tab, chartId), onSettled: refresh });
  const hideCharts = useMutation({ mutationFn: (items: HideSettingItem[]) => dashboardApi.hideSetting(tab, items), onSettled: refresh });

  return { saveLayout, addChart, deleteChart, hideCharts };
}

/** GET /api/dashboard/all_charts/{tab}/{dashboardId} (the hide-charts dialog). */
export function useAllCharts(tab: TabType, dashboardId: string, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.allCharts(tab, dashboardId),
    queryFn: () => dashboardApi.allCharts(tab, dashboardId),
    enabled,
    staleTime: 0,
  });
}
