import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { applyDrop, type DropPlan } from '../utils/drop';
import type { TreeShape } from '../utils/tree';

/**
 * A drop of the tree: the cached folders change at once (optimistic), then `send` makes the
 * area's calls (move, then sort); on failure the cache goes back; either way `refresh` refetches.
 */
export function useTreeDrop<F, I>({ shape, queryKey, send, refresh }: { shape: TreeShape<F, I>; queryKey: QueryKey; send: (plan: DropPlan) => Promise<unknown>; refresh: () => Promise<unknown> }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: async (plan: DropPlan) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<F[]>(queryKey);
      if (previous) queryClient.setQueryData<F[]>(queryKey, applyDrop(shape, previous, plan));
      return { previous };
    },
    onError: (_error, _plan, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: refresh,
  });
}
