import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { invalidateOperations } from '@/lib/query/invalidate';

/** The queries a team mutation can change: the team page and members wizard (getTeam) and the team check. */
const TEAM_QUERY_IDS: ReadonlySet<string> = new Set(['getTeam', 'checkTeamEmail', 'listUsers']);

/**
 * A team mutation over the SDK's generated mutation: every success invalidates the team queries at once so all
 * pages agree. Failures go to the error catalogue (the QueryClient's MutationCache) unless `silentError`.
 */
export function useTeamMutation<TData, TError, TVariables>(
  options: UseMutationOptions<TData, TError, TVariables>,
  silentError = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    ...(silentError ? { meta: { silentError: true } } : {}),
    onSuccess: () => invalidateOperations(queryClient, TEAM_QUERY_IDS),
  });
}
