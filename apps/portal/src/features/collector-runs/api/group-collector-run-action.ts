import { groupCollectorRunActionMutation } from '@assessment/sdk/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateRunQueries } from './invalidate';

/** POST /api/group/collectorruns: archive the group, add it to a project or create a project from it. Failures go to the error catalogue. */
export function useGroupCollectorRunAction() {
  const queryClient = useQueryClient();
  return useMutation({
    ...groupCollectorRunActionMutation(),
    onSuccess: () => invalidateRunQueries(queryClient),
  });
}
