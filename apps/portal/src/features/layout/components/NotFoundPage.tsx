import { useLingui } from '@lingui/react';
import { ERROR_404_TEXT } from '@/lib/errors/describe-error';

/** Unknown URLs. */
export function NotFoundPage() {
  const { _: t } = useLingui();
  return (
    <main id="main" className="route-error">
      <h1>{t('errors.notFound')}</h1>
      <p>{ERROR_404_TEXT}</p>
      <p>{t('pageState.notFoundText')}</p>
      <p>
        <a href="/dashboard">{t('pageState.toDashboard')}</a>
      </p>
    </main>
  );
}
