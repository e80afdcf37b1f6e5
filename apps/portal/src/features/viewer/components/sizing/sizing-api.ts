import { saveProjectSizingSettingsMutation } from '@assessment/sdk/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateOperations } from '@/lib/query/invalidate';

export {
  sizingChoiceOf,
  sizingQuery,
  sizingSettingsQuery,
  useSizing,
  type SizingChoice,
} from './sizing-queries';

/** PUT /api/projects/{id}/sizing/settings: saved with the project; the saved settings are read again. */
export function useSaveSizingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    ...saveProjectSizingSettingsMutation(),
    onSuccess: (_data, variables) =>
      invalidateOperations(
        queryClient,
        new Set(['getProjectSizingSettings']),
        (head) => head.path?.id !== variables.path.id,
      ),
  });
}
