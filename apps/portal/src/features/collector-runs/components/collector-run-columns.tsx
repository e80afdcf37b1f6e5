import type { CollectorRun } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import type { Column } from '@/components/DataTable';
import { formatDate, formatNumber, formatPercent } from '@/lib/i18n/i18n';

/** A collector run's columns: name, status, progress, duration, end, owner and its project. */
export function useCollectorRunColumns(): Column<CollectorRun>[] {
  const { _: t } = useLingui();
  return [
    { id: 'Name', sortable: true, header: t('columns.name'), cell: (run) => run.Name },
    { id: 'Status', sortable: true, header: t('columns.status'), cell: (run) => run.Status },
    {
      id: 'Progress',
      sortable: true,
      header: t('columns.progress'),
      cell: (run) => formatPercent(run.Progress),
    },
    {
      id: 'Duration',
      sortable: true,
      header: t('columns.duration'),
      cell: (run) =>
        t('runSearch.days', {
          formatted: formatNumber(run.Duration / 86400, undefined, { maximumFractionDigits: 1 }),
        }),
    },
    { id: 'EndTime', sortable: true, header: t('columns.ended'), cell: (run) => formatDate(run.EndTime) },
    { id: 'owner', header: t('columns.owner'), cell: (run) => run.OwnerName },
    {
      id: 'project',
      header: t('nav.projects'),
      cell: (run) =>
        run.ProjectId === null ? (
          '—'
        ) : (
          <Link to="/project/details/$id" params={{ id: run.ProjectId }}>
            {t('project.detailsTitle')}
          </Link>
        ),
    },
  ];
}
