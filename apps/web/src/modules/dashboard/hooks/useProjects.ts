import { TAB_CACHE_MS } from '@bi/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTreeDrop, type DropPlan } from '../../../shared/folder-tree';
import { dashboardApi, dashboardKeys } from '../api/dashboard';
import type { TabType } from '../types';
import { dashboardTree } from '../utils/tree';

/** GET /api/dashboard/projects/{tab}: folders with their dashboards, cached 5 minutes (spec 01 §4). */
export function useProjects(tab: TabType) {
  return useQuery({
    queryKey: dashboardKeys.projects(tab),
    queryFn: () => dashboardApi.projects(tab),
    staleTime: TAB_CACHE_MS,
  });
}

/** The sidebar's writes; each one refetches the folder list (and the open dashboard where it matters). */
export function useSidebarMutations(tab: TabType) {
  const queryClient = useQueryClient();
  const key = dashboardKeys.projects(tab);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const refreshAll = () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: dashboardKeys.contents(tab) })]);

  const createProject = useMutation({ mutationFn: (name: string) => dashboardApi.createProject(tab, name), onSettled: refresh });
  const renameProject = useMutation({
    mutationFn: ({ projectId, name }: { projectId: string; name: string }) => dashboardApi.renameProject(tab, projectId, name),
    onSettled: refreshAll,
  });
  const deleteProject = useMutation({ mutationFn: (projectId: string) => dashboardApi.deleteProject(tab, projectId), onSettled: refreshAll });
  const createDashboard = useMutation({
    mutationFn: ({ projectId, name }: { projectId: string; name: string }) => dashboardApi.createDashboard(tab, { name, projectId }),
    onSettled: refresh,
  });
  const renameDashboard = useMutation({
    mutationFn: ({ dashboardId, name }: { dashboardId: string; name: string }) => dashboardApi.renameDashboard(tab, dashboardId, name),
    onSettled: refreshAll,
  });
  const deleteDashboard = useMutation({ mutationFn: (dashboardId: string) => dashboardApi.deleteDashboard(tab, dashboardId), onSettled: refreshAll });
  const moveDashboard = useMutation({
    mutationFn: ({ dashboardId, projectId }: { dashboardId: string; projectId: string }) => dashboardApi.moveDashboard(tab, dashboardId, projectId),
    onSettled: refreshAll,
  });
  const copyDashboard = useMutation({
    mutationFn: ({ dashboardId, name, projectId }: { dashboardId: string; name: string; projectId: string }) =>
      dashboardApi.copyDashboard(tab, dashboardId, { name, projectId }),
    onSettled: refresh,
  });

  /** A drop: optimistic update, then move (when the folder changes) and sort, then refetch. */
  const drop = useTreeDrop({
    shape: dashboardTree,
    queryKey: key,
    send: async (plan: DropPlan) => {
      if (plan.kind === 'item' && plan.moveTo) await dashboardApi.moveDashboard(tab, plan.id, plan.moveTo);
      return dashboardApi.sort(tab, plan.id, plan.order ?? 0);
    },
    refresh: refreshAll,
  });

  return { createProject, renameProject, deleteProject, createDashboard, renameDashboard, deleteDashboard, moveDashboard, copyDashboard, drop };
}
