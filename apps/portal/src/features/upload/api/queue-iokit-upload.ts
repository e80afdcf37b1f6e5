import { queueIokitUploadMutation } from '@assessment/sdk/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateProjectQueries } from '@/features/projects';

/**
 * POST {api}/api/iokitqueue: queues the uploaded iokit files into a new or existing project. The new project and
 * its collector runs show at once everywhere (projects, collector runs, dashboard).
 */
export function useQueueIokitUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    ...queueIokitUploadMutation(),
    meta: { silentError: true },
    onSuccess: () => invalidateProjectQueries(queryClient),
  });
}
