import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useMutation } from '@tanstack/react-query';
import { applyDrop, type DropPlan } from '../utils/drop';
import type { TreeShape } from '../utils/tree';

export interface TreeDropInput<F, I> {
  shape: TreeShape<F, I>;
  /** Where the area's folders are cached. */
  queryKey: QueryKey;
  /** The area's calls for a plan (e.g. move, then sort). */
  send: (plan: DropPlan) => Promise<unknown>;
  /** Refetch after the calls, whatever their outcome. */
  refresh: () => Promise<unknown>;
}

/**
 * The mutation of a drop: the cached folders change at once (optimistic, `applyDrop`), then `send`
 * makes the area's calls; on failure the cache goes back; either way `refresh` refetches.
 */
export function treeDropMutation<F, I>(queryClient: QueryClient, { shape, queryKey, send, refresh }: TreeDropInput<F, I>) {
  return {
    mutationFn: send,
    onMutate: async (plan: DropPlan) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<F[]>(queryKey);
      if (previous) queryClient.setQueryData<F[]>(queryKey, applyDrop(shape, previous, plan));
      return { previous };
    },
    onError: (_error: Error, _plan: DropPlan, context: { previous: F[] | undefined } | undefined) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: refresh,
  };
}

/** A drop of the tree as a TanStack mutation (see treeDropMutation). */
export function useTreeDrop<F, I>(input: TreeDropInput<F, I>) {
  const queryClient = useQueryClient();
  return useMutation(treeDropMutation(queryClient, input));
}
