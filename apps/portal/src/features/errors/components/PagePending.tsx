import { Spinner } from '@assessment/ui/progress';
import { useLingui } from '@lingui/react';

/** pendingComponent of every route. */
export function PagePending() {
  const { _: t } = useLingui();
  return (
    <div className="page-pending">
      <Spinner label={t('app.loading')} showLabel />
    </div>
  );
}
