import { togglePromoSiteMutation } from '@assessment/sdk/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePromoQueries } from './invalidate';

/** POST /api/promo/toggle/{active}/{siteId}/{logoFor}. Failures go to the error catalogue (the QueryClient's MutationCache). */
export function useTogglePromoSite() {
  const queryClient = useQueryClient();
  return useMutation({
    ...togglePromoSiteMutation(),
    onSettled: () => invalidatePromoQueries(queryClient),
  });
}
