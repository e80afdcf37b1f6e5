import { restoreCollectorRunMutation } from '@assessment/sdk/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateRunQueries } from './invalidate';

/** DELETE /api/collectorruns/restore/{id}: restore an archived run. Failures go to the error catalogue. */
export function useRestoreCollectorRun() {
  const queryClient = useQueryClient();
  return useMutation({
    ...restoreCollectorRunMutation(),
    onSuccess: () => invalidateRunQueries(queryClient),
  });
}
