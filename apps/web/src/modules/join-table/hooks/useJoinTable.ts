import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataSourceKeys } from '../../data-source/api/dataSource';
import { joinTableApi, joinTableKeys } from '../api/joinTable';
import type { JoinDefinition, JoinTable } from '../types';

/** The worksheets the designer lists (GET join_table_projs). */
export function useJoinProjects() {
  return useQuery({ queryKey: joinTableKeys.projects, queryFn: joinTableApi.projects, staleTime: 30_000 });
}

/** A stored join to edit (GET join_table/{id}); fresh each time the designer opens. */
export function useJoin(dataSourceId: string | undefined) {
  return useQuery({ queryKey: joinTableKeys.join(dataSourceId ?? ''), queryFn: () => joinTableApi.join(dataSourceId!), enabled: Boolean(dataSourceId), staleTime: 0, gcTime: 0, retry: false });
}

/** The live preview of a join that has no problems (null: none asked); the last answer stays shown while the next one runs. */
export function useJoinPreview(definition: JoinDefinition | null) {
  return useQuery({
    queryKey: joinTableKeys.preview(definition ?? ({} as JoinDefinition)),
    queryFn: ({ signal }) => joinTableApi.preview(definition!, signal),
    enabled: definition !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 10_000,
  });
}

/** Saves a new join into a folder, or an edited one; the data-source area reads its lists and the source again. */
export function useSaveJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, dataSourceId, body }: { projectId: string; dataSourceId?: string; body: JoinDefinition }): Promise<JoinTable> =>
      dataSourceId ? joinTableApi.update(dataSourceId, body) : joinTableApi.create(projectId, body),
    onSuccess: async (saved) => {
      queryClient.removeQueries({ queryKey: dataSourceKeys.ofSource(saved.dataSourceId) });
      queryClient.removeQueries({ queryKey: joinTableKeys.join(saved.dataSourceId) });
      await queryClient.invalidateQueries({ queryKey: dataSourceKeys.projects });
    },
  });
}
