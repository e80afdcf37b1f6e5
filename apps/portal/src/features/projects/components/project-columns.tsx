import type { ProjectSummary } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import type { Column } from '@/components/DataTable';
import { formatDate, formatNumber } from '@/lib/i18n/i18n';
import { projectStatusLabel } from '../project-status';

/** A project's own columns: name (to the details page, where every action is), owner, runs, status, creation. */
export function useProjectColumns(): Column<ProjectSummary>[] {
  const { _: t } = useLingui();
  return [
    {
      id: 'Name',
      sortable: true,
      header: t('columns.name'),

      cell: (project) => (
        <Link to="/project/details/$id" params={{ id: project.Id }}>
          {project.Name}
        </Link>
      ),
    },
    { id: 'OwnerEmail', sortable: true, header: t('columns.owner'), cell: (project) => project.OwnerEmail },
    {
      id: 'CollectorRunCount',
      sortable: true,
      header: t('columns.runs'),
      cell: (project) => formatNumber(project.CollectorRunCount),
    },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (project) =>
        project.ProcessingFailed
          ? `${projectStatusLabel(project.CurrentStatusString, t)} · ${t('projects.failed.short')}`
          : projectStatusLabel(project.CurrentStatusString, t),
    },
    {
      id: 'CreatedDate',
      sortable: true,
      header: t('columns.created'),
      cell: (project) => formatDate(project.CreatedDate),
    },
  ];
}
