import { setKeyCollectorEnabledMutation } from '@assessment/sdk/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keyCollectorsQuery } from './list-key-collectors';

/**
 * POST /api/collector/{keyId}?isenabled=: enables or disables a key collector; the list reloads from the server so
 * the page shows the persisted state. Failures go to the error catalogue (the QueryClient's MutationCache).
 */
export function useSetKeyCollectorEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    ...setKeyCollectorEnabledMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyCollectorsQuery().queryKey }),
  });
}
