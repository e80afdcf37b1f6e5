import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { invalidateProjectQueries } from './invalidate';

/**
 * A project mutation over the SDK's generated mutation: failures go to the error catalogue (the QueryClient's
 * MutationCache); successes invalidate every project query so all pages agree at once.
 */
export function useProjectMutation<TData, TError, TVariables>(
  options: UseMutationOptions<TData, TError, TVariables>,
  /** For a deletion: the id of the deleted project, whose own queries are not refetched. */
  deletedProject?: (variables: TVariables) => number,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    onSuccess: (_data, variables) => invalidateProjectQueries(queryClient, deletedProject?.(variables)),
  });
}
