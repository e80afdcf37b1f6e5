import { listPromoSitesOptions } from '@assessment/sdk/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /api/promosites: the promo sites of the viewer's team. */
export const promoSitesQuery = () => queryOptions({ ...listPromoSitesOptions(), staleTime: 0 });
