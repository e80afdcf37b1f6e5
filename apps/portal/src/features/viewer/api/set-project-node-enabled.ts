import { setProjectNodeEnabledMutation } from '@assessment/sdk/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateOperations } from '@/lib/query/invalidate';

/** What a node's state changes: the aggregates and the viewer data (its nodes and whether it can publish). */
export const NODE_QUERY_IDS: ReadonlySet<string> = new Set([
  'getProjectSeries',
  'getProjectSeriesSummary',
  'getProjectViewerData',
]);

/**
 * PUT /api/projects/{id}/viewer/nodes/{nodeId}?enabled=: the figures and charts recompute at once (the queries above are
 * invalidated); failures go to the error catalogue (the QueryClient's MutationCache).
 */
export function useSetNodeEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    ...setProjectNodeEnabledMutation(),
    onSuccess: (_data, variables) =>
      invalidateOperations(queryClient, NODE_QUERY_IDS, (head) => head.path?.id !== variables.path.id),
  });
}
