import type { CollectorRun } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import type { Column } from '@/components/DataTable';
import { formatDate, formatDays, formatPercent } from '@/lib/i18n/i18n';
import { archiveStateText, isCollecting, runStatusText } from '@/lib/runs/run-status';

/**
 * A collector run's columns: name, status (as words; archived runs marked), progress (a live bar while
 * collecting), duration (so far, while collecting), end (none while collecting: it would lie in the future),
 * owner and its project.
 */
export function useCollectorRunColumns(): Column<CollectorRun>[] {
  const { _: t } = useLingui();
  const days = (run: CollectorRun) => formatDays(run.Duration / 86400);
  return [
    { id: 'Name', sortable: true, header: t('columns.name'), cell: (run) => run.Name },
    {
      id: 'Status',
      sortable: true,
      header: t('columns.status'),
      cell: (run) =>
        run.ArchiveState === 'Active' ? (
          t(runStatusText(run.Status))
        ) : (
          <span className="run-status">
            {t(runStatusText(run.Status))}{' '}
            <span className={`run-archive-state run-archive-state--${run.ArchiveState.toLowerCase()}`}>
              {t(archiveStateText(run.ArchiveState))}
            </span>
          </span>
        ),
    },
    {
      id: 'Progress',
      sortable: true,
      header: t('columns.progress'),
      cell: (run) =>
        isCollecting(run) ? (
          // A native bar: the dashboard's static table shares these columns and stays free of the kit's widgets.
          <span className="run-progress">
            <progress
              max={100}
              value={run.Progress}
              aria-label={t('runSearch.progressOf', { name: run.Name })}
            />{' '}
            {formatPercent(run.Progress)}
          </span>
        ) : (
          formatPercent(run.Progress)
        ),
    },
    {
      id: 'Duration',
      sortable: true,
      header: t('columns.duration'),
      cell: (run) => (isCollecting(run) ? t('runSearch.durationSoFar', { duration: days(run) }) : days(run)),
    },
    {
      id: 'EndTime',
      sortable: true,
      header: t('columns.ended'),
      cell: (run) => (isCollecting(run) ? t('runSearch.stillCollecting') : formatDate(run.EndTime)),
    },
    { id: 'owner', header: t('columns.owner'), cell: (run) => run.OwnerName },
    {
      id: 'project',
      header: t('nav.projects'),
      // The project by name when the viewer may open it; a run in another account's project says so, with no link
      // (its pages would answer 404).
      cell: (run) =>
        run.ProjectId === null ? (
          '—'
        ) : run.ProjectName === null ? (
          <span className="muted">{t('runSearch.projectHidden')}</span>
        ) : (
          <Link to="/project/details/$id" params={{ id: run.ProjectId }}>
            {run.ProjectName}
          </Link>
        ),
    },
  ];
}
