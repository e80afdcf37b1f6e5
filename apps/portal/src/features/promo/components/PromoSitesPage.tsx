import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useViewer } from '@/features/auth';
import { promoSitesQuery } from '../api/list-promo-sites';
import { mayEditPromoSites } from '../promo-rules';
import { PromoSiteSettings } from './PromoSiteSettings';
import './promo.css';
import { useSectionTexts } from '@/lib/i18n/i18n';

/** /promo: the promo sites of the viewer's team, each with its settings form. */
export function PromoSitesPage() {
  useSectionTexts('promo');
  const { _: t } = useLingui();
  const viewer = useViewer();
  const { data } = useSuspenseQuery(promoSitesQuery());
  const mayEdit = mayEditPromoSites(viewer.user);
  return (
    <section aria-labelledby="page-title" className="page">
      <title>{t('promo.documentTitle')}</title>
      <h1 id="page-title">{t('promo.title')}</h1>
      {data.length === 0 ? (
        <p>{t('promo.none')}</p>
      ) : (
        <div className="promo-sites">
          {data.map((site) => (
            <PromoSiteSettings key={site.PromoSiteId} site={site} mayEdit={mayEdit} />
          ))}
        </div>
      )}
    </section>
  );
}
