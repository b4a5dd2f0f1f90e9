import { TAB_CACHE_MS } from '@bi/rules';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { relationApi, relationKeys } from '../api/relation';
import type { RelationFolder, RelationLayout, RelationMap, RelationNodeView, RelationOptionBody, RelationTab } from '../types';

/** The sidebar's folders with their maps (each map knowing its folder). */
export function useRelationProjects(tab: RelationTab) {
  return useQuery({
    queryKey: relationKeys.projects(tab),
    queryFn: async (): Promise<RelationFolder[]> =>
      (await relationApi.projects(tab)).map((folder) => ({ ...folder, relations: (folder.relations ?? []).map((r) => ({ ...r, projectId: folder.projectId })) })),
    staleTime: TAB_CACHE_MS,
  });
}

/** GET treedata: the map with its nodes (editor and viewer). */
export function useRelationTree(relationId: string | undefined) {
  return useQuery({
    queryKey: relationKeys.tree(relationId ?? ''),
    queryFn: ({ signal }) => relationApi.treeData(relationId!, signal),
    enabled: Boolean(relationId),
  });
}

/** POST relation-option: the map drawn in a layout, every node with its value under the choices made. */
export function useRelationOption(tab: RelationTab, relationId: string, body: Omit<RelationOptionBody, 'relationId'>, enabled = true) {
  const full: RelationOptionBody = { relationId, ...body };
  return useQuery({
    queryKey: relationKeys.option(tab, relationId, full),
    queryFn: ({ signal }) => relationApi.option(tab, '-', full, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET relation-concatenate: the drill chain of the carousel from a node. */
export function useRelationChain(tab: RelationTab, relationId: string, nodeId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: relationKeys.chain(tab, relationId, nodeId),
    queryFn: () => relationApi.chain(tab, relationId, nodeId),
    enabled,
  });
}

/** GET relation-charts: the charts a node may be bound to (editor's picker, carousel's chart kinds). */
export function useRelationCharts(tab: RelationTab, enabled = true) {
  return useQuery({ queryKey: relationKeys.charts(tab), queryFn: () => relationApi.charts(tab), staleTime: TAB_CACHE_MS, enabled });
}

/** The writes of the sidebar and the editor; each refreshes what it changed. */
export function useRelationMutations(tab: RelationTab) {
  const queryClient = useQueryClient();
  const refreshProjects = () => queryClient.invalidateQueries({ queryKey: relationKeys.projects(tab) });
  const refreshMap = (relationId: string) =>
    Promise.all([
      refreshProjects(),
      queryClient.invalidateQueries({ queryKey: relationKeys.tree(relationId) }),
      queryClient.invalidateQueries({ queryKey: relationKeys.options(relationId) }),
      queryClient.invalidateQueries({ queryKey: ['relation', 'chain', relationId] }),
    ]);

  const createProject = useMutation({ mutationFn: (name: string) => relationApi.createProject(tab, name), onSettled: refreshProjects });
  const renameProject = useMutation({ mutationFn: ({ projectId, name }: { projectId: string; name: string }) => relationApi.renameProject(tab, projectId, name), onSettled: refreshProjects });
  const deleteProject = useMutation({ mutationFn: (projectId: string) => relationApi.deleteProject(tab, projectId), onSettled: refreshProjects });
  const create = useMutation({
    mutationFn: (body: { projectId: string; name: string; chartType?: RelationLayout }) => relationApi.create(tab, body),
    onSuccess: (map) => queryClient.setQueryData(relationKeys.tree(map.relationId), map),
    onSettled: refreshProjects,
  });
  const generate = useMutation({
    mutationFn: ({ dashboardId, ...body }: { dashboardId: string; projectId: string; name: string; chartType?: RelationLayout }) => relationApi.generate(tab, dashboardId, body),
    onSuccess: (map) => queryClient.setQueryData(relationKeys.tree(map.relationId), map),
    onSettled: refreshProjects,
  });
  const rename = useMutation({
    mutationFn: ({ relationId, name }: { relationId: string; name: string }) => relationApi.rename(tab, relationId, name),
    onSettled: (_data, _error, { relationId }) => refreshMap(relationId),
  });
  const remove = useMutation({
    mutationFn: (relationId: string) => relationApi.remove(relationId),
    onSuccess: (_data, relationId) => queryClient.removeQueries({ queryKey: relationKeys.tree(relationId) }),
    onSettled: refreshProjects,
  });
  const change = useMutation({
    mutationFn: (nodes: RelationNodeView[]) => relationApi.change(nodes),
    onSuccess: (map: RelationMap) => {
      queryClient.setQueryData(relationKeys.tree(map.relationId), map);
      void refreshMap(map.relationId);
    },
  });
  return { createProject, renameProject, deleteProject, create, generate, rename, remove, change };
}
