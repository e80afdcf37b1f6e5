import { Spinner } from '@assessment/ui/progress';
import { useTranslation } from 'react-i18next';

/** pendingComponent of every route. */
export function PagePending() {
  const { t } = useTranslation();
  return (
    <div className="page-pending">
      <Spinner label={t('app.loading')} showLabel />
    </div>
  );
}
