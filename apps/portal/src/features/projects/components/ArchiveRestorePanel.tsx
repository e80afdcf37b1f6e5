import type { ArchiveRestoreStatus } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { ProgressBar } from '@assessment/ui/progress';
import { useLingui } from '@lingui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { formatPercent } from '@/lib/i18n/i18n';
import { invalidateProjectQueries } from '../api/invalidate';
import { archiveStatusQuery } from '../api/get-archive-status';
import { useStartArchiveRestore } from '../api/start-archive-restore';
import { archiveActionFor, isArchiveRestoreBusy, projectStatusLabel } from '../project-status';

export interface ArchiveRestorePanelProps {
  projectId: number;
  /** The project's status as last loaded with the page. */
  initialStatus: ArchiveRestoreStatus | null;
  /** Where the panel is: an archive or restore finished from the details page goes to the viewer. */
  from: 'details' | 'viewer';
}

/**
 * Archive / restore (spec part 4): the click sends the request and disables the button with a working label;
 * the status is polled (25 s) while pending or in progress, with the progress bar; on Archived or Restored the
 * button flips and every project query reloads.
 */
export function ArchiveRestorePanel({ projectId, initialStatus, from }: ArchiveRestorePanelProps) {
  const { _: t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const start = useStartArchiveRestore();
  const [startedHere, setStartedHere] = useState(false);
  // The operation whose status is read (GET /api/project/{archive or restore}/{id}): the last one started here,
  // else the one the loaded status implies.
  const [operation, setOperation] = useState(() => archiveActionFor(initialStatus));
  const status = useQuery({
    ...archiveStatusQuery(projectId, operation),
    enabled: startedHere || isArchiveRestoreBusy(initialStatus),
  });
  const current = status.data?.Data.CurrentStatusString ?? initialStatus;
  const busy = isArchiveRestoreBusy(current);
  const action = archiveActionFor(current);

  // When the operation finishes, reload every project query once (and leave the details page for the viewer).
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) {
      void invalidateProjectQueries(queryClient);
      if (startedHere && from === 'details')
        void navigate({ to: '/dpackviewer/$projectId', params: { projectId } });
    }
    wasBusy.current = busy;
  }, [busy, startedHere, from, navigate, projectId, queryClient]);

  const working = start.isPending || busy;
  const percentage = status.data?.Data.ProgressPercentage ?? 0;
  return (
    <section className="archive-restore" aria-labelledby={`archive-${projectId}`}>
      <h2 id={`archive-${projectId}`}>{t('projects.archive.heading')}</h2>
      <p>
        {t('project.status')}: <strong data-testid="project-status">{projectStatusLabel(current, t)}</strong>
      </p>
      {busy && (
        <ProgressBar
          label={t('projects.archive.progress')}
          value={percentage}
          valueLabel={formatPercent(percentage)}
        />
      )}
      <Button
        variant="secondary"
        isDisabled={working}
        onPress={() => {
          start.mutate(
            { path: { action, id: projectId } },
            {
              onSuccess: (answer) => {
                queryClient.setQueryData(archiveStatusQuery(projectId, action).queryKey, answer);
                setOperation(action);
                setStartedHere(true);
              },
            },
          );
        }}
      >
        {working
          ? t(action === 'archive' ? 'projects.archive.archiving' : 'projects.archive.restoring')
          : t(action === 'archive' ? 'projects.archive.archive' : 'projects.archive.restore')}
      </Button>
    </section>
  );
}
