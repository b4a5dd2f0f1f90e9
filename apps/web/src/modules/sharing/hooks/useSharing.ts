import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sharingApi, sharingKeys } from '../api/sharing';
import type { BatchPublishBody, RowRuleSet } from '../types';

/** Roles, users and (with a source id) the source's current shares. Always read fresh when a dialog opens. */
export function useShareForm(dataSourceId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: sharingKeys.form(dataSourceId),
    queryFn: () => sharingApi.rolesUsers(dataSourceId),
    enabled,
    staleTime: 0,
  });
}

/** POST batch_publish: answers the failure log (the sources not listed were done). */
export function useBatchPublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BatchPublishBody) => sharingApi.batchPublish(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharingKeys.all }),
  });
}

/** The source's row-level rules, read fresh each time the dialog opens (admins only). */
export function useRowRules(dataSourceId: string, enabled: boolean) {
  return useQuery({ queryKey: sharingKeys.rowRules(dataSourceId), queryFn: () => sharingApi.rowRules(dataSourceId), enabled, staleTime: 0 });
}

/** PUT row_rules/{id}: replaces the rules. */
export function useSaveRowRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dataSourceId, body }: { dataSourceId: string; body: RowRuleSet }) => sharingApi.saveRowRules(dataSourceId, body),
    onSuccess: (saved, { dataSourceId }) => queryClient.setQueryData(sharingKeys.rowRules(dataSourceId), saved),
  });
}
