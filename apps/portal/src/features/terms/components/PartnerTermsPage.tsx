import { useLingui } from '@lingui/react';

/** /account/PartnerTCNeeded: explains why the partner terms modal (opened by ?modal=PartnerTCNeeded) is needed. */
export function PartnerTermsPage() {
  const { _: t } = useLingui();
  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">{t('partnerTerms.title')}</h1>
      <p>{t('partnerTerms.body')}</p>
    </section>
  );
}
