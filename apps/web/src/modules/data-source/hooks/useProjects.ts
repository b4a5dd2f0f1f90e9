import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTreeDrop, type DropPlan } from '../../../shared/folder-tree';
import { dataSourceApi, dataSourceKeys } from '../api/dataSource';
import { dataSourceTree } from '../utils/tree';

/** GET projs: folders with the sources the caller may read. */
export function useDataSourceProjects() {
  return useQuery({ queryKey: dataSourceKeys.projects, queryFn: dataSourceApi.projects, staleTime: 60_000 });
}

/** Module flags gating the types of the create dialog; only asked for with datasource:edit. */
export function useModuleFlags(enabled: boolean) {
  return useQuery({ queryKey: dataSourceKeys.modules, queryFn: dataSourceApi.modules, enabled, staleTime: 5 * 60_000 });
}

/** The sidebar's writes; each one refetches the folder list. */
export function useFolderMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: dataSourceKeys.projects });

  const createProject = useMutation({ mutationFn: (name: string) => dataSourceApi.createProject(name), onSettled: refresh });
  const renameProject = useMutation({
    mutationFn: ({ projectId, name }: { projectId: string; name: string }) => dataSourceApi.renameProject(projectId, name),
    onSettled: refresh,
  });
  const deleteProject = useMutation({ mutationFn: (projectId: string) => dataSourceApi.deleteProject(projectId), onSettled: refresh });
  const moveSources = useMutation({
    mutationFn: ({ from, to, dataSourceIds }: { from: string; to: string; dataSourceIds?: string[] }) => dataSourceApi.moveSources(from, to, dataSourceIds),
    onSettled: async (result) => {
      await refresh();
      // moved sources show their new folder on the detail page
      for (const id of result?.moved ?? []) void queryClient.invalidateQueries({ queryKey: dataSourceKeys.source(id), exact: true });
    },
  });
  /** A drop: a folder gets its new order; a source dropped on another folder moves there. */
  const drop = useTreeDrop({
    shape: dataSourceTree,
    queryKey: dataSourceKeys.projects,
    send: async (plan: DropPlan) => {
      if (plan.kind === 'folder') return dataSourceApi.sortProject(plan.id, plan.order);
      if (!plan.from || !plan.moveTo) return null;
      const result = await dataSourceApi.moveSources(plan.from, plan.moveTo, [plan.id]);
      void queryClient.invalidateQueries({ queryKey: dataSourceKeys.source(plan.id), exact: true });
      return result;
    },
    refresh,
  });
  return { createProject, renameProject, deleteProject, moveSources, drop };
}

/** DELETE a source; drops what was read about it and refetches the folders. */
export function useDeleteSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dataSourceId: string) => dataSourceApi.remove(dataSourceId),
    onSuccess: (_result, dataSourceId) => queryClient.removeQueries({ queryKey: dataSourceKeys.ofSource(dataSourceId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataSourceKeys.projects }),
  });
}
