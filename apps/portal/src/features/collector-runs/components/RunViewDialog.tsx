import type { CollectorRun } from '@assessment/sdk';
import { Dialog } from '@assessment/ui/dialog';
import { Spinner } from '@assessment/ui/progress';
import { SafeHtml } from '@assessment/ui/safe-html';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { updateCollectorRunViewQuery } from '../api/update-collector-run-view';

/** The server's view of one run (GET /CollectorRuns/UpdateCollectorRun/{id}), an HTML fragment, sanitized. */
export function RunViewDialog({ run, onClose }: { run: CollectorRun; onClose: () => void }) {
  const { _: t } = useLingui();
  const view = useQuery({ ...updateCollectorRunViewQuery(run.Id), staleTime: 0 });
  return (
    <Dialog isOpen title={run.Name} closeLabel={t('errors.close')} onClose={onClose}>
      {view.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : view.isError ? (
        <p role="alert">{t('errors.generic')}</p>
      ) : (
        <SafeHtml html={view.data} className="run-view" />
      )}
    </Dialog>
  );
}
