import type { ProjectSummary } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { useStartArchiveRestore } from '../api/start-archive-restore';
import { archiveActionFor, isArchiveRestoreBusy } from '../project-status';
import { WorkingButton } from '@/components/WorkingButton';

/**
 * Archive or restore from a table row: the request goes out at once, the button is disabled with the working
 * label while the project is pending or in progress (the list polls meanwhile), then offers the other action.
 */
export function ArchiveRowButton({ project }: { project: ProjectSummary }) {
  const { _: t } = useLingui();
  const start = useStartArchiveRestore();
  const status = project.CurrentStatusString;
  const action = archiveActionFor(status);
  const busy = isArchiveRestoreBusy(status);
  return (
    <WorkingButton
      variant="link"
      working={start.isPending || busy}
      aria-label={t(action === 'archive' ? 'projects.row.archiveOf' : 'projects.row.restoreOf', {
        name: project.Name,
      })}
      onPress={() => {
        start.mutate({ path: { action, id: project.Id } });
      }}
    >
      {t(action === 'archive' ? 'projects.row.archive' : 'projects.row.restore')}
    </WorkingButton>
  );
}
