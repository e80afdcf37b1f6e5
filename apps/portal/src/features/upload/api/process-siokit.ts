import { processSiokitMutation } from '@assessment/sdk/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateProjectQueries } from '@/features/projects';

/** POST {api}/iokit/ProcessSiokit: turns the siokit files saved to storage into a project. */
export function useProcessSiokit() {
  const queryClient = useQueryClient();
  return useMutation({
    ...processSiokitMutation(),
    meta: { silentError: true },
    onSuccess: () => invalidateProjectQueries(queryClient),
  });
}
