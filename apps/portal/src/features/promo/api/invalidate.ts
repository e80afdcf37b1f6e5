import type { QueryClient } from '@tanstack/react-query';
import { invalidateOperations } from '@/lib/query/invalidate';

const PROMO_QUERIES = new Set(['listPromoSites', 'getPromoSite', 'getPromoLogoStatus']);

/** After a promo change every promo query is refetched so the page shows the server's state. */
export const invalidatePromoQueries = (queryClient: QueryClient) =>
  invalidateOperations(queryClient, PROMO_QUERIES);
