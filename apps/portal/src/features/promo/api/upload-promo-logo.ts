import { uploadPromoLogoMutation } from '@assessment/sdk/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePromoQueries } from './invalidate';

/** POST /promologo/upload (form: file, promoSiteId, logoFor). Failures go to the error catalogue (the QueryClient's MutationCache). */
export function useUploadPromoLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    ...uploadPromoLogoMutation(),
    onSettled: () => invalidatePromoQueries(queryClient),
  });
}
