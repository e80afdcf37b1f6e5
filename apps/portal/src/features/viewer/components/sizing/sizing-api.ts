import type { GetProjectSizingData } from '@assessment/sdk';
import {
  getProjectSizingOptions,
  getProjectSizingSettingsOptions,
  saveProjectSizingSettingsMutation,
} from '@assessment/sdk/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateOperations } from '@/lib/query/invalidate';

/** Every sizing setting, as the panel's fields and the URL carry them: the sizing call's query, all of it given. */
export type SizingChoice = Required<NonNullable<GetProjectSizingData['query']>>;

/** GET /api/projects/{id}/sizing/settings: the settings saved with the project (or the defaults, Saved false). */
export const sizingSettingsQuery = (projectId: number) =>
  getProjectSizingSettingsOptions({ path: { id: projectId } });

/** GET /api/projects/{id}/sizing for every setting: the required figures, servers and shapes (one server-side sum). */
export const sizingQuery = (projectId: number, s: SizingChoice) =>
  getProjectSizingOptions({
    path: { id: projectId },
    query: { basis: s.basis, headroom: s.headroom, growth: s.growth, horizon: s.horizon },
  });

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
