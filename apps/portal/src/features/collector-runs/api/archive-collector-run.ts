import { archiveCollectorRunMutation } from '@assessment/sdk/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateRunQueries } from './invalidate';

/** DELETE /api/collectorruns/{id}: archive a run (it must be stopped). Failures go to the error catalogue. */
export function useArchiveCollectorRun() {
  const queryClient = useQueryClient();
  return useMutation({
    ...archiveCollectorRunMutation(),
    onSuccess: () => invalidateRunQueries(queryClient),
  });
}
