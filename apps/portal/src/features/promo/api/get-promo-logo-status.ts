import { getPromoLogoStatusOptions } from '@assessment/sdk/query';
import { useQuery } from '@tanstack/react-query';
import { logoPollInterval } from '../promo-rules';

/** GET /promologo/status?promoSiteId= (legacy clients add a trailing slash): polled every 5 s while the logo is processing. */
export const promoLogoStatusQuery = (promoSiteId: number) =>
  getPromoLogoStatusOptions({ query: { promoSiteId } });

export function usePromoLogoStatus(promoSiteId: number, enabled: boolean) {
  return useQuery({
    ...promoLogoStatusQuery(promoSiteId),
    enabled,
    refetchInterval: (query) => logoPollInterval(query.state.data?.Data.Status),
  });
}
