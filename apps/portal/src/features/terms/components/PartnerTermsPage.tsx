import { useTranslation } from 'react-i18next';

/** /account/PartnerTCNeeded: explains why the partner terms modal (opened by ?modal=PartnerTCNeeded) is needed. */
export function PartnerTermsPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">{t('partnerTerms.title')}</h1>
      <p>{t('partnerTerms.body')}</p>
    </section>
  );
}
