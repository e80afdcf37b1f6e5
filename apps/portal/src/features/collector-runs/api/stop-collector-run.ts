import { stopCollectorRunMutation } from '@assessment/sdk/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateRunQueries } from './invalidate';

/** POST /api/collectorrunstoprequest/{id}: stop a running run (409 when it is not running). Failures go to the error catalogue. */
export function useStopCollectorRun() {
  const queryClient = useQueryClient();
  return useMutation({
    ...stopCollectorRunMutation(),
    onSuccess: () => invalidateRunQueries(queryClient),
  });
}
