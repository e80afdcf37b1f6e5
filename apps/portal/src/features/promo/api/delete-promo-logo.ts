import { deletePromoLogoMutation } from '@assessment/sdk/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePromoQueries } from './invalidate';

/** POST /api/promo/deletelogo/{siteId}/{logoFor}. Failures go to the error catalogue (the QueryClient's MutationCache). */
export function useDeletePromoLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deletePromoLogoMutation(),
    onSettled: () => invalidatePromoQueries(queryClient),
  });
}
