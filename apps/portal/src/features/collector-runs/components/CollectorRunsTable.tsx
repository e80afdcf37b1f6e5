import type { CollectorRun } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { DataTable, type Column, type ServerPaging } from '@/components/DataTable';
import { formatDate, formatNumber, formatPercent } from '@/lib/i18n/i18n';

export interface CollectorRunsTableProps {
  runs: readonly CollectorRun[];
  label: string;
  /** Server-side paging and sorting of the collector run search. */
  paging?: ServerPaging;
}

export function CollectorRunsTable({ runs, label, paging }: CollectorRunsTableProps) {
  const { _: t } = useLingui();
  const columns: Column<CollectorRun>[] = [
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
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={runs}
      rowKey={(run) => run.Id}
      {...(paging ? { paging } : {})}
    />
  );
}
