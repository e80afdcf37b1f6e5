import { saveProfileMutation } from '@assessment/sdk/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { viewerQuery } from '@/features/auth';
import { profileQuery } from './get-profile';

/**
 * PUT /api/profile: names, phone, country and language in one call. The profile and the viewer (whose
 * name and culture the shell shows) are read again so every page agrees at once; failures go to the error
 * catalogue (the QueryClient's MutationCache).
 */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    ...saveProfileMutation(),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: viewerQuery().queryKey }),
      ]),
  });
}
